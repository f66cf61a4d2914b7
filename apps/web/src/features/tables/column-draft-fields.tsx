import type { ColumnType } from '@counterpart/contracts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { IconButton } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/select-field.tsx';
import { FIELD_CLASSES, TextField } from '../../shared/ui/text-field.tsx';
import { COLUMN_TYPE_LABELS, type ColumnDraft, type DraftCheck } from './column-drafts.ts';
import { useAllTables } from './links-api.ts';

/** Types a column can be created with here; a link's records are then linked in the relationships panel. */
const CREATABLE_TYPES: ColumnType[] = [
  'text',
  'number',
  'currency',
  'date',
  'boolean',
  'single_select',
  'link',
];

export interface ColumnDraftFieldsProps {
  draft: ColumnDraft;
  /** Position shown in accessible names ("Column 2 name"). */
  index: number;
  errors?: DraftCheck['errors'][string] | undefined;
  onChange: (draft: ColumnDraft) => void;
  onRemove?: (() => void) | undefined;
}

/** Name, type and the type's settings (options of a single select, currency code) of one column. */
export function ColumnDraftFields({ draft, index, errors, onChange, onRemove }: ColumnDraftFieldsProps) {
  const typeId = useId();
  const label = `Column ${index + 1}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-zinc-200 p-3 sm:grid-cols-[1fr_11rem_1fr_auto] sm:items-start dark:border-zinc-800">
      <legend className="sr-only">{label}</legend>
      <TextField
        label={`${label} name`}
        value={draft.name}
        error={errors?.name}
        onChange={(event) => onChange({ ...draft, name: event.target.value })}
      />
      <div className="space-y-1.5">
        <label htmlFor={typeId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label} type
        </label>
        <select
          id={typeId}
          value={draft.type}
          onChange={(event) => onChange({ ...draft, type: event.target.value as ColumnType })}
          className={FIELD_CLASSES}
        >
          {CREATABLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {COLUMN_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {draft.type === 'single_select' ? (
        <TextField
          label={`${label} options`}
          hint="Separate options with commas"
          value={draft.optionsText}
          error={errors?.options}
          onChange={(event) => onChange({ ...draft, optionsText: event.target.value })}
        />
      ) : draft.type === 'currency' ? (
        <TextField
          label={`${label} currency`}
          value={draft.currency}
          maxLength={3}
          error={errors?.currency}
          onChange={(event) => onChange({ ...draft, currency: event.target.value })}
        />
      ) : draft.type === 'link' ? (
        <LinkTableField
          label={`${label} linked table`}
          value={draft.linkTableId}
          error={errors?.link_table_id}
          onChange={(linkTableId) => onChange({ ...draft, linkTableId })}
        />
      ) : (
        <div className="hidden sm:block" />
      )}
      {onRemove ? (
        <IconButton label={`Remove column ${index + 1}`} onClick={onRemove} className="sm:mt-7">
          <Trash2 aria-hidden="true" />
        </IconButton>
      ) : (
        <div />
      )}
    </fieldset>
  );
}

/** The table a link column points at, chosen among the organization's tables. */
function LinkTableField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error?: string | undefined;
  onChange: (tableId: string) => void;
}) {
  const tables = useAllTables();
  const options = [
    { value: '', label: 'Choose a table' },
    ...(tables.data?.data ?? []).map((table) => ({ value: table.id, label: table.name })),
  ];
  return <SelectField label={label} value={value} options={options} onChange={onChange} error={error} />;
}
