import { LoaderCircle } from 'lucide-react';
import { classNames } from '../lib/class-names.ts';

export interface SpinnerProps {
  /** Announced to assistive technology. */
  label?: string;
  className?: string;
}

export function Spinner({ label = 'Loading', className }: SpinnerProps) {
  return (
    <span
      role="status"
      className={classNames('inline-flex items-center text-zinc-500 dark:text-zinc-400', className)}
    >
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
