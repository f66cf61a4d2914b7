import { describe, expect, it } from 'vitest';
import {
  barSegments,
  barSummary,
  dashboardPath,
  formatAmount,
  formatMatchRate,
  formatSideAmount,
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

  it('shows money in and out of a side apart, each labelled only when both moved', () => {
    expect(formatSideAmount({ in: '20450.00', out: '0.00' })).toBe('20,450.00');
    expect(formatSideAmount({ in: '333.00', out: '5000.00' })).toBe('333.00 in · 5,000.00 out');
    expect(formatSideAmount({ in: '0.00', out: '5.05' })).toBe('5.05 out');
    expect(formatSideAmount(undefined)).toBe('—');
  });

  it('turns statuses with records into bar shares and describes them in words', () => {
    const segments = barSegments([
      { status: 'reconciled', groups: 2, records: 4, sides: null },
      { status: 'partial', groups: 0, records: 0, sides: null },
      { status: 'suggested', groups: 1, records: 2, sides: null },
      { status: 'unreconciled', groups: null, records: 2, sides: null },
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
