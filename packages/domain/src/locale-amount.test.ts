import { describe, expect, it } from 'vitest';
import { minorDigits } from './currency-digits.ts';
import {
  decimalEvidence,
  detectDecimalSeparator,
  MixedDecimalSeparatorsError,
  parseAmount,
  readPlainAmount,
} from './locale-amount.ts';
import { toMinorUnits } from './money.ts';

const KES_POINT = { decimal: '.', digits: 2 } as const;
const KES_COMMA = { decimal: ',', digits: 2 } as const;

function minorOf(text: string, format: Parameters<typeof parseAmount>[1]): bigint {
  const reading = parseAmount(text, format);
  if (!reading.ok) throw new Error(`${text}: ${reading.reason}`);
  return reading.minor;
}

function reasonOf(text: string, format: Parameters<typeof parseAmount>[1]): string {
  const reading = parseAmount(text, format);
  if (reading.ok) throw new Error(`${text} was read as ${reading.minor}`);
  return reading.reason;
}

describe('detectDecimalSeparator', () => {
  it('finds the decimal comma in European columns', () => {
    expect(detectDecimalSeparator(['1.234,56', '250,00', '1 234,56', '7'])).toEqual({
      separator: ',',
      decisive: 3,
      ambiguous: 0,
    });
  });

  it('finds the decimal point in English columns', () => {
    expect(detectDecimalSeparator(['1,234.56', '250.00', '1,234,567'])).toEqual({
      separator: '.',
      decisive: 3,
      ambiguous: 0,
    });
  });

  it('keeps the spec default (comma groups thousands) when only ambiguous values are present', () => {
    expect(detectDecimalSeparator(['1,234', '5', '12,000'])).toEqual({
      separator: '.',
      decisive: 0,
      ambiguous: 2,
    });
  });

  it('lets the rest of the column decide an ambiguous value', () => {
    expect(detectDecimalSeparator(['1.234', '250,00'])).toEqual({
      separator: ',',
      decisive: 1,
      ambiguous: 1,
    });
  });

  it('throws when values decide both ways, naming one of each', () => {
    let thrown: unknown;
    try {
      detectDecimalSeparator(['250.00', '3', '250,00']);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MixedDecimalSeparatorsError);
    expect((thrown as Error).message).toContain('"250.00" has a decimal point');
    expect((thrown as Error).message).toContain('"250,00" a decimal comma');
  });

  it('ignores empty and unreadable values', () => {
    expect(detectDecimalSeparator(['', 'n/a', 'KES'])).toEqual({
      separator: '.',
      decisive: 0,
      ambiguous: 0,
    });
  });
});

describe('decimalEvidence', () => {
  it.each([
    ['1.234,56', ','],
    ['250,00', ','],
    ['1 234,56', ','],
    ['1.234.567', ','],
    ['0,125', ','],
    ["1'234.567", '.'],
    ['1234.567', '.'],
    ['(KES 1,234.50)', '.'],
    ['12.5', '.'],
    ['1,234', 'ambiguous'],
    ['1.234', 'ambiguous'],
    ['-999,000', 'ambiguous'],
    ['1234', null],
    ['abc', null],
  ])('reads %j as %j', (text, expected) => {
    expect(decimalEvidence(text)).toBe(expected);
  });
});

describe('parseAmount', () => {
  it('reads the issue examples with the decimal comma exactly', () => {
    expect(minorOf('1.234,56', KES_COMMA)).toBe(123456n);
    expect(minorOf('250,00', KES_COMMA)).toBe(25000n);
    expect(minorOf('1 234,56', KES_COMMA)).toBe(123456n);
    expect(minorOf('1\u00a0234\u202f567,5', KES_COMMA)).toBe(123456750n);
  });

  it('reads point-decimal values like toMinorUnits does', () => {
    for (const text of ['1,234.56', '250.00', '0.01', '-12', '(1,000.50)', '1,234.50-', '$ 1 000']) {
      expect(minorOf(text, KES_POINT)).toBe(toMinorUnits(text));
    }
  });

  it('refuses more decimals than the currency has instead of rounding', () => {
    expect(reasonOf('250.004', KES_POINT)).toBe('3 decimal places, the currency has 2');
    expect(reasonOf('12.5', { decimal: '.', digits: minorDigits('JPY') })).toBe(
      '1 decimal place, the currency has 0',
    );
    expect(reasonOf('1,2345', { decimal: ',', digits: minorDigits('KWD') })).toBe(
      '4 decimal places, the currency has 3',
    );
  });

  it('reads zero- and three-digit currencies with their own precision', () => {
    const jpy = { decimal: '.', digits: minorDigits('JPY') } as const;
    const kwd = { decimal: '.', digits: minorDigits('KWD') } as const;
    const bhd = { decimal: ',', digits: minorDigits('BHD') } as const;
    expect(minorOf('1,250', jpy)).toBe(1250n);
    expect(minorOf('12.00', jpy)).toBe(12n);
    expect(minorOf('250.004', kwd)).toBe(250004n);
    expect(minorOf('250.5', kwd)).toBe(250500n);
    expect(minorOf('1.234,567', bhd)).toBe(1234567n);
  });

  it('reads extra zeros beyond the currency digits, which lose nothing', () => {
    expect(minorOf('250.000', KES_POINT)).toBe(25000n);
  });

  it('reads a decimal comma column value as the comma says, never as thousands', () => {
    expect(reasonOf('1,234.56', KES_COMMA)).toBe('"234.56" after the decimal comma is not digits');
    expect(reasonOf('1.5', KES_COMMA)).toContain('not groups of three');
    expect(minorOf('1.234', KES_COMMA)).toBe(123400n);
  });

  it('accepts currency codes and symbols before or after, and signs in every usual place', () => {
    expect(minorOf('KES 1,000', KES_POINT)).toBe(100000n);
    expect(minorOf('1.000,50 €', KES_COMMA)).toBe(100050n);
    expect(minorOf('KSh 250', KES_POINT)).toBe(25000n);
    expect(minorOf('-KES 5', KES_POINT)).toBe(-500n);
    expect(minorOf('KES -5', KES_POINT)).toBe(-500n);
    expect(minorOf('(KES 5)', KES_POINT)).toBe(-500n);
    expect(minorOf('5,00-', KES_COMMA)).toBe(-500n);
    expect(minorOf('\u22125', KES_POINT)).toBe(-500n);
    expect(minorOf('+5', KES_POINT)).toBe(500n);
    expect(minorOf("1'234'567.10", KES_POINT)).toBe(123456710n);
    expect(minorOf('12,34,567.00', KES_POINT)).toBe(123456700n);
  });

  it('never returns negative zero', () => {
    expect(minorOf('(0.00)', KES_POINT)).toBe(0n);
    expect(Object.is(minorOf('-0', KES_POINT), 0n)).toBe(true);
  });

  it('refuses a code of another currency when the column has one', () => {
    expect(reasonOf('USD 5', { ...KES_POINT, currency: 'kes' })).toBe('written in USD, the column is KES');
    expect(minorOf('kes 5', { ...KES_POINT, currency: 'KES' })).toBe(500n);
  });

  it.each([
    ['', 'empty amount'],
    ['   ', 'empty amount'],
    ['abc', 'not an amount'],
    ['twelve', 'not an amount'],
    ['1.5E+3', 'exponent notation is not read as money'],
    ['INV-7', 'not an amount'],
    ['(-5)', 'more than one sign'],
    ['-5-', 'more than one sign'],
    ['1.2.3', 'more than one decimal point'],
    ['1e3', 'exponent notation is not read as money'],
    ['1,2,3', 'digit groups "1,2,3" are not groups of three ("," groups thousands with a decimal point)'],
    ['1,234 567', 'mixes digit group separators'],
    ['.', 'no digits'],
    ['-', 'no digits'],
    ['9'.repeat(65), 'longer than 64 characters'],
  ])('refuses %j: %s', (text, reason) => {
    expect(reasonOf(text, KES_POINT)).toBe(reason);
  });

  it('throws on a nonsensical digits argument', () => {
    expect(() => parseAmount('1', { decimal: '.', digits: -1 })).toThrow(RangeError);
  });

  it('keeps every digit of values beyond float precision', () => {
    expect(minorOf('90.071.992.547.409.931,23', KES_COMMA)).toBe(9007199254740993123n);
  });
});

describe('the fast path of plain amounts', () => {
  it('reads plain values on its fast path exactly as parseAmount does, and leaves the rest to it', () => {
    const values = [
      '0',
      '7',
      '-7',
      '12.5',
      '1,234.56',
      '1,234,567.8',
      '-1,234.00',
      '1234567.89',
      '250.004',
      '250.00',
      '12,34,567',
      '1.234,56',
      '250,00',
      '1.234',
      '1,234',
      '.5',
      '12.',
      '(5.00)',
      'KES 5',
      '007',
    ];
    let fastOnes = 0;
    for (const decimal of ['.', ','] as const) {
      for (const digits of [0, 2, 3]) {
        for (const value of values) {
          const fast = readPlainAmount(value, decimal, digits);
          if (fast === null) continue;
          fastOnes += 1;
          expect({ value, decimal, digits, reading: parseAmount(value, { decimal, digits }) }).toEqual({
            value,
            decimal,
            digits,
            reading: { ok: true, minor: fast },
          });
        }
      }
    }
    expect(fastOnes).toBeGreaterThan(30);
    expect(readPlainAmount('1,234.56', '.', 2)).toBe(123_456n);
    expect(readPlainAmount('1.234,56', ',', 2)).toBe(123_456n);
    expect(readPlainAmount('250.004', '.', 2)).toBeNull();
    expect(readPlainAmount('12,34,567', '.', 2)).toBeNull();
  });
});
