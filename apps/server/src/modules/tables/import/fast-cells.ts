import type { TableColumn } from '@counterpart/contracts';
import { columnCurrency, type StoredCell } from '../cell-values.ts';

const PLAIN = /^(-?)(\d{1,15})(?:\.(\d{1,6}))?$/;

/**
 * The stored form of a plain decimal ("1234.5", "-12", "0.07") in a number or currency column,
 * computed without the general cleaning — the same value parseCell gives (a test holds them
 * together) — or undefined when the text is not that plain and must go through parseCell.
 */
export function plainNumberCell(column: TableColumn, raw: string): StoredCell | undefined {
  if (column.type !== 'number' && column.type !== 'currency') return undefined;
  const match = PLAIN.exec(raw);
  if (!match) return undefined;
  if (column.type === 'number') return Number(raw) + 0;
  const fraction = match[3] ?? '';
  const { decimals } = columnCurrency(column);
  if (fraction.length > decimals) return undefined;
  const digits = `${match[2]}${fraction.padEnd(decimals, '0')}`.replace(/^0+/, '');
  if (digits === '') return '0';
  return `${match[1]}${digits}`;
}
