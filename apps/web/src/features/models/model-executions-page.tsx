import { History } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ModelExecutionsPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<History />}
        title="No executions yet"
        description="Each run of this model on a document appears here."
      />
    </section>
  );
}
