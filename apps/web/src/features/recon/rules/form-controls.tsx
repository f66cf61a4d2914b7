import type { ReactNode } from 'react';
import { useId } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { describedBy, FIELD_LABEL, FieldMessage } from '../../../shared/ui/select-field.tsx';

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
      <legend className={FIELD_LABEL}>{legend}</legend>
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
