import { classNames } from '../lib/class-names.ts';

export interface SkeletonProps {
  /** Size and shape, e.g. 'h-4 w-32' or 'h-10 w-10 rounded-full'. */
  className?: string;
}

/** A pulsing placeholder while content loads; hidden from assistive technology. */
export function Skeleton({ className }: SkeletonProps) {
  return (
    <div
      aria-hidden="true"
      className={classNames('animate-pulse rounded-md bg-zinc-200 dark:bg-zinc-800', className)}
    />
  );
}
