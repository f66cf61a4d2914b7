import { describe, expect, it } from 'vitest';
import { fixture } from '../test/read-fixture.ts';
import { readStatement, UnknownStatementFormatError } from './read-statement.ts';

const files = [
  'camt/camt053.v2.multi.statement.xml',
  'camt/camt054.v2.xml',
  'mt940/test1.mt940',
  'ofx/example1.ofx',
  'mpesa/business-statement.csv',
];

describe('readStatement', () => {
  it.each(files)('gives identical external keys when %s is read again', (path) => {
    const keys = () => readStatement(fixture(path)).transactions.map((t) => t.external_key);
    const first = keys();
    expect(first.length).toBeGreaterThan(0);
    expect(new Set(first).size).toBe(first.length);
    expect(keys()).toEqual(first);
  });

  it('keeps two genuinely identical entries of one file, with different keys', () => {
    const text = fixture('camt/camt053.v2.multi.statement.xml');
    const entry = /<Ntry>[\s\S]*?<\/Ntry>/.exec(text)![0];
    const doubled = text.replace(entry, entry + entry);
    const result = readStatement(doubled);
    const [first, second] = result.transactions;
    expect(result.transactions).toHaveLength(3);
    expect({ ...first, external_key: '', line: 0 }).toEqual({ ...second, external_key: '', line: 0 });
    expect(first!.external_key).not.toBe(second!.external_key);
    // The first copy keeps the key it has in the undoubled file: re-importing the original adds nothing.
    expect(first!.external_key).toBe(readStatement(text).transactions[0]!.external_key);
  });

  it('scopes keys by account, so two accounts do not collide', () => {
    const text = fixture('mt940/test1.mt940');
    const other = readStatement(text.replaceAll(':25:123456789', ':25:987654321'));
    const keys = new Set(readStatement(text).transactions.map((t) => t.external_key));
    expect(other.transactions.some((t) => keys.has(t.external_key))).toBe(false);
    expect(other.transactions[0]!.external_key).toBe('mt940:987654321:B4E07XM00J000023');
  });

  it('refuses text that is no statement, and honours an explicit format', () => {
    expect(() => readStatement('hello', { fileName: 'notes.txt' })).toThrow(UnknownStatementFormatError);
    expect(() => readStatement('hello', { fileName: 'notes.txt' })).toThrow(
      '"notes.txt" is not a statement this app reads (M-Pesa CSV, camt.053/054, MT940, OFX/QFX, QIF)',
    );
    const forced = readStatement('a,b\n1,2', { format: 'mpesa_csv' });
    expect(forced.errors).toEqual([
      { line: 1, message: 'No M-Pesa header line (with "Receipt No." and "Completion Time") was found' },
    ]);
  });

  it('uses the default currency for formats that state none', () => {
    const result = readStatement(fixture('mpesa/business-statement.csv'), { defaultCurrency: 'tzs' });
    expect(result.currency).toBe('TZS');
    expect(result.transactions[0]!.currency).toBe('TZS');
  });
});

describe('readStatement account option', () => {
  it('scopes keys by the given account when the file states none, and never overrides one it states', () => {
    const withPreamble = fixture('mpesa/business-statement.csv');
    const bare = withPreamble.slice(withPreamble.indexOf('Receipt No.'));
    const keyed = readStatement(bare, { account: '600123' });
    expect(keyed.account).toBe('600123');
    expect(keyed.transactions.map((t) => t.external_key)).toEqual(
      readStatement(withPreamble).transactions.map((t) => t.external_key),
    );
    expect(readStatement(bare).transactions[0]!.external_key).toBe('mpesa::SCS8DCYXZQ');
    expect(readStatement(withPreamble, { account: '999' }).transactions[0]!.external_key).toBe(
      'mpesa:600123:SCS8DCYXZQ',
    );
  });
});
