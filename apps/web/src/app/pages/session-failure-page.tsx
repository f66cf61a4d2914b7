import { TriangleAlert } from 'lucide-react';
import { Button } from '../../shared/ui/button.tsx';

/** Shown on sign-in routes when keycloak-js could not start (spec §8). */
export function SessionFailurePage({ message }: { message: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </div>
        <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">Sign-in is unavailable</h1>
        <p role="alert" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {message}
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go to home page
          </Button>
          <Button onClick={() => window.location.reload()}>Try again</Button>
        </div>
      </div>
    </main>
  );
}
