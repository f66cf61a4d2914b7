import { Users } from 'lucide-react';
import { EmptyView } from '../../shared/ui/empty-view.tsx';

export function TeamPage() {
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={<Users />}
        title="No members yet"
        description="Your organization's members, groups and invitations appear here."
      />
    </section>
  );
}
