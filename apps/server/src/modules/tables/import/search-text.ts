import type { TableColumn } from '@counterpart/contracts';
import { columnCurrency } from '../cell-values.ts';

/** `fromMinorUnits` for a canonical minor-units string (as parseCell stores it), without BigInt. */
function minorText(minor: string, decimals: number): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(decimals + 1, '0');
  const body =
    decimals > 0
      ? `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`
      : digits;
  return negative ? `-${body}` : body;
}

/**
 * The same text as the tables module's searchTextOf for the cells an import writes (text, number,
 * currency, date, boolean, single select), built without BigInt: one call per imported row.
 */
export function importSearchText(columns: TableColumn[], values: Record<string, unknown>): string {
  let text = '';
  for (const column of columns) {
    const stored = values[column.id];
    if (stored === null || stored === undefined) continue;
    const cell =
      column.type === 'currency'
        ? minorText(String(stored), columnCurrency(column).decimals)
        : Array.isArray(stored)
          ? stored.join(' ')
          : String(stored);
    if (cell === '') continue;
    text = text === '' ? cell : `${text} ${cell}`;
  }
  return text.toLowerCase();
}
