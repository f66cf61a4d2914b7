import { type BackgroundProcess, isErrorStatus, processProgress } from '@counterpart/domain';
import { CircleAlert, X } from 'lucide-react';
import { IconButton } from '../../shared/ui/button.tsx';

const SOURCE_LABELS: Record<string, string> = {
  export_document: 'Export',
  dashboards: 'Dashboard',
  workflow: 'Workflow',
  'document processing': 'Document processing',
};

function ProcessId({ id }: { id: string }) {
  return <p className="mt-0.5 font-mono text-xs break-all opacity-75">{id}</p>;
}

/** A failed process (spec §4): a closable error alert with its message and id. */
function ProcessErrorAlert({ process, onClose }: { process: BackgroundProcess; onClose: () => void }) {
  return (
    <li
      role="alert"
      data-process-id={process.id}
      className="relative flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3 pr-10 text-sm text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">{process.info.message || 'The process failed'}</p>
        <ProcessId id={process.id} />
      </div>
      <IconButton
        label="Close"
        size="sm"
        onClick={onClose}
        className="absolute top-2 right-2 text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-500/20"
      >
        <X />
      </IconButton>
    </li>
  );
}

/** Any other process (spec §4): a dismissible card with message, id, percent and, when displayType is set, a bar. */
function ProcessProgressCard({ process, onDismiss }: { process: BackgroundProcess; onDismiss: () => void }) {
  const progress = processProgress(process);
  const message = process.info.message || 'Working…';
  const label = SOURCE_LABELS[process.source];
  return (
    <li
      data-process-id={process.id}
      className="relative rounded-lg border border-zinc-200 bg-white p-3 pr-10 text-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-baseline gap-2">
        <p className="min-w-0 flex-1 font-medium break-words text-zinc-900 dark:text-zinc-50">{message}</p>
        <p className="shrink-0 text-xs font-semibold text-zinc-700 tabular-nums dark:text-zinc-200">
          {progress}%
        </p>
      </div>
      <div className="text-zinc-500 dark:text-zinc-400">
        {label && <p className="mt-0.5 text-xs">{label}</p>}
        <ProcessId id={process.id} />
      </div>
      {process.info.displayType && (
        <div
          role="progressbar"
          aria-label={`${label ?? 'Process'} ${process.id}`}
          aria-valuetext={`${progress}%`}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
          className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        >
          <div
            className="h-full rounded-full bg-brand transition-[width] duration-300"
            style={{ width: `${progress}%` }}
          />
        </div>
      )}
      <IconButton label="Dismiss" size="sm" onClick={onDismiss} className="absolute top-2 right-2">
        <X />
      </IconButton>
    </li>
  );
}

export function ProcessCard({ process, onRemove }: { process: BackgroundProcess; onRemove: () => void }) {
  return isErrorStatus(process.info.status) ? (
    <ProcessErrorAlert process={process} onClose={onRemove} />
  ) : (
    <ProcessProgressCard process={process} onDismiss={onRemove} />
  );
}
