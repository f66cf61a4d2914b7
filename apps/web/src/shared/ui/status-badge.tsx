import { statusBadgeTone } from '@counterpart/domain';
import { classNames } from '../lib/class-names.ts';

type Tone = ReturnType<typeof statusBadgeTone>;

const TONES: Record<Tone, string> = {
  success:
    'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-500/10 dark:text-green-400 dark:ring-green-500/30',
  danger: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/30',
  warning:
    'bg-amber-50 text-amber-800 ring-amber-600/20 dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-500/30',
  neutral:
    'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-600/40',
};

const DOTS: Record<Tone, string> = {
  success: 'bg-green-500',
  danger: 'bg-red-500',
  warning: 'bg-amber-500',
  neutral: 'bg-zinc-400',
};

export interface StatusBadgeProps {
  status: string;
  /** Text shown instead of the raw status. */
  label?: string;
  className?: string;
}

export function StatusBadge({ status, label, className }: StatusBadgeProps) {
  const tone = statusBadgeTone(status);
  return (
    <span
      data-tone={tone}
      className={classNames(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
    >
      <span aria-hidden="true" className={classNames('size-1.5 rounded-full', DOTS[tone])} />
      {label ?? status}
    </span>
  );
}
