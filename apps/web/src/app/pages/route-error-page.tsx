import { CircleAlert } from 'lucide-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return 'An unexpected error occurred.';
}

/** Last resort of the router: a page that failed to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-zinc-50 p-6 dark:bg-zinc-950">
      <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-8 text-center shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
          <CircleAlert aria-hidden="true" className="size-6" />
        </div>
        <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">Something went wrong</h1>
        <p className="mt-2 text-sm break-words text-zinc-600 dark:text-zinc-400">{describe(error)}</p>
        <div className="mt-6 flex justify-center gap-2">
          <Button variant="secondary" onClick={() => window.location.assign('/')}>
            Go to home page
          </Button>
          <Button onClick={() => window.location.reload()}>Reload</Button>
        </div>
      </div>
    </main>
  );
}
