import { Settings } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function SettingsPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Settings />}
        title="No settings to show"
        description="Organization profile, theme, reconciliation defaults and notification subscriptions appear here."
      />
    </section>
  );
}
