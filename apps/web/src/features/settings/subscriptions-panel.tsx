import type { Subscription } from '@counterpart/contracts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Panel } from '../../shared/ui/panel.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { Switch } from '../../shared/ui/switch.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { useSaveSubscriptions, useSubscriptions } from './settings-api.ts';

const EVENT_LABELS: Record<Subscription['event'], { title: string; text: string }> = {
  export_document: { title: 'Exports', text: 'When a file you exported is ready to download.' },
  workflow: { title: 'Workflows', text: 'When a workflow run you started finishes or fails.' },
  'document processing': { title: 'Document processing', text: 'When uploaded documents are extracted.' },
  dashboards: { title: 'Dashboards', text: 'When a dashboard export is ready.' },
};

/** Which background events notify the signed-in user; each toggle saves at once. */
export function SubscriptionsPanel() {
  const subscriptions = useSubscriptions();
  const save = useSaveSubscriptions();

  const toggle = async (event: Subscription['event'], enabled: boolean) => {
    const next = (subscriptions.data ?? []).map((item) =>
      item.event === event ? { ...item, enabled } : item,
    );
    try {
      await save.mutateAsync(next);
      toast.success('Notification settings saved');
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  return (
    <Panel title="Notifications" description="Choose what you are told about when it happens.">
      {subscriptions.isPending ? (
        <div className="space-y-3 p-5">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : subscriptions.isError ? (
        <ErrorAlert className="p-5">{subscriptions.error.message}</ErrorAlert>
      ) : (
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {subscriptions.data.map(({ event, enabled }) => (
            <li key={event} className="flex items-center justify-between gap-4 px-4 py-3 sm:px-5">
              <div>
                <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
                  {EVENT_LABELS[event].title}
                </p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">{EVENT_LABELS[event].text}</p>
              </div>
              <Switch
                label={`${EVENT_LABELS[event].title} notifications`}
                checked={enabled}
                disabled={save.isPending}
                onChange={(on) => void toggle(event, on)}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
