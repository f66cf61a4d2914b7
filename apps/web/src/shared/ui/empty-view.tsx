import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names.ts';

export interface EmptyViewProps {
  title?: string;
  description?: string;
  /** Replaces the default inbox icon. */
  icon?: ReactNode;
  /** E.g. a button that creates the first record. */
  action?: ReactNode;
  className?: string;
}

export function EmptyView({
  title = 'No results found',
  description = 'Table has no records',
  icon,
  action,
  className,
}: EmptyViewProps) {
  return (
    <div
      className={classNames('flex flex-col items-center justify-center px-6 py-12 text-center', className)}
    >
      <div
        aria-hidden="true"
        className="mb-4 flex size-12 items-center justify-center rounded-full bg-zinc-100 text-zinc-500 dark:bg-zinc-800 dark:text-zinc-400 [&_svg]:size-6"
      >
        {icon ?? <Inbox />}
      </div>
      <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{title}</p>
      <p className="mt-1 max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{description}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
