import type { ReconDashboard } from '@counterpart/contracts';
import { useId } from 'react';
import { classNames } from '../../../shared/lib/class-names.ts';
import { FIELD_CLASSES } from '../../../shared/ui/text-field.tsx';

const FIELD = classNames(FIELD_CLASSES, 'py-1.5 sm:w-auto');

export interface RangeFilterProps {
  from: string;
  to: string;
  tableId: string;
  tables: ReconDashboard['tables'];
  /** A changed query value (kept in the URL by the page); '' removes it. */
  onChange: (key: 'from' | 'to' | 'table_id', value: string) => void;
}

/** The dashboard's filters: item dates from–to and one table; each change goes to the URL at once. */
export function RangeFilter({ from, to, tableId, tables, onChange }: RangeFilterProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <legend className="sr-only">Filter the dashboard</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-from`} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to}
          onChange={(e) => onChange('from', e.target.value)}
          className={FIELD}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-to`} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from}
          onChange={(e) => onChange('to', e.target.value)}
          className={FIELD}
        />
      </div>
      {tables.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-table`} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
            Table
          </label>
          <select
            id={`${id}-table`}
            value={tableId}
            onChange={(e) => onChange('table_id', e.target.value)}
            className={FIELD}
          >
            <option value="">All reconciled tables</option>
            {tables.map((table) => (
              <option key={table.id} value={table.id}>
                {table.name}
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}
