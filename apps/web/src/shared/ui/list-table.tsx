import type { ReactNode } from 'react';
import { classNames } from '../lib/class-names.ts';

export interface ListColumn {
  label: string;
  /** Width, alignment and the breakpoint it shows from, e.g. `hidden text-right sm:table-cell`. */
  className?: string;
  /** Named for screen readers only (e.g. an Actions column). */
  hideLabel?: boolean;
}

export interface ListTableProps {
  columns: ReadonlyArray<ListColumn>;
  /** The rows (`<tr>`), one cell per column. */
  children: ReactNode;
  /** True while a newer page of rows is loading. */
  busy: boolean;
  /** The table's accessible name, where the panel's heading does not say it. */
  label?: string;
}

/** A list page's table: scrolls sideways on narrow screens, small uppercase headers, rows ruled apart. */
export function ListTable({ columns, children, busy, label }: ListTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label} aria-busy={busy}>
        <thead className="text-xs text-zinc-500 uppercase dark:text-zinc-400">
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={classNames('px-4 py-2 font-medium', column.className)}
              >
                {column.hideLabel ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}
