import {
  type ColumnType,
  IMPORT_DATE_FORMATS,
  type ImportDateFormat,
  type ImportDecimalSeparator,
  type TableColumn,
} from '@counterpart/contracts';
import { useId } from 'react';
import { FIELD_CLASSES, TextField } from '../../../shared/ui/text-field.tsx';
import { COLUMN_TYPE_LABELS } from '../column-drafts.ts';
import type { MappingAction, MappingErrors, MappingRow } from './mapping-state.ts';

/** Types a new column can get from an import (links are made in the relationships panel). */
const IMPORT_TYPES: ColumnType[] = ['text', 'number', 'currency', 'date', 'boolean'];

const SEPARATOR_LABELS: Record<ImportDecimalSeparator, string> = {
  '.': 'Point: 1,234.56',
  ',': 'Comma: 1.234,56',
};

const SKIP = 'skip';
const NEW = 'new';
const COLUMN_PREFIX = 'column:';

function targetValue(row: MappingRow): string {
  if (row.target === 'existing') return `${COLUMN_PREFIX}${row.columnId}`;
  return row.target;
}

export interface MappingRowFieldsProps {
  row: MappingRow;
  /** How the controls name this source column ("Amount", or "Amount (column 4)" when headers repeat). */
  label: string;
  /** Example values from the file. */
  examples: string[];
  /** The existing table's columns; null for a new table. */
  tableColumns: TableColumn[] | null;
  errors?: MappingErrors['rows'][number] | undefined;
  dispatch: (action: MappingAction) => void;
}

/** Where one source column goes: a new column (name, type, currency, date layout), an existing one, or skip. */
export function MappingRowFields({
  row,
  label,
  examples,
  tableColumns,
  errors,
  dispatch,
}: MappingRowFieldsProps) {
  const targetId = useId();
  const typeId = useId();
  const dateId = useId();
  const separatorId = useId();
  const targetErrorId = useId();
  const existing = tableColumns?.find((column) => column.id === row.columnId);
  const isDate = row.target === 'new' ? row.type === 'date' : existing?.type === 'date';
  const isCurrency = row.target === 'new' ? row.type === 'currency' : existing?.type === 'currency';
  const separator = row.decimalSeparator;
  const labelClass = 'block text-sm font-medium text-zinc-800 dark:text-zinc-200';

  const chooseTarget = (value: string) => {
    if (value === SKIP || value === NEW) dispatch({ type: 'target', source: row.source, target: value });
    else
      dispatch({
        type: 'target',
        source: row.source,
        target: 'existing',
        columnId: value.slice(COLUMN_PREFIX.length),
      });
  };

  return (
    <fieldset className="grid min-w-0 grid-cols-2 gap-3 rounded-lg border border-zinc-200 p-3 lg:grid-cols-[minmax(0,13rem)_12rem_minmax(0,1fr)_10rem_11rem] lg:items-start dark:border-zinc-800">
      <legend className="sr-only">Source column {label}</legend>
      <div className="col-span-2 min-w-0 lg:col-span-1">
        <p className="truncate text-sm font-semibold text-zinc-900 dark:text-zinc-100" title={row.header}>
          {row.header}
        </p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400" title={examples.join(', ')}>
          {examples.length > 0 ? `e.g. ${examples.join(', ')}` : 'No values in the first rows'}
        </p>
        {row.note && <p className="text-xs text-zinc-600 dark:text-zinc-300">{row.note}</p>}
      </div>
      <div className="col-span-2 space-y-1.5 sm:col-span-1">
        <label htmlFor={targetId} className={labelClass}>
          Import {label} as
        </label>
        <select
          id={targetId}
          className={FIELD_CLASSES}
          value={targetValue(row)}
          aria-invalid={errors?.column ? true : undefined}
          aria-describedby={errors?.column ? targetErrorId : undefined}
          onChange={(event) => chooseTarget(event.target.value)}
        >
          <option value={NEW}>New column</option>
          {row.target === 'existing' && !row.columnId && (
            <option value={COLUMN_PREFIX}>Choose a column…</option>
          )}
          {tableColumns?.map((column) => (
            <option key={column.id} value={`${COLUMN_PREFIX}${column.id}`}>
              {column.name} ({COLUMN_TYPE_LABELS[column.type]})
            </option>
          ))}
          <option value={SKIP}>Skip</option>
        </select>
        {errors?.column && (
          <p id={targetErrorId} role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.column}
          </p>
        )}
      </div>
      {row.target === 'new' && (
        <>
          <TextField
            className="col-span-2 sm:col-span-1"
            label={`${label} column name`}
            value={row.name}
            maxLength={100}
            error={errors?.name}
            onChange={(event) => dispatch({ type: 'name', source: row.source, name: event.target.value })}
          />
          <div className="min-w-0 space-y-1.5">
            <label htmlFor={typeId} className={labelClass}>
              {label} type
            </label>
            <select
              id={typeId}
              className={FIELD_CLASSES}
              value={row.type}
              onChange={(event) =>
                dispatch({
                  type: 'column-type',
                  source: row.source,
                  columnType: event.target.value as ColumnType,
                })
              }
            >
              {(IMPORT_TYPES.includes(row.type) ? IMPORT_TYPES : [...IMPORT_TYPES, row.type]).map((type) => (
                <option key={type} value={type}>
                  {COLUMN_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      {row.target === 'new' && row.type === 'currency' && (
        <TextField
          className="min-w-0"
          label={`${label} currency`}
          value={row.currency}
          maxLength={3}
          error={errors?.currency}
          onChange={(event) =>
            dispatch({ type: 'currency', source: row.source, currency: event.target.value })
          }
        />
      )}
      {isCurrency && row.target !== 'skip' && separator && (
        <div className="col-span-2 min-w-0 space-y-1.5 sm:col-span-1">
          <label htmlFor={separatorId} className={labelClass}>
            Decimal separator of {label}
          </label>
          <select
            id={separatorId}
            className={FIELD_CLASSES}
            value={separator}
            onChange={(event) =>
              dispatch({
                type: 'decimal-separator',
                source: row.source,
                separator: event.target.value as ImportDecimalSeparator,
              })
            }
          >
            {(['.', ','] as const).map((option) => (
              <option key={option} value={option}>
                {SEPARATOR_LABELS[option]}
              </option>
            ))}
          </select>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {row.detectedSeparator
              ? `Detected: ${row.detectedSeparator === ',' ? 'decimal comma' : 'decimal point'}`
              : 'Not detected: the values read both ways'}
          </p>
        </div>
      )}
      {isDate && (
        <div className="min-w-0 space-y-1.5 lg:max-w-56">
          <label htmlFor={dateId} className={labelClass}>
            Date layout of {label}
          </label>
          <select
            id={dateId}
            className={FIELD_CLASSES}
            value={row.dateFormat ?? ''}
            onChange={(event) =>
              dispatch({
                type: 'date-format',
                source: row.source,
                dateFormat: (event.target.value || null) as ImportDateFormat | null,
              })
            }
          >
            <option value="">Detect</option>
            {IMPORT_DATE_FORMATS.map((format) => (
              <option key={format} value={format}>
                {format}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
