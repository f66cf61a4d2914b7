import type { TeamGroup } from '@counterpart/contracts';
import { countOf } from '@counterpart/domain';
import { Pencil, Plus, ShieldCheck, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { GroupNameDialog } from './group-name-dialog.tsx';
import { useDeleteGroup, useGroups } from './team-api.ts';

/** The organization's groups with member counts; create, rename, delete and a link to each one's permissions. */
export function GroupsPanel() {
  const groups = useGroups();
  const canCreate = useCan('create', 'teams');
  const canUpdate = useCan('update', 'teams');
  const canDelete = useCan('delete', 'teams');
  const canReadRoles = useCan('read', 'team-roles');
  const [editing, setEditing] = useState<{ group?: TeamGroup } | null>(null);
  const [deleting, setDeleting] = useState<TeamGroup | null>(null);
  const remove = useDeleteGroup();

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`Group ${deleting.name} deleted`);
      setDeleting(null);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Panel
      title="Groups"
      description="What each group may do is set in its permissions."
      actions={
        canCreate && (
          <Button size="sm" onClick={() => setEditing({})}>
            <Plus aria-hidden="true" />
            New group
          </Button>
        )
      }
    >
      {groups.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-5 w-3/5" />
        </div>
      ) : groups.isError ? (
        <ErrorAlert className="p-5">{groups.error.message}</ErrorAlert>
      ) : groups.data.length === 0 ? (
        <EmptyView
          icon={<Users />}
          title="No groups yet"
          description="Create a group to grant permissions."
        />
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {groups.data.map((group) => (
            <li key={group.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{group.name}</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  {countOf(group.member_count, 'member')} · {countOf(group.roles.length, 'permission')}
                </p>
              </div>
              {canReadRoles && (
                <Link
                  to={`/my-team/groups/${group.id}/roles`}
                  aria-label={`Permissions of ${group.name}`}
                  title="Permissions"
                  className="inline-flex size-8 items-center justify-center rounded-lg text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-300 dark:hover:bg-zinc-800"
                >
                  <ShieldCheck aria-hidden="true" className="size-4" />
                </Link>
              )}
              {canUpdate && (
                <IconButton label={`Rename ${group.name}`} size="sm" onClick={() => setEditing({ group })}>
                  <Pencil />
                </IconButton>
              )}
              {canDelete && (
                <IconButton label={`Delete ${group.name}`} size="sm" onClick={() => setDeleting(group)}>
                  <Trash2 />
                </IconButton>
              )}
            </li>
          ))}
        </ul>
      )}
      <GroupNameDialog open={editing !== null} onClose={() => setEditing(null)} group={editing?.group} />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'group'}?`}
        message={`Its ${countOf(deleting?.member_count ?? 0, 'member')} lose the permissions this group grants.`}
        confirmLabel="Delete group"
        tone="danger"
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
