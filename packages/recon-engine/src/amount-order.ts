/**
 * Record indexes sorted by (currency, amount, index) with least-significant-digit radix passes. Amounts
 * are whole minor units: when they all lie within 2^32 of the lowest (the usual case), each less the
 * lowest is a 32-bit number sorted in two 16-bit passes; otherwise, within ±2^52, each is an unsigned
 * number below 2^53 + 1 once shifted by 2^52, sorted in passes of 16, 16, 11 and 11 bits. A pass whose
 * digit is the same for every record is skipped; the last one is by currency. Every pass is stable and
 * the input is in index order, so ties keep index order. A comparator sort of 1M indexes took ~0.4–0.7 s.
 */
const SHIFT = 2 ** 52;
const LOW = 2 ** 32;

/** One stable counting pass: `from` sorted by `digit[item]` (0 .. buckets - 1) into `to`. */
function countingPass(from: Int32Array, to: Int32Array, digit: Uint32Array, buckets: number): boolean {
  const starts = new Int32Array(buckets + 1);
  for (let i = 0; i < from.length; i++) starts[digit[from[i]!]! + 1]!++;
  // Every record in one bucket: this pass would not move anything.
  for (let b = 1; b <= buckets; b++) if (starts[b] === from.length) return false;
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
  for (let i = 0; i < from.length; i++) {
    const item = from[i]!;
    to[starts[digit[item]!]!++] = item;
  }
  return true;
}

export function sortByAmount(amount: Float64Array, currency: Int32Array, count: number): Int32Array {
  let order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let spare = new Int32Array(count);
  let currencies = 1;
  let lowest = 0;
  let highest = 0;
  for (let i = 0; i < count; i++) {
    currencies = Math.max(currencies, currency[i]! + 1);
    lowest = Math.min(lowest, amount[i]!);
    highest = Math.max(highest, amount[i]!);
  }
  // The usual case: every amount within 2^32 minor units of the lowest, so each is one 32-bit number
  // (two passes); otherwise the shifted 53-bit form in a low and a high word (four).
  const narrow = highest - lowest < LOW;
  const base = narrow ? lowest : -SHIFT;
  const low = new Uint32Array(count);
  const high = narrow ? undefined : new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const shifted = amount[i]! - base;
    if (high) {
      high[i] = Math.floor(shifted / LOW);
      low[i] = shifted - high[i]! * LOW;
    } else {
      low[i] = shifted;
    }
  }
  const digit = new Uint32Array(count);
  const passes: Array<[Uint32Array, number, number]> = [
    [low, 0, 16],
    [low, 16, 16],
  ];
  if (high) passes.push([high, 0, 11], [high, 11, 11]);
  for (const [source, shift, bits] of passes) {
    const mask = 2 ** bits - 1;
    for (let i = 0; i < count; i++) digit[i] = (source[i]! >>> shift) & mask;
    if (countingPass(order, spare, digit, mask + 1)) [order, spare] = [spare, order];
  }
  for (let i = 0; i < count; i++) digit[i] = currency[i]!;
  if (countingPass(order, spare, digit, currencies)) [order, spare] = [spare, order];
  return order;
}
