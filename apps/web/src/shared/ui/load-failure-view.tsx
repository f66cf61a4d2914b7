import type { ReactNode } from 'react';
import { HttpError } from '../lib/http.ts';
import { EmptyView } from './empty-view.tsx';

/** True when a failed load means "there is no such item" (404, or an id the server refuses as malformed). */
export function isMissing(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 404 || error.status === 400);
}

/**
 * The state of a page whose item could not be loaded: "{Thing} not found" with the same words for every kind of
 * item (a table, a workflow) when it is missing, else "Request Failed" with the server's message.
 */
export function LoadFailureView({ thing, icon, error }: { thing: string; icon: ReactNode; error: Error }) {
  const missing = isMissing(error);
  return (
    <section className="rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <EmptyView
        icon={icon}
        title={missing ? `${thing} not found` : 'Request Failed'}
        description={
          missing ? 'It may have been deleted, or it belongs to another organization.' : error.message
        }
      />
    </section>
  );
}
