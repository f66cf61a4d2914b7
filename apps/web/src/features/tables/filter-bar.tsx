import type { FilterOperator, ItemFilter, TableColumn } from '@counterpart/contracts';
import { X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { FIELD_CLASSES } from '../../shared/ui/text-field.tsx';
import {
  buildFilter,
  describeFilter,
  OPERATOR_LABELS,
  operatorsFor,
  RECON_STATUS_COLUMN,
  RECON_STATUSES,
  reconStatusFilter,
} from './item-filters.ts';

export interface FilterBarProps {
  columns: TableColumn[];
  filters: ItemFilter[];
  onChange: (filters: ItemFilter[]) => void;
  /** A column menu's "Filter…": each new `seq` sets the column, its first condition, and focuses the condition. */
  preset?: FilterPreset | null | undefined;
}

export interface FilterPreset {
  columnId: string;
  seq: number;
}

const SMALL_FIELD = classNames(FIELD_CLASSES, 'py-1.5 sm:w-auto');

/** Builds the grid's filters (column, operator, value or bounds) and lists them as removable chips. */
export function FilterBar({ columns, filters, onChange, preset }: FilterBarProps) {
  const id = useId();
  const [columnId, setColumnId] = useState(columns[0]?.id ?? '');
  const byStatus = columnId === RECON_STATUS_COLUMN;
  const column = columns.find((candidate) => candidate.id === columnId) ?? columns[0];
  const operators: FilterOperator[] = byStatus ? ['status'] : column ? operatorsFor(column.type) : [];
  const [chosenOp, setOp] = useState<FilterOperator>('contains');
  const op = operators.includes(chosenOp) ? chosenOp : (operators[0] ?? 'is_empty');
  const [value, setValue] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [statuses, setStatuses] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const opRef = useRef<HTMLSelectElement>(null);
  const presetSeq = preset?.seq;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per request (its seq), with the columns of that moment.
  useEffect(() => {
    if (presetSeq === undefined || !preset) return;
    const target = columns.find((candidate) => candidate.id === preset.columnId);
    if (!target) return;
    setColumnId(target.id);
    setOp(operatorsFor(target.type)[0] ?? 'is_empty');
    setError(null);
    opRef.current?.scrollIntoView?.({ block: 'nearest' });
    opRef.current?.focus();
  }, [presetSeq]);
  if (!column) return null;

  const inputType = column.type === 'date' ? 'date' : 'text';
  const add = (event: FormEvent) => {
    event.preventDefault();
    const filter = byStatus
      ? (reconStatusFilter(statuses) ?? 'Choose at least one status')
      : buildFilter(column, { op, value, from, to });
    if (typeof filter === 'string') {
      setError(filter);
      return;
    }
    setError(null);
    setValue('');
    setFrom('');
    setTo('');
    setStatuses([]);
    if (!filters.some((other) => JSON.stringify(other) === JSON.stringify(filter)))
      onChange([...filters, filter]);
  };

  return (
    <div className="space-y-2">
      <form
        onSubmit={add}
        aria-label="Add a filter"
        className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center"
      >
        <label htmlFor={`${id}-column`} className="sr-only">
          Filter column
        </label>
        <select
          id={`${id}-column`}
          value={byStatus ? RECON_STATUS_COLUMN : column.id}
          onChange={(e) => setColumnId(e.target.value)}
          className={SMALL_FIELD}
        >
          {columns.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
          <option value={RECON_STATUS_COLUMN}>Status (reconciliation)</option>
        </select>
        <label htmlFor={`${id}-op`} className="sr-only">
          Filter condition
        </label>
        <select
          ref={opRef}
          id={`${id}-op`}
          value={op}
          onChange={(e) => setOp(e.target.value as FilterOperator)}
          className={SMALL_FIELD}
        >
          {operators.map((operator) => (
            <option key={operator} value={operator}>
              {OPERATOR_LABELS[operator]}
            </option>
          ))}
        </select>
        {byStatus ? (
          <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <legend className="sr-only">Statuses</legend>
            {RECON_STATUSES.map((status) => (
              <label
                key={status}
                className="inline-flex items-center gap-1.5 text-sm text-zinc-700 dark:text-zinc-200"
              >
                <input
                  type="checkbox"
                  checked={statuses.includes(status)}
                  onChange={(e) =>
                    setStatuses((current) =>
                      e.target.checked ? [...current, status] : current.filter((other) => other !== status),
                    )
                  }
                  className="size-4 accent-[var(--color-primary)]"
                />
                {status}
              </label>
            ))}
          </fieldset>
        ) : op === 'between' ? (
          <>
            <input
              aria-label="From"
              type={inputType}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              className={SMALL_FIELD}
            />
            <input
              aria-label="To"
              type={inputType}
              value={to}
              onChange={(e) => setTo(e.target.value)}
              className={SMALL_FIELD}
            />
          </>
        ) : op === 'is_empty' || op === 'is_not_empty' ? null : column.type === 'boolean' ? (
          <select
            aria-label="Filter value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={SMALL_FIELD}
          >
            <option value="">—</option>
            <option value="true">Yes</option>
            <option value="false">No</option>
          </select>
        ) : (
          <input
            aria-label="Filter value"
            type={inputType}
            placeholder={op === 'status' ? 'Values, comma-separated' : 'Value'}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            className={SMALL_FIELD}
          />
        )}
        <Button type="submit" variant="secondary" size="sm">
          Apply filter
        </Button>
        {error && <ErrorAlert>{error}</ErrorAlert>}
      </form>
      {filters.length > 0 && (
        <ul aria-label="Active filters" className="flex flex-wrap gap-1.5">
          {filters.map((filter, index) => {
            const text = describeFilter(
              columns.find((candidate) => candidate.id === filter.column_id),
              filter,
            );
            return (
              <li
                key={JSON.stringify(filter)}
                className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-xs font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200"
              >
                {text}
                <button
                  type="button"
                  aria-label={`Remove filter ${text}`}
                  onClick={() => onChange(filters.filter((_, other) => other !== index))}
                  className="rounded-full p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:hover:bg-zinc-700 dark:hover:text-white"
                >
                  <X aria-hidden="true" className="size-3" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
