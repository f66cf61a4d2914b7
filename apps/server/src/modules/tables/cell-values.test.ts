import type { TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { cellText, cellToWire, parseCell, searchTextOf } from './cell-values.ts';

const column = (type: TableColumn['type'], extra: Partial<TableColumn> = {}): TableColumn => ({
  id: 'c000000000001',
  name: 'Amount',
  type,
  position: 0,
  ...extra,
});
const currency = column('currency', { currency: 'KES', decimals: 2 });
const value = (col: TableColumn, input: unknown) => {
  const result = parseCell(col, input);
  return result.ok ? result.value : `error: ${result.error}`;
};

describe('currency cells', () => {
  it('cleans the spec §5 forms into exact minor units', () => {
    expect(value(currency, '(1,234.50)')).toBe('-123450');
    expect(value(currency, '1 234.50-')).toBe('-123450');
    expect(value(currency, '$12')).toBe('1200');
    expect(value(currency, 'KES 1,200')).toBe('120000');
    expect(value(currency, 1234.5)).toBe('123450');
    expect(value(currency, { minor_units: '99' })).toBe('99');
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(value(currency, '12345678901234567.89')).toBe('1234567890123456789');
    expect(cellText(currency, '1234567890123456789')).toBe('12345678901234567.89');
  });

  it('refuses text that is not an amount and a code other than the column’s', () => {
    expect(value(currency, 'twelve')).toMatch(/is not an amount/);
    expect(value(currency, 'USD 12')).toMatch(/USD does not match the column's currency KES/);
  });

  it('answers minor units with the column’s code', () => {
    expect(cellToWire(currency, '-123450')).toEqual({ minor_units: '-123450', currency: 'KES' });
  });
});

describe('other cell types', () => {
  it('validates calendar dates as yyyy-mm-dd', () => {
    expect(value(column('date'), '2024-02-29')).toBe('2024-02-29');
    expect(value(column('date'), '2023-02-29')).toMatch(/not a calendar date/);
    expect(value(column('date'), '29/02/2024')).toMatch(/yyyy-mm-dd/);
  });

  it('reads numbers, booleans and select options', () => {
    expect(value(column('number'), '1,000.5')).toBe(1000.5);
    expect(value(column('number'), 'abc')).toMatch(/not a number/);
    expect(value(column('boolean'), 'Yes')).toBe(true);
    expect(value(column('boolean'), 'maybe')).toMatch(/true or false/);
    const status = column('single_select', { options: ['Matched', 'Unmatched'] });
    expect(value(status, 'matched')).toBe('Matched');
    expect(value(status, 'Lost')).toBe('error: Must be one of: Matched, Unmatched');
  });

  it('stores links as unique ids and empty input as null', () => {
    const id = '0b6f1c1e-2f4a-4c8e-9d7a-1a2b3c4d5e6f';
    expect(value(column('link'), [id, id.toUpperCase()])).toEqual([id]);
    expect(value(column('link'), ['nope'])).toMatch(/record ids/);
    expect(value(column('text'), '  ')).toBeNull();
    expect(value(column('number'), null)).toBeNull();
  });

  it('builds lower-cased search text from every cell', () => {
    const text = column('text', { id: 'c000000000002', name: 'Ref' });
    expect(searchTextOf([currency, text], { c000000000001: '120000', c000000000002: 'INV-9' })).toBe(
      '1200.00 inv-9',
    );
  });
});
