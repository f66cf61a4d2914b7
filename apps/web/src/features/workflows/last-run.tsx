import type { Workflow } from '@counterpart/contracts';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/lib/date-time.ts';
import { StatusBadge } from '../../shared/ui/status-badge.tsx';
import { EXECUTION_STATUS_DISPLAY } from './execution-display.ts';

export interface LastRunProps {
  workflowId: string;
  last: Workflow['last_execution'];
}

/** The list's last-run cell: its status and start, a link to that run in the Execution History. */
export function LastRun({ workflowId, last }: LastRunProps) {
  if (!last) return <>Never run</>;
  const display = EXECUTION_STATUS_DISPLAY[last.status];
  return (
    <Link
      to={`/workflows/executions/${workflowId}?execution=${encodeURIComponent(last.id)}`}
      title="Open in the Execution History"
      className="inline-flex items-center gap-2 rounded hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)]"
    >
      <StatusBadge status={display.tone} label={display.label} />
      {last.started_at ? formatDateTime(last.started_at) : <span className="sr-only">Last run</span>}
    </Link>
  );
}
