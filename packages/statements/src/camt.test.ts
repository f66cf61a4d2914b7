import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { readStatement } from './read-statement.ts';

const read = (name: string) => readStatement(fixture(`camt/${name}`));

describe('camt.053', () => {
  it('reads a v2 statement: amount, sign, dates, references, counterparty and balances', () => {
    const result = read('camt053.v2.minimal.xml');
    expect(result.format).toBe('camt053');
    expect(result.account).toBe('NL26VAYB8060476890');
    expect(result.currency).toBe('EUR');
    expect(result.errors).toEqual([]);
    expect(result.transactions).toHaveLength(1);
    expect(result.transactions[0]).toMatchObject({
      booking_date: '2014-12-31',
      value_date: '2015-01-02',
      amount_minor: '885',
      currency: 'EUR',
      reference: '4654654654654654',
      counterparty: 'NAME NAME',
      line: 90,
      extra: { counterparty_account: 'NL56AGDH9619008421', bank_transaction_code: '544' },
    });
    expect(result.statements[0]).toMatchObject({ opening_minor: '1815', closing_minor: '-2700' });
  });

  it('reports, and does not hide, a closing balance that opening + entries do not reach', () => {
    // This public test file states CLBD 27.00 SEK *debit* after 18.15 EUR + 8.85 EUR.
    const result = read('camt053.v2.minimal.xml');
    expect(result.statements[0]!.balance_check).toBe('mismatch');
    expect(result.warnings).toContainEqual({
      code: 'balance_mismatch',
      line: 26,
      message:
        'Statement 253EURNL26VAYB8060476890: opening balance 18.15 EUR + 1 entries 8.85 EUR = 27.00 EUR, but the closing balance is -27.00 SEK',
    });
  });

  it('checks each statement of a multi-statement file, debit entries negative', () => {
    const result = read('camt053.v2.multi.statement.xml');
    expect(result.transactions.map((t) => [t.amount_minor, t.reference, t.narrative])).toEqual([
      ['885', '000000001', 'Transaction Description 1'],
      ['-700', '000000002', 'Transaction Description 2'],
    ]);
    expect(result.transactions[1]!.counterparty).toBe('Company Name 2');
    expect(
      result.statements.map((s) => [
        s.id,
        s.opening_minor,
        s.closing_minor,
        s.balance_check,
        s.transaction_count,
      ]),
    ).toEqual([
      ['253EURNL26VAYB8060476890', '1815', '2700', 'ok', 1],
      ['254EURNL26VAYB8060476890', '2700', '2000', 'ok', 1],
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('accepts five-decimal amounts whose extra digits are zeros, exactly', () => {
    const result = read('camt053.v2.five.decimals.xml');
    expect(result.errors).toEqual([]);
    expect(result.transactions[0]!.amount_minor).toBe('885');
    expect(result.statements[0]).toMatchObject({
      opening_minor: '1815',
      closing_minor: '2705',
      balance_check: 'mismatch',
    });
    expect(result.warnings[0]!.message).toContain('(difference 0.05 EUR)');
  });

  it('refuses an amount whose extra decimals are not zeros, naming the line', () => {
    const text = fixture('camt/camt053.v2.five.decimals.xml').replace(
      '<Amt Ccy="EUR">8.850</Amt>',
      '<Amt Ccy="EUR">8.855</Amt>',
    );
    const result = readStatement(text);
    expect(result.transactions).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 61,
        message: 'Line 61: entry amount: "8.855" has more decimals than EUR allows (2); it is not rounded',
      },
    ]);
  });

  it('reads v3, v4 and v8 (namespaced versions, AcctSvcrRef as the duplicate key, v8 party names under Pty)', () => {
    for (const name of ['camt053.v3.xml', 'camt053.v4.xml', 'camt053.v8.xml']) {
      const result = read(name);
      expect(result.errors, name).toEqual([]);
      expect(result.transactions[0], name).toMatchObject({
        booking_date: '2014-12-31',
        amount_minor: '885',
        counterparty: 'NAME NAME',
        reference: '4654654654654654',
      });
    }
    const v8 = read('camt053.v8.xml').transactions[0]!;
    expect(v8.bank_reference).toBe('AAAASESS-FP-CN_98765/01');
    expect(v8.external_key).toBe('camt:NL26VAYB8060476890:AAAASESS-FP-CN_98765/01');
    expect(v8.extra).toMatchObject({
      end_to_end_id: 'MUELL/FINP/RA12345',
      bank_transaction_code: 'PMNT/RCDT/BOOK',
    });
  });

  it('takes the ultimate debtor when the debtor is absent', () => {
    expect(read('camt053.v2.minimal.ultimate.xml').transactions[0]!.counterparty).toBe('DEBTOR NAME NM');
  });

  it('gives a clear error for a statement file without statements, and for broken XML', () => {
    expect(read('camt053.v2.wrong.xml').errors).toEqual([
      {
        line: 3,
        message: 'Line 3: this camt.053 file holds no Stmt element, so it has no entries to import',
      },
    ]);
    const broken = fixture('camt/camt053.v2.minimal.xml').replace('</Ntry>', '');
    const result = readStatement(broken);
    expect(result.transactions).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]!.message).toMatch(/^Line \d+: not well-formed XML: /);
  });

  it('says a cut-short camt ends before its elements are closed, at its last line', () => {
    const whole = fixture('camt/camt053.v2.minimal.xml');
    const cut = whole.slice(0, whole.indexOf('<NtryDtls>'));
    const result = readStatement(cut);
    expect(result.transactions).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: cut.trimEnd().split('\n').length,
        message: expect.stringMatching(
          /^Line \d+: the XML ends before these elements are closed: Document > BkToCstmrStmt > Stmt > Ntry \(the file looks cut short\)$/,
        ),
      },
    ]);
  });

  it('refuses a DOCTYPE (entity expansion, external entities) without expanding it', () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY xxe SYSTEM "file:///etc/passwd">
]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Id>&lol1;&xxe;</Id></Stmt></BkToCstmrStmt></Document>`;
    const result = readStatement(lol);
    expect(result.format).toBe('camt053');
    expect(result.statements).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 2,
        message: 'Line 2: the XML declares a DOCTYPE (entities); camt files have none, so it is not read',
      },
    ]);
  });
});

describe('camt balances', () => {
  it('says when a balance cannot be read instead of skipping the check silently', () => {
    const text = fixture('camt/camt053.v2.multi.statement.xml').replace(
      '<Amt Ccy="EUR">20.00</Amt>',
      '<Amt Ccy="EUR">20.001</Amt>',
    );
    const result = readStatement(text);
    expect(result.statements[1]!.balance_check).toBe('unavailable');
    expect(result.warnings).toEqual([
      {
        code: 'balance_unreadable',
        message:
          'The CLBD balance cannot be read ("20.001" has more decimals than EUR allows (2); it is not rounded), so the balance is not checked',
      },
    ]);
  });
});

describe('camt namespace prefixes', () => {
  it('reads a file whose elements carry a namespace prefix, with the same lines and keys', () => {
    const plain = fixture('camt/camt053.v8.xml');
    const prefixed = plain
      .replace('xmlns="urn:iso', 'xmlns:ns2="urn:iso')
      .replace(/<(\/?)([A-Z][A-Za-z]*)([ >])/g, '<$1ns2:$2$3');
    expect(prefixed).toContain('<ns2:Ntry>');
    const result = readStatement(prefixed);
    expect(result.format).toBe('camt053');
    expect(result.errors).toEqual([]);
    expect(result.transactions).toEqual(readStatement(plain).transactions);
  });
});

describe('camt alterations', () => {
  it('reports a mismatch when an entry of a balanced statement is altered', () => {
    const text = fixture('camt/camt053.v2.multi.statement.xml').replace(
      '<Amt Ccy="EUR">7.00</Amt>',
      '<Amt Ccy="EUR">7.01</Amt>',
    );
    const result = readStatement(text);
    expect(result.statements.map((s) => s.balance_check)).toEqual(['ok', 'mismatch']);
    expect(result.warnings).toEqual([
      {
        code: 'balance_mismatch',
        line: 112,
        message:
          'Statement 254EURNL26VAYB8060476890: opening balance 27.00 EUR + 1 entries -7.01 EUR = 19.99 EUR, but the closing balance is 20.00 EUR (difference 0.01 EUR)',
      },
    ]);
  });

  it('keeps the booked direction of a reversal and marks it', () => {
    const text = fixture('camt/camt053.v2.multi.statement.xml').replace(
      '<CdtDbtInd>DBIT</CdtDbtInd>\n                <RvslInd>false</RvslInd>',
      '<CdtDbtInd>DBIT</CdtDbtInd>\n                <RvslInd>true</RvslInd>',
    );
    const reversal = readStatement(text).transactions[1]!;
    expect(reversal.amount_minor).toBe('-700');
    expect(reversal.extra?.reversal).toBe('true');
  });
});
