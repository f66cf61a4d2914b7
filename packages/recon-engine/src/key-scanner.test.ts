import { describe, expect, it } from 'vitest';
import { KeyTable } from './key-index.ts';
import { KeyScanner } from './key-scanner.ts';
import { counterpartyKeys, referenceKeyList } from './normalise.ts';
import { generate } from './testdata/generate.ts';

function scanned(scanner: KeyScanner, table: KeyTable, kind: 'reference' | 'counterparty', text: string) {
  scanner[kind](text);
  const keys: string[] = [];
  for (let k = 0; k < scanner.keys.length; k++) keys.push(table.name(scanner.keys.items[k]!));
  return { keys, strong: scanner.strongCount };
}

/** Random text from pieces that exercise every branch: phones, zeros, receipts, punctuation, spaces. */
function randomTexts(count: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 4_294_967_296;
  };
  const pieces = [
    'INV-2026-004512',
    'inv 2026/0045',
    '0090001234',
    '#4512',
    'QGH7XK2P1L',
    'qgh7xk2p1l',
    '0722123456',
    '+254 722 123 456',
    '254722123456',
    '0112 345 678',
    '07-22-12-34-56',
    'ACC010016',
    'Ltd',
    'LIMITED',
    'and',
    'Mama Mboga & Sons',
    'PAYBILL',
    'A1B2C3D4',
    '0000',
    '000123',
    'X-0001-0002',
    'ab',
    'ß-straße',
    'ǅ',
    'ﬀ12345',
    'ı9999',
    '\u00a0',
    '\t',
    '\n',
    '  ',
    '-',
    '/',
    '.',
    '12345678901234',
    '2547123456789',
    '01234567890',
    'PO#77/2026',
    'REF:88990011',
    'Ki\u00adsumu',
    '１２３４５',
    'Z9',
    'AB12CD34EF56',
    '1-2-3-4-5-6-7-8-9-0',
  ];
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const words = 1 + Math.floor(next() * 8);
    let text = '';
    for (let w = 0; w < words; w++) {
      const separator = [' ', '', '-', '  ', '\u00a0', '/', '\t'][Math.floor(next() * 7)]!;
      text += (w === 0 ? '' : separator) + pieces[Math.floor(next() * pieces.length)]!;
    }
    texts.push(text);
  }
  return texts;
}

describe('KeyScanner', () => {
  it('gives the keys of referenceKeyList and counterpartyKeys on random texts', () => {
    const table = new KeyTable();
    const scanner = new KeyScanner(table);
    for (const text of randomTexts(8000, 7)) {
      expect(scanned(scanner, table, 'reference', text), text).toEqual(referenceKeyList(text));
      expect(scanned(scanner, table, 'counterparty', text).keys, text).toEqual(counterpartyKeys(text));
    }
  });

  it('gives the same keys on generated statement and ledger records', () => {
    const table = new KeyTable();
    const scanner = new KeyScanner(table);
    const data = generate({ seed: 5, invoices: 3000 });
    for (const record of [...data.left, ...data.right]) {
      const text = record.text ? `${record.reference} ${record.text}` : record.reference;
      expect(scanned(scanner, table, 'reference', text)).toEqual(referenceKeyList(text));
      if (record.counterparty)
        expect(scanned(scanner, table, 'counterparty', record.counterparty).keys).toEqual(
          counterpartyKeys(record.counterparty),
        );
    }
  });

  it('gives a record reference and text as one text joined by a space (referenceOf)', () => {
    const table = new KeyTable();
    const scanner = new KeyScanner(table);
    const texts = randomTexts(4000, 11);
    for (let i = 0; i + 1 < texts.length; i += 2) {
      const [reference, text] = [texts[i]!, texts[i + 1]!];
      const joined = `${reference} ${text}`;
      expect(scanned(scanner, table, 'reference', joined), joined).toEqual(referenceKeyList(joined));
      const keys = [...scanner.keys.items.subarray(0, scanner.keys.length)];
      const strong = scanner.strongCount;
      scanner.referenceOf(reference, text);
      expect([...scanner.keys.items.subarray(0, scanner.keys.length)], joined).toEqual(keys);
      expect(scanner.strongCount).toBe(strong);
      scanner.referenceOf(reference, undefined);
      const alone = [...scanner.keys.items.subarray(0, scanner.keys.length)].map((id) => table.name(id));
      expect(alone, reference).toEqual(referenceKeyList(reference).keys);
    }
  });

  it('makes a string only for a key not seen before', () => {
    const table = new KeyTable();
    const scanner = new KeyScanner(table);
    scanner.reference('INV-2026-004512 paid');
    const size = table.size;
    scanner.reference('inv-2026-004512 PAID');
    expect(table.size).toBe(size);
  });
});
