import type { ReconRule } from '@counterpart/contracts';
import { ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../../app/auth/use-can.ts';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { ConfirmDialog } from '../../../shared/ui/modal.tsx';
import { PageNav } from '../../../shared/ui/page-nav.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { SearchInput } from '../../../shared/ui/search-input.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { RULES_PAGE_SIZE, useDeleteRule, useRules } from './rules-api.ts';

/** `/reconciliation/rules`: the organization's rule sets, searched, paged; new, edit, delete. */
export function ReconRulesPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', 'workflow');
  const canDelete = useCan('delete', 'workflow');
  const [search, setSearch] = useState('');
  const [pageNo, setPageNo] = useState(1);
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
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row sm:items-center">
          <SearchInput
            label="Search rule sets"
            placeholder="Search by name"
            onSearch={(text) => {
              setSearch(text.trim());
              setPageNo(1);
            }}
            className="w-full sm:w-64"
          />
          {newRule}
        </div>
      }
    >
      {rules.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : rules.isError ? (
        <p role="alert" className="p-5 text-sm text-red-600 dark:text-red-400">
          {rules.error.message}
        </p>
      ) : rules.data.data.length === 0 ? (
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
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-busy={rules.isFetching}>
              <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
                <tr className="border-b border-zinc-200 dark:border-zinc-800">
                  <th scope="col" className="w-1/2 px-4 py-2 font-medium sm:px-5">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    Passes
                  </th>
                  <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                    Updated
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {rules.data.data.map((rule) => (
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
                          <span className="shrink-0 rounded-full bg-[var(--color-primary)]/10 px-2 py-0.5 text-xs font-medium text-[var(--color-primary)] ring-1 ring-[var(--color-primary)]/30 ring-inset">
                            Default
                          </span>
                        )}
                      </div>
                      {rule.description && (
                        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                          {rule.description}
                        </p>
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
              </tbody>
            </table>
          </div>
          <PageNav pageNo={pageNo} pageSize={RULES_PAGE_SIZE} total={rules.data.total} onPage={setPageNo} />
        </>
      )}
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
