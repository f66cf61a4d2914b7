import { BellOff, ListChecks } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { clearNotifications } from '../../shared/notifications/notifications-api.ts';
import { useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { readNotifications } from '../realtime/realtime-feed.ts';
import { ExportMenu, REQUEST_FAILED } from './export-menu.tsx';
import { NotificationItem } from './notification-item.tsx';
import { ProcessCard } from './process-card.tsx';

type Tab = 'processes' | 'notifications';

const TABS: Array<{ id: Tab; label: string }> = [
  { id: 'processes', label: 'Processes' },
  { id: 'notifications', label: 'Notifications' },
];

const NEXT_TAB: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % TABS.length,
  ArrowLeft: (index) => (index - 1 + TABS.length) % TABS.length,
  Home: () => 0,
  End: () => TABS.length - 1,
};

function ProcessesList() {
  const processes = useNotificationsStore((state) => state.processes);
  const removeProcess = useNotificationsStore((state) => state.removeProcess);
  if (processes.length === 0)
    return (
      <EmptyView
        icon={<ListChecks />}
        title="No background processes"
        description="Workflow runs, document processing and exports show their progress here."
        className="py-8"
      />
    );
  return (
    <ul className="space-y-2">
      {processes.map((process) => (
        <ProcessCard key={process.id} process={process} onRemove={() => removeProcess(process.id)} />
      ))}
    </ul>
  );
}

function NotificationsList() {
  const notifications = useNotificationsStore((state) => state.notifications);
  const removeNotification = useNotificationsStore((state) => state.removeNotification);
  if (notifications.length === 0)
    return (
      <EmptyView
        icon={<BellOff />}
        title="All caught up"
        description="Results and failures of your background work will appear here."
        className="py-8"
      />
    );
  return (
    <ul className="space-y-2">
      {notifications.map((item, index) => (
        <NotificationItem
          key={item.id ?? `at-${index}`}
          item={item}
          onDismiss={() => removeNotification(item)}
        />
      ))}
    </ul>
  );
}

/**
 * The bell's panel (spec §2): Processes and Notifications tabs, Clear for the active one, their empty
 * states, and an Export of the notifications. Opening it fetches what is new and marks it read.
 */
export function NotificationsPanel({ labelledBy }: { labelledBy: string }) {
  const [tab, setTab] = useState<Tab>('processes');
  const processCount = useNotificationsStore((state) => state.processes.length);
  const notificationCount = useNotificationsStore((state) => state.notifications.length);
  const clearList = useNotificationsStore((state) => state.clearList);
  const baseId = useId();
  const counts: Record<Tab, number> = { processes: processCount, notifications: notificationCount };

  // Focus moves into the panel when it opens; Escape (handled by the bell) gives it back.
  useEffect(() => {
    document.getElementById(`${baseId}-processes-tab`)?.focus();
    void readNotifications();
  }, [baseId]);

  const choose = (next: Tab) => {
    setTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };

  const selectWithKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const move = NEXT_TAB[event.key];
    if (!move) return;
    event.preventDefault();
    const next = TABS[move(TABS.findIndex(({ id }) => id === tab))];
    if (next) choose(next.id);
  };

  const clear = () => {
    clearList(tab);
    if (tab !== 'notifications') return;
    clearNotifications().catch((error: unknown) =>
      toast.error(REQUEST_FAILED, error instanceof Error ? error.message : undefined),
    );
  };

  return (
    <div
      role="dialog"
      aria-labelledby={labelledBy}
      className="fixed inset-x-3 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-xl border border-zinc-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:max-h-[min(34rem,75vh)] sm:w-[24rem] dark:border-zinc-800 dark:bg-zinc-900"
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
                '-mb-px border-b-2 px-2.5 pb-2.5 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand sm:px-3',
                tab === id
                  ? 'border-brand text-zinc-900 dark:text-zinc-50'
                  : 'border-transparent text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200',
              )}
            >
              {label}
              <span className="ml-1.5 rounded-full bg-zinc-100 px-1.5 text-xs tabular-nums text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                {counts[id]}
              </span>
            </button>
          ))}
        </div>
        <Button variant="ghost" size="sm" className="mb-2" disabled={counts[tab] === 0} onClick={clear}>
          Clear
        </Button>
      </div>
      {tab === 'notifications' && (
        <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Your notifications in this organization</p>
          <ExportMenu area="notifications" onStarted={() => choose('processes')} />
        </div>
      )}
      {TABS.map(({ id }) => (
        <div
          key={id}
          id={`${baseId}-${id}-panel`}
          role="tabpanel"
          aria-labelledby={`${baseId}-${id}-tab`}
          hidden={tab !== id}
          className="min-h-0 flex-1 overflow-y-auto p-3"
        >
          {id === 'processes' ? <ProcessesList /> : <NotificationsList />}
        </div>
      ))}
    </div>
  );
}
