import type { Execution } from '@counterpart/contracts';
import { Link } from 'react-router';
import { classNames } from '../../shared/lib/class-names.ts';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { type ListColumn, ListTable } from '../../shared/ui/list-table.tsx';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import {
  EXECUTION_STATUS_DISPLAY,
  formatDuration,
  isExecutionActive,
  TRIGGER_LABEL,
} from './execution-display.ts';

export interface ExecutionsTableProps {
  executions: Execution[];
  selectedId: string | null;
  busy: boolean;
  /** Opens an execution (a click anywhere on its row, or Enter on the focused row). */
  onOpen: (executionId: string) => void;
}

const CELL = 'px-4 py-3 text-zinc-600 sm:whitespace-nowrap dark:text-zinc-300';

const COLUMNS: ListColumn[] = [
  { label: 'Status', className: 'sm:pl-5' },
  { label: 'Started' },
  { label: 'Version', className: 'hidden sm:table-cell' },
  { label: 'Duration' },
  { label: 'Started by', className: 'hidden md:table-cell' },
  { label: 'Trigger', className: 'hidden lg:table-cell' },
];

/**
 * One page of executions. A row opens its execution (`?execution=`) on a click anywhere, or on Enter
 * when focused; its start time stays a link (to open in a new tab, or to reach by Tab).
 */
export function ExecutionsTable({ executions, selectedId, busy, onOpen }: ExecutionsTableProps) {
  return (
    <ListTable label="Executions" columns={COLUMNS} busy={busy}>
      {executions.map((execution) => {
        const selected = execution.execution_id === selectedId;
        const display = EXECUTION_STATUS_DISPLAY[execution.status];
        return (
          <tr
            key={execution.execution_id}
            tabIndex={0}
            onClick={(event) => {
              // The date link opens it by itself (and a modified click opens a new tab).
              if ((event.target as HTMLElement).closest('a')) return;
              onOpen(execution.execution_id);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.target !== event.currentTarget) return;
              event.preventDefault();
              onOpen(execution.execution_id);
            }}
            className={classNames(
              'cursor-pointer focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-[var(--color-primary)]',
              selected
                ? 'bg-[var(--color-primary)]/5 dark:bg-[var(--color-primary)]/10'
                : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
            )}
          >
            <td className="px-4 py-3 sm:pl-5">
              <StatusBadge status={display.tone} label={display.label} />
            </td>
            <td className="px-4 py-3 sm:whitespace-nowrap">
              <Link
                to={{ search: `?execution=${encodeURIComponent(execution.execution_id)}` }}
                aria-current={selected ? 'true' : undefined}
                className={classNames(
                  'rounded font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]',
                  selected ? 'text-[var(--color-primary-text)]' : 'text-zinc-900 dark:text-zinc-100',
                )}
              >
                {formatDateTime(execution.started_at ?? execution.created_at)}
              </Link>
            </td>
            <td className={classNames(CELL, 'hidden tabular-nums sm:table-cell')}>v{execution.version}</td>
            <td className={classNames(CELL, 'tabular-nums')}>
              {isExecutionActive(execution.status) ? (
                <span className="text-zinc-400 dark:text-zinc-500">In progress</span>
              ) : (
                formatDuration(execution.duration_ms)
              )}
            </td>
            <td className={classNames(CELL, 'hidden max-w-56 truncate md:table-cell')}>
              {execution.started_by_email ?? '—'}
            </td>
            <td className={classNames(CELL, 'hidden lg:table-cell')}>{TRIGGER_LABEL[execution.trigger]}</td>
          </tr>
        );
      })}
    </ListTable>
  );
}
