import { FilePlus2 } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function CreateModelPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<FilePlus2 />}
        title="No model details yet"
        description="Name the model, choose rule-based or AI, and define the labels it extracts."
      />
    </section>
  );
}
