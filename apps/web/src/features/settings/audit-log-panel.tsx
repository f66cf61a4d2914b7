import { useState } from 'react';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { PageNav } from '../../shared/ui/page-nav.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { SETTINGS_PAGE_SIZE, useAuditLog } from './settings-api.ts';

function describeDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** Who changed what and when, newest first, page by page. */
export function AuditLogPanel() {
  const [pageNo, setPageNo] = useState(1);
  const audit = useAuditLog(pageNo);

  return (
    <Panel title="Audit log" description="Every change to the team, permissions and settings.">
      {audit.isPending ? (
        <div className="space-y-2 p-5">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : audit.isError ? (
        <ErrorAlert className="p-5">{audit.error.message}</ErrorAlert>
      ) : audit.data.data.length === 0 ? (
        <EmptyView title="No changes yet" description="Changes to the team and settings appear here." />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <thead className="bg-zinc-50 text-xs font-medium text-zinc-500 uppercase dark:bg-zinc-950 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2 sm:px-5">
                  When
                </th>
                <th scope="col" className="px-4 py-2">
                  Who
                </th>
                <th scope="col" className="px-4 py-2">
                  What
                </th>
                <th scope="col" className="px-4 py-2">
                  Details
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {audit.data.data.map((entry) => (
                <tr key={entry.id} className="align-top text-zinc-700 dark:text-zinc-300">
                  <td className="px-4 py-2 whitespace-nowrap sm:px-5">
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                  </td>
                  <td className="px-4 py-2">{entry.actor_email}</td>
                  <td className="px-4 py-2 font-medium text-zinc-900 dark:text-zinc-100">{entry.action}</td>
                  <td className="max-w-md px-4 py-2 break-words text-zinc-500 dark:text-zinc-400">
                    {describeDetails(entry.details)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {audit.data && (
        <PageNav pageNo={pageNo} pageSize={SETTINGS_PAGE_SIZE} total={audit.data.total} onPage={setPageNo} />
      )}
    </Panel>
  );
}
