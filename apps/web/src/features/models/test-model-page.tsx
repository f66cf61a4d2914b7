import { FlaskConical } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function TestModelPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<FlaskConical />}
        title="No test document"
        description="Upload a document to see the fields this model extracts from it."
      />
    </section>
  );
}
