import { describe, expect, it } from 'vitest';
import {
  formatAmounts,
  formatMoney,
  formatRate,
  formatSideMoney,
  periodLabel,
  rangeOf,
  sideLabel,
  trendSummary,
} from './dashboard-format.ts';

describe('dashboard formatting', () => {
  it('formats exact decimal amounts with grouped thousands, never through a float', () => {
    expect(formatMoney({ currency: 'KES', amount: '1234567.50' })).toBe('KES 1,234,567.50');
    expect(formatMoney({ currency: 'KES', amount: '-15.00' })).toBe('KES -15.00');
    expect(formatMoney({ currency: 'KES', amount: '900719925474099.312' })).toBe(
      'KES 900,719,925,474,099.312',
    );
    expect(formatAmounts([])).toBe('—');
    expect(
      formatAmounts([
        { currency: 'KES', amount: '10.00' },
        { currency: 'USD', amount: '2.50' },
      ]),
    ).toBe('KES 10.00 · USD 2.50');
  });

  it('shows the money of a side in and out apart, never netted, and names sides by their tables', () => {
    expect(formatSideMoney([])).toBe('—');
    expect(formatSideMoney([{ currency: 'KES', in: '7730000.00', out: '0.00' }])).toBe('KES 7,730,000.00');
    expect(formatSideMoney([{ currency: 'KES', in: '120.25', out: '900.00' }])).toBe(
      'KES 120.25 in · KES 900.00 out',
    );
    expect(formatSideMoney([{ currency: 'KES', in: '0.00', out: '900.00' }])).toBe('KES 900.00 out');
    expect(sideLabel([{ name: 'Bank' }], 'left')).toBe('Bank');
    expect(sideLabel([{ name: 'A' }, { name: 'B' }, { name: 'C' }], 'right')).toBe('A + 2 more');
    expect(sideLabel([], 'right')).toBe('Right side');
  });

  it('formats rates', () => {
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(0.4286)).toBe('42.9%');
    expect(formatRate(1)).toBe('100%');
  });

  it('reads the range from the URL, defaulting to the last 90 days', () => {
    expect(rangeOf(new URLSearchParams(''), '2026-03-31')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(rangeOf(new URLSearchParams('from=2026-02-01&to=2026-02-28'))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    // A from after to, or a bad day, falls back.
    expect(rangeOf(new URLSearchParams('from=2026-04-01&to=2026-03-31'))).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(rangeOf(new URLSearchParams('to=junk'), '2026-03-31').to).toBe('2026-03-31');
  });

  it('labels periods and summarises the trend', () => {
    expect(periodLabel('2026-03-02', 'day')).toBe('2 Mar');
    expect(periodLabel('2026-03-02', 'week')).toBe('Week of 2 Mar');
    expect(periodLabel('2026-03-01', 'month')).toBe('Mar 2026');
    expect(
      trendSummary(
        [
          { period: '2026-03-01', items: 1, matched: 1, match_rate: 1 },
          { period: '2026-03-02', items: 3, matched: 1, match_rate: 0.3333 },
        ],
        'day',
      ),
    ).toBe('Trend over 2 days: 4 items, 2 matched. Busiest day 2 Mar with 3 items, 33.3% matched.');
    expect(trendSummary([{ period: '2026-03-01', items: 0, matched: 0, match_rate: 0 }], 'day')).toBe(
      'Trend over 1 day: no items.',
    );
  });

  it('says one item, not "1 items"', () => {
    expect(trendSummary([{ period: '2026-03-01', items: 1, matched: 0, match_rate: 0 }], 'month')).toBe(
      'Trend over 1 month: 1 item, 0 matched. Busiest month Mar 2026 with 1 item, 0% matched.',
    );
  });
});
