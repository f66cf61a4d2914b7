import type { TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { parseCell } from '../cell-values.ts';
import { plainNumberCell } from './fast-cells.ts';

const columns: TableColumn[] = [
  { id: 'n', name: 'N', type: 'number', position: 0 },
  { id: 'k', name: 'KES', type: 'currency', position: 1, currency: 'KES', decimals: 2 },
  { id: 'j', name: 'JPY', type: 'currency', position: 2, currency: 'JPY', decimals: 0 },
  { id: 'b', name: 'BHD', type: 'currency', position: 3, currency: 'BHD', decimals: 3 },
];
const samples = [
  '0',
  '-0',
  '7',
  '-7',
  '12.5',
  '0.07',
  '-0.50',
  '007.10',
  '1234.567',
  '0.125',
  '999999999999999',
  '123456789012345.123456',
  '-0.000',
  '1e3',
  '1,234.50',
  '(5)',
  '5-',
  ' 5',
  '.5',
  '5.',
  'KES 5',
];

describe('plainNumberCell', () => {
  it('gives what parseCell gives, or leaves the value to it', () => {
    for (const column of columns) {
      for (const raw of samples) {
        const fast = plainNumberCell(column, raw);
        if (fast === undefined) continue;
        expect({ column: column.name, raw, value: fast }).toEqual({
          column: column.name,
          raw,
          value: (parseCell(column, raw) as { value: unknown }).value,
        });
      }
    }
  });

  it('handles the plain forms itself and leaves the others', () => {
    const kes = columns[1] as TableColumn;
    expect(plainNumberCell(kes, '-0.50')).toBe('-50');
    expect(plainNumberCell(kes, '0.125')).toBeUndefined();
    expect(plainNumberCell(kes, '1,234.50')).toBeUndefined();
    expect(plainNumberCell(columns[0] as TableColumn, '12.5')).toBe(12.5);
  });
});
