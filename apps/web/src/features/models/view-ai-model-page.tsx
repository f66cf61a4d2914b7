import { BrainCircuit } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ViewAiModelPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<BrainCircuit />}
        title="No training documents yet"
        description="The annotated documents this AI model learns from appear here."
      />
    </section>
  );
}
