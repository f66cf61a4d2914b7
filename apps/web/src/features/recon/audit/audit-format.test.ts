import { describe, expect, it } from 'vitest';
import { describeChange, exportFileName } from './audit-format.ts';

describe('audit entries in words', () => {
  it('lists what changed, money exactly', () => {
    expect(
      describeChange(
        { state: 'active', status: 'suggested', difference: '1050', currency: 'KES' },
        { state: 'active', status: 'partial', difference: '900719925474099312', currency: 'KES' },
      ),
    ).toBe('status: suggested → partial · difference: KES 10.50 → KES 9,007,199,254,740,993.12');
  });

  it('shows the after state of a new record, and the before state of a removed one', () => {
    expect(describeChange(null, { status: 'reconciled', item_ids: ['a', 'b'], left_total: '500' })).toBe(
      'status reconciled · item ids 2 entries · left total KES 5.00',
    );
    expect(describeChange({ state: 'active' }, null)).toBe('was state active');
    expect(describeChange(null, null)).toBe('');
    expect(describeChange({ a: 1 }, { a: 1 })).toBe('no change');
  });

  it('keeps the line short', () => {
    expect(describeChange(null, { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 })).toBe(
      'a 1 · b 2 · c 3 · d 4 · +2 more',
    );
  });

  it('names export files after their filter', () => {
    const day = new Date('2026-11-22T10:00:00Z');
    expect(exportFileName({}, day)).toBe('recon-audit-2026-11-22.csv');
    expect(exportFileName({ groupId: '0123456789abcdef' }, day)).toBe(
      'recon-audit-group-01234567-2026-11-22.csv',
    );
  });
});
