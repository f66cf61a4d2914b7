import { describe, expect, it } from 'vitest';
import { hasNextPage, rowRangeText } from './grid-footer.tsx';

describe('grid footer', () => {
  it('names the rows shown, "about" when the total is an estimate', () => {
    expect(rowRangeText(1, 50, 50, 1234, false)).toBe('Rows 1–50 of 1,234');
    expect(rowRangeText(3, 500, 500, 10_000, true)).toBe('Rows 1,001–1,500 of about 10,000');
    expect(rowRangeText(1, 20, 0, 0, false)).toBe('No rows');
  });

  it('offers a next page by the total, or by a full page when the total is an estimate', () => {
    expect(hasNextPage(1, 50, 50, 100, false)).toBe(true);
    expect(hasNextPage(2, 50, 50, 100, false)).toBe(false);
    expect(hasNextPage(300, 50, 50, 10_000, true)).toBe(true);
    expect(hasNextPage(300, 50, 12, 10_000, true)).toBe(false);
  });
});
