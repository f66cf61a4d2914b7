import { LABEL_COLUMN_TYPES, LABEL_TYPES, type LabelColumn, type LabelType } from '@counterpart/contracts';
import { ListPlus, Plus, Trash2 } from 'lucide-react';
import { Button, IconButton } from '../../shared/ui/button.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';
import { keyFromName, LABEL_TYPE_LABELS } from './model-display.ts';

/** A label as edited: `id` once saved; the key follows the name until the user edits it. */
export interface LabelDraft {
  id?: string;
  key: string;
  name: string;
  type: LabelType;
  required: boolean;
  columns: LabelColumn[];
  keyEdited?: boolean;
}

/** The fields most invoices carry: offered as a start. */
export const INVOICE_LABELS: LabelDraft[] = [
  { key: 'invoice_number', name: 'Invoice number', type: 'text', required: true, columns: [] },
  { key: 'invoice_date', name: 'Invoice date', type: 'date', required: true, columns: [] },
  { key: 'due_date', name: 'Due date', type: 'date', required: false, columns: [] },
  { key: 'vendor_name', name: 'Vendor name', type: 'text', required: false, columns: [] },
  { key: 'vendor_kra_pin', name: 'Vendor KRA PIN', type: 'text', required: false, columns: [] },
  { key: 'subtotal', name: 'Subtotal', type: 'amount', required: false, columns: [] },
  { key: 'vat', name: 'VAT', type: 'amount', required: false, columns: [] },
  { key: 'total', name: 'Total', type: 'amount', required: true, columns: [] },
  {
    key: 'line_items',
    name: 'Line items',
    type: 'table',
    required: false,
    columns: [
      { key: 'description', name: 'Description', type: 'text' },
      { key: 'quantity', name: 'Quantity', type: 'number' },
      { key: 'unit_price', name: 'Unit price', type: 'amount' },
      { key: 'amount', name: 'Amount', type: 'amount' },
    ],
  },
];

/** What is wrong with the labels, by row (empty when they can be saved). */
export function labelProblems(labels: LabelDraft[]): Map<number, string> {
  const problems = new Map<number, string>();
  const seen = new Set<string>();
  labels.forEach((label, index) => {
    if (!label.name.trim()) problems.set(index, 'Give the label a name');
    else if (!/^[a-z][a-z0-9_]{0,62}$/.test(label.key))
      problems.set(index, 'The key uses lower-case letters, digits and _, starting with a letter');
    else if (seen.has(label.key)) problems.set(index, `Another label already has the key ${label.key}`);
    else if (label.type === 'table' && label.columns.length === 0)
      problems.set(index, 'A line-items label needs at least one column');
    else if (label.type === 'table' && label.columns.some((c) => !c.name.trim() || !c.key))
      problems.set(index, 'Every column needs a name');
    seen.add(label.key);
  });
  return problems;
}

export interface LabelsEditorProps {
  labels: LabelDraft[];
  onChange: (labels: LabelDraft[]) => void;
  disabled?: boolean;
}

/** The fields a model extracts: name, key, type, required; line-items labels with their columns. */
export function LabelsEditor({ labels, onChange, disabled }: LabelsEditorProps) {
  const problems = labelProblems(labels);
  const set = (index: number, patch: Partial<LabelDraft>) =>
    onChange(labels.map((label, i) => (i === index ? { ...label, ...patch } : label)));
  const missingPresets = INVOICE_LABELS.filter((preset) => !labels.some((l) => l.key === preset.key));

  return (
    <div className="space-y-3">
      {labels.length === 0 && (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">
          No labels yet. A label is a field the model reads, such as the invoice number or the total.
        </p>
      )}
      <ol className="space-y-3">
        {labels.map((label, index) => {
          const problem = problems.get(index);
          const n = index + 1;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
              key={index}
              className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700"
            >
              <div className="grid grid-cols-1 gap-2 sm:grid-cols-[2fr_1.5fr_1.3fr_auto_auto] sm:items-end">
                <label className="space-y-1 text-sm">
                  <span className="font-medium">Name</span>
                  <input
                    className={FIELD_CLASSES}
                    value={label.name}
                    disabled={disabled}
                    aria-label={`Label ${n} name`}
                    aria-invalid={problem ? true : undefined}
                    onChange={(event) =>
                      set(index, {
                        name: event.target.value,
                        ...(label.keyEdited || label.id ? {} : { key: keyFromName(event.target.value) }),
                      })
                    }
                  />
                </label>
                <label className="space-y-1 text-sm">
                  <span className="font-medium">Key</span>
                  <input
                    className={`${FIELD_CLASSES} font-mono`}
                    value={label.key}
                    disabled={disabled}
                    aria-label={`Label ${n} key`}
                    onChange={(event) => set(index, { key: event.target.value.trim(), keyEdited: true })}
                  />
                </label>
                <label className="space-y-1 text-sm">
                  <span className="font-medium">Type</span>
                  <select
                    className={FIELD_CLASSES}
                    value={label.type}
                    disabled={disabled}
                    aria-label={`Label ${n} type`}
                    onChange={(event) => {
                      const type = event.target.value as LabelType;
                      set(index, {
                        type,
                        columns:
                          type === 'table' && label.columns.length === 0
                            ? [{ key: 'description', name: 'Description', type: 'text' }]
                            : label.columns,
                      });
                    }}
                  >
                    {LABEL_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {LABEL_TYPE_LABELS[t]}
                      </option>
                    ))}
                  </select>
                </label>
                <label className="flex items-center gap-2 pb-2 text-sm">
                  <input
                    type="checkbox"
                    checked={label.required}
                    disabled={disabled}
                    onChange={(event) => set(index, { required: event.target.checked })}
                  />
                  Required
                </label>
                <IconButton
                  label={`Remove label ${label.name || n}`}
                  disabled={disabled}
                  onClick={() => onChange(labels.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </IconButton>
              </div>
              {label.type === 'table' && (
                <ColumnsEditor
                  labelName={label.name || `label ${n}`}
                  columns={label.columns}
                  disabled={disabled}
                  onChange={(columns) => set(index, { columns })}
                />
              )}
              {problem && (
                <p role="alert" className="mt-2 text-xs font-medium text-red-600 dark:text-red-400">
                  {problem}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={disabled}
          onClick={() =>
            onChange([...labels, { key: '', name: '', type: 'text', required: false, columns: [] }])
          }
        >
          <Plus aria-hidden="true" />
          Add label
        </Button>
        {missingPresets.length > 0 && (
          <Button
            variant="ghost"
            disabled={disabled}
            onClick={() => onChange([...labels, ...missingPresets])}
          >
            <ListPlus aria-hidden="true" />
            Add the usual invoice fields
          </Button>
        )}
      </div>
    </div>
  );
}

function ColumnsEditor({
  labelName,
  columns,
  onChange,
  disabled,
}: {
  labelName: string;
  columns: LabelColumn[];
  onChange: (columns: LabelColumn[]) => void;
  disabled?: boolean | undefined;
}) {
  const set = (index: number, patch: Partial<LabelColumn>) =>
    onChange(columns.map((column, i) => (i === index ? { ...column, ...patch } : column)));
  return (
    <fieldset className="mt-3 space-y-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700">
      <legend className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        Columns of {labelName}
      </legend>
      {columns.map((column, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
          key={index}
          className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[2fr_1.3fr_auto]"
        >
          <input
            className={FIELD_CLASSES}
            value={column.name}
            disabled={disabled}
            aria-label={`${labelName} column ${index + 1} name`}
            onChange={(event) =>
              set(index, { name: event.target.value, key: keyFromName(event.target.value) })
            }
          />
          <select
            className={`${FIELD_CLASSES} col-start-1 sm:col-start-auto`}
            value={column.type}
            disabled={disabled}
            aria-label={`${labelName} column ${index + 1} type`}
            onChange={(event) => set(index, { type: event.target.value as LabelColumn['type'] })}
          >
            {LABEL_COLUMN_TYPES.map((t) => (
              <option key={t} value={t}>
                {LABEL_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
          <IconButton
            label={`Remove column ${column.name || index + 1} of ${labelName}`}
            disabled={disabled}
            className="row-start-1 sm:row-start-auto col-start-2 sm:col-start-auto"
            onClick={() => onChange(columns.filter((_, i) => i !== index))}
          >
            <Trash2 aria-hidden="true" />
          </IconButton>
        </div>
      ))}
      <Button
        variant="ghost"
        size="sm"
        disabled={disabled}
        onClick={() => onChange([...columns, { key: '', name: '', type: 'text' }])}
      >
        <Plus aria-hidden="true" />
        Add column
      </Button>
    </fieldset>
  );
}
