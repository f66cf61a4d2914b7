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
