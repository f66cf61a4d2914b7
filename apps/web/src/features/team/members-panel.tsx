import type { TeamMember } from '@counterpart/contracts';
import { UserPlus, Users, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { IconButton } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { SearchInput } from '../../shared/ui/search-input.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { AddToGroupDialog } from './add-to-group-dialog.tsx';
import { MEMBERS_PAGE_SIZE, useMembers, useRemoveGroupMember } from './team-api.ts';

const SEARCH_DELAY_MS = 400;

function GroupChip({ member, group, canRemove }: { member: TeamMember; group: string; canRemove: boolean }) {
  const remove = useRemoveGroupMember();
  const who = member.full_name || member.email;
  const removeFromGroup = async () => {
    try {
      await remove.mutateAsync({ username: member.username, groupName: group });
      toast.success(`${who} removed from ${group}`);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };
  return (
    <li className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
      {group}
      {canRemove && (
        <button
          type="button"
          aria-label={`Remove ${who} from ${group}`}
          title={`Remove from ${group}`}
          disabled={remove.isPending}
          onClick={removeFromGroup}
          className="rounded-full p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] disabled:opacity-50 dark:hover:bg-zinc-700 dark:hover:text-white"
        >
          <X aria-hidden="true" className="size-3" />
        </button>
      )}
    </li>
  );
}

/** Members of the organization with their groups: search, add to and remove from groups, open a member. */
export function MembersPanel() {
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [adding, setAdding] = useState<TeamMember | null>(null);
  const members = useMembers(search, pageNo);
  const canAdd = useCan('create', 'teams');
  const canRemove = useCan('delete', 'teams');
  const canView = useCan('read', 'team-users');
  const total = members.data?.total ?? 0;

  return (
    <Panel
      title="Members"
      description={
        members.data ? `${total} ${total === 1 ? 'person' : 'people'} in this organization` : undefined
      }
      actions={
        <SearchInput
          label="Search members"
          placeholder="Search by name or e-mail"
          delay={SEARCH_DELAY_MS}
          onSearch={(text) => {
            setSearch(text.trim());
            setPageNo(1);
          }}
          className="w-full sm:w-72"
        />
      }
    >
      <PagedList
        query={members}
        pageNo={pageNo}
        pageSize={MEMBERS_PAGE_SIZE}
        onPage={setPageNo}
        empty={
          <EmptyView
            icon={<Users />}
            title={search ? 'No members found' : 'No members yet'}
            description={search ? `Nobody matches “${search}”.` : 'Invite colleagues to work with you.'}
          />
        }
      >
        {(rows) => (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-busy={members.isFetching}>
            {rows.map((member) => (
              <li
                key={member.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:px-5"
              >
                <div className="min-w-0 flex-1">
                  {canView ? (
                    <Link
                      to={`/my-team/users/${member.id}`}
                      className="truncate rounded text-sm font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                    >
                      {member.full_name || member.email}
                    </Link>
                  ) : (
                    <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">
                      {member.full_name || member.email}
                    </p>
                  )}
                  <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{member.email}</p>
                </div>
                <ul className="flex flex-wrap items-center gap-1.5" aria-label={`Groups of ${member.email}`}>
                  {member.groups.map((group) => (
                    <GroupChip key={group.id} member={member} group={group.name} canRemove={canRemove} />
                  ))}
                </ul>
                {canAdd && (
                  <IconButton
                    label={`Add ${member.full_name || member.email} to a group`}
                    size="sm"
                    onClick={() => setAdding(member)}
                  >
                    <UserPlus />
                  </IconButton>
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <AddToGroupDialog member={adding} onClose={() => setAdding(null)} />
    </Panel>
  );
}
