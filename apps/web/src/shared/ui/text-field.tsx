import { type ComponentProps, type ReactNode, useId } from 'react';
import { classNames } from '../lib/class-names.ts';

export const FIELD_CLASSES =
  'block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 shadow-sm ' +
  'placeholder:text-zinc-400 focus:border-[var(--color-primary)] focus:outline-none focus:ring-2 ' +
  'focus:ring-[var(--color-primary)]/30 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-950 ' +
  'dark:text-zinc-100 dark:placeholder:text-zinc-500 aria-[invalid=true]:border-red-500 ' +
  'aria-[invalid=true]:focus:ring-red-500/30';

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  /** The field's error (e.g. from the API's `details`); marks the input invalid and is announced. */
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its hint and its error message wired for screen readers. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={classNames('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={FIELD_CLASSES}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
