import { ShieldX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

/** Where a user lacking a route's permissions lands (spec §2 guard rules). */
export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<ShieldX />}
        title="You do not have access to this page"
        description="Your role in this organization does not include this page. Ask an organization admin for access, or switch organization from the account menu."
        action={<Button onClick={() => navigate('/dashboard')}>Go to dashboard</Button>}
      />
    </section>
  );
}
