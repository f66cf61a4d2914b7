import { History } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ExecutionHistoryPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<History />}
        title="No executions yet"
        description="Runs of this workflow, with their status, start, end and duration, appear here."
      />
    </section>
  );
}
