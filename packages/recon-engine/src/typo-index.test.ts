import { describe, expect, it } from 'vitest';
import { CandidateSet } from './candidate-set.ts';
import { prepare } from './prepare.ts';
import { Random } from './testdata/random.ts';
import type { EngineRecord } from './types.ts';
import { TypoIndex, typoKeysOf } from './typo-index.ts';
import { amountSeed, hashSkipping, pushTailHashes } from './typo-keys.ts';

const nothingMatched = { left: new Set<string>(), right: new Set<string>() };

describe('typo keys', () => {
  it('hashes each deletion variant as hashing it whole would', () => {
    const random = new Random(5);
    for (let round = 0; round < 200; round++) {
      const tail = Array.from({ length: random.int(5, 8) }, () =>
        String.fromCharCode(random.pick([48, 49, 55, 57, 65, 88])),
      ).join('');
      const seed = random.int(0, 2 ** 32 - 1);
      const hashes: number[] = [];
      pushTailHashes(tail, seed, hashes);
      expect(hashes).toEqual([-1, ...tail.split('').keys()].map((skip) => hashSkipping(tail, skip, seed)));
    }
  });
});

describe('typo index', () => {
  /** Invoices of a few amounts, one amount shared by many (a large group), and payments with typos. */
  function records(): { left: EngineRecord[]; right: EngineRecord[] } {
    const random = new Random(9);
    const left: EngineRecord[] = [];
    const right: EngineRecord[] = [];
    const typo = (reference: string) => {
      const at = random.int(4, reference.length - 2);
      return random.chance(0.5)
        ? reference.slice(0, at) + reference.slice(at + 1)
        : reference.slice(0, at) + reference[at + 1] + reference[at] + reference.slice(at + 2);
    };
    for (let i = 0; i < 300; i++) {
      const reference = `INV2026${String(4000 + i).padStart(6, '0')}`;
      const amount = BigInt(i % 3 === 0 ? 100_000 : random.int(1, 40) * 500);
      left.push({ id: `L${i}`, amount, currency: 'KES', date: 20_000, reference });
      right.push({ id: `R${i}`, amount, currency: 'KES', date: 20_001, reference: typo(reference) });
      if (i % 5 === 0) right.push({ id: `R${i}b`, amount, currency: 'USD', date: 20_001, reference });
    }
    return { left, right };
  }

  it('finds, for every left record, the right records of its amount sharing a typo key', () => {
    const data = records();
    const prepared = prepare(data.left, data.right, nothingMatched, 'never');
    const { left, right } = prepared;
    const index = new TypoIndex(left, right);
    const into = new CandidateSet(right.records.length);
    let found = 0;
    for (let l = 0; l < left.records.length; l++) {
      into.start(l);
      index.addCandidates(left, l, into);
      const seed = amountSeed(left.amount[l]!, left.currency[l]!);
      const keys = new Set(typoKeysOf(left, l));
      const expected: number[] = [];
      for (let r = 0; r < right.records.length; r++) {
        if (amountSeed(right.amount[r]!, right.currency[r]!) !== seed) continue;
        if (typoKeysOf(right, r).some((key) => keys.has(key))) expected.push(r);
      }
      expect(
        [...into.list.subarray(0, into.size)].sort((a, b) => a - b),
        left.records[l]!.id,
      ).toEqual(expected);
      found += expected.length;
    }
    // Each invoice finds at least its own payment (one typo away); the USD copies never.
    expect(found).toBeGreaterThanOrEqual(300);
  });

  it('leaves out right records no open left record has the amount of, and matched ones', () => {
    const data = records();
    const prepared = prepare(
      data.left,
      data.right,
      { left: new Set(['L1']), right: new Set(['R2']) },
      'never',
    );
    const { left, right } = prepared;
    const index = new TypoIndex(left, right);
    const into = new CandidateSet(right.records.length);
    const l2 = left.records.findIndex((record) => record.id === 'L2');
    into.start(l2);
    index.addCandidates(left, l2, into);
    expect([...into.list.subarray(0, into.size)].map((r) => right.records[r]!.id)).not.toContain('R2');
  });
});
