import { type ReconAuditEntry, reconAuditPageSchema } from '@counterpart/contracts';
import { decisionLabel } from '@counterpart/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, History } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { saveBlob } from '../../../shared/lib/download.ts';
import { http } from '../../../shared/session/http-client.ts';
import { useSessionStore } from '../../../shared/session/session-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { PageNav } from '../../../shared/ui/page-nav.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { describeChange, exportFileName } from './audit-format.ts';

const AUDIT_PATH = '/api/recon/v1/recon/audit';
const AUDIT_PAGE_SIZE = 20;

export interface ReconAuditPanelProps {
  groupId?: string;
  itemId?: string;
  runId?: string;
  /** An action beside an entry (the workspace's Reverse of a write-off or allocation), or nothing. */
  renderEntryAction?: ((entry: ReconAuditEntry) => ReactNode) | undefined;
}

function filtersOf({ groupId, itemId, runId }: ReconAuditPanelProps) {
  return { group_id: groupId, item_id: itemId, run_id: runId };
}

/** GET /v1/recon/audit: one page of decisions, newest first, filtered by group, item or run. */
function useReconAudit(props: ReconAuditPanelProps, pageNo: number) {
  const organizationId = useSessionStore((state) => state.organizationId);
  const filters = filtersOf(props);
  return useQuery({
    queryKey: ['recon', organizationId, 'audit', filters, pageNo],
    queryFn: ({ signal }) =>
      http.get(AUDIT_PATH, {
        query: { ...filters, page_no: pageNo, page_size: AUDIT_PAGE_SIZE },
        schema: reconAuditPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The audit trail of reconciliation decisions (automatic or by whom), with a CSV export of the same filter. */
export function ReconAuditPanel(props: ReconAuditPanelProps) {
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const audit = useReconAudit(props, pageNo);
  const scoped = Boolean(props.groupId || props.itemId || props.runId);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await http.download(`${AUDIT_PATH}/export`, {
        query: { ...filtersOf(props), format: 'csv' },
      });
      saveBlob(blob, exportFileName(props, new Date()));
    } catch (failure) {
      toast.error('Export failed', failure instanceof Error ? failure.message : undefined);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Panel
      title="Audit trail"
      description={
        scoped ? 'Every decision about this, newest first.' : 'Every reconciliation decision, newest first.'
      }
      actions={
        <Button variant="secondary" size="sm" onClick={() => void exportCsv()} loading={exporting}>
          <Download aria-hidden="true" />
          Export CSV
        </Button>
      }
    >
      {audit.isPending ? (
        <div className="space-y-2 p-5">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : audit.isError ? (
        <ErrorAlert className="p-5">{audit.error.message}</ErrorAlert>
      ) : audit.data.data.length === 0 ? (
        <EmptyView
          icon={<History />}
          title="No decisions yet"
          description="Runs, matches and approvals appear here."
        />
      ) : (
        <ol className="divide-y divide-zinc-200 dark:divide-zinc-800" aria-busy={audit.isFetching}>
          {audit.data.data.map((entry) => {
            const change = describeChange(entry.before, entry.after);
            return (
              <li key={entry.id} className="space-y-0.5 px-4 py-3 text-sm sm:px-5" data-action={entry.action}>
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{decisionLabel(entry)}</span>
                  <span className="text-zinc-600 dark:text-zinc-300">
                    by {entry.automatic || !entry.actor_email ? 'Automatic' : entry.actor_email}
                  </span>
                  <time dateTime={entry.created_at} className="text-xs text-zinc-500 dark:text-zinc-400">
                    {formatDateTime(entry.created_at)}
                  </time>
                  {props.renderEntryAction && (
                    <span className="ml-auto self-center">{props.renderEntryAction(entry)}</span>
                  )}
                </div>
                {(entry.rule_id || entry.reason) && (
                  <p className="text-zinc-600 dark:text-zinc-300">
                    {entry.rule_id && <span>Rule {entry.rule_id}</span>}
                    {entry.rule_id && entry.reason && ' · '}
                    {entry.reason && <span>“{entry.reason}”</span>}
                  </p>
                )}
                {change && <p className="break-words text-xs text-zinc-500 dark:text-zinc-400">{change}</p>}
              </li>
            );
          })}
        </ol>
      )}
      {audit.data && audit.data.total > AUDIT_PAGE_SIZE && (
        <PageNav pageNo={pageNo} pageSize={AUDIT_PAGE_SIZE} total={audit.data.total} onPage={setPageNo} />
      )}
    </Panel>
  );
}
