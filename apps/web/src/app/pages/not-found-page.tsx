import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useSessionStore } from '../../shared/session/session-store.ts';

/** Any unknown path (spec §2). */
export function NotFoundPage() {
  const authenticated = useSessionStore((state) => state.authenticated);
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <div className="max-w-md text-center">
        <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-2xl bg-brand/10 text-brand-text">
          <Compass aria-hidden="true" className="size-7" />
        </div>
        <p className="text-sm font-semibold text-brand-text">404</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">
          Page not found
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          The page you are looking for does not exist or has moved.
        </p>
        <Link
          to={authenticated ? '/dashboard' : '/'}
          className="mt-6 inline-flex h-9 items-center rounded-lg bg-brand px-4 text-sm font-medium text-white shadow-sm transition-colors hover:bg-brand-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-2 active:bg-brand-pressed dark:focus-visible:ring-offset-zinc-950"
        >
          {authenticated ? 'Go to dashboard' : 'Go to home page'}
        </Link>
      </div>
    </main>
  );
}
