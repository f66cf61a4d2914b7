import { LayoutDashboard } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ReconDashboardPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<LayoutDashboard />}
        title="No reconciliation results yet"
        description="Run a workflow with a reconcile step to see match rates, open items and ageing here."
      />
    </section>
  );
}
