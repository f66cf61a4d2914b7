import { Tags } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ViewModelPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Tags />}
        title="No labels yet"
        description="This model's labels, rules and training documents appear here."
      />
    </section>
  );
}
