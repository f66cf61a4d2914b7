import type { TableColumn } from '@counterpart/contracts';
import { type FormEvent, useId, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { FIELD_CLASSES, TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { inputValueOf } from './cell-value.ts';
import { useCreateItem } from './tables-api.ts';

export interface AddRowDialogProps {
  tableId: string;
  columns: TableColumn[];
  onClose: () => void;
}

function ChoiceField(props: {
  column: TableColumn;
  value: string;
  error?: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const { column } = props;
  const choices =
    column.type === 'boolean'
      ? [
          { value: 'true', label: 'Yes' },
          { value: 'false', label: 'No' },
        ]
      : (column.options ?? []).map((option) => ({ value: option, label: option }));
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {column.name}
      </label>
      <select
        id={id}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        className={FIELD_CLASSES}
      >
        <option value="">—</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {props.error && <p className="text-xs text-red-600 dark:text-red-400">{props.error}</p>}
    </div>
  );
}

/** A new row: one field per column; the server's field errors show under their columns (mounted while open). */
export function AddRowDialog({ tableId, columns, onClose }: AddRowDialogProps) {
  const create = useCreateItem(tableId);
  const editable = columns.filter((column) => column.type !== 'link');
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const setText = (columnId: string, text: string) =>
    setTexts((current) => ({ ...current, [columnId]: text }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const values: Record<string, unknown> = {};
    for (const column of editable) {
      const value = inputValueOf(column, texts[column.id] ?? '');
      if (value !== null) values[column.id] = value;
    }
    try {
      await create.mutateAsync(values);
      toast.success('Row added');
      onClose();
    } catch (error) {
      const problems = formErrorsOf(error);
      setErrors(problems.fields);
      setFormError(problems.form);
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Add row"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="add-row-form" loading={create.isPending}>
            Add row
          </Button>
        </>
      }
    >
      <form id="add-row-form" onSubmit={submit} noValidate className="space-y-4 dark:[color-scheme:dark]">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        {editable.map((column) =>
          column.type === 'boolean' || column.type === 'single_select' ? (
            <ChoiceField
              key={column.id}
              column={column}
              value={texts[column.id] ?? ''}
              error={errors[column.name]}
              onChange={(text) => setText(column.id, text)}
            />
          ) : (
            <TextField
              key={column.id}
              label={column.name}
              type={column.type === 'date' ? 'date' : 'text'}
              inputMode={column.type === 'number' || column.type === 'currency' ? 'decimal' : undefined}
              hint={column.type === 'currency' ? `Amount in ${column.currency ?? 'KES'}` : undefined}
              value={texts[column.id] ?? ''}
              error={errors[column.name]}
              onChange={(event) => setText(column.id, event.target.value)}
            />
          ),
        )}
      </form>
    </Modal>
  );
}
