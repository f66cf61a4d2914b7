import { Plug } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function IntegrationsPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Plug />}
        title="No integrations yet"
        description="Connect an ERP such as SAP to pull accounting documents and post allocations back."
      />
    </section>
  );
}
