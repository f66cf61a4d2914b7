import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMinor, minorDigits } from './amount.ts';

describe('decimalToMinor', () => {
  it('reads decimals exactly in the currency minor unit', () => {
    expect(decimalToMinor('18.15', 'EUR')).toEqual({ ok: true, minor: 1815n });
    expect(decimalToMinor('-0.10', 'KES')).toEqual({ ok: true, minor: -10n });
    expect(decimalToMinor('+721.01', 'EUR')).toEqual({ ok: true, minor: 72101n });
    expect(decimalToMinor('2700', 'JPY')).toEqual({ ok: true, minor: 2700n });
    expect(decimalToMinor('1.234', 'BHD')).toEqual({ ok: true, minor: 1234n });
    expect(decimalToMinor('500,', 'EUR')).toEqual({ ok: true, minor: 50000n });
    expect(decimalToMinor('3058,98', 'EUR')).toEqual({ ok: true, minor: 305898n });
  });

  it('keeps amounts beyond float precision exact', () => {
    expect(decimalToMinor('90071992547409.93', 'USD')).toEqual({ ok: true, minor: 9007199254740993n });
  });

  it('accepts extra zero decimals but refuses to round a non-zero one', () => {
    expect(decimalToMinor('8.850', 'EUR')).toEqual({ ok: true, minor: 885n });
    expect(decimalToMinor('8.85001', 'EUR')).toEqual({
      ok: false,
      reason: '"8.85001" has more decimals than EUR allows (2); it is not rounded',
    });
    expect(decimalToMinor('1.5', 'JPY').ok).toBe(false);
  });

  it('refuses what is not a plain decimal', () => {
    for (const bad of ['', '-', '1,234.56', 'abc', '1e3', '12.3.4']) {
      expect(decimalToMinor(bad, 'EUR').ok, bad).toBe(false);
    }
  });
});

describe('minor digits and formatting', () => {
  it('follows ISO 4217', () => {
    expect([minorDigits('KES'), minorDigits('usd'), minorDigits('JPY'), minorDigits('BHD')]).toEqual([
      2, 2, 0, 3,
    ]);
  });

  it('formats minor units for messages', () => {
    expect(formatMinor(-1050n, 'EUR')).toBe('-10.50 EUR');
    expect(formatMinor('2700', 'JPY')).toBe('2700 JPY');
  });
});
