import { groupRolesByResource, resourceWords, roleWords } from '@counterpart/domain';
import { UserRound, UserX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ConfirmDialog } from '../../shared/ui/modal.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useRemoveUser, useTeamUser } from './team-api.ts';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase());
  return letters.join('') || '—';
}

/** View User (/my-team/users/:userId): profile, groups, effective permissions, remove from organization. */
export function ViewUserPage() {
  const { userId = '' } = useParams();
  const navigate = useNavigate();
  const user = useTeamUser(userId);
  usePageItemName(user.data ? user.data.full_name || user.data.email : null);
  const remove = useRemoveUser();
  const canRemove = useCan('delete', 'team-users');
  const [confirming, setConfirming] = useState(false);

  if (user.isPending) {
    return (
      <div className="space-y-4">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (user.isError) {
    return (
      <EmptyView
        icon={<UserRound />}
        title="User not found"
        description={user.error.message}
        action={
          <Link to="/my-team" className="text-sm font-medium underline underline-offset-4">
            Back to My Team
          </Link>
        }
      />
    );
  }

  const person = user.data;
  const name = person.full_name || person.email;
  const removeUser = async () => {
    try {
      await remove.mutateAsync(person.id);
      toast.success(`${name} removed from the organization`);
      navigate('/my-team');
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
      setConfirming(false);
    }
  };

  return (
    <div className="space-y-6">
      <section
        aria-label="Profile"
        className="flex flex-col gap-4 rounded-xl border border-zinc-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center dark:border-zinc-800 dark:bg-zinc-900"
      >
        {person.avatar_url ? (
          <img src={person.avatar_url} alt="" className="size-14 rounded-full object-cover" />
        ) : (
          <div
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-[var(--color-primary)] text-lg font-semibold text-white"
          >
            {initials(person.full_name)}
          </div>
        )}
        <div className="min-w-0 flex-1">
          {/* The page heading names the person; the profile adds their e-mail (when it is not the heading). */}
          {person.full_name && (
            <p className="truncate text-sm font-medium text-zinc-700 dark:text-zinc-200">{person.email}</p>
          )}
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Joined {formatDateTime(person.joined_at)}
          </p>
        </div>
        {canRemove && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <UserX aria-hidden="true" />
            Remove from organization
          </Button>
        )}
      </section>

      <Panel title="Groups">
        {person.groups.length === 0 ? (
          <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">Not in any group.</p>
        ) : (
          <ul className="flex flex-wrap gap-2 px-5 py-4">
            {person.groups.map((group) => (
              <li
                key={group.id}
                className="rounded-full bg-zinc-100 px-3 py-1 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
              >
                {group.name}
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <Panel title="Effective permissions" description="Everything the groups above allow, together.">
        {person.display_roles.length === 0 ? (
          <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">No permissions.</p>
        ) : (
          <dl className="grid gap-4 px-5 py-4 sm:grid-cols-2 xl:grid-cols-3">
            {groupRolesByResource(person.display_roles).map(({ resource, roles }) => (
              <div key={resource}>
                <dt className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
                  {resourceWords(resource)}
                </dt>
                <dd className="mt-1 flex flex-wrap gap-1.5">
                  {roles.map((role) => (
                    <span
                      key={role}
                      className="rounded-md border border-zinc-200 px-2 py-0.5 text-xs text-zinc-700 dark:border-zinc-700 dark:text-zinc-300"
                    >
                      {roleWords(role)}
                    </span>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </Panel>

      <ConfirmDialog
        open={confirming}
        title={`Remove ${name}?`}
        message={`${name} (${person.email}) loses access to this organization at once. Their account stays.`}
        confirmLabel="Remove"
        tone="danger"
        loading={remove.isPending}
        onConfirm={removeUser}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
