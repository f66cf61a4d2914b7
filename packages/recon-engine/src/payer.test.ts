import { describe, expect, it } from 'vitest';
import { namesMeet, payerKeys, payerOf, phoneMaskKey, phonePattern, phonesMeet } from './payer.ts';

describe('payer phones', () => {
  it('reads full and masked Kenyan phones in the 254 form', () => {
    expect(phonePattern('0722123456')).toEqual({ pattern: '254722123456', full: true });
    expect(phonePattern('+254 722 123 456')).toEqual({ pattern: '254722123456', full: true });
    expect(phonePattern('2547******456')).toEqual({ pattern: '2547*456', full: false });
    expect(phonePattern('0722xxx456')).toEqual({ pattern: '254722*456', full: false });
    expect(phonePattern('12345')).toBeNull();
    expect(phonePattern('2549******456')).toBeNull();
  });

  it('meets a masked phone on its visible digits only', () => {
    expect(phonesMeet('2547*456', '254722123456')).toBe(true);
    expect(phonesMeet('254722*456', '254722123456')).toBe(true);
    expect(phonesMeet('254722*456', '2547*3456')).toBe(true);
    expect(phonesMeet('254733*456', '254722123456')).toBe(false);
    expect(phonesMeet('2547*457', '254722123456')).toBe(false);
    expect(phonesMeet('254722123456', '254722123457')).toBe(false);
    expect(phoneMaskKey('2547*456')).toBe(phoneMaskKey('254722123456'));
  });
});

describe('payer names', () => {
  it('meets names whatever the order, case and initials', () => {
    expect(namesMeet(['JANE', 'WANJIRU'], ['WANJIRU', 'JANE'])).toBe(true);
    expect(namesMeet(['J', 'WANJIRU'], ['JANE', 'WANJIRU'])).toBe(true);
    expect(namesMeet(['JANE', 'MUTHONI', 'WANJIRU'], ['JANE', 'WANJIRU'])).toBe(true);
    expect(namesMeet(['JOHN', 'WANJIRU'], ['JANE', 'WANJIRU'])).toBe(false);
    expect(namesMeet(['JANE', 'KAMAU'], ['JANE', 'WANJIRU'])).toBe(false);
    // Either written surname first: the other's words read backwards.
    expect(namesMeet(['J', 'WANJIRU'], ['WANJIRU', 'JANE'])).toBe(true);
    expect(namesMeet(['JANE', 'MUTHONI', 'WANJIRU'], ['WANJIRU', 'J'])).toBe(true);
    expect(namesMeet(['JOHN', 'WANJIRU'], ['WANJIRU', 'JANE'])).toBe(false);
  });
});

describe('payerOf', () => {
  it('parses the M-Pesa Details shape', () => {
    expect(
      payerOf('Pay Bill Online from 2547******123 - Jane Wanjiru Acc. INV-2026-000123', undefined),
    ).toEqual({
      phone: { pattern: '2547*123', full: false },
      name: ['JANE', 'WANJIRU'],
    });
    expect(payerOf('Pay Bill from 0722 123 456 - JANE WANJIRU Acc.', undefined)?.phone).toEqual({
      pattern: '254722123456',
      full: true,
    });
  });

  it('falls back to the counterparty, and keys payers by phone tail and name word', () => {
    const payer = payerOf('TRF FROM SOMEONE', 'MWANGI HARDWARE LTD');
    expect(payer).toEqual({ phone: null, name: ['MWANGI', 'HARDWARE', 'LTD'] });
    expect(payerKeys(payer!)).toEqual(['NHARDWARE LTD MWANGI']);
    expect(payerKeys({ phone: { pattern: '2547*123', full: false }, name: ['J', 'WANJIRU'] })).toEqual([
      'P123 WANJIRU',
    ]);
    expect(payerKeys({ phone: { pattern: '2547*123', full: false }, name: [] })).toEqual(['P123 ']);
    expect(payerOf(undefined, undefined)).toBeNull();
  });
});
