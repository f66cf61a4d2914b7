/**
 * Sorting a side by (date, id), the order every tie in the engine breaks on. Ledger exports come in any
 * order and a run has few distinct days, so records are first spread into their day by counting (no
 * comparisons) and only each day is sorted by id; input already nearly in order (bank statements) goes
 * (dates rarely going back) to the built-in sort, which is close to linear on it. Ids are unique (checked before), so the order is total
 * and both ways give the same array.
 */
interface Dated {
  id: string;
  date: number;
}

export function compareRecords(a: Dated, b: Dated): number {
  if (a.date !== b.date) return a.date - b.date;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function compareIds(a: Dated, b: Dated): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Days spread wider than this many per record go to the built-in sort (the counts would not pay). */
const MAX_DAYS_PER_RECORD = 4;

export function sortRecords<R extends Dated>(input: readonly R[]): R[] {
  const count = input.length;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let descents = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    const date = input[i]!.date;
    if (date < first) first = date;
    if (date > last) last = date;
    if (date < previous) descents++;
    previous = date;
  }
  const days = last - first + 1;
  if (count < 1024 || descents * 100 < count || !(days <= count * MAX_DAYS_PER_RECORD)) {
    return [...input].sort(compareRecords);
  }
  return sortedByPrefix(input, first, days) ?? sortedByComparison(input, first, days);
}

function sortedByComparison<R extends Dated>(input: readonly R[], first: number, days: number): R[] {
  const count = input.length;
  const start = new Int32Array(days + 1);
  for (let i = 0; i < count; i++) start[input[i]!.date - first + 1]!++;
  for (let day = 0; day < days; day++) start[day + 1]! += start[day]!;
  const sorted: R[] = new Array(count);
  const next = start.slice(0, days);
  for (let i = 0; i < count; i++) {
    const record = input[i]!;
    sorted[next[record.date - first]!++] = record;
  }
  for (let day = 0; day < days; day++) {
    const from = start[day]!;
    const to = start[day + 1]!;
    if (to - from < 2) continue;
    const bucket = sorted.slice(from, to).sort(compareIds);
    for (let k = 0; k < bucket.length; k++) sorted[from + k] = bucket[k]!;
  }
  return sorted;
}

/** How many leading code units of an id make its number in `sortedByPrefix` (129^7 < 2^53: exact). */
const PREFIX_UNITS = 7;
const BASE = 129;
const TWO_32 = 4_294_967_296;

/** One stable counting pass: `order` by `digit[i]` (values below `buckets`) into `into`. */
function countingPass(
  order: Int32Array,
  into: Int32Array,
  digit: Int32Array,
  mask: number,
  shift: number,
  starts: Int32Array,
  buckets: number,
): void {
  const count = order.length;
  starts.fill(0, 0, buckets + 1);
  for (let k = 0; k < count; k++) starts[((digit[order[k]!]! >>> shift) & mask) + 1]!++;
  for (let b = 0; b < buckets; b++) starts[b + 1]! += starts[b]!;
  for (let k = 0; k < count; k++) {
    const i = order[k]!;
    into[starts[(digit[i]! >>> shift) & mask]!++] = i;
  }
}

/**
 * The (date, id) order without comparing most ids, or undefined when an id has a code unit beyond
 * ASCII among its first seven (then each day is sorted by comparison). Each id's first seven code units
 * (each + 1, 0 past the end) read as one base-129 number order ids as `<` does up to those seven units:
 * records are radix-sorted by that number then counted into their days (stable passes over typed
 * arrays), and only runs of one day whose ids share all seven units (`BNK-123…`) are compared as
 * strings. Each record and id is read once, where the comparison sort read two records and two ids
 * scattered in the heap some twenty times a record (~1 s of a 300k-invoice run's preparation).
 */
function sortedByPrefix<R extends Dated>(input: readonly R[], first: number, days: number): R[] | undefined {
  const count = input.length;
  const day = new Int32Array(count);
  const low = new Int32Array(count);
  const high = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const record = input[i]!;
    const id = record.id;
    day[i] = record.date - first;
    let value = 0;
    for (let k = 0; k < PREFIX_UNITS; k++) {
      const unit = k < id.length ? id.charCodeAt(k) + 1 : 0;
      if (unit > 128) return undefined;
      value = value * BASE + unit;
    }
    const top = Math.floor(value / TWO_32);
    high[i] = top;
    low[i] = value - top * TWO_32;
  }
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  const other = new Int32Array(count);
  const starts = new Int32Array(Math.max(1 << 18, days) + 1);
  // Least significant first: the low word's two halves, the high word (129^7 / 2^32 < 2^18), the day.
  countingPass(order, other, low, 0xffff, 0, starts, 1 << 16);
  countingPass(other, order, low, 0xffff, 16, starts, 1 << 16);
  countingPass(order, other, high, 0x3ffff, 0, starts, 1 << 18);
  countingPass(other, order, day, -1, 0, starts, days);
  const sorted: R[] = new Array(count);
  for (let k = 0; k < count; k++) sorted[k] = input[order[k]!]!;
  // Runs of one day sharing the whole prefix: sorted by the full ids.
  let from = 0;
  for (let k = 1; k <= count; k++) {
    const a = order[from]!;
    if (k < count) {
      const b = order[k]!;
      if (day[a] === day[b] && low[a] === low[b] && high[a] === high[b]) continue;
    }
    if (k - from > 1) {
      const run = sorted.slice(from, k).sort(compareIds);
      for (let m = 0; m < run.length; m++) sorted[from + m] = run[m]!;
    }
    from = k;
  }
  return sorted;
}
