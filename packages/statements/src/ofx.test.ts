import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { readStatement } from './read-statement.ts';

describe('OFX / QFX', () => {
  it('reads an OFX 1.x SGML bank statement: signed amounts, dates, FITID keys, ledger balance', () => {
    const result = readStatement(fixture('ofx/example1.ofx'));
    expect(result.format).toBe('ofx');
    expect(result.account).toBe('1234567-00');
    expect(result.currency).toBe('NZD');
    expect(result.errors).toEqual([]);
    expect(
      result.transactions.map((t) => [
        t.line,
        t.booking_date,
        t.amount_minor,
        t.bank_reference,
        t.counterparty,
        t.narrative,
      ]),
    ).toEqual([
      [40, '2012-09-28', '1990', '20120928.0', '', 'Credit Interest Paid'],
      [47, '2012-09-28', '-101', '20120928.1', '', 'Withholding Tax'],
      [54, '2012-09-07', '-10000', '20120907.0', '06 0773 0214764 33', 'Debit Transfer: Bike'],
      [62, '2012-09-07', '-7199', '201209071', 'Transfer', 'Debit Transfer: Postage'],
      [70, '2012-01-04', '-2001', '20120104.6', 'Transfer', 'Debit Transfer Party'],
    ]);
    expect(result.transactions[0]!.external_key).toBe('ofx:1234567-00:20120928.0');
    expect(result.statements).toEqual([
      {
        id: '1234567-00',
        currency: 'NZD',
        opening_minor: null,
        closing_minor: '422579',
        opening_date: '2012-01-01',
        closing_date: '2012-10-04',
        transaction_count: 5,
        balance_check: 'unavailable',
      },
    ]);
  });

  it('reads a QFX credit-card statement written on one line, with its time-zoned dates and entities', () => {
    const result = readStatement(fixture('ofx/credit-card.qfx'));
    expect(result.currency).toBe('CAD');
    expect(result.account).toBe('4510000000003333');
    expect(result.transactions.map((t) => [t.booking_date, t.amount_minor, t.counterparty])).toEqual([
      ['2026-03-23', '-688', '7 DAYS COFFEE VANCOUVER'],
      ['2026-03-23', '20208', 'PAYMENT - THANK YOU / PAI EMENT - MERCI'],
      ['2026-03-26', '-7037', 'PHARMACY #7182'],
      ['2026-04-02', '-2638', 'T&T SUPERMARKET'],
      ['2026-04-05', '-1797', 'LYFT   *RIDE SAT 8PM VANCOUVER'],
    ]);
    expect(result.statements[0]!.closing_minor).toBe('90453');
  });

  it('reads an OFX 2 style (closed tags) QFX', () => {
    const result = readStatement(fixture('ofx/example-xml.qfx'));
    expect(result.transactions).toMatchObject([
      {
        booking_date: '2016-12-15',
        amount_minor: '84',
        currency: 'USD',
        bank_reference: '21172131531687',
        counterparty: 'Interest Paid',
      },
    ]);
  });

  it('reports each transaction of a masked file whose dates are unreadable, by line', () => {
    const result = readStatement(fixture('ofx/example2.ofx'));
    expect(result.transactions).toEqual([]);
    expect(result.errors[0]).toEqual({
      line: 41,
      message: 'Line 41: transaction 1 (FITID ******): DTPOSTED "****" is not a date',
    });
    expect(result.errors.length).toBeGreaterThan(20);
  });

  it('accepts a comma decimal point and tells entries sharing a FITID apart by content', () => {
    const text = fixture('ofx/example1.ofx')
      .replace('<TRNAMT>-1.01', '<TRNAMT>-1,01')
      .replace('<FITID>20120907.0', '<FITID>20120928.1');
    const result = readStatement(text);
    expect(result.transactions[1]!.amount_minor).toBe('-101');
    const keys = result.transactions.map((t) => t.external_key);
    expect(new Set(keys).size).toBe(5);
    expect(keys[1]).toMatch(/^ofx:1234567-00:h:/);
    expect(result.warnings).toEqual([
      {
        code: 'duplicate_reference',
        line: 47,
        message:
          'Line 47: the bank reference "20120928.1" is used by 2 entries of this file, so those entries are told apart by their content',
      },
    ]);
  });
});
