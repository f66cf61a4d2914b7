import type { AssociationMapping, AssociationPair, DataTable } from '@counterpart/contracts';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { formErrorsOf } from '../../shared/lib/field-errors.ts';
import { HttpError } from '../../shared/lib/http.ts';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { FIELD_CLASSES, TextField } from '../../shared/ui/text-field.tsx';
import { useAllTables, useSaveMapping } from './links-api.ts';
import { useTable } from './tables-api.ts';

export interface MappingDialogProps {
  /** The table whose page this is: the left side of a new mapping. */
  table: DataTable;
  /** The mapping to edit; absent: a new one. */
  mapping?: AssociationMapping | undefined;
  onClose: () => void;
}

/** Create or edit an association mapping: a name, the other table, and pairs of columns. */
export function MappingDialog({ table, mapping, onClose }: MappingDialogProps) {
  const tables = useAllTables();
  const save = useSaveMapping();
  const [name, setName] = useState(mapping?.name ?? '');
  const leftId = mapping?.left_table_id ?? table.id;
  const [rightId, setRightId] = useState(mapping?.right_table_id ?? '');
  // Each pair row keeps a key of its own, so removing one leaves the others' selects in place.
  const [rows, setRows] = useState<Array<AssociationPair & { key: number }>>(() =>
    (mapping?.pairs ?? [{ left_column_id: '', right_column_id: '' }]).map((pair, key) => ({ ...pair, key })),
  );
  const pairs: AssociationPair[] = rows.map(({ left_column_id, right_column_id }) => ({
    left_column_id,
    right_column_id,
  }));
  const setPairs = (change: (current: Array<AssociationPair & { key: number }>) => typeof rows) =>
    setRows(change);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form: string | null }>({
    fields: {},
    form: null,
  });
  const left = useTable(leftId);
  const right = useTable(rightId);
  const others = (tables.data?.data ?? []).filter((t) => t.id !== leftId);
  const sorted = (t: DataTable | undefined) =>
    [...(t?.columns ?? [])].sort((a, b) => a.position - b.position);

  const setPair = (index: number, change: Partial<AssociationPair>) =>
    setPairs((current) => current.map((pair, i) => (i === index ? { ...pair, ...change } : pair)));

  const submit = async () => {
    try {
      await save.mutateAsync({
        id: mapping?.id,
        input: { name, left_table_id: leftId, right_table_id: rightId, pairs },
      });
      onClose();
    } catch (error) {
      // Keep the API's full field paths (pairs[1].left_column_id) to show each pair's error by it.
      const details =
        error instanceof HttpError ? (error.data as { details?: unknown } | null)?.details : null;
      const fields =
        details && typeof details === 'object'
          ? (details as Record<string, string>)
          : formErrorsOf(error).fields;
      setErrors({ fields, form: Object.keys(fields).length > 0 ? null : formErrorsOf(error).form });
    }
  };
  const pairError = (index: number) =>
    errors.fields[`pairs[${index}]`] ??
    Object.entries(errors.fields).find(([key]) => key.startsWith(`pairs[${index}]`))?.[1];

  return (
    <Modal
      open
      onClose={onClose}
      size="normal"
      title={mapping ? `Edit ${mapping.name}` : 'New association mapping'}
      description="Pair the columns that identify the same transaction in both tables (e.g. reference ↔ invoice_no)."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={save.isPending} onClick={() => void submit()}>
            Save mapping
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {errors.form && <ErrorAlert>{errors.form}</ErrorAlert>}
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.fields.name}
          data-autofocus
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <p className="text-sm">
            <span className="block font-medium">Left table</span>
            {left.data?.name ?? '…'}
          </p>
          <label className="block text-sm">
            <span className="mb-1 block font-medium">Other table</span>
            <select
              className={FIELD_CLASSES}
              value={rightId}
              onChange={(event) => {
                setRightId(event.target.value);
                setPairs((current) => current.map((pair) => ({ ...pair, right_column_id: '' })));
              }}
              aria-invalid={Boolean(errors.fields.right_table_id)}
            >
              <option value="">Choose a table</option>
              {others.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
            {errors.fields.right_table_id && (
              <span className="mt-1 block text-xs text-red-600 dark:text-red-400">
                {errors.fields.right_table_id}
              </span>
            )}
          </label>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Column pairs</legend>
          {rows.map((pair, index) => (
            <div key={pair.key} className="space-y-1">
              <div className="flex items-center gap-2">
                <select
                  aria-label={`Pair ${index + 1}: ${left.data?.name ?? 'left'} column`}
                  className={FIELD_CLASSES}
                  value={pair.left_column_id}
                  onChange={(event) => setPair(index, { left_column_id: event.target.value })}
                >
                  <option value="">Column</option>
                  {sorted(left.data).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <span aria-hidden="true">↔</span>
                <select
                  aria-label={`Pair ${index + 1}: ${right.data?.name ?? 'other'} column`}
                  className={FIELD_CLASSES}
                  value={pair.right_column_id}
                  disabled={!rightId}
                  onChange={(event) => setPair(index, { right_column_id: event.target.value })}
                >
                  <option value="">Column</option>
                  {sorted(right.data).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
                <IconButton
                  label={`Remove pair ${index + 1}`}
                  disabled={rows.length === 1}
                  onClick={() => setPairs((current) => current.filter((_, i) => i !== index))}
                >
                  <X />
                </IconButton>
              </div>
              {pairError(index) && (
                <p className="text-xs text-red-600 dark:text-red-400">{pairError(index)}</p>
              )}
            </div>
          ))}
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              setPairs((current) => [
                ...current,
                {
                  left_column_id: '',
                  right_column_id: '',
                  key: Math.max(-1, ...current.map((r) => r.key)) + 1,
                },
              ])
            }
          >
            <Plus aria-hidden="true" /> Add pair
          </Button>
        </fieldset>
      </form>
    </Modal>
  );
}
