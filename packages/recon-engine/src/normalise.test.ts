import { describe, expect, it } from 'vitest';
import {
  counterpartyKeys,
  fold,
  identifierChunks,
  isIdentifierKey,
  isMpesaReceipt,
  phoneKey,
  referenceKeyList,
  referenceKeys,
  stripLeadingZeros,
} from './normalise.ts';
import { Random } from './testdata/random.ts';
import { amountSeed, typoHashes, typoVariants } from './typo-keys.ts';

describe('normalisation', () => {
  it('folds case, spaces and punctuation', () => {
    expect(fold('  inv-2026/0045 ,ref.  ')).toBe('INV 2026 0045 REF');
  });

  it('strips leading zeros the way SAP references need', () => {
    expect(stripLeadingZeros('0090001234')).toBe('90001234');
    expect(stripLeadingZeros('000')).toBe('0');
    expect(referenceKeys('0090001234')).toEqual(['#90001234']);
    expect(referenceKeys('90001234')).toEqual(['#90001234']);
  });

  it('gives a punctuated reference its compact and digits forms as strong keys and its parts as weak ones', () => {
    const { keys, strong } = referenceKeyList('INV-2026-004512');
    expect(keys.slice(0, strong).sort()).toEqual(['#2026004512', 'INV2026004512']);
    expect(keys.slice(strong).sort()).toEqual(['#2026', '#4512']);
    expect(referenceKeyList('inv2026004512').keys).toContain('INV2026004512');
  });

  it('keeps only tokens of at least 4 characters', () => {
    expect(referenceKeys('TO ACC 12 ABCD')).toEqual(['ABCD']);
  });

  it('reads Kenyan phones in every spelling as one key', () => {
    expect(phoneKey('0722123456')).toBe('P:254722123456');
    expect(phoneKey('254722123456')).toBe('P:254722123456');
    expect(phoneKey('0110123456')).toBe('P:254110123456');
    expect(phoneKey('0622123456')).toBeNull();
    expect(referenceKeys('+254 722 123 456')).toContain('P:254722123456');
    expect(referenceKeys('Pay Bill from 0722-123-456')).toContain('P:254722123456');
    expect(isIdentifierKey('P:254722123456')).toBe(false);
  });

  it('recognises M-Pesa receipt numbers and keeps them whole', () => {
    expect(isMpesaReceipt('QGH7XK2P1L')).toBe(true);
    expect(isMpesaReceipt('QGHAXKBPCL')).toBe(false);
    expect(referenceKeys('Reversal of QGH7XK2P1L')).toEqual(['REVERSAL', 'QGH7XK2P1L']);
  });

  it('finds paybill account references inside the details', () => {
    const keys = referenceKeys('Pay Bill from 254722123456 - JOHN MWANGI Acc. ACC010023');
    expect(keys).toContain('ACC010023');
    expect(keys).toContain('P:254722123456');
  });

  it('gives counterparties their phone and name words without company forms', () => {
    expect(counterpartyKeys('Mwangi Hardware Co. Ltd').sort()).toEqual(['HARDWARE', 'MWANGI']);
    expect(counterpartyKeys('254722123456 JOHN MWANGI')).toEqual(['P:254722123456', 'JOHN', 'MWANGI']);
  });

  it('gives identifiers one typo apart a common typo variant, and distant ones none', () => {
    const shared = (a: string, b: string) => {
      const variants = new Set(typoVariants(referenceKeys(a)));
      return typoVariants(referenceKeys(b)).some((variant) => variants.has(variant));
    };
    expect(shared('INV-2026-004512', 'INV-2026-004152')).toBe(true); // swapped
    expect(shared('INV-2026-004512', 'INV-2026-00412')).toBe(true); // dropped
    expect(shared('INV-2026-004512', 'INV-2026-004592')).toBe(true); // wrong digit
    expect(shared('INV-2026-004512', 'INV-2026-007788')).toBe(false);
  });

  it('hashes typo variants so that one-typo identifiers of the same amount share a hash', () => {
    const seed = amountSeed(150_000, 0);
    const hashes = (reference: string, withSeed = seed) =>
      new Set(typoHashes(referenceKeys(reference), withSeed));
    const original = hashes('INV-2026-004512');
    expect([...hashes('INV-2026-004152')].some((hash) => original.has(hash))).toBe(true);
    expect([...hashes('INV-2026-007788')].some((hash) => original.has(hash))).toBe(false);
    const otherAmount = hashes('INV-2026-004152', amountSeed(150_100, 0));
    expect([...otherAmount].some((hash) => original.has(hash))).toBe(false);
  });

  it('cuts identifier chunks as splitting on white space and keeping A–Z and 0–9 does', () => {
    const regexChunks = (text: string) => {
      const chunks = new Set<string>();
      for (const chunk of text.toUpperCase().split(/\s+/)) {
        const compact = chunk.replace(/[^A-Z0-9]+/g, '');
        if (compact.length >= 5 && /\d/.test(compact) && phoneKey(compact) === null) chunks.add(compact);
      }
      return [...chunks];
    };
    const pieces = [
      'INV-2026-004512',
      'inv2026/4512',
      'MPESA',
      'ß',
      'ﬁ',
      '0722123456',
      '254722123456',
      '#12345',
      'QK7X9Y2Z1A',
    ];
    const spaces = [' ', '  ', '\t', '\n', '\u00a0', '\u2003', '\u3000', '\ufeff', '-', '.', ''];
    const random = new Random(3);
    for (let round = 0; round < 2000; round++) {
      let text = '';
      for (let part = random.int(0, 40); part > 0; part--) {
        text +=
          random.pick(pieces) +
          (random.chance(0.3) ? String(random.int(0, 99999)) : '') +
          random.pick(spaces);
      }
      expect(identifierChunks(text), JSON.stringify(text)).toEqual(regexChunks(text));
    }
  });
});
