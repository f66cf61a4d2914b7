import type { PendingInvite } from '@counterpart/contracts';
import { MailX } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useInvites, useRevokeInvite } from './team-api.ts';

/** Pending invitations (shown only when there are some) with Revoke. */
export function InvitesPanel() {
  const canRead = useCan('read', 'team-users');
  const canRevoke = useCan('delete', 'team-users');
  const invites = useInvites(canRead);
  const revoke = useRevokeInvite();
  const [revoking, setRevoking] = useState<PendingInvite | null>(null);

  if (!invites.data || invites.data.data.length === 0) return null;

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(`Invitation to ${revoking.email} revoked`);
      setRevoking(null);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Panel title="Pending invitations">
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {invites.data.data.map((invite) => (
          <li key={invite.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-5">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{invite.email}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {invite.groups.map((group) => group.name).join(', ') || 'No groups'} · expires{' '}
                {formatDateTime(invite.expires_at)}
              </p>
            </div>
            {canRevoke && (
              <Button variant="secondary" size="sm" onClick={() => setRevoking(invite)}>
                <MailX aria-hidden="true" />
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke invitation?"
        message={`The link sent to ${revoking?.email ?? ''} stops working.`}
        confirmLabel="Revoke"
        tone="danger"
        loading={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setRevoking(null)}
      />
    </Panel>
  );
}
