/**
 * `(keys, values)` pairs stably sorted by key (as unsigned 32-bit numbers) in two 16-bit radix passes:
 * how the typo index and the reference families' number index are built (a few hundred milliseconds for
 * ~9M pairs, where a hash table of arrays took seconds of random-access inserts).
 */
import { int32Array } from './typed-memory.ts';

export function sortPairs(keys: Int32Array, values: Int32Array): void {
  const count = keys.length;
  const otherKeys = int32Array(count);
  const otherValues = int32Array(count);
  const starts = new Int32Array(65_537);
  for (const shift of [0, 16]) {
    const [fromKeys, fromValues, toKeys, toValues] =
      shift === 0 ? [keys, values, otherKeys, otherValues] : [otherKeys, otherValues, keys, values];
    starts.fill(0);
    for (let i = 0; i < count; i++) starts[((fromKeys[i]! >>> shift) & 0xffff) + 1]!++;
    for (let b = 0; b < 65_536; b++) starts[b + 1]! += starts[b]!;
    for (let i = 0; i < count; i++) {
      const at = starts[(fromKeys[i]! >>> shift) & 0xffff]!++;
      toKeys[at] = fromKeys[i]!;
      toValues[at] = fromValues[i]!;
    }
  }
}
