import { ShieldCheck } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function GroupPermissionsPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<ShieldCheck />}
        title="No roles assigned"
        description="The roles of this group, grouped by resource, appear here."
      />
    </section>
  );
}
