import { describe, expect, it } from 'vitest';
import { readQifDate } from './qif.ts';
import { readStatement } from './read-statement.ts';

const qif = (dates: [string, string]) =>
  [
    '!Type:Bank',
    `D${dates[0]}`,
    'T-1,234.56',
    'PKenya Power',
    'MToken purchase',
    'N1042',
    'LUtilities',
    '^',
    `D${dates[1]}`,
    'U2500.00',
    'PACME Ltd',
    '^',
  ].join('\n');

describe('QIF', () => {
  it.each([
    ['dd/mm/yyyy', ['05/03/2024', '31/03/2024']],
    ['mm/dd/yyyy', ['03/05/2024', '03/31/2024']],
    ['yyyy-mm-dd', ['2024-03-05', '2024-03-31']],
  ] as const)('reads records with the %s date format', (format, dates) => {
    const result = readStatement(qif([dates[0], dates[1]]), {
      format: 'qif',
      qifDateFormat: format,
      defaultCurrency: 'KES',
    });
    expect(result.errors).toEqual([]);
    expect(
      result.transactions.map((t) => [
        t.line,
        t.booking_date,
        t.amount_minor,
        t.currency,
        t.counterparty,
        t.narrative,
        t.reference,
      ]),
    ).toEqual([
      [2, '2024-03-05', '-123456', 'KES', 'Kenya Power', 'Token purchase', '1042'],
      [9, '2024-03-31', '250000', 'KES', 'ACME Ltd', '', ''],
    ]);
    expect(result.transactions[0]!.extra).toEqual({ category: 'Utilities' });
    expect(result.transactions[0]!.external_key).toMatch(/^qif::h:[0-9a-f]{64}$/);
  });

  it('is detected by its !Type header and asks for the date format when none is given', () => {
    const result = readStatement(qif(['05/03/2024', '31/03/2024']));
    expect(result.format).toBe('qif');
    expect(result.errors).toEqual([
      { line: 1, message: 'Choose the date format of this QIF file (dd/mm/yyyy, mm/dd/yyyy or yyyy-mm-dd)' },
    ]);
  });

  it('refuses a date that does not fit the chosen format, naming the line', () => {
    const result = readStatement(qif(['05/03/2024', '31/03/2024']), { qifDateFormat: 'mm/dd/yyyy' });
    expect(result.transactions).toHaveLength(1);
    expect(result.errors).toEqual([
      { line: 9, message: 'Line 9: the date "31/03/2024" is not a mm/dd/yyyy date' },
    ]);
  });

  it('reads Quicken short years and keeps two identical records apart', () => {
    expect(readQifDate("1/31'24", 'mm/dd/yyyy')).toBe('2024-01-31');
    expect(readQifDate('31.12.99', 'dd/mm/yyyy')).toBe('1999-12-31');
    expect(readQifDate(' 5/ 3/2024', 'dd/mm/yyyy')).toBe('2024-03-05');
    expect(readQifDate('2024-02-30', 'yyyy-mm-dd')).toBeNull();
    const twice = qif(['05/03/2024', '05/03/2024']).replace(
      'U2500.00\nPACME Ltd',
      'T-1,234.56\nPKenya Power\nMToken purchase\nN1042',
    );
    const keys = readStatement(twice, { qifDateFormat: 'dd/mm/yyyy' }).transactions.map(
      (t) => t.external_key,
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe('QIF accounts', () => {
  it('scopes each record by the !Account block before it', () => {
    const text = [
      '!Account',
      'NChecking',
      'TBank',
      '^',
      '!Type:Bank',
      'D2024-03-01',
      'T10.00',
      '^',
      '!Account',
      'NSavings',
      'TBank',
      '^',
      '!Type:Bank',
      'D2024-03-01',
      'T10.00',
      '^',
    ].join('\n');
    const result = readStatement(text, { qifDateFormat: 'yyyy-mm-dd' });
    expect(result.account).toBe('Checking');
    expect(result.transactions.map((t) => [t.line, t.external_key.split(':h:')[0]])).toEqual([
      [6, 'qif:Checking'],
      [14, 'qif:Savings'],
    ]);
  });
});

describe('QIF sections', () => {
  it('says when it leaves out a section that holds no bank transactions', () => {
    const text = ['!Type:Cat', 'NUtilities', 'E', '^', '!Type:Bank', 'D2024-03-01', 'T-5.00', '^'].join('\n');
    const result = readStatement(text, { qifDateFormat: 'yyyy-mm-dd' });
    expect(result.transactions.map((t) => t.amount_minor)).toEqual(['-500']);
    expect(result.warnings).toEqual([
      {
        code: 'skipped_entry',
        line: 2,
        message:
          'Line 2: records of the QIF section !Type:Cat are not bank transactions and are not imported',
      },
    ]);
  });
});
