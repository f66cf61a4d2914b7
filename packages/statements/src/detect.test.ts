import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { detectStatementFormat } from './detect.ts';
import { generateMpesaStatementCsv } from './mpesa-fixture.ts';

describe('detectStatementFormat', () => {
  it.each([
    ['camt/camt053.v2.minimal.xml', 'camt053'],
    ['camt/camt053.v8.xml', 'camt053'],
    ['camt/camt054.v4.xml', 'camt054'],
    ['mt940/test1.mt940', 'mt940'],
    ['mt940/testX.mt940', 'mt940'],
    ['ofx/example1.ofx', 'ofx'],
    ['ofx/credit-card.qfx', 'ofx'],
    ['ofx/example-xml.qfx', 'ofx'],
  ] as const)('recognises %s as %s', (path, format) => {
    expect(detectStatementFormat(fixture(path))).toBe(format);
  });

  it('recognises an M-Pesa statement after its preamble, QIF, and nothing in a plain CSV', () => {
    expect(detectStatementFormat(generateMpesaStatementCsv({ rows: 3, seed: 1 }))).toBe('mpesa_csv');
    expect(detectStatementFormat('!Type:Bank\nD01/02/2024\nT10.00\n^')).toBe('qif');
    expect(detectStatementFormat('date,amount\n2024-01-01,10.00')).toBeNull();
    expect(
      detectStatementFormat('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>'),
    ).toBeNull();
  });
});
