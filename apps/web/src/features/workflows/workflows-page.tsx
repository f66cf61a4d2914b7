import { Plus, Workflow } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/auth/use-can.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function WorkflowsPage() {
  const navigate = useNavigate();
  const canCreate = useCan('create', 'workflow');
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Workflow />}
        title="No workflows yet"
        description="Workflows wire sources, extraction, matching and outputs together, on demand or on a schedule."
        action={
          canCreate ? (
            <Button onClick={() => navigate('/workflows/manage-workflow')}>
              <Plus aria-hidden="true" />
              New workflow
            </Button>
          ) : undefined
        }
      />
    </section>
  );
}
