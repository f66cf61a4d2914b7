import { Waypoints } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ManageWorkflowPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Waypoints />}
        title="No blocks yet"
        description="A new workflow starts with a Home node; the blocks you add appear here."
      />
    </section>
  );
}
