import { Plus, Table2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/auth/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function TablesPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', '{product}_table');
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Table2 />}
        title="No tables yet"
        description="Tables hold statement lines, ledgers and reconciliation results."
        action={
          canCreate ? (
            <Button onClick={() => navigate('/tables/create')}>
              <Plus aria-hidden="true" />
              New table
            </Button>
          ) : undefined
        }
      />
    </section>
  );
}
