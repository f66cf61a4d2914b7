import { Rows3 } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ViewTablePage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView icon={<Rows3 />} />
    </section>
  );
}
