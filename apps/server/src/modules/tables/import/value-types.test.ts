import { describe, expect, it } from 'vitest';
import { guessDateFormat, toIsoDate } from './date-formats.ts';
import { detectHeader } from './proposal.ts';
import { guessColumnType } from './value-types.ts';

describe('dates', () => {
  it('reads each layout into yyyy-mm-dd and refuses impossible dates', () => {
    expect(toIsoDate('2024-02-29', 'yyyy-mm-dd')).toBe('2024-02-29');
    expect(toIsoDate('2024-01-05 10:22:01', 'yyyy-mm-dd')).toBe('2024-01-05');
    expect(toIsoDate('31/01/2024', 'dd/mm/yyyy')).toBe('2024-01-31');
    expect(toIsoDate('01/31/2024', 'mm/dd/yyyy')).toBe('2024-01-31');
    expect(toIsoDate('05-Jan-2024', 'dd-mmm-yyyy')).toBe('2024-01-05');
    expect(toIsoDate('5 March 2024', 'dd mmm yyyy')).toBe('2024-03-05');
    expect(toIsoDate('31.12.2023', 'dd.mm.yyyy')).toBe('2023-12-31');
    expect(toIsoDate('2023-02-29', 'yyyy-mm-dd')).toBeNull();
    expect(toIsoDate('31/02/2024', 'dd/mm/yyyy')).toBeNull();
  });

  it('guesses day-first unless a value shows month-first', () => {
    expect(guessDateFormat(['01/02/2024', '12/03/2024'])).toBe('dd/mm/yyyy');
    expect(guessDateFormat(['01/02/2024', '12/31/2024'])).toBe('mm/dd/yyyy');
    expect(guessDateFormat(['2024-01-01', 'soon'])).toBeNull();
  });
});

describe('column types', () => {
  it('guesses currency from the spec §5 forms and keeps the code', () => {
    expect(guessColumnType('Paid', ['(1,234.50)', '1 234.50-', '$12'])).toMatchObject({ type: 'currency' });
    expect(guessColumnType('x', ['KES 1,200', '300'])).toMatchObject({
      type: 'currency',
      currency: 'KES',
      dateFormat: null,
    });
    expect(guessColumnType('Amount', ['12.50', '3'])).toMatchObject({ type: 'currency' });
  });

  it('guesses numbers, booleans, dates and text', () => {
    expect(guessColumnType('Qty', ['1', '2.125', '-3'])).toMatchObject({ type: 'number' });
    expect(guessColumnType('Cleared', ['yes', 'No', ''])).toMatchObject({ type: 'boolean' });
    expect(guessColumnType('Date', ['2024-01-01'])).toMatchObject({ type: 'date', dateFormat: 'yyyy-mm-dd' });
    expect(guessColumnType('Ref', ['INV-7', '=SUM(A1)'])).toMatchObject({ type: 'text' });
    expect(guessColumnType('Empty', ['', ' '])).toMatchObject({ type: 'text' });
  });

  it('detects a header row of distinct names', () => {
    expect(
      detectHeader([
        ['Date', 'Amount'],
        ['2024-01-01', '5'],
      ]),
    ).toBe(true);
    expect(detectHeader([['2024-01-01', '5']])).toBe(false);
    expect(detectHeader([['Name', 'name']])).toBe(false);
    expect(detectHeader([['Name', '']])).toBe(false);
  });
});

describe('plain ISO dates', () => {
  it('checks the calendar without a Date (leap years included)', () => {
    expect(toIsoDate('2000-02-29', 'yyyy-mm-dd')).toBe('2000-02-29');
    expect(toIsoDate('1900-02-29', 'yyyy-mm-dd')).toBeNull();
    expect(toIsoDate('2024-04-31', 'yyyy-mm-dd')).toBeNull();
    expect(toIsoDate('2024-13-01', 'yyyy-mm-dd')).toBeNull();
    expect(toIsoDate('2024-00-10', 'yyyy-mm-dd')).toBeNull();
    expect(toIsoDate('2024-12-31', 'yyyy-mm-dd')).toBe('2024-12-31');
  });
});
