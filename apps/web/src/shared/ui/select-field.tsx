/** A labelled select with its error or hint: the form fields' select (rules, workspace, columns). */
import { type ReactNode, useId } from 'react';
import { classNames } from '../lib/class-names.ts';
import { FIELD_CLASSES } from './text-field.tsx';

/** A form field's visible label. */
export const FIELD_LABEL = 'block text-sm font-medium text-zinc-800 dark:text-zinc-200';

/** A field's error, or else its hint (ids `<id>-error`, `<id>-hint`). */
export function FieldMessage({
  id,
  error,
  hint,
}: {
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  if (error) {
    return (
      <p id={`${id}-error`} className="text-xs font-medium text-red-600 dark:text-red-400">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
      {hint}
    </p>
  ) : null;
}

/** What `aria-describedby` names for a field: its error, or else its hint. */
export function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

export interface SelectFieldProps {
  label: string;
  /** A fuller accessible name than the visible label ("Pass 3 kind"). */
  ariaLabel?: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

export function SelectField({
  label,
  ariaLabel,
  value,
  options,
  onChange,
  error,
  hint,
  disabled,
  className,
}: SelectFieldProps) {
  const id = useId();
  return (
    <div className={classNames('space-y-1.5', className)}>
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <select
        id={id}
        className={FIELD_CLASSES}
        value={value}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}
