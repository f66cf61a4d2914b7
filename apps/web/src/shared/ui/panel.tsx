import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names.ts';

export interface PanelProps {
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the heading (stacked under it on narrow screens). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled card section of a page; its heading labels the region. */
export function Panel({ title, description, actions, children, className }: PanelProps) {
  const headingId = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section
      aria-labelledby={headingId}
      className={classNames(
        'rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900',
        className,
      )}
    >
      <div className="flex flex-col gap-3 border-b border-zinc-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-5 dark:border-zinc-800">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-zinc-500 dark:text-zinc-400">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div>{children}</div>
    </section>
  );
}
