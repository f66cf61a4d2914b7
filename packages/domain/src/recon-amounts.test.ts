import { describe, expect, it } from 'vitest';
import {
  addToDirection,
  directionOf,
  directionsShown,
  isOpenStatus,
  matchRate,
  matchRatePercent,
  noDirectionTotals,
  openAmount,
  reconciledAmount,
  totalsByDirection,
} from './recon-amounts.ts';

describe('recon amounts', () => {
  it('reads a positive or zero amount as money in and a negative one as money out', () => {
    expect(directionOf(150n)).toBe('in');
    expect(directionOf(0n)).toBe('in');
    expect(directionOf(-1n)).toBe('out');
  });

  it('never nets withdrawals against receipts', () => {
    // An M-Pesa statement: two receipts, one withdrawal larger than both.
    expect(totalsByDirection([100_00n, 250_00n, -1_000_00n])).toEqual({ in: 350_00n, out: 1_000_00n });
    const totals = addToDirection(noDirectionTotals(), -5n);
    expect(addToDirection(totals, 7n)).toEqual({ in: 7n, out: 5n });
  });

  it('counts unreconciled and suggested items as open, matched ones not', () => {
    expect(isOpenStatus('unreconciled')).toBe(true);
    expect(isOpenStatus('suggested')).toBe(true);
    expect(isOpenStatus('reconciled')).toBe(false);
    expect(isOpenStatus('partial')).toBe(false);
    const side = [
      { status: 'unreconciled' as const, minor: 1_000n },
      { status: 'suggested' as const, minor: -300n },
      { status: 'reconciled' as const, minor: 5_000n },
      { status: 'partial' as const, minor: 700n },
    ];
    expect(openAmount(side)).toEqual({ in: 1_000n, out: 300n });
    expect(reconciledAmount(side)).toEqual({ in: 5_000n, out: 0n });
  });

  it('counts a reconciled pair once on each side, never both sides together', () => {
    const receipts = [{ status: 'reconciled' as const, minor: 773_000_000n }];
    const invoices = [{ status: 'reconciled' as const, minor: 773_000_000n }];
    expect(reconciledAmount(receipts).in).toBe(773_000_000n);
    expect(reconciledAmount(invoices).in).toBe(773_000_000n);
  });

  it('shows both directions only when money moved both ways', () => {
    expect(directionsShown({ in: 1n, out: 2n })).toEqual(['in', 'out']);
    expect(directionsShown({ in: 0n, out: 2n })).toEqual(['out']);
    expect(directionsShown({ in: 3n, out: 0n })).toEqual(['in']);
    expect(directionsShown({ in: 0n, out: 0n })).toEqual(['in']);
  });

  it('has one match rate: a fraction to 4 decimals, or the same as a percentage to 2', () => {
    expect(matchRate(6, 8)).toBe(0.75);
    expect(matchRate(1, 3)).toBe(0.3333);
    expect(matchRate(0, 0)).toBe(0);
    expect(matchRatePercent(6, 8)).toBe(75);
    expect(matchRatePercent(1, 3)).toBe(33.33);
    expect(matchRatePercent(2, 3)).toBe(66.67);
    expect(matchRatePercent(0, 0)).toBe(0);
  });
});
