import { type ReconItem, reconAuditPageSchema } from '@counterpart/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, History, X } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/lib/date-time.ts';
import { saveBlob } from '../../../shared/lib/download.ts';
import { http } from '../../../shared/session/http-client.ts';
import { Button, IconButton } from '../../../shared/ui/button.tsx';
import { EmptyView } from '../../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../../shared/ui/error-alert.tsx';
import { PageNav } from '../../../shared/ui/page-nav.tsx';
import { Panel } from '../../../shared/ui/panel.tsx';
import { Skeleton } from '../../../shared/ui/skeleton.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { exportFileName } from '../audit/audit-format.ts';
import { trailEntryView } from '../audit/trail-format.ts';
import { RECON_BASE, useReconKey } from './recon-api.ts';
import type { SideText } from './reverse-dialog.tsx';
import { ReverseEntryAction } from './reverse-entry.tsx';
import { formatMoney } from './selection.ts';

const AUDIT_PATH = `${RECON_BASE}/v1/recon/audit`;
const TRAIL_PAGE_SIZE = 25;

/** GET /v1/recon/audit?item_id=: the decisions that touched one item, newest first. */
function useItemTrail(itemId: string, pageNo: number) {
  const key = useReconKey();
  return useQuery({
    queryKey: [...key, 'audit', { item_id: itemId }, pageNo],
    queryFn: ({ signal }) =>
      http.get(AUDIT_PATH, {
        query: { item_id: itemId, page_no: pageNo, page_size: TRAIL_PAGE_SIZE },
        schema: reconAuditPageSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface ItemTrailProps {
  item: ReconItem;
  /** What the row shows (its reference or description). */
  label: string;
  tableName: string;
  /** Whether the user may reverse the write-offs and allocations the trail shows (recon update). */
  canReverse: boolean;
  /** The workspace's two tables, to name a write-off's rows in the Reverse dialog as the lists do. */
  sides?: { left: SideText; right: SideText } | undefined;
  onClose: () => void;
}

/** The audit trail of one item: every decision, automatic or by whom, its pass and score, before and after. */
export function ItemTrail({ item, label, tableName, canReverse, sides, onClose }: ItemTrailProps) {
  const [pageNo, setPageNo] = useState(1);
  const [exporting, setExporting] = useState(false);
  const trail = useItemTrail(item.item_id, pageNo);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const blob = await http.download(`${AUDIT_PATH}/export`, {
        query: { item_id: item.item_id, format: 'csv' },
      });
      saveBlob(blob, exportFileName({ itemId: item.item_id }, new Date()));
    } catch (failure) {
      toast.error('Export failed', failure instanceof Error ? failure.message : undefined);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Panel
      title="Item trail"
      description={
        <>
          <span className="font-medium text-zinc-700 dark:text-zinc-200">{label}</span>
          {' · '}
          {[tableName, item.date, formatMoney(item.amount, item.currency)].filter(Boolean).join(' · ')}
        </>
      }
      actions={
        <>
          <Button variant="secondary" size="sm" onClick={() => void exportCsv()} loading={exporting}>
            <Download aria-hidden="true" />
            Export CSV
          </Button>
          <IconButton size="sm" label="Close the item trail" onClick={onClose}>
            <X aria-hidden="true" />
          </IconButton>
        </>
      }
    >
      {trail.isPending ? (
        <div className="space-y-2 p-5">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : trail.isError ? (
        <ErrorAlert className="p-5">{trail.error.message}</ErrorAlert>
      ) : trail.data.data.length === 0 ? (
        <EmptyView
          icon={<History />}
          title="No decisions yet"
          description="Runs, matches and approvals that touch this row appear here."
        />
      ) : (
        <ol
          aria-label={`Decisions about ${label}`}
          aria-busy={trail.isFetching}
          className="divide-y divide-zinc-200 dark:divide-zinc-800"
        >
          {trail.data.data.map((entry) => {
            const view = trailEntryView(entry);
            return (
              <li key={entry.id} className="space-y-1 px-4 py-3 text-sm sm:px-5" data-action={entry.action}>
                <div className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium text-zinc-900 dark:text-zinc-100">{view.title}</span>
                  <span className="text-zinc-600 dark:text-zinc-300">by {view.actor}</span>
                  <time dateTime={entry.created_at} className="text-xs text-zinc-500 dark:text-zinc-400">
                    {formatDateTime(entry.created_at)}
                  </time>
                  {canReverse && (
                    <span className="ml-auto self-center">
                      <ReverseEntryAction entry={entry} sides={sides} />
                    </span>
                  )}
                </div>
                {(view.rule || view.score || entry.reason) && (
                  <p className="text-zinc-600 dark:text-zinc-300">
                    {[
                      view.rule && `Pass ${view.rule}`,
                      view.score && `score ${view.score}`,
                      entry.reason && `“${entry.reason}”`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                )}
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-500 dark:text-zinc-400">
                  <dt className="font-medium">Before</dt>
                  <dd className="min-w-0 break-words">{view.before}</dd>
                  <dt className="font-medium">After</dt>
                  <dd className="min-w-0 break-words">{view.after}</dd>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
      {trail.data && trail.data.total > TRAIL_PAGE_SIZE && (
        <PageNav pageNo={pageNo} pageSize={TRAIL_PAGE_SIZE} total={trail.data.total} onPage={setPageNo} />
      )}
    </Panel>
  );
}
