/**
 * The columns a run compares, per side: which one is the amount, the date, the reference(s) and the
 * counterparty. The run dialog proposes them (the last run's of this pair, else the server's proposal
 * from the mapping and the column names) and lets them be changed; the run's results repeat them.
 */
import type { ReconRun, SideFields, TableColumn } from '@counterpart/contracts';
import { FIELD_LABEL, SelectField } from '../../../shared/ui/select-field.tsx';

export interface SideColumns {
  name: string;
  columns: TableColumn[];
}

const AMOUNT_TYPES = new Set<TableColumn['type']>(['currency', 'number']);
const TEXT_TYPES = new Set<TableColumn['type']>(['text', 'single_select']);

function options(columns: TableColumn[], types: ReadonlySet<TableColumn['type']>) {
  return columns.filter((column) => types.has(column.type)).map((c) => ({ value: c.id, label: c.name }));
}

/** The fields to send: the shown choices, with a counterparty of null when "None" is chosen. */
export function chosenFields(fields: SideFields): SideFields {
  return { ...fields, counterparty: fields.counterparty || null };
}

/** One side's choices: amount, date, counterparty (selects) and the reference columns (checkboxes). */
export function SideFieldsForm(props: {
  sideLabel: string;
  table: SideColumns;
  fields: SideFields;
  onChange: (fields: SideFields) => void;
}) {
  const { table, fields, onChange } = props;
  const amounts = options(table.columns, AMOUNT_TYPES);
  const dates = options(table.columns, new Set(['date']));
  const texts = options(table.columns, TEXT_TYPES);
  const references = new Set(fields.reference ?? []);
  const toggleReference = (id: string, on: boolean) => {
    const next = texts.map((o) => o.value).filter((value) => (value === id ? on : references.has(value)));
    onChange({ ...fields, reference: next });
  };
  return (
    <fieldset className="min-w-0 space-y-3 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-50">
        {table.name} <span className="font-normal text-zinc-500 dark:text-zinc-400">({props.sideLabel})</span>
      </legend>
      <SelectField
        label="Amount"
        ariaLabel={`Amount column of ${table.name}`}
        value={fields.amount ?? ''}
        options={amounts}
        onChange={(amount) => onChange({ ...fields, amount })}
      />
      <SelectField
        label="Date"
        ariaLabel={`Date column of ${table.name}`}
        value={fields.date ?? ''}
        options={dates}
        onChange={(date) => onChange({ ...fields, date })}
      />
      <SelectField
        label="Counterparty"
        ariaLabel={`Counterparty column of ${table.name}`}
        value={fields.counterparty ?? ''}
        options={[{ value: '', label: 'None' }, ...texts]}
        onChange={(counterparty) => onChange({ ...fields, counterparty: counterparty || null })}
      />
      <fieldset className="min-w-0 space-y-1.5">
        <legend className={FIELD_LABEL}>Reference columns</legend>
        {texts.length === 0 ? (
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            No text columns: matched on amount and date.
          </p>
        ) : (
          <ul className="max-h-32 space-y-1 overflow-y-auto">
            {texts.map((option) => (
              <li key={option.value}>
                <label className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                  <input
                    type="checkbox"
                    className="size-4 shrink-0 rounded border-zinc-300 accent-[var(--color-primary)] dark:border-zinc-600"
                    checked={references.has(option.value)}
                    onChange={(event) => toggleReference(option.value, event.target.checked)}
                    aria-label={`${option.label} (reference of ${table.name})`}
                  />
                  <span className="truncate">{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
    </fieldset>
  );
}

/** "amount Total · date Invoice Date · reference Invoice No, Customer · counterparty Customer". */
export function describeFields(fields: SideFields, columns: readonly TableColumn[]): string {
  const name = (id: string | null | undefined) => columns.find((column) => column.id === id)?.name ?? null;
  const parts: string[] = [];
  const amount = name(fields.amount);
  const date = name(fields.date);
  const references = (fields.reference ?? []).map(name).filter((n): n is string => n !== null);
  const counterparty = name(fields.counterparty);
  if (amount) parts.push(`amount ${amount}`);
  if (date) parts.push(`date ${date}`);
  parts.push(references.length > 0 ? `reference ${references.join(', ')}` : 'no reference');
  if (counterparty) parts.push(`counterparty ${counterparty}`);
  return parts.join(' · ');
}

/** The columns a run read, per side, as a short list (the run's and the dry run's results). */
export function ComparedColumns(props: { left: SideColumns; right: SideColumns; run: ReconRun }) {
  const { left_fields: leftFields, right_fields: rightFields } = props.run.options;
  return (
    <dl className="space-y-1 text-xs text-zinc-600 dark:text-zinc-300" data-testid="compared-columns">
      {(
        [
          ['left', props.left, leftFields],
          ['right', props.right, rightFields],
        ] as const
      ).map(([side, table, fields]) => (
        <div key={side} className="flex flex-wrap gap-x-1">
          <dt className="font-medium text-zinc-800 dark:text-zinc-100">{table.name}:</dt>
          <dd>{describeFields(fields, table.columns)}</dd>
        </div>
      ))}
    </dl>
  );
}
