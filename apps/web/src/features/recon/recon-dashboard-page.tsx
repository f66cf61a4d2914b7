import { ArrowLeftRight, LayoutDashboard } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '../../app/auth/use-can.ts';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

const LINK_CLASSES =
  'inline-flex h-9 items-center gap-2 rounded-lg bg-[var(--color-primary)] px-4 text-sm font-medium text-white shadow-sm ' +
  'hover:bg-[var(--color-primary-hover)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2 ' +
  'focus-visible:ring-[var(--color-primary)] dark:focus-visible:ring-offset-zinc-900 [&_svg]:size-4';

export function ReconDashboardPage() {
  const canReconcile = useCan('read', 'workflow');
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<LayoutDashboard />}
        title="No reconciliation results yet"
        description="Run a workflow with a reconcile step to see match rates, open items and ageing here."
        action={
          canReconcile ? (
            <Link to="/reconciliation/workspace" className={LINK_CLASSES}>
              <ArrowLeftRight aria-hidden="true" />
              Open the reconciliation workspace
            </Link>
          ) : undefined
        }
      />
    </section>
  );
}
