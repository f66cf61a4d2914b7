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
    const row = (group: string, status: string, side: string, amount: string) => ({
      group,
      status,
      side,
      amount,
    });
    const board = dashboardOf('Q1', [
      {
        columns: ['group', 'status', 'side', 'amount'],
        rows: [row('1', 'reconciled', 'left', '0.30'), row('1', 'reconciled', 'right', '0.30')],
        totals,
      },
      {
        columns: ['group', 'status', 'side', 'amount'],
        rows: [row('2', 'suggested', 'left', '-5.05')],
        totals,
      },
    ]);
    const money = (inLeft: string, outLeft: string, inRight: string, outRight: string) => ({
      left: { in: inLeft, out: outLeft },
      right: { in: inRight, out: outRight },
    });
    // Each side's own amount: 0.30 on each side, never 0.60; a payment out stays out.
    expect(board).toEqual({
      title: 'Q1',
      records: 4,
      match_rate: 50,
      unreconciled: 1,
      statuses: {
        reconciled: { groups: 1, records: 2, sides: money('0.30', '0.00', '0.30', '0.00') },
        suggested: { groups: 1, records: 1, sides: money('0.00', '5.05', '0.00', '0.00') },
      },
    });
  });

  it('takes the open rows’ amount from the run (their rows keep the input’s own columns)', () => {
    const open = { left: { in: '100.00', out: '0.00' }, right: { in: '0.00', out: '20.50' } };
    const totals = { records: 3, amount: '0', open: { records: 2, sides: open } };
    const board = dashboardOf('Q1', [
      {
        columns: ['group', 'status', 'amount'],
        rows: [{ group: '1', status: 'reconciled', side: 'left', amount: '10.00' }],
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
      reconciled: {
        groups: 1,
        records: 1,
        sides: { left: { in: '10.00', out: '0.00' }, right: { in: '0.00', out: '0.00' } },
      },
      unreconciled: { groups: 0, records: 2, sides: open },
    });
    expect(board.unreconciled).toBe(2);
  });
});
