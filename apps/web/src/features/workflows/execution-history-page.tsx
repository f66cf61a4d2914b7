import { useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { usePageItemName } from '../../shared/stores/page-heading-store.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { PagedList } from '../../shared/ui/paged-list.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { ExecutionDetail } from './execution-detail.tsx';
import { isExecutionActive } from './execution-display.ts';
import { EXECUTIONS_PAGE_SIZE, useExecutions, useWorkflow } from './executions-api.ts';
import { ExecutionsTable } from './executions-table.tsx';
import { RunWorkflowButton } from './run-workflow-button.tsx';
import { useWorkflowsKey } from './workflows-api.ts';

/**
 * `/workflows/executions/:id` (`:id` is the workflow): its executions, newest first, polled while one
 * is queued or running; `?execution=<id>` opens one below the list (its error, Cancel or Retry, and
 * its block runs with their outputs).
 */
export function ExecutionHistoryPage() {
  const workflowId = useParams().id ?? '';
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('execution');
  const canCreate = useCan('create', 'workflow');
  const [pageNo, setPageNo] = useState(1);
  const workflow = useWorkflow(workflowId);
  // The heading names the workflow: "Execution history — Daily M-Pesa recon".
  usePageItemName(workflow.data ? `Execution history — ${workflow.data.workflow_name}` : null);
  const executions = useExecutions(workflowId, pageNo);
  useRefreshListWhenRunsEnd(executions.data?.data.some((e) => isExecutionActive(e.status)) ?? false);

  const select = (executionId: string) => {
    setPageNo(1);
    setParams({ execution: executionId });
  };

  const runnable = canCreate && workflow.data && workflow.data.state !== 'archived';
  const run = runnable ? (
    <RunWorkflowButton
      workflowId={workflowId}
      workflowName={workflow.data?.workflow_name ?? ''}
      variant="primary"
      size="md"
    />
  ) : undefined;
  const empty = executions.data?.total === 0;

  return (
    <div className="space-y-6">
      <Panel
        title="Executions"
        description="Every run of this workflow, newest first. Choose a row to see its blocks and their outputs."
        actions={empty ? undefined : run}
      >
        {workflow.isError ? (
          <ErrorAlert className="p-5">{workflow.error.message}</ErrorAlert>
        ) : (
          <PagedList
            query={executions}
            pageNo={pageNo}
            pageSize={EXECUTIONS_PAGE_SIZE}
            onPage={setPageNo}
            empty={
              <EmptyView
                icon={<History />}
                title="No executions yet"
                description="Runs of this workflow, with their status, start and duration, appear here."
                action={run}
              />
            }
          >
            {(rows) => (
              <ExecutionsTable
                executions={rows}
                selectedId={selectedId}
                busy={executions.isFetching}
                onOpen={(executionId) => setParams({ execution: executionId })}
              />
            )}
          </PagedList>
        )}
      </Panel>
      {selectedId && (
        <ExecutionDetail
          key={selectedId}
          executionId={selectedId}
          workflowId={workflowId}
          onSelect={select}
        />
      )}
    </div>
  );
}

/** When the last queued or running execution on screen ends, the workflows list's "Last run" is stale. */
function useRefreshListWhenRunsEnd(active: boolean) {
  const key = useWorkflowsKey();
  const queryClient = useQueryClient();
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) void queryClient.invalidateQueries({ queryKey: [...key, 'list'] });
    wasActive.current = active;
  }, [active, key, queryClient]);
}
