import { UserRound } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function ViewUserPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<UserRound />}
        title="No groups yet"
        description="The groups this member belongs to appear here."
      />
    </section>
  );
}
