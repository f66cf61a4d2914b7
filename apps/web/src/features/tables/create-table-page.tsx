import { TableProperties } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function CreateTablePage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<TableProperties />}
        title="No columns yet"
        description="Name the table and add its typed columns."
      />
    </section>
  );
}
