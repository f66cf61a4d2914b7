import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { generateMpesaRows, generateMpesaStatementCsv, writeMpesaStatementCsv } from './mpesa-fixture.ts';
import { readStatement } from './read-statement.ts';

describe('M-Pesa business statement CSV', () => {
  const text = fixture('mpesa/business-statement.csv');

  it('is the generator output for (40 rows, seed 2024), so the committed file stays reproducible', () => {
    expect(generateMpesaStatementCsv({ rows: 40, seed: 2024 })).toBe(text);
  });

  it('finds the header after the preamble and reads receipts, amounts, dates and parties', () => {
    const result = readStatement(text);
    expect(result.format).toBe('mpesa_csv');
    expect(result.account).toBe('600123');
    expect(result.currency).toBe('KES');
    expect(result.errors).toEqual([]);
    expect(result.transactions[0]).toEqual({
      booking_date: '2024-03-01',
      value_date: null,
      amount_minor: '-4274600',
      currency: 'KES',
      reference: '',
      counterparty: 'SAMUEL ACHIENG',
      narrative: 'Business Payment to 254794222417 - SAMUEL ACHIENG',
      bank_reference: 'SCS8DCYXZQ',
      external_key: 'mpesa:600123:SCS8DCYXZQ',
      line: 7,
      extra: {
        completion_time: '2024-03-01 11:36:34',
        initiation_time: '2024-03-01 11:36:28',
        reason_type: 'Business Payment',
        counterparty_number: '254794222417',
      },
    });
    const payment = result.transactions.find(
      (t) => t.bank_reference === 'SCS3Q7IN4F' && !t.external_key.endsWith(':charge'),
    );
    expect(payment).toMatchObject({
      amount_minor: '547500',
      reference: 'INV-1168',
      counterparty: 'MERCY KIPROTICH',
    });
    const charge = result.transactions.find((t) => t.external_key === 'mpesa:600123:SCS3Q7IN4F:charge');
    expect(charge).toMatchObject({ amount_minor: '-2900', extra: { linked_transaction_id: 'SCS3Q7IN4F' } });
  });

  it('imports only Completed rows and reports the others as skipped lines', () => {
    const result = readStatement(text);
    expect(result.transactions).toHaveLength(36);
    expect(result.warnings.filter((w) => w.code === 'skipped_line').map((w) => w.line)).toEqual([
      18, 30, 35, 36,
    ]);
    expect(result.warnings[0]!.message).toBe(
      'Line 18: receipt SCTJEJWQ51 has status "Failed", not Completed: skipped',
    );
  });

  it('checks the running balance row by row and states opening and closing', () => {
    const result = readStatement(text);
    const rows = generateMpesaRows({ rows: 40, seed: 2024 });
    expect(result.statements).toEqual([
      {
        id: '600123',
        currency: 'KES',
        opening_minor: '25000000',
        closing_minor: rows.at(-1)!.balanceMinor.toString(),
        opening_date: '2024-03-01',
        closing_date: '2024-03-01',
        transaction_count: 36,
        balance_check: 'ok',
      },
    ]);
    expect(rows.at(-1)!.balanceMinor).toBe(71_952_018n);
  });

  it('reports a balance break when an amount is altered, with both figures (the next row follows again)', () => {
    const altered = text.replace('"5,475.00"', '"5,475.50"');
    const result = readStatement(altered);
    expect(result.statements[0]!.balance_check).toBe('mismatch');
    expect(result.warnings.filter((w) => w.code === 'balance_mismatch')).toEqual([
      {
        code: 'balance_mismatch',
        line: 9,
        message:
          'Line 9: balance 762295.18 KES does not follow from the previous balance 756820.18 KES (line 10) + 5475.50 KES = 762295.68 KES',
      },
    ]);
  });

  it('re-reading gives identical keys; an overlapping statement shares the keys of the shared rows', () => {
    const rows = generateMpesaRows({ rows: 300, seed: 11 });
    const march = readStatement(writeMpesaStatementCsv(rows.slice(0, 200)));
    const again = readStatement(writeMpesaStatementCsv(rows.slice(0, 200)));
    expect(again.transactions.map((t) => t.external_key)).toEqual(
      march.transactions.map((t) => t.external_key),
    );
    const overlapping = readStatement(writeMpesaStatementCsv(rows.slice(150, 300)));
    const first = new Set(march.transactions.map((t) => t.external_key));
    const shared = overlapping.transactions.filter((t) => first.has(t.external_key));
    const expected = rows.slice(150, 200).filter((row) => row.status === 'Completed').length;
    expect(shared).toHaveLength(expected);
    expect(new Set([...first, ...overlapping.transactions.map((t) => t.external_key)]).size).toBe(
      rows.filter((row) => row.status === 'Completed').length,
    );
  });

  it('accepts day-first dates, positive Withdrawn and negative Paid In amounts, and names the line of a bad amount', () => {
    const csv = [
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance',
      'RB11AAAA01,01/03/2024 09:15,Pay Bill from 254700000001 - ANN NJERI Acc. 7781,Completed,100.00,,1100.00',
      'RB11AAAA02,02-03-2024 10:00:00,Business Payment to 254700000002 - JOE,Completed,,40.00,1060.00',
      'RB11AAAA03,2024-03-02 11:00:00,Pay Bill Charge,Completed,,1.005,1059.00',
      'RB11AAAA04,2024-03-02 12:00:00,Oops,Completed,5.00,5.00,1059.00',
      'RB11AAAA05,2024-03-02 13:00:00,Reversal,Completed,-100.00,,960.00',
    ].join('\n');
    const result = readStatement(csv);
    expect(
      result.transactions.map((t) => [t.booking_date, t.amount_minor, t.reference, t.counterparty]),
    ).toEqual([
      ['2024-03-01', '10000', '7781', 'ANN NJERI'],
      ['2024-03-02', '-4000', '', 'JOE'],
      ['2024-03-02', '-10000', '', ''],
    ]);
    expect(result.statements[0]!.balance_check).toBe('ok');
    expect(result.errors).toEqual([
      {
        line: 4,
        message: 'Line 4: Withdrawn: "1.005" has more decimals than KES allows (2); it is not rounded',
      },
      { line: 5, message: 'Line 5: both Paid In and Withdrawn hold an amount' },
    ]);
  });
});

describe('M-Pesa currency column', () => {
  it('takes the currency of a Currency column, and refuses a code that is none', () => {
    const csv = [
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance,Currency',
      'RB11AAAA01,2024-03-01 09:15:00,Pay Bill from 255700000001 - ANN,Completed,"1,500",,"11,500",tzs',
      'RB11AAAA02,2024-03-01 09:16:00,Pay Bill from 255700000002 - BEN,Completed,200,,"11,700",TZ$',
    ].join('\n');
    const result = readStatement(csv);
    expect(result.currency).toBe('TZS');
    expect(result.transactions.map((t) => [t.amount_minor, t.currency])).toEqual([['150000', 'TZS']]);
    expect(result.errors).toEqual([{ line: 3, message: 'Line 3: Currency "TZ$" is not an ISO 4217 code' }]);
  });
});

describe('M-Pesa payers in the details', () => {
  it('takes the phone (masked, full, with a plus or spaces) and the name out of the details', () => {
    const csv = [
      'Receipt No.,Completion Time,Details,Transaction Status,Paid In,Withdrawn,Balance',
      'RA1,2026-03-01 10:00:00,Pay Bill from 2547******413 - JANE WANJIKU Acc. INV-1001,Completed,1000.00,,1000.00',
      'RA2,2026-03-01 11:00:00,Pay Bill from +254 722 000 111 - PETER OTIENO Acc. INV-1002,Completed,500.00,,1500.00',
      'RA3,2026-03-01 12:00:00,Pay Bill from 0716103413 - ACME LTD Acc. INV-1003,Completed,250.00,,1750.00',
    ].join('\n');
    const result = readStatement(csv);
    expect(result.errors).toEqual([]);
    expect(
      result.transactions.map((t) => [t.extra?.counterparty_number, t.counterparty, t.reference]),
    ).toEqual([
      ['2547******413', 'JANE WANJIKU', 'INV-1001'],
      ['+254 722 000 111', 'PETER OTIENO', 'INV-1002'],
      ['0716103413', 'ACME LTD', 'INV-1003'],
    ]);
  });
});
