import type { TableColumn } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { buildFilter, describeFilter, operatorsFor, reconStatusFilter } from './item-filters.ts';

const amount: TableColumn = { id: 'amt', name: 'Amount', type: 'currency', position: 0, currency: 'KES' };
const status: TableColumn = {
  id: 'st',
  name: 'Status',
  type: 'single_select',
  position: 1,
  options: ['open'],
};
const paid: TableColumn = { id: 'pd', name: 'Paid', type: 'boolean', position: 2 };
const empty = { value: '', from: '', to: '' };

describe('operatorsFor', () => {
  it('offers contains for text and between for figures and dates', () => {
    expect(operatorsFor('text')).toContain('contains');
    expect(operatorsFor('currency')).toContain('between');
    expect(operatorsFor('date')).toContain('between');
    expect(operatorsFor('date')).not.toContain('contains');
    expect(operatorsFor('single_select')[0]).toBe('status');
  });
});

describe('buildFilter', () => {
  it('keeps only the bounds given to between', () => {
    expect(buildFilter(amount, { ...empty, op: 'between', from: '100' })).toEqual({
      column_id: 'amt',
      op: 'between',
      from: '100',
    });
    expect(buildFilter(amount, { ...empty, op: 'between' })).toBe('Give a lower or an upper bound');
  });

  it('splits status values and sends booleans as booleans', () => {
    expect(buildFilter(status, { ...empty, op: 'status', value: 'open, reconciled' })).toEqual({
      column_id: 'st',
      op: 'status',
      values: ['open', 'reconciled'],
    });
    expect(buildFilter(paid, { ...empty, op: 'equals', value: 'false' })).toEqual({
      column_id: 'pd',
      op: 'equals',
      value: false,
    });
    expect(buildFilter(status, { ...empty, op: 'equals' })).toBe('Give a value');
  });
});

describe('describeFilter', () => {
  it('reads as a sentence', () => {
    expect(describeFilter(amount, { column_id: 'amt', op: 'between', from: '1', to: '5' })).toBe(
      'Amount is between 1 and 5',
    );
    expect(describeFilter(paid, { column_id: 'pd', op: 'equals', value: true })).toBe('Paid equals Yes');
    expect(describeFilter(undefined, { column_id: 'x', op: 'is_empty' })).toBe('Removed column is empty');
  });
});

describe('reconStatusFilter', () => {
  it('keeps known statuses in order and names the filter in words', () => {
    const filter = reconStatusFilter(['unreconciled', 'junk', 'reconciled']);
    expect(filter).toEqual({
      column_id: 'recon_status',
      op: 'status',
      values: ['reconciled', 'unreconciled'],
    });
    expect(reconStatusFilter(['junk', ''])).toBeNull();
    expect(describeFilter(undefined, filter ?? { column_id: '', op: 'is_empty' })).toBe(
      'Status is any of reconciled, unreconciled',
    );
  });
});
