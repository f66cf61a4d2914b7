import type { TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import {
  proposedAmountColumn,
  proposedCounterpartyColumn,
  proposedDateColumn,
  proposedReferenceColumns,
} from './side-columns.ts';

let position = 0;
const column = (name: string, type: TableColumn['type']): TableColumn => ({
  id: `c${position}`,
  name,
  type,
  position: position++,
});

describe('proposedAmountColumn', () => {
  it('takes the gross total over the net amount and the VAT, whatever their order', () => {
    const columns = [
      column('Net Amount', 'currency'),
      column('VAT 16%', 'currency'),
      column('Total', 'currency'),
    ];
    expect(proposedAmountColumn(columns)?.name).toBe('Total');
  });

  it('takes Paid In over Balance on a statement, and the first of equals', () => {
    expect(proposedAmountColumn([column('Balance', 'currency'), column('Paid In', 'currency')])?.name).toBe(
      'Paid In',
    );
    expect(
      proposedAmountColumn([column('Amount', 'currency'), column('Total amount', 'currency')])?.name,
    ).toBe('Amount');
  });

  it('keeps the first currency column when no name says more, and falls back to number columns', () => {
    expect(proposedAmountColumn([column('Sum', 'currency'), column('Other', 'currency')])?.name).toBe('Sum');
    expect(proposedAmountColumn([column('Qty', 'number'), column('Amount', 'number')])?.name).toBe('Amount');
    expect(proposedAmountColumn([column('Name', 'text')])).toBeNull();
  });

  it('reads camelCase and snake_case names', () => {
    expect(
      proposedAmountColumn([column('netAmount', 'currency'), column('total_amount', 'currency')])?.name,
    ).toBe('total_amount');
  });
});

describe('proposedDateColumn', () => {
  it('takes the document date over the due date and the value date', () => {
    const columns = [
      column('Due Date', 'date'),
      column('Value date', 'date'),
      column('Invoice Date', 'date'),
    ];
    expect(proposedDateColumn(columns)?.name).toBe('Invoice Date');
    expect(proposedDateColumn([column('Completion Time', 'date'), column('Date', 'date')])?.name).toBe(
      'Completion Time',
    );
  });
});

describe('proposedCounterpartyColumn', () => {
  it('takes the customer name over its phone and never an id', () => {
    const columns = [
      column('Customer ID', 'text'),
      column('Customer Phone', 'text'),
      column('Customer Name', 'text'),
    ];
    expect(proposedCounterpartyColumn(columns)?.name).toBe('Customer Name');
    expect(proposedCounterpartyColumn([column('Customer Phone', 'text')])?.name).toBe('Customer Phone');
    expect(proposedCounterpartyColumn([column('Invoice No', 'text'), column('Details', 'text')])).toBeNull();
  });
});

describe('proposedReferenceColumns', () => {
  it('takes the columns named like a number, else the first text column', () => {
    const columns = [
      column('Description', 'text'),
      column('Invoice No', 'text'),
      column('Receipt', 'text'),
      column('Customer', 'text'),
      column('Amount', 'currency'),
    ];
    expect(proposedReferenceColumns(columns).map((c) => c.name)).toEqual(['Invoice No', 'Receipt']);
    expect(
      proposedReferenceColumns([column('Details', 'text'), column('Name', 'text')]).map((c) => c.name),
    ).toEqual(['Details']);
  });
});
