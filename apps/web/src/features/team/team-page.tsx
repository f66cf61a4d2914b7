import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { GroupsPanel } from './groups-panel.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { InvitesPanel } from './invites-panel.tsx';
import { MembersPanel } from './members-panel.tsx';

/** Manage Teams (/my-team): members, groups, invitations. */
export function TeamPage() {
  const canInvite = useCan('create', 'team-users');
  const [inviting, setInviting] = useState(false);
  return (
    <div className="space-y-6">
      {canInvite && (
        <div className="flex justify-end">
          <Button onClick={() => setInviting(true)}>
            <UserPlus aria-hidden="true" />
            Invite
          </Button>
        </div>
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <MembersPanel />
          <InvitesPanel />
        </div>
        <div className="min-w-0">
          <GroupsPanel />
        </div>
      </div>
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </div>
  );
}
