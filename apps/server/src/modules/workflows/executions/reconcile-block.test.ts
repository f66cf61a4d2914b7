import { describe, expect, it } from 'vitest';
import { dashboardOf, recordsOf, sideColumns } from './reconcile-block.ts';

describe('reconcile block: rows as records', () => {
  it('finds each field by its column name, M-Pesa and ledger alike', () => {
    expect(sideColumns(['Receipt No.', 'Completion Time', 'Details', 'Paid In', 'Balance'], 'left')).toEqual({
      reference: 'Receipt No.',
      date: 'Completion Time',
      text: 'Details',
      amount: 'Paid In',
    });
    expect(sideColumns(['Date', 'Invoice', 'Customer', 'Amount (KES)'], 'right')).toEqual({
      date: 'Date',
      reference: 'Invoice',
      counterparty: 'Customer',
      amount: 'Amount (KES)',
    });
  });

  it('reads a normalised statement: "Value date" is a date, not the amount', () => {
    const columns = ['Date', 'Value date', 'Amount', 'Currency', 'Reference', 'Counterparty', 'Narrative'];
    expect(sideColumns(columns, 'left')).toEqual({
      amount: 'Amount',
      date: 'Date',
      reference: 'Reference',
      counterparty: 'Counterparty',
      text: 'Narrative',
    });
  });

  it('names what is missing or unreadable, with the row', () => {
    expect(() => sideColumns(['Date', 'Reference'], 'left')).toThrow(/left rows have no amount column/);
    const rows = {
      columns: ['Date', 'Amount'],
      rows: [
        { Date: '2026-01-05', Amount: '(1,234.50)' },
        { Date: 'soon', Amount: '1.00' },
      ],
    };
    expect(() => recordsOf(rows, 'right', 'KES')).toThrow('right row 2: "soon" is not a date');
    expect(recordsOf({ ...rows, rows: [rows.rows[0]!] }, 'right', 'KES')[0]).toMatchObject({
      id: '1',
      amount: -123450n,
      currency: 'KES',
    });
  });

  it('sums a dashboard exactly, with the match rate of the whole run', () => {
    const totals = { records: 4, amount: '0' };
    const row = (group: string, status: string, amount: string) => ({ group, status, amount });
    const board = dashboardOf('Q1', [
      {
        columns: ['group', 'status', 'amount'],
        rows: [row('1', 'reconciled', '0.10'), row('1', 'reconciled', '0.20')],
        totals,
      },
      { columns: ['group', 'status', 'amount'], rows: [row('2', 'suggested', '-5.05')], totals },
    ]);
    expect(board).toEqual({
      title: 'Q1',
      records: 4,
      match_rate: 50,
      unreconciled: 1,
      statuses: {
        reconciled: { groups: 1, records: 2, amount: '0.30' },
        suggested: { groups: 1, records: 1, amount: '5.05' },
      },
    });
  });

  it('takes the open rows’ amount from the run (their rows keep the input’s own columns)', () => {
    const totals = { records: 3, amount: '0', open: { records: 2, amount: '120.50' } };
    const board = dashboardOf('Q1', [
      {
        columns: ['group', 'status', 'amount'],
        rows: [{ group: '1', status: 'reconciled', amount: '10.00' }],
        totals,
      },
      {
        columns: ['side', 'Amount'],
        rows: [
          { side: 'left', Amount: '100.00' },
          { side: 'right', Amount: '-20.50' },
        ],
        totals,
      },
    ]);
    expect(board.statuses).toEqual({
      reconciled: { groups: 1, records: 1, amount: '10.00' },
      unreconciled: { groups: 0, records: 2, amount: '120.50' },
    });
    expect(board.unreconciled).toBe(2);
  });
});
