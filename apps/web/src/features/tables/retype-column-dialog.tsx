import type { ColumnInput, ColumnType, RetypePreview, TableColumn } from '@counterpart/contracts';
import { type FormEvent, useId, useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { FIELD_CLASSES, TextField } from '../../shared/ui/text-field.tsx';
import { toast } from '../../shared/ui/toast.tsx';
import { COLUMN_TYPE_LABELS, type ColumnDraft, checkColumnDrafts, newColumnDraft } from './column-drafts.ts';
import { useRetypePreview, useUpdateColumn } from './tables-api.ts';

/** Types a column can be changed to (a link is made as a new column, its records linked by hand). */
const RETYPE_TYPES: ColumnType[] = ['text', 'number', 'currency', 'date', 'boolean', 'single_select'];
const COUNT = new Intl.NumberFormat('en-US');
const SHOWN_FAILURES = 8;

export interface RetypeColumnDialogProps {
  tableId: string;
  column: TableColumn;
  onClose: () => void;
  /** After the type changed (the view drops filters that may no longer fit). */
  onRetyped: (column: TableColumn) => void;
}

type Target = Omit<ColumnInput, 'name'>;

/**
 * Changes a column's type: first asks the server which values would not convert (they would be emptied)
 * and shows how many with examples, then applies the change once confirmed. Mounted while open.
 */
export function RetypeColumnDialog({ tableId, column, onClose, onRetyped }: RetypeColumnDialogProps) {
  const typeId = useId();
  const previewId = useId();
  const preview = useRetypePreview(tableId);
  const update = useUpdateColumn(tableId);
  const [draft, setDraft] = useState<ColumnDraft>(() => ({
    ...newColumnDraft(column.type === 'text' ? 'number' : 'text'),
    name: column.name,
    currency: column.currency ?? 'KES',
    optionsText: (column.options ?? []).join(', '),
  }));
  const [errors, setErrors] = useState<{ options?: string | undefined; currency?: string | undefined }>();
  const [formError, setFormError] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ target: Target; result: RetypePreview } | null>(null);

  const change = (next: ColumnDraft) => {
    setDraft(next);
    setChecked(null);
    setFormError(null);
  };
  const fail = (error: unknown) => {
    const problems = formErrorsOf(error);
    setErrors({ options: problems.fields.options, currency: problems.fields.currency });
    setFormError(problems.form ?? (Object.keys(problems.fields).length > 0 ? null : 'Not changed'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkColumnDrafts([draft]);
    const fieldErrors = check.errors[draft.key];
    setErrors(fieldErrors);
    const input = check.columns[0];
    if (fieldErrors || !input) return;
    const { name: _name, ...target } = input;
    setFormError(null);
    try {
      if (!checked) {
        const result = await preview.mutateAsync({ columnId: column.id, target });
        setChecked({ target, result });
        return;
      }
      await update.mutateAsync({ columnId: column.id, change: checked.target });
      toast.success(`${column.name} is now ${COLUMN_TYPE_LABELS[checked.target.type]}`);
      onRetyped(column);
      onClose();
    } catch (error) {
      fail(error);
    }
  };

  const busy = preview.isPending || update.isPending;
  const losing = checked?.result.failure_count ?? 0;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Change type of ${column.name}`}
      description={`Now ${COLUMN_TYPE_LABELS[column.type]}. Values that do not convert are emptied; you see how many before anything changes.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={`${typeId}-form`}
            variant={checked && losing > 0 ? 'danger' : 'primary'}
            loading={busy}
          >
            {!checked
              ? 'Preview change'
              : losing > 0
                ? `Change type, empty ${COUNT.format(losing)}`
                : 'Change type'}
          </Button>
        </>
      }
    >
      <form id={`${typeId}-form`} onSubmit={submit} noValidate className="space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <div className="grid gap-3 sm:grid-cols-2 sm:items-start">
          <div className="space-y-1.5">
            <label htmlFor={typeId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
              New type
            </label>
            <select
              id={typeId}
              value={draft.type}
              aria-describedby={checked ? previewId : undefined}
              onChange={(event) => change({ ...draft, type: event.target.value as ColumnType })}
              className={FIELD_CLASSES}
            >
              {RETYPE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {COLUMN_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
          {draft.type === 'currency' && (
            <TextField
              label="Currency code"
              value={draft.currency}
              maxLength={3}
              error={errors?.currency}
              onChange={(event) => change({ ...draft, currency: event.target.value })}
            />
          )}
          {draft.type === 'single_select' && (
            <TextField
              label="Options"
              hint="Separate options with commas"
              value={draft.optionsText}
              error={errors?.options}
              onChange={(event) => change({ ...draft, optionsText: event.target.value })}
            />
          )}
        </div>
        <div id={previewId} aria-live="polite">
          {checked && <PreviewSummary result={checked.result} />}
        </div>
      </form>
    </Modal>
  );
}

function PreviewSummary({ result }: { result: RetypePreview }) {
  const total = result.convertible + result.failure_count;
  if (result.failure_count === 0) {
    return (
      <p className="rounded-lg bg-emerald-50 px-3 py-2 text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
        {total === 0 ? 'The column has no values yet.' : `All ${COUNT.format(total)} values convert.`}
      </p>
    );
  }
  const shown = result.failures.slice(0, SHOWN_FAILURES);
  return (
    <div className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
      <p className="font-medium">
        {COUNT.format(result.failure_count)} of {COUNT.format(total)} values will not convert and will be
        emptied.
      </p>
      <ul aria-label="Values that will not convert" className="space-y-1">
        {shown.map((failure) => (
          <li key={failure.item_id} className="flex flex-wrap gap-x-2">
            <span className="font-mono break-all">{failure.value}</span>
            <span className="text-amber-800/80 dark:text-amber-300/80">{failure.reason}</span>
          </li>
        ))}
      </ul>
      {result.failure_count > shown.length && (
        <p className="text-xs">and {COUNT.format(result.failure_count - shown.length)} more</p>
      )}
    </div>
  );
}
