import type { TableColumn } from '@counterpart/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';

export interface GridCellEditorProps {
  column: TableColumn;
  initialText: string;
  /** The server's message for this cell after a failed save. */
  error?: string | undefined;
  saving: boolean;
  onCommit: (text: string) => void;
  onCancel: () => void;
}

const EDITOR_CLASSES =
  'w-full min-w-0 rounded border bg-white px-1.5 py-1 text-sm text-zinc-900 focus:outline-none focus:ring-2 ' +
  'focus:ring-[var(--color-primary)]/40 dark:bg-zinc-950 dark:text-zinc-100';

/** The inline editor of one cell: Enter saves, Escape cancels; the field error is announced under it. */
export function GridCellEditor({
  column,
  initialText,
  error,
  saving,
  onCommit,
  onCancel,
}: GridCellEditorProps) {
  const [text, setText] = useState(initialText);
  const errorId = useId();
  const ref = useRef<HTMLInputElement & HTMLSelectElement>(null);
  useEffect(() => {
    ref.current?.focus();
    if (ref.current instanceof HTMLInputElement) ref.current.select();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onCommit(text);
    }
  };
  const common = {
    ref,
    'aria-label': `Edit ${column.name}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    disabled: saving,
    onKeyDown,
    className: classNames(EDITOR_CLASSES, error ? 'border-red-500' : 'border-[var(--color-primary)]'),
  } as const;

  const choices =
    column.type === 'boolean'
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : column.type === 'single_select'
        ? (column.options ?? []).map((option) => ({ value: option, label: option }))
        : null;

  return (
    <div className="relative">
      {choices ? (
        <select {...common} value={text} onChange={(event) => setText(event.target.value)}>
          <option value="">—</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={column.type === 'date' ? 'date' : 'text'}
          inputMode={column.type === 'number' || column.type === 'currency' ? 'decimal' : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      )}
      {error && (
        <p
          id={errorId}
          role="alert"
          className="absolute top-full left-0 z-10 mt-1 w-max max-w-64 rounded bg-red-600 px-2 py-1 text-xs text-white shadow"
        >
          {error}
        </p>
      )}
    </div>
  );
}
