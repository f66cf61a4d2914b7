import { ChartColumn } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ExecutionDashboardsPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<ChartColumn />}
        title="No dashboards yet"
        description="Dashboards built from this execution's outputs appear here."
      />
    </section>
  );
}
