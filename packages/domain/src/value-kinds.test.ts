import { describe, expect, it } from 'vitest';
import { guessValueKind, looksLikeIdentifier, percentNumber } from './value-kinds.ts';

const kind = (header: string, values: string[]) => guessValueKind(header, values).kind;

describe('guessValueKind: identifiers stay text', () => {
  it('keeps phone numbers in every shape as text', () => {
    expect(kind('Customer Phone', ['0716 103 413', '0722 000 111'])).toBe('text');
    expect(kind('x', ['0716103413', '0110222333'])).toBe('text');
    expect(kind('x', ['+254716103413'])).toBe('text');
    expect(kind('x', ['254716103413', '254110222333'])).toBe('text');
    expect(kind('x', ['+254 716 103 413'])).toBe('text');
    expect(guessValueKind('Customer Phone', ['0716 103 413']).note).toMatch(/kept as text/);
  });

  it('keeps leading zeros, account, PIN and id numbers as text', () => {
    expect(kind('Branch', ['007', '012'])).toBe('text');
    expect(kind('Account No', ['1234567', '7654321'])).toBe('text');
    expect(kind('KRA PIN', ['A012345678B'])).toBe('text');
    expect(kind('Customer ID', ['1001', '1002'])).toBe('text');
    expect(kind('Receipt', ['4001234567'])).toBe('text');
  });

  it('does not take 0.50 for a leading zero', () => {
    expect(kind('Amount', ['0.50', '12.00'])).toBe('currency');
  });
});

describe('guessValueKind: money only when it looks like money', () => {
  it('reads a currency code, a symbol, parentheses or a trailing minus', () => {
    expect(guessValueKind('x', ['KES 1,200', '300'])).toMatchObject({ kind: 'currency', currency: 'KES' });
    expect(kind('x', ['$12'])).toBe('currency');
    expect(kind('x', ['(1,234.50)'])).toBe('currency');
    expect(kind('x', ['12-'])).toBe('currency');
  });

  it('reads two decimals, or a header naming an amount', () => {
    expect(kind('Net', ['1,500.00', '320.50'])).toBe('currency');
    expect(kind('Total', ['1500', '320'])).toBe('currency');
    expect(kind('Amount Paid', ['1 500', '320'])).toBe('currency');
    expect(guessValueKind('Balance', ['1500']).note).toBe('Amounts: the header names an amount');
  });

  it('leaves quantities as numbers', () => {
    expect(kind('Qty', ['1', '2.125', '-3'])).toBe('number');
    expect(kind('Units', ['1,200', '300'])).toBe('number');
  });
});

describe('guessValueKind: percentages', () => {
  it('reads 16% and a rate header as a percentage, and says so', () => {
    expect(guessValueKind('VAT', ['16%', '8 %', '0%'])).toMatchObject({
      kind: 'percent',
      note: 'Percentages: 16% is kept as the number 16',
    });
    expect(kind('VAT %', ['16', '8'])).toBe('percent');
    expect(kind('VAT %', ['16.00'])).toBe('percent');
    expect(kind('VAT', ['1600.00'])).toBe('currency');
  });

  it('turns a percentage into its number', () => {
    expect(percentNumber('16%')).toBe(16);
    expect(percentNumber(' 7.5 % ')).toBe(7.5);
    expect(percentNumber('16')).toBeNull();
  });
});

describe('guessValueKind: the rest', () => {
  it('guesses booleans and text, and text for an empty column', () => {
    expect(kind('Cleared', ['yes', 'No'])).toBe('boolean');
    expect(kind('Ref', ['INV-7', '=SUM(A1)'])).toBe('text');
    expect(kind('Empty', ['', ' '])).toBe('text');
  });
});

describe('looksLikeIdentifier', () => {
  it('tells values whose text a number would lose from formatted amounts and dates', () => {
    for (const value of ['0716 103 413', '0716103413', '+254722000111', '254722000111', '007', '12 34'])
      expect(looksLikeIdentifier(value), value).toBe(true);
    for (const value of ['0.50', '1,234.50', '1 234 567', '(99.10)', 'KES 1,200', '15/01/2026', '16%', '12'])
      expect(looksLikeIdentifier(value), value).toBe(false);
  });
});
