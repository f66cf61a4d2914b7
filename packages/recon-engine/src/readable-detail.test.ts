import { describe, expect, it } from 'vitest';
import { readableDetail } from './scoring.ts';

describe('readableDetail', () => {
  it('leaves out the normalised keys a stored detail names', () => {
    expect(readableDetail('reference 92 % similar (INV2026004152 ~ INV2026004512)')).toBe(
      'reference 92 % similar',
    );
  });

  it('keeps every other detail as it is', () => {
    expect(readableDetail('reference 92 % similar')).toBe('reference 92 % similar');
    expect(readableDetail('amount KES 15.00 short')).toBe('amount KES 15.00 short');
    expect(readableDetail('counterparty (Jane ~ Doe) named')).toBe('counterparty (Jane ~ Doe) named');
  });
});
