import { Waypoints } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function UpdateWorkflowPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Waypoints />}
        title="No blocks yet"
        description="The blocks and connections of this workflow appear here."
      />
    </section>
  );
}
