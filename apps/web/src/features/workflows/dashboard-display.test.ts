import { describe, expect, it } from 'vitest';
import {
  barSegments,
  barSummary,
  dashboardPath,
  formatAmount,
  formatMatchRate,
  statusLabel,
} from './dashboard-display.ts';

describe('dashboard display', () => {
  it('names the reconciliation statuses and capitalises unknown ones', () => {
    expect(statusLabel('reconciled')).toBe('Reconciled');
    expect(statusLabel('unreconciled')).toBe('Unreconciled');
    expect(statusLabel('disputed')).toBe('Disputed');
    expect(statusLabel('')).toBe('—');
  });

  it('shows the match rate with at most two decimals, and a dash without records', () => {
    expect(formatMatchRate(50)).toBe('50%');
    expect(formatMatchRate(66.666)).toBe('66.67%');
    expect(formatMatchRate(0)).toBe('0%');
    expect(formatMatchRate(null)).toBe('—');
  });

  it('groups the digits of exact amounts without going through a float', () => {
    expect(formatAmount('40900.00')).toBe('40,900.00');
    expect(formatAmount('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(formatAmount('-1000')).toBe('-1,000');
    expect(formatAmount('120.00')).toBe('120.00');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount('n/a')).toBe('n/a');
  });

  it('turns statuses with records into bar shares and describes them in words', () => {
    const segments = barSegments([
      { status: 'reconciled', groups: 2, records: 4, amount: '40900.00' },
      { status: 'partial', groups: 0, records: 0, amount: '0.00' },
      { status: 'suggested', groups: 1, records: 2, amount: '12200.00' },
      { status: 'unreconciled', groups: null, records: 2, amount: null },
    ]);
    expect(segments.map((s) => [s.status, s.percent])).toEqual([
      ['reconciled', 50],
      ['suggested', 25],
      ['unreconciled', 25],
    ]);
    expect(barSummary(segments)).toBe(
      'Records per status: Reconciled 4 (50%), Suggested 2 (25%), Unreconciled 2 (25%)',
    );
    expect(barSummary(barSegments([]))).toBe('Records per status: none');
  });

  it('links to a dashboard with both ids as path segments', () => {
    expect(dashboardPath('w-1', 'e-1.board')).toBe('/workflows/executions/w-1/dashboards/e-1.board');
  });
});
