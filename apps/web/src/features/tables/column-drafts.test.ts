import { describe, expect, it } from 'vitest';
import { type ColumnDraft, checkColumnDrafts } from './column-drafts.ts';

function draft(key: string, fields: Partial<ColumnDraft>): ColumnDraft {
  return { key, name: '', type: 'text', optionsText: '', currency: 'KES', linkTableId: '', ...fields };
}

describe('checkColumnDrafts', () => {
  it('sends typed columns with select options and an upper-case currency code', () => {
    const check = checkColumnDrafts([
      draft('a', { name: ' Reference ' }),
      draft('b', { name: 'Status', type: 'single_select', optionsText: 'open, reconciled, ,open' }),
      draft('c', { name: 'Amount', type: 'currency', currency: 'usd' }),
    ]);
    expect(check.errors).toEqual({});
    expect(check.columns).toEqual([
      { name: 'Reference', type: 'text' },
      { name: 'Status', type: 'single_select', options: ['open', 'reconciled'] },
      { name: 'Amount', type: 'currency', currency: 'USD' },
    ]);
  });

  it('names each field that cannot be sent', () => {
    const check = checkColumnDrafts([
      draft('a', { name: '' }),
      draft('b', { name: 'Amount', type: 'currency', currency: 'KE' }),
      draft('c', { name: 'amount', type: 'single_select' }),
    ]);
    expect(check.errors).toEqual({
      a: { name: 'Name the column' },
      b: { currency: 'Use a 3-letter currency code' },
      c: { name: 'Another column has this name', options: 'Give at least one option' },
    });
  });

  it('sends a link column with its table, and asks for the table when none is chosen', () => {
    const check = checkColumnDrafts([
      draft('a', { name: 'Pays', type: 'link', linkTableId: 't-1' }),
      draft('b', { name: 'Refunds', type: 'link' }),
    ]);
    expect(check.columns[0]).toEqual({ name: 'Pays', type: 'link', link_table_id: 't-1' });
    expect(check.errors).toEqual({ b: { link_table_id: 'Choose the linked table' } });
  });
});
