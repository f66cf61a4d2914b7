import type { DocumentView } from '@counterpart/contracts';
import { RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { Button } from '../../shared/ui/button.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { formatSize, KIND_LABELS, STATUS_DISPLAY } from './document-status.ts';

export interface DocumentsTableProps {
  documents: DocumentView[];
  busy: boolean;
  selected: Set<string>;
  onSelect: (ids: string[], on: boolean) => void;
  canRetry: boolean;
  retrying: string | null;
  onRetry: (id: string) => void;
}

const CHECKBOX = 'size-4 rounded border-zinc-300 accent-[var(--color-primary)] dark:border-zinc-600';

/** The documents of one page: select, open, status (with the reason), retry a failed one. */
export function DocumentsTable({
  documents,
  busy,
  selected,
  onSelect,
  canRetry,
  retrying,
  onRetry,
}: DocumentsTableProps) {
  const ids = documents.map((d) => d.id);
  const allSelected = ids.length > 0 && ids.every((id) => selected.has(id));
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-busy={busy}>
        <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="w-10 py-2 pl-4 sm:pl-5">
              <input
                type="checkbox"
                className={CHECKBOX}
                aria-label="Select all documents on this page"
                checked={allSelected}
                onChange={(e) => onSelect(ids, e.target.checked)}
              />
            </th>
            <th scope="col" className="w-1/2 px-3 py-2 font-medium">
              Name
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Type
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
              Size
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Uploaded
            </th>
            <th scope="col" className="px-3 py-2 pr-4 sm:pr-5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {documents.map((doc) => {
            const display = STATUS_DISPLAY[doc.status];
            return (
              <tr key={doc.id} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/50">
                <td className="py-3 pl-4 align-top sm:pl-5">
                  <input
                    type="checkbox"
                    className={CHECKBOX}
                    aria-label={`Select ${doc.file_name}`}
                    checked={selected.has(doc.id)}
                    onChange={(e) => onSelect([doc.id], e.target.checked)}
                  />
                </td>
                <td className="max-w-0 px-3 py-3 align-top">
                  <Link
                    to={`/documents/${doc.id}`}
                    className="line-clamp-2 rounded font-medium break-all text-zinc-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-100"
                  >
                    {doc.file_name}
                  </Link>
                  {doc.summary.first_text && (
                    <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {doc.summary.first_text}
                    </p>
                  )}
                </td>
                <td className="hidden px-3 py-3 align-top text-zinc-600 sm:table-cell dark:text-zinc-300">
                  {KIND_LABELS[doc.kind]}
                </td>
                <td className="px-3 py-3 align-top">
                  <StatusBadge status={display.tone} label={display.label} />
                  {doc.status_reason && (
                    <p className="mt-1 max-w-56 text-xs text-zinc-500 dark:text-zinc-400">
                      {doc.status_reason}
                    </p>
                  )}
                </td>
                <td className="hidden px-3 py-3 text-right align-top whitespace-nowrap tabular-nums md:table-cell">
                  {formatSize(doc.size_bytes)}
                </td>
                <td className="hidden px-3 py-3 align-top whitespace-nowrap text-zinc-600 lg:table-cell dark:text-zinc-300">
                  {formatDateTime(doc.created_at)}
                </td>
                <td className="px-3 py-3 pr-4 text-right align-top sm:pr-5">
                  {doc.status === 'failed' && canRetry && (
                    <Button
                      variant="secondary"
                      size="sm"
                      loading={retrying === doc.id}
                      aria-label={`Retry ${doc.file_name}`}
                      onClick={() => onRetry(doc.id)}
                    >
                      <RotateCcw aria-hidden="true" />
                      Retry
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
