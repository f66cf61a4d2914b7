import { describe, expect, it } from 'vitest';
import {
  bestJaroWinkler,
  editDistance,
  jaro,
  jaroWinkler,
  tokenSetRatio,
  withinOneEdit,
} from './similarity.ts';
import { Random } from './testdata/random.ts';

describe('similarity', () => {
  it('computes Jaro and Jaro-Winkler as published', () => {
    expect(jaro('MARTHA', 'MARHTA')).toBeCloseTo(0.9444, 4);
    expect(jaroWinkler('MARTHA', 'MARHTA')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('DWAYNE', 'DUANE')).toBeCloseTo(0.84, 4);
    expect(jaroWinkler('ABC', 'ABC')).toBe(1);
    expect(jaroWinkler('', 'ABC')).toBe(0);
    expect(jaroWinkler('ABC', 'XYZ')).toBe(0);
  });

  it('weights the token-set ratio so frequent words count little', () => {
    const weight = (key: string) => (key === 'MPESA' ? 0.1 : 1);
    expect(tokenSetRatio(['MPESA', 'INV1'], ['INV1'], weight)).toBe(1);
    expect(tokenSetRatio(['MPESA', 'INV1'], ['MPESA', 'INV2'], weight)).toBeCloseTo(0.1 / 1.1, 6);
    expect(tokenSetRatio([], ['INV1'], weight)).toBe(0);
  });

  it('counts edits with adjacent transpositions as one', () => {
    expect(editDistance('4512', '4152')).toBe(1);
    expect(editDistance('4512', '412')).toBe(1);
    expect(editDistance('4512', '4592')).toBe(1);
    expect(editDistance('4018', '4051')).toBe(2);
    expect(editDistance('ABCDEFGH', 'ZZZZZZZZ', 1)).toBe(2);
  });

  it('finds the best identifier pair', () => {
    expect(bestJaroWinkler(['INV2026004512', 'QGH7XK2P1L'], ['INV2026004152'])).toMatchObject({
      left: 'INV2026004512',
      right: 'INV2026004152',
    });
  });

  it('tells strings one edit apart as the edit distance does', () => {
    const random = new Random(13);
    const word = () => {
      let text = '';
      for (let length = random.int(0, 6); length > 0; length--) text += 'AB1'[random.int(0, 2)];
      return text;
    };
    let near = 0;
    for (let round = 0; round < 20_000; round++) {
      const a = word();
      const b = random.chance(0.5)
        ? word()
        : a.slice(0, random.int(0, a.length)) + word().slice(0, 1) + a.slice(random.int(0, a.length));
      const expected = editDistance(a, b, 1) <= 1;
      if (expected) near++;
      expect(withinOneEdit(a, b), `${a} ${b}`).toBe(expected);
    }
    expect(near).toBeGreaterThan(2000);
  });

  it('gives the first best pair of comparing every pair, only above the floor', () => {
    const random = new Random(11);
    const alphabet = 'AB0129INV';
    const word = () => {
      let text = '';
      for (let length = random.int(1, 12); length > 0; length--)
        text += alphabet[random.int(0, alphabet.length - 1)];
      return text;
    };
    let above = 0;
    for (let round = 0; round < 3000; round++) {
      const left = Array.from({ length: random.int(1, 4) }, word);
      const right = Array.from({ length: random.int(1, 4) }, word);
      let best = { score: 0, left: '', right: '' };
      for (const a of left)
        for (const b of right)
          if (jaroWinkler(a, b) > best.score) best = { score: jaroWinkler(a, b), left: a, right: b };
      expect(bestJaroWinkler(left, right)).toEqual(best);
      if (best.score > 0.8) above++;
      expect(bestJaroWinkler(left, right, 0.8)).toEqual(
        best.score > 0.8 ? best : { score: 0, left: '', right: '' },
      );
    }
    expect(above).toBeGreaterThan(100);
  });
});
