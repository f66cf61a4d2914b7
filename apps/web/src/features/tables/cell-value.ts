import type { CellValue, TableColumn } from '@counterpart/contracts';
import { formatMinorCurrency, statusBadgeTone } from '@counterpart/domain';

const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 10 });

function isCurrencyCell(value: CellValue): value is { minor_units: string; currency: string } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Exact major-unit text of integer minor units ("-123450", 2 → "-1234.50"), without binary floats. */
export function minorToMajorText(minorUnits: string, decimals = 2): string {
  const minor = BigInt(minorUnits);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** The text a cell shows: currency formatted en-US with its code, numbers grouped, booleans Yes/No. */
export function formatCell(column: TableColumn, value: CellValue | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (isCurrencyCell(value)) {
    return formatMinorCurrency(BigInt(value.minor_units), value.currency, column.decimals ?? 2);
  }
  if (Array.isArray(value)) return value.length === 1 ? '1 linked record' : `${value.length} linked records`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return NUMBER_FORMAT.format(value);
  return value;
}

/** The text an editor starts with: currency in exact major units ("1234.50"), booleans true/false. */
export function editTextOf(column: TableColumn, value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (isCurrencyCell(value)) return minorToMajorText(value.minor_units, column.decimals ?? 2);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * The value sent for an edited cell: empty text clears it; numbers, currency and dates go as typed
 * (the server cleans currency per spec §5 and answers field errors); booleans as booleans.
 */
export function inputValueOf(column: TableColumn, text: string): unknown {
  const trimmed = text.trim();
  if (column.type === 'text') return text === '' ? null : text;
  if (trimmed === '') return null;
  if (column.type === 'boolean') return trimmed === 'true';
  if (column.type === 'link') return trimmed.split(/\s*,\s*/).filter(Boolean);
  return trimmed;
}

/** A single-select value shown as a status badge: the column is named like a status, or the value has a tone. */
export function isStatusCell(column: TableColumn, value: CellValue | undefined): value is string {
  if (column.type !== 'single_select' || typeof value !== 'string' || value === '') return false;
  return /status/i.test(column.name) || statusBadgeTone(value) !== 'neutral';
}

/** Cells whose text reads right-aligned (figures). */
export function isFigureColumn(column: TableColumn): boolean {
  return column.type === 'number' || column.type === 'currency';
}

/** The input that puts a cell back as it was (undo): currency as exact minor units, the rest as stored. */
export function restoreValueOf(value: CellValue | undefined): unknown {
  if (value === undefined) return null;
  if (isCurrencyCell(value)) return { minor_units: value.minor_units };
  return value;
}
