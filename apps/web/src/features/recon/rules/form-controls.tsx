import { type ReactNode, useId } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';

const LABEL = 'block text-sm font-medium text-zinc-800 dark:text-zinc-200';

function FieldMessage({ id, error, hint }: { id: string; error?: string | undefined; hint?: ReactNode }) {
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

function describedBy(id: string, error: string | undefined, hint: ReactNode): string | undefined {
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
      <label htmlFor={id} className={LABEL}>
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

export interface CheckboxGroupProps {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string[];
  onChange: (value: string[]) => void;
  error?: string | undefined;
  hint?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A fieldset of checkboxes whose value is the checked options, in the options' order. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  error,
  hint,
  disabled,
  className,
}: CheckboxGroupProps) {
  const id = useId();
  const toggle = (option: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    onChange(options.map((entry) => entry.value).filter((entry) => chosen.has(entry)));
  };
  return (
    <fieldset
      className={classNames('min-w-0 space-y-1.5', className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, error, hint)}
      disabled={disabled}
    >
      <legend className={LABEL}>{legend}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1.5 pt-1">
        {options.map((option) => (
          <label
            key={option.value}
            className="inline-flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300"
          >
            <input
              type="checkbox"
              className="size-4 rounded border-zinc-300 accent-[var(--color-primary)] dark:border-zinc-600"
              checked={value.includes(option.value)}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldMessage id={id} error={error} hint={hint} />
    </fieldset>
  );
}
