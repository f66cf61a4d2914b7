import { ChartPie } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ExecutionDashboardDetailPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<ChartPie />}
        title="No widgets yet"
        description="This dashboard's widgets appear here."
      />
    </section>
  );
}
