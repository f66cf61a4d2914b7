import { describe, expect, it } from 'vitest';
import { displayNormalized, formatConfidence, keyFromName } from './model-display.ts';

describe('model display', () => {
  it('names a label key after its name', () => {
    expect(keyFromName('Invoice number')).toBe('invoice_number');
    expect(keyFromName('  Total (incl. VAT) ')).toBe('total_incl_vat');
    expect(keyFromName('2nd reference')).toBe('f_2nd_reference');
    expect(keyFromName('Café № 1')).toBe('cafe_no_1');
    expect(keyFromName('—')).toBe('');
  });

  it('shows values as the engine understood them, amounts exactly in their currency', () => {
    expect(displayNormalized({ type: 'amount', minor: '147160', currency: 'KES' })).toBe('KES 1,471.60');
    expect(displayNormalized({ type: 'amount', minor: '-5', currency: 'BHD' })).toBe('-BHD 0.005');
    expect(displayNormalized({ type: 'date', iso: '2026-03-12' })).toBe('2026-03-12');
    expect(displayNormalized({ type: 'number', value: '12.50' })).toBe('12.50');
    expect(displayNormalized(null)).toBeNull();
    expect(formatConfidence(0.934)).toBe('93%');
  });
});
