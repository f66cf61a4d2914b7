import { FileSearch } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ViewModelExecutionPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<FileSearch />}
        title="No extracted fields"
        description="The document and the fields found in it, with their confidence, appear here."
      />
    </section>
  );
}
