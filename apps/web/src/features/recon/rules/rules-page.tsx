import type { ReconRule } from '@counterpart/contracts';
import { ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { useListSearch } from '../../../shared/lib/use-list-search.ts';
import { useCan } from '../../../shared/session/use-can.ts';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { type ListColumn, ListTable } from '../../../shared/ui/list-table.tsx';
import { ListToolbar } from '../../../shared/ui/list-toolbar.tsx';
import { ConfirmDialog } from '../../../shared/ui/modal.tsx';
import { PagedList } from '../../../shared/ui/paged-list.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { RULES_PAGE_SIZE, useDeleteRule, useRules } from './rules-api.ts';

const COLUMNS: ListColumn[] = [
  { label: 'Name', className: 'w-1/2 sm:px-5' },
  { label: 'Passes', className: 'text-right' },
  { label: 'Updated', className: 'hidden md:table-cell' },
  { label: 'Actions', className: 'text-right', hideLabel: true },
];

/** `/reconciliation/rules`: the organization's rule sets, searched, paged; new, edit, delete. */
export function ReconRulesPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', 'workflow');
  const canDelete = useCan('delete', 'workflow');
  const { search, searchFor, pageNo, setPageNo } = useListSearch();
  const [deleting, setDeleting] = useState<ReconRule | null>(null);
  const rules = useRules(search, pageNo);
  const remove = useDeleteRule();

  const newRule = canCreate ? (
    <Button onClick={() => navigate('/reconciliation/rules/new')}>
      <Plus aria-hidden="true" />
      New rule set
    </Button>
  ) : undefined;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(`Rule set ${deleting.name} deleted`);
      setDeleting(null);
    } catch (failure) {
      toast.error('Request Failed', failure instanceof Error ? failure.message : undefined);
    }
  };

  return (
    <Panel
      title="Rule sets"
      description="Ordered passes the engine tries, first match wins. Runs without a rule set use the default."
      actions={
        <ListToolbar searchLabel="Search rule sets" onSearch={searchFor}>
          {newRule}
        </ListToolbar>
      }
    >
      <PagedList
        query={rules}
        pageNo={pageNo}
        pageSize={RULES_PAGE_SIZE}
        onPage={setPageNo}
        empty={
          search ? (
            <EmptyView icon={<ListChecks />} description={`No rule set matches “${search}”.`} />
          ) : (
            <EmptyView
              icon={<ListChecks />}
              title="No rule sets yet"
              description="Without one, runs use the engine's default passes. Start from them to make your own."
              action={newRule}
            />
          )
        }
      >
        {(page) => (
          <ListTable columns={COLUMNS} busy={rules.isFetching}>
            {page.map((rule) => (
              <tr key={rule.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                <td className="max-w-0 px-4 py-3 sm:px-5">
                  <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 sm:flex-nowrap">
                    <Link
                      to={`/reconciliation/rules/${rule.id}`}
                      className="max-w-full break-words rounded sm:truncate font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                    >
                      {rule.name}
                    </Link>
                    {rule.is_default && (
                      <span className="shrink-0 rounded-full bg-[var(--color-primary)]/10 px-2 py-0.5 text-xs font-medium text-[var(--color-primary-text)] ring-1 ring-[var(--color-primary)]/30 ring-inset">
                        Default
                      </span>
                    )}
                  </div>
                  {rule.description && (
                    <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{rule.description}</p>
                  )}
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{rule.passes.length}</td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-zinc-600 md:table-cell dark:text-zinc-300">
                  {formatDateTime(rule.updated_at)}
                </td>
                <td className="px-2 py-2 text-right whitespace-nowrap sm:px-4">
                  <IconButton
                    size="sm"
                    label={`Edit ${rule.name}`}
                    onClick={() => navigate(`/reconciliation/rules/${rule.id}`)}
                  >
                    <Pencil />
                  </IconButton>
                  {canDelete && (
                    <IconButton size="sm" label={`Delete ${rule.name}`} onClick={() => setDeleting(rule)}>
                      <Trash2 />
                    </IconButton>
                  )}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedList>
      <ConfirmDialog
        open={deleting !== null}
        tone="danger"
        title="Delete rule set"
        message={
          <>
            Delete the rule set <strong>{deleting?.name}</strong>? Runs already made keep their results
            {deleting?.is_default ? '; runs without a rule set will use the engine defaults' : ''}.
          </>
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </Panel>
  );
}
