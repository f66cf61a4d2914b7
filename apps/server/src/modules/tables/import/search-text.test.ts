import type { TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { searchTextOf } from '../cell-values.ts';
import { importSearchText } from './search-text.ts';

const columns: TableColumn[] = [
  { id: 'a', name: 'Amount', type: 'currency', position: 0, currency: 'KES', decimals: 2 },
  { id: 'b', name: 'Note', type: 'text', position: 1 },
  { id: 'c', name: 'Qty', type: 'number', position: 2 },
  { id: 'd', name: 'Yen', type: 'currency', position: 3, currency: 'JPY', decimals: 0 },
  { id: 'e', name: 'Ok', type: 'boolean', position: 4 },
  { id: 'f', name: 'Day', type: 'date', position: 5 },
];

describe('importSearchText', () => {
  it('matches the tables module search text', () => {
    const rows: Array<Record<string, unknown>> = [
      { a: '-123450', b: 'Salary JANUARY', c: 1.5, d: '-7', e: false, f: '2024-01-05' },
      { a: '5', b: '', d: '0' },
      { a: '-5', c: 0, e: true },
      { a: '100', b: '=SUM(A1)' },
      {},
    ];
    for (const values of rows) expect(importSearchText(columns, values)).toBe(searchTextOf(columns, values));
  });
});
