import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { readField86 } from './mt940-details.ts';
import { readStatement } from './read-statement.ts';

describe('MT940', () => {
  it('reads the Knab test file: dates, signed amounts, bank references and both statement balances', () => {
    const result = readStatement(fixture('mt940/test1.mt940'));
    expect(result.format).toBe('mt940');
    expect(result.account).toBe('123456789');
    expect(result.currency).toBe('EUR');
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(
      result.transactions.map((t) => [
        t.line,
        t.booking_date,
        t.amount_minor,
        t.bank_reference,
        t.external_key,
      ]),
    ).toEqual([
      [6, '2014-05-07', '50000', 'B4E07XM00J000023', 'mt940:123456789:B4E07XM00J000023'],
      [16, '2014-07-29', '-276000', 'B4G29PGCVO7Q06US', 'mt940:123456789:B4G29PGCVO7Q06US'],
      [20, '2014-07-29', '50000', 'B4G29PGDCK1QFV3E', 'mt940:123456789:B4G29PGDCK1QFV3E'],
    ]);
    expect(
      result.statements.map((s) => [s.id, s.opening_minor, s.closing_minor, s.closing_date, s.balance_check]),
    ).toEqual([
      ['B4E08MS9D00A0009', '0', '50000', '2014-05-08', 'ok'],
      ['B4G30MS9D00A003D', '305898', '79898', '2014-07-30', 'ok'],
    ]);
    expect(result.transactions[1]).toMatchObject({
      counterparty: 'PICQER',
      narrative: 'FACTUUR 201403110, 201403113 REK: NL65INGB0123456789/NAAM: PICQER',
      extra: { counterparty_account: 'NL65INGB0123456789', supplementary_details: '/OCMT/EUR10,00/' },
    });
    expect(result.transactions[2]!.reference).toBe('29-07-2014 10:05');
  });

  it('reads /TAG/ narratives (ORDP, REMI) of the second test file', () => {
    const result = readStatement(fixture('mt940/testX.mt940'));
    expect(result.errors).toEqual([]);
    expect(result.transactions[0]).toMatchObject({
      amount_minor: '50000',
      counterparty: 'XXXXXXXXXXXXX XXXXXXXX BANKEN AB (PUBL) (FORMER: SXB A',
      narrative: 'XXXXXXXXXXX OUR REF: 03MT181012182288 YOUR REF: 181012671 M CA O/XXXXDK22 BIC:XXXXDK22',
    });
    expect(result.transactions[1]!.narrative).toMatch(/^UBERWEISUNG OUR REF: 03MT181024144353/);
  });

  it('reports a balance mismatch when an amount is altered', () => {
    const text = fixture('mt940/test1.mt940').replace(':61:1407290729D2760,', ':61:1407290729D2760,01');
    const result = readStatement(text);
    expect(result.statements[1]!.balance_check).toBe('mismatch');
    expect(result.warnings).toEqual([
      {
        code: 'balance_mismatch',
        line: 12,
        message:
          'Statement B4G30MS9D00A003D: opening balance 3058.98 EUR + 2 entries -2260.01 EUR = 798.97 EUR, but the closing balance is 798.98 EUR (difference 0.01 EUR)',
      },
    ]);
  });

  it('keeps three-decimal currencies exact and dates an entry date across New Year', () => {
    const text = [
      ':20:STMT1',
      ':25:BH12ABCD00001234567890',
      ':28C:1/1',
      ':60F:C231231BHD100,000',
      ':61:2312310102D1,234NTRFINV-77//BANKREF1',
      ':86:Fees',
      ':61:2312311231RC0,001NMSCNONREF',
      ':86:Reversal',
      ':62F:C240102BHD98,765',
    ].join('\r\n');
    const result = readStatement(text);
    expect(result.errors).toEqual([]);
    expect(
      result.transactions.map((t) => [
        t.value_date,
        t.booking_date,
        t.amount_minor,
        t.reference,
        t.extra?.reversal,
      ]),
    ).toEqual([
      ['2023-12-31', '2024-01-02', '-1234', 'INV-77', undefined],
      ['2023-12-31', '2023-12-31', '-1', '', 'true'],
    ]);
    expect(result.statements[0]).toMatchObject({
      opening_minor: '100000',
      closing_minor: '98765',
      balance_check: 'ok',
    });
    // No bank reference on the second line: a content hash key.
    expect(result.transactions[1]!.external_key).toMatch(/^mt940:BH12ABCD00001234567890:h:[0-9a-f]{64}$/);
  });

  it('gives an error naming the line of an unreadable tag', () => {
    const result = readStatement(':20:X\n:25:1\n:28C:1\n:60F:C140507EUR0,\n:61:garbage\n:62F:C140508EUR0,');
    expect(result.transactions).toEqual([]);
    expect(result.errors).toEqual([
      { line: 5, message: 'Line 5: not a readable MT940 statement: Cannot parse tag 61: garbage' },
    ]);
  });
});

describe(':86: narratives', () => {
  it('reads German structured fields with SEPA keywords', () => {
    const details = readField86(
      '166?00SEPA-GUTSCHRIFT?100599?20EREF+RG-2024-0815?21SVWZ+Rechnung 2024-0815 vom?22 01.03.2024?30DEUTDEFFXXX?31DE89370400440532013000?32Muster GmbH?34166',
    );
    expect(details).toEqual({
      reference: 'RG-2024-0815',
      counterparty: 'Muster GmbH',
      narrative: 'SEPA-GUTSCHRIFT: Rechnung 2024-0815 vom 01.03.2024',
      extra: {
        business_code: '166',
        booking_text: 'SEPA-GUTSCHRIFT',
        primanota: '0599',
        counterparty_bank: 'DEUTDEFFXXX',
        counterparty_account: 'DE89370400440532013000',
        end_to_end_id: 'RG-2024-0815',
      },
    });
  });

  it('joins German fields broken across lines and reads the > separator', () => {
    const details = readField86(
      '005>00LASTSCHRIFT>20KREF+K-1 MREF+M-9 SVWZ+\n>21Miete Maerz>32Haus\n>33verwaltung AG',
    );
    expect(details.reference).toBe('K-1');
    expect(details.counterparty).toBe('Hausverwaltung AG');
    expect(details.narrative).toBe('LASTSCHRIFT: Miete Maerz');
    expect(details.extra.mandate_id).toBe('M-9');
  });

  it('reads SEPA slash tags (EREF, REMI, NAME, IBAN)', () => {
    const details = readField86(
      '/TRTP/SEPA OVERBOEKING/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/NAME/J. JANSEN/REMI/Factuur 2024-117/EREF/E2E-117',
    );
    expect(details).toEqual({
      reference: 'E2E-117',
      counterparty: 'J. JANSEN',
      narrative: 'Factuur 2024-117',
      extra: {
        transaction_type: 'SEPA OVERBOEKING',
        end_to_end_id: 'E2E-117',
        counterparty_account: 'NL91ABNA0417164300',
      },
    });
  });

  it('reads structured REMI and CNTP (ING style) and joins width-wrapped lines without a space', () => {
    const wrapped = `/REMI/STRD/CUR/${'R'.repeat(50)}`;
    expect(wrapped.length).toBe(65);
    const details = readField86(
      `/CNTP/NL20INGB0001234567/INGBNL2A/ACME B.V./AMSTERDAM/\n${wrapped}\nF12345/EREF/NOTPROVIDED`,
    );
    expect(details.reference).toBe(`${'R'.repeat(50)}F12345`);
    expect(details.counterparty).toBe('ACME B.V.');
    expect(details.extra.counterparty_account).toBe('NL20INGB0001234567');
  });
});

describe('MT940 long narratives', () => {
  it('reads a :86: longer than the library keeps (390 characters) in full', () => {
    const codes = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63'];
    const purpose = codes
      .map((code, index) => `?${code}${'Verwendungszweck Teil '.padEnd(27, String(index % 10))}`)
      .join('\n');
    const long = `166?00GUTSCHRIFT\n${purpose}\n?32Muster GmbH`;
    expect(long.length).toBeGreaterThan(390);
    const text = [
      ':20:S',
      ':25:DE1',
      ':28C:1',
      ':60F:C240301EUR0,',
      ':61:240301C1,00NTRFNONREF',
      `:86:${long}`,
      ':62F:C240301EUR1,',
    ].join('\n');
    const result = readStatement(text);
    expect(result.transactions[0]!.counterparty).toBe('Muster GmbH');
    expect(result.transactions[0]!.narrative).toContain('Verwendungszweck Teil 33333');
  });
});
