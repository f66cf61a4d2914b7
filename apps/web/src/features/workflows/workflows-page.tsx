import type { Workflow, WorkflowState } from '@counterpart/contracts';
import {
  Archive,
  ArrowLeftRight,
  Copy,
  Ellipsis,
  History,
  Pencil,
  Plus,
  RotateCcw,
  Workflow as WorkflowIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { useListSearch } from '../../shared/lib/use-list-search.ts';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { ListToolbar } from '../../shared/ui/list-toolbar.tsx';
import { Menu, type MenuItem } from '../../shared/ui/menu.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { LastRun } from './last-run.tsx';
import { RunWorkflowButton } from './run-workflow-button.tsx';
import {
  copyName,
  useDuplicateWorkflow,
  useSetWorkflowState,
  useWorkflows,
  WORKFLOWS_PAGE_SIZE,
} from './workflows-api.ts';

const STATES: Array<{ value: WorkflowState | ''; label: string }> = [
  { value: '', label: 'All' },
  { value: 'draft', label: 'Draft' },
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
];

const STATE_LABEL: Record<WorkflowState, string> = { draft: 'Draft', active: 'Active', archived: 'Archived' };

const COLUMNS: ListColumn[] = [
  { label: 'Name', className: 'w-2/5 sm:px-5' },
  { label: 'State', className: 'hidden md:table-cell' },
  { label: 'Last run', className: 'hidden md:table-cell' },
  { label: 'Schedule', className: 'hidden lg:table-cell' },
  { label: 'Updated', className: 'hidden sm:table-cell' },
  { label: 'Actions', hideLabel: true },
];

function scheduleText(workflow: Workflow): string {
  return workflow.schedule ? `${workflow.schedule.cron} (${workflow.schedule.time_zone})` : 'On demand';
}

/**
 * `/workflows`: the organization's workflows (name, description, state, last run, schedule),
 * searched by name, filtered by state and paged; New workflow, Edit, Duplicate and Archive.
 */
export function WorkflowsPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', 'workflow');
  const canUpdate = useCan('update', 'workflow');
  const canReconcile = useCan('read', 'workflow');
  const { search, searchFor, pageNo, setPageNo } = useListSearch();
  const [state, setState] = useState<WorkflowState | ''>('');
  const workflows = useWorkflows(search, state, pageNo);
  const duplicate = useDuplicateWorkflow();
  const setWorkflowState = useSetWorkflowState();

  const newWorkflow = canCreate ? (
    <Button onClick={() => navigate('/workflows/manage-workflow')}>
      <Plus aria-hidden="true" />
      New workflow
    </Button>
  ) : undefined;

  const emptyStart = workflows.data?.total === 0 && !search && !state;

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  const actionsOf = (workflow: Workflow): MenuItem[] => {
    const items: MenuItem[] = [
      {
        label: 'Execution history',
        icon: <History />,
        onSelect: () => navigate(`/workflows/executions/${workflow.workflow_id}`),
      },
    ];
    if (canUpdate) {
      items.push({
        label: 'Edit',
        icon: <Pencil />,
        onSelect: () => navigate(`/workflows/manage-workflow/${workflow.workflow_id}`),
      });
    }
    if (canCreate) {
      items.push({
        label: 'Duplicate',
        icon: <Copy />,
        onSelect: () => {
          const taken = workflows.data?.data.map((w) => w.workflow_name) ?? [];
          const name = copyName(workflow.workflow_name, taken);
          void act(() => duplicate.mutateAsync({ workflow, name }), `“${name}” created`);
        },
      });
    }
    if (canUpdate) {
      items.push(
        workflow.state === 'archived'
          ? {
              label: 'Restore to draft',
              icon: <RotateCcw />,
              onSelect: () =>
                void act(
                  () => setWorkflowState.mutateAsync({ workflow, state: 'draft' }),
                  `“${workflow.workflow_name}” is a draft again`,
                ),
            }
          : {
              label: 'Archive',
              icon: <Archive />,
              tone: 'danger',
              onSelect: () =>
                void act(
                  () => setWorkflowState.mutateAsync({ workflow, state: 'archived' }),
                  `“${workflow.workflow_name}” archived`,
                ),
            },
      );
    }
    return items;
  };

  return (
    <Panel
      title="Workflows"
      description="Workflows wire sources, extraction, matching and outputs together, on demand or on a schedule."
      actions={
        <ListToolbar searchLabel="Search workflows" onSearch={searchFor}>
          <label className="sr-only" htmlFor="workflow-state-filter">
            State
          </label>
          <select
            id="workflow-state-filter"
            value={state}
            onChange={(event) => {
              setState(event.target.value as WorkflowState | '');
              setPageNo(1);
            }}
            className="rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100"
          >
            {STATES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {canReconcile && (
            <Link
              to="/reconciliation/workspace"
              className="inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium whitespace-nowrap text-zinc-900 shadow-sm hover:bg-zinc-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800 [&_svg]:size-4"
            >
              <ArrowLeftRight aria-hidden="true" />
              Reconciliation workspace
            </Link>
          )}
          {/* The empty view offers it when there is nothing yet: one button, not two. */}
          {!emptyStart && newWorkflow}
        </ListToolbar>
      }
    >
      <PagedList
        query={workflows}
        pageNo={pageNo}
        pageSize={WORKFLOWS_PAGE_SIZE}
        onPage={setPageNo}
        empty={
          search || state ? (
            <EmptyView icon={<WorkflowIcon />} description="No workflow matches these filters." />
          ) : (
            <EmptyView
              icon={<WorkflowIcon />}
              title="No workflows yet"
              description="Workflows wire sources, extraction, matching and outputs together, on demand or on a schedule."
              action={newWorkflow}
            />
          )
        }
      >
        {(page) => (
          <ListTable columns={COLUMNS} busy={workflows.isFetching}>
            {page.map((workflow) => (
              <tr key={workflow.workflow_id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                <td className="max-w-0 px-4 py-3 sm:px-5">
                  {canUpdate ? (
                    <Link
                      to={`/workflows/manage-workflow/${workflow.workflow_id}`}
                      className="block truncate rounded font-medium text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                    >
                      {workflow.workflow_name}
                    </Link>
                  ) : (
                    <span className="block truncate font-medium text-zinc-900 dark:text-zinc-100">
                      {workflow.workflow_name}
                    </span>
                  )}
                  {workflow.workflow_description && (
                    <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {workflow.workflow_description}
                    </p>
                  )}
                  {/* Below md the State and Last run columns are hidden: both under the name instead. */}
                  <div
                    data-testid="workflow-stacked"
                    className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs whitespace-nowrap text-zinc-600 md:hidden dark:text-zinc-300"
                  >
                    <StatusBadge status={workflow.state} label={STATE_LABEL[workflow.state]} />
                    <span aria-hidden="true">·</span>
                    <LastRun workflowId={workflow.workflow_id} last={workflow.last_execution} />
                  </div>
                </td>
                <td className="hidden px-4 py-3 md:table-cell">
                  <StatusBadge status={workflow.state} label={STATE_LABEL[workflow.state]} />
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-zinc-600 md:table-cell dark:text-zinc-300">
                  <LastRun workflowId={workflow.workflow_id} last={workflow.last_execution} />
                </td>
                <td className="hidden px-4 py-3 text-zinc-600 lg:table-cell dark:text-zinc-300">
                  {scheduleText(workflow)}
                </td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-zinc-600 sm:table-cell dark:text-zinc-300">
                  {formatDateTime(workflow.updated_at)}
                </td>
                <td className="py-3 pr-4 pl-2 text-right sm:pr-5">
                  <div className="flex items-center justify-end gap-1">
                    {canCreate && workflow.state !== 'archived' && (
                      <RunWorkflowButton
                        workflowId={workflow.workflow_id}
                        workflowName={workflow.workflow_name}
                        compact
                      />
                    )}
                    <Menu
                      label={`Actions for ${workflow.workflow_name}`}
                      triggerContent={<Ellipsis aria-hidden="true" />}
                      items={actionsOf(workflow)}
                    />
                  </div>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </PagedList>
    </Panel>
  );
}
