import { Plus, ScanText } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useCan } from '../../shared/session/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ModelsPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', 'models');
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<ScanText />}
        title="No models yet"
        description="Extraction models turn invoices and statements into fields and rows."
        action={
          canCreate ? (
            <Button onClick={() => navigate('/models/create')}>
              <Plus aria-hidden="true" />
              New model
            </Button>
          ) : undefined
        }
      />
    </section>
  );
}
