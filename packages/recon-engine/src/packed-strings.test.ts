import { describe, expect, it } from 'vitest';
import { packStrings, unpackString } from './packed-strings.ts';

describe('packed strings', () => {
  it('gives back every entry, missing ones and empty ones, across chunk boundaries', () => {
    const values = Array.from({ length: 20_000 }, (_, i) =>
      i % 7 === 0 ? undefined : i % 11 === 0 ? '' : `ref-${i}-ñ€`,
    );
    const packed = packStrings(values.length, (i) => values[i]);
    expect(packed.chunks).toHaveLength(3);
    for (let i = 0; i < values.length; i++) expect(unpackString(packed, i)).toBe(values[i]);
  });

  it('packs an empty column', () => {
    expect(packStrings(0, () => 'x')).toEqual({ length: 0, chunks: [], ends: new Int32Array(0) });
  });
});
