import { FileStack } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function DocumentsPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<FileStack />}
        title="No documents yet"
        description="Statements and invoices you upload appear here with their processing status."
      />
    </section>
  );
}
