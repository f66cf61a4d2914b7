import { BellOff, CircleAlert, ListChecks, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { type BackgroundProcess, useNotificationsStore } from '../stores/notifications-store.ts';

type Tab = 'processes' | 'notifications';

const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'processes', label: 'Processes' },
  { id: 'notifications', label: 'Notifications' },
];

function ProcessCard({ process, onDismiss }: { process: BackgroundProcess; onDismiss: () => void }) {
  const failed = process.status?.toLowerCase() === 'error';
  const progress = Math.max(0, Math.min(100, process.info?.progress ?? 0));
  return (
    <li
      className={classNames(
        'relative rounded-lg border p-3 pr-10 text-sm',
        failed
          ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300'
          : 'border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
      )}
      role={failed ? 'alert' : undefined}
    >
      <div className="flex items-start gap-2">
        {failed && <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
        <div className="min-w-0 flex-1">
          <p className="font-medium break-words">{process.info?.message || 'Working…'}</p>
          <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">{process.id}</p>
          {!failed && (
            <p className="mt-1 text-xs font-medium text-zinc-600 tabular-nums dark:text-zinc-300">
              {progress}%
            </p>
          )}
          {!failed && process.displayType && (
            <div
              role="progressbar"
              aria-label={process.info?.message || process.id}
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            >
              <div
                className="h-full rounded-full bg-brand transition-[width]"
                style={{ width: `${progress}%` }}
              />
            </div>
          )}
        </div>
      </div>
      <IconButton label="Dismiss" size="sm" onClick={onDismiss} className="absolute top-2 right-2">
        <X />
      </IconButton>
    </li>
  );
}

/** The bell's panel (spec §2): Processes and Notifications tabs, Clear, and their empty states. */
export function NotificationsPanel({ labelledBy }: { labelledBy: string }) {
  const [tab, setTab] = useState<Tab>('processes');
  const processes = useNotificationsStore((state) => state.processes);
  const notifications = useNotificationsStore((state) => state.notifications);
  const clearList = useNotificationsStore((state) => state.clearList);
  const removeProcess = useNotificationsStore((state) => state.removeProcess);
  const removeNotification = useNotificationsStore((state) => state.removeNotification);
  const baseId = useId();

  // Focus moves into the panel when it opens; Escape (handled by the bell) gives it back.
  useEffect(() => {
    document.getElementById(`${baseId}-processes-tab`)?.focus();
  }, [baseId]);

  const selectWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tab === 'processes' ? 'notifications' : 'processes';
    setTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };

  const count = tab === 'processes' ? processes.length : notifications.length;

  return (
    <div
      role="dialog"
      aria-labelledby={labelledBy}
      className="absolute top-full right-0 z-50 mt-2 flex max-h-[min(32rem,75vh)] w-[min(24rem,calc(100vw-1.5rem))] flex-col rounded-xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 pt-3 dark:border-zinc-800">
        <div role="tablist" aria-label="Notification lists" className="flex gap-1" onKeyDown={selectWithKeys}>
          {TABS.map(({ id, label }) => (
            <button
              key={id}
              id={`${baseId}-${id}-tab`}
              type="button"
              role="tab"
              aria-selected={tab === id}
              aria-controls={`${baseId}-${id}-panel`}
              tabIndex={tab === id ? 0 : -1}
              onClick={() => setTab(id)}
              className={classNames(
                '-mb-px border-b-2 px-3 pb-2.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand',
                tab === id
                  ? 'border-brand text-zinc-900 dark:text-zinc-50'
                  : 'border-transparent text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200',
              )}
            >
              {label}
              <span className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs tabular-nums text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                {id === 'processes' ? processes.length : notifications.length}
              </span>
            </button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="mb-2"
          disabled={count === 0}
          onClick={() => clearList(tab)}
        >
          Clear
        </Button>
      </div>
      <div
        id={`${baseId}-${tab}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-${tab}-tab`}
        className="min-h-0 flex-1 overflow-y-auto p-3"
      >
        {tab === 'processes' &&
          (processes.length === 0 ? (
            <EmptyView
              icon={<ListChecks />}
              title="No background processes"
              description="Workflow runs, document processing and exports show their progress here."
              className="py-8"
            />
          ) : (
            <ul className="space-y-2">
              {processes.map((process) => (
                <ProcessCard key={process.id} process={process} onDismiss={() => removeProcess(process.id)} />
              ))}
            </ul>
          ))}
        {tab === 'notifications' &&
          (notifications.length === 0 ? (
            <EmptyView
              icon={<BellOff />}
              title="All caught up"
              description="Results and failures of your background work will appear here."
              className="py-8"
            />
          ) : (
            <ul className="space-y-2">
              {notifications.map((notification, index) => (
                <li
                  key={notification.id ?? index}
                  className="relative rounded-lg border border-zinc-200 p-3 pr-10 text-sm dark:border-zinc-800"
                >
                  <p className="break-words">{notification.info?.message ?? ''}</p>
                  <IconButton
                    label="Dismiss"
                    size="sm"
                    onClick={() => removeNotification(index)}
                    className="absolute top-2 right-2"
                  >
                    <X />
                  </IconButton>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}
