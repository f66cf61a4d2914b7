import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { readStatement } from './read-statement.ts';

const read = (name: string) => readStatement(fixture(`camt/${name}`));

describe('camt.054', () => {
  it('keeps an entry whole when its details carry no amounts adding up to it, and says so', () => {
    const result = read('camt054.v2.xml');
    expect(result.format).toBe('camt054');
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({
      booking_date: '2007-10-18',
      value_date: '2007-10-18',
      amount_minor: '-20000000',
      currency: 'SEK',
      reference: 'ISR ref number V1',
      bank_reference: 'AAAASESS-FP-ACCR001',
    });
    expect(result.warnings.map((w) => w.code)).toEqual(['details_not_split']);
    expect(result.statements[0]!.balance_check).toBe('unavailable');
  });

  it('splits an entry into one transaction per detail when the detail amounts add up to it', () => {
    // The v4 file's details are 3.10 + 3.20 + 3.20 CHF credits under a 200000 SEK debit entry: make them agree.
    const text = fixture('camt/camt054.v4.xml').replace(
      '<Amt Ccy="SEK">200000</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>',
      '<Amt Ccy="CHF">9.5</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>',
    );
    const result = readStatement(text);
    expect(result.warnings).toEqual([]);
    expect(
      result.transactions.map((t) => [
        t.amount_minor,
        t.currency,
        t.reference,
        t.counterparty,
        t.extra?.end_to_end_id,
      ]),
    ).toEqual([
      ['310', 'CHF', 'ISR ref number V1', 'UNIFITS GmbH', 'UXC06170000006PI00001EE00001'],
      ['320', 'CHF', 'ISR ref number V2', 'UNIFITS GmbH', 'UXC06170000006PI00001EE00002'],
      ['320', 'CHF', 'Ref number V3 block 1', 'UNIFITS GmbH', 'UXC06170000006PI00001EE00002'],
    ]);
    expect(result.transactions.map((t) => t.external_key)).toEqual([
      'camt:CH2801234000123456789:ACSR160617103200001/1',
      'camt:CH2801234000123456789:ACSR160617103200001/2',
      'camt:CH2801234000123456789:ACSR160617103200001/3',
    ]);
    expect(result.transactions[0]!.narrative).toBe(
      'Unstructured Remittance Information V1; Additional Remittance Information V1; Order',
    );
  });

  it('falls back to the notification date when an entry has no booking date, with a warning', () => {
    const result = read('camt054.v8-with-UETR.xml');
    expect(result.transactions[0]).toMatchObject({ booking_date: '2007-10-18', amount_minor: '-20000000' });
    expect(result.transactions[0]!.external_key).toBe(
      'camt:CH2801234000123456789:255ae394-9965-4438-ac86-f406feada396',
    );
    expect(result.warnings).toEqual([
      {
        code: 'date_fallback',
        line: 16,
        message: 'Line 16: the entry has no booking date; the statement date 2007-10-18 is used',
      },
    ]);
  });

  it('reads a financial institution as counterparty (v8)', () => {
    expect(read('camt054.v8-with-financial-institution.xml').transactions[0]!.counterparty).toBe(
      'Example Creditor 3 - V1',
    );
  });

  it('shares duplicate keys between a notification and a statement of the same booking', () => {
    const notification = read('camt054.v8-with-financial-institution.xml').transactions[0]!.external_key;
    expect(notification).toBe('camt:CH2801234000123456789:ACSR160617103200001');
    expect(read('camt054.v4.xml').transactions[0]!.external_key).toBe(notification);
  });

  it('skips entries that are not booked, with a warning', () => {
    const text = fixture('camt/camt054.v2.xml').replace('<Sts>BOOK</Sts>', '<Sts>PDNG</Sts>');
    const result = readStatement(text);
    expect(result.transactions).toEqual([]);
    expect(result.warnings).toEqual([
      {
        code: 'skipped_entry',
        line: 58,
        message: 'Line 58: entry with status PDNG (not booked) is not imported',
      },
    ]);
  });
});
