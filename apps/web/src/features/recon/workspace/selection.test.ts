import type { ReconItem } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { unexplainedOf } from './adjust-dialog.tsx';
import { checkAllocation } from './allocate-dialog.tsx';
import {
  formatMoney,
  inputToMinor,
  isTypingTarget,
  minorToInput,
  rowText,
  selectedGroupIds,
  selectionTotals,
  shortcutOf,
  sumMinor,
  withoutGroups,
} from './selection.ts';

function item(id: string, amount: string | null, extra: Partial<ReconItem> = {}): ReconItem {
  return {
    item_id: id,
    table_id: 't',
    values: {},
    status: 'unreconciled',
    group_id: null,
    group_state: null,
    amount,
    currency: 'KES',
    date: '2026-01-15',
    ...extra,
  };
}

const selection = (...items: ReconItem[]) => new Map(items.map((entry) => [entry.item_id, entry]));

describe('selection totals', () => {
  it('sums both sides exactly and gives left − right as the difference', () => {
    const totals = selectionTotals(
      selection(item('a', '123450'), item('b', '1')),
      selection(item('c', '100000'), item('d', '23400')),
    );
    expect(totals).toMatchObject({
      leftCount: 2,
      rightCount: 2,
      left: 123451n,
      right: 123400n,
      difference: 51n,
    });
    expect(totals.currency).toBe('KES');
    expect(formatMoney(totals.difference, totals.currency)).toBe('KES 0.51');
  });

  it('keeps every digit of amounts beyond what a float holds', () => {
    const huge = '900719925474099312';
    expect(sumMinor([huge, '1', null])).toBe(900719925474099313n);
    const totals = selectionTotals(selection(item('a', huge)), selection(item('b', '900719925474099311')));
    expect(totals.difference).toBe(1n);
  });

  it('handles signs (refunds, reversals) and empty sides', () => {
    const totals = selectionTotals(selection(item('a', '-5000'), item('b', '2500')), new Map());
    expect(totals).toMatchObject({ left: -2500n, right: 0n, difference: -2500n, rightCount: 0 });
    expect(selectionTotals(new Map(), new Map())).toMatchObject({ difference: 0n, currency: null });
  });

  it('reports mixed currencies and rows without an amount', () => {
    const totals = selectionTotals(
      selection(item('a', '100', { currency: 'KES' })),
      selection(item('b', '100', { currency: 'USD' }), item('c', null)),
    );
    expect(totals.currency).toBeNull();
    expect(totals.missing).toBe(1);
  });
});

describe('groups of the selection', () => {
  const left = selection(
    item('a', '1', { group_id: 'g1', status: 'suggested' }),
    item('b', '1', { group_id: 'g2', status: 'reconciled' }),
    item('c', '1'),
  );
  const right = selection(item('d', '1', { group_id: 'g1', status: 'suggested' }));

  it('lists each group once, and only suggestions when asked', () => {
    expect(selectedGroupIds(left, right)).toEqual(['g1', 'g2']);
    expect(selectedGroupIds(left, right, 'suggested')).toEqual(['g1']);
  });

  it('drops the rows of decided groups and keeps the others', () => {
    expect([...withoutGroups(left, ['g1']).keys()]).toEqual(['b', 'c']);
  });
});

describe('amount fields', () => {
  it('shows minor units as exact major text and reads it back', () => {
    expect(minorToInput(-123450n)).toBe('-1234.50');
    expect(minorToInput('5')).toBe('0.05');
    expect(inputToMinor('1,234.5')).toBe(123450n);
    expect(inputToMinor('0.1')).toBe(10n);
    expect(inputToMinor('')).toBeNull();
    expect(inputToMinor('abc')).toBeNull();
  });

  it('works out what an adjustment still has to explain', () => {
    expect(unexplainedOf({ difference: '15000', adjusted: '5000' })).toBe(10000n);
    expect(unexplainedOf({ difference: '-200', adjusted: '0' })).toBe(-200n);
  });
});

describe('allocation check', () => {
  it('accepts amounts within each invoice and the payment, and shows what remains', () => {
    const check = checkAllocation(100000n, [
      { open: 60000n, text: '600.00' },
      { open: 50000n, text: '300' },
    ]);
    expect(check).toMatchObject({
      allocated: 90000n,
      remaining: 10000n,
      error: null,
      lineErrors: [null, null],
    });
  });

  it('refuses more than an invoice has open, and more than the payment has', () => {
    const check = checkAllocation(50000n, [
      { open: 30000n, text: '300.01' },
      { open: 40000n, text: '250' },
    ]);
    expect(check.lineErrors[0]).toBe('At most 300.00 is open on this invoice');
    expect(check.error).toBe('That is 50.01 more than the payment has open');
  });

  it('refuses empty, negative and all-zero allocations', () => {
    expect(checkAllocation(100n, [{ open: 100n, text: '' }]).lineErrors[0]).toMatch(/Enter an amount/);
    expect(checkAllocation(100n, [{ open: 100n, text: '-1' }]).lineErrors[0]).toMatch(/0 or more/);
    expect(checkAllocation(100n, [{ open: 100n, text: '0' }]).error).toMatch(/at least one invoice/);
  });
});

describe('row text', () => {
  const columns = [
    { id: 'c1', type: 'date' as const, position: 0 },
    { id: 'c2', type: 'text' as const, position: 1 },
    { id: 'c3', type: 'text' as const, position: 2 },
    { id: 'c4', type: 'currency' as const, position: 3 },
  ];
  const values = {
    c1: '2026-01-15',
    c2: 'INV-101',
    c3: 'Rent January',
    c4: { minor_units: '120050', currency: 'KES' },
  };

  it('reads the side fields when the workspace knows them', () => {
    expect(rowText(values, { reference: ['c3'], text: ['c2'] }, columns)).toEqual({
      reference: 'Rent January',
      description: 'INV-101',
    });
  });

  it('falls back to the first text columns', () => {
    expect(rowText(values, undefined, columns)).toEqual({
      reference: 'INV-101',
      description: 'Rent January',
    });
    expect(rowText({}, undefined, columns)).toEqual({ reference: '', description: '' });
  });

  it('leaves out a cell that is only a currency code, unless it is all there is', () => {
    const withCurrency = [{ id: 'c0', type: 'text' as const, position: 0 }, ...columns];
    const row = { ...values, c0: 'KES' };
    expect(rowText(row, undefined, withCurrency)).toEqual({
      reference: 'INV-101',
      description: 'Rent January',
    });
    expect(rowText(row, { reference: ['c0', 'c2'], text: ['c3'] }, withCurrency).reference).toBe('INV-101');
    expect(rowText({ c0: 'KES' }, { reference: ['c0'] }, withCurrency).reference).toBe('KES');
  });
});

describe('keyboard shortcuts', () => {
  const input = { tagName: 'INPUT', type: 'text' } as unknown as EventTarget;
  const checkbox = { tagName: 'INPUT', type: 'checkbox' } as unknown as EventTarget;
  const div = { tagName: 'DIV', isContentEditable: false } as unknown as EventTarget;

  it('maps M U A R J L and ? to actions, in either case', () => {
    expect(['m', 'U', 'a', 'r', 'j', 'l', 't', '?'].map((key) => shortcutOf({ key, target: div }))).toEqual([
      'match',
      'unmatch',
      'accept',
      'reject',
      'adjust',
      'allocate',
      'trail',
      'help',
    ]);
    expect(shortcutOf({ key: 'x', target: div })).toBeNull();
  });

  it('does not fire while typing or with a modifier', () => {
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(checkbox)).toBe(false);
    expect(shortcutOf({ key: 'm', target: input })).toBeNull();
    expect(shortcutOf({ key: 'm', target: { tagName: 'TEXTAREA' } as unknown as EventTarget })).toBeNull();
    expect(
      shortcutOf({ key: 'm', target: { tagName: 'DIV', isContentEditable: true } as unknown as EventTarget }),
    ).toBeNull();
    expect(shortcutOf({ key: 'm', ctrlKey: true, target: div })).toBeNull();
    expect(shortcutOf({ key: 'a', metaKey: true, target: div })).toBeNull();
  });
});
