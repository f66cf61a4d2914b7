/** Text similarity measures, all in 0..1. */

let matchedAScratch = new Uint8Array(64);
let matchedBScratch = new Uint8Array(64);

/** Jaro similarity of two strings (1 = equal, 0 = nothing in common). */
export function jaro(a: string, b: string): number {
  if (a === b) return 1;
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  const range = Math.max(0, Math.floor(Math.max(lengthA, lengthB) / 2) - 1);
  // Reused flag arrays (cleared for the lengths in use): no allocation per call in the scoring loop.
  if (lengthA > matchedAScratch.length) matchedAScratch = new Uint8Array(lengthA * 2);
  if (lengthB > matchedBScratch.length) matchedBScratch = new Uint8Array(lengthB * 2);
  const matchedA = matchedAScratch;
  const matchedB = matchedBScratch;
  for (let i = 0; i < lengthA; i++) matchedA[i] = 0;
  for (let j = 0; j < lengthB; j++) matchedB[j] = 0;
  let matches = 0;
  for (let i = 0; i < lengthA; i++) {
    const start = Math.max(0, i - range);
    const end = Math.min(i + range + 1, lengthB);
    for (let j = start; j < end; j++) {
      if (matchedB[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      matchedA[i] = 1;
      matchedB[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < lengthA; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / lengthA + m / lengthB + (m - transpositions / 2) / m) / 3;
}

/** Jaro-Winkler: Jaro boosted by a common prefix of up to 4 characters (scaling 0.1). */
export function jaroWinkler(a: string, b: string): number {
  const similarity = jaro(a, b);
  let prefix = 0;
  const limit = Math.min(4, a.length, b.length);
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return similarity + prefix * 0.1 * (1 - similarity);
}

/**
 * Weighted token-set ratio: the weight of the shared keys over the weight of the smaller key set, so a
 * short ledger reference fully contained in a long bank narrative scores 1 and frequent words count little.
 */
export function tokenSetRatio(
  left: readonly string[],
  right: readonly string[],
  weight: (key: string) => number,
): number {
  if (left.length === 0 || right.length === 0) return 0;
  let leftTotal = 0;
  for (const key of left) leftTotal += weight(key);
  let rightTotal = 0;
  let shared = 0;
  for (const key of right) {
    const w = weight(key);
    rightTotal += w;
    if (left.includes(key)) shared += w;
  }
  const smaller = Math.min(leftTotal, rightTotal);
  return smaller > 0 ? Math.min(1, shared / smaller) : 0;
}

/**
 * `tokenSetRatio` over interned key ids: keys `left[leftFrom..leftTo)` against `right[rightFrom..rightTo)`
 * (each range free of duplicates, as interning keeps one id per distinct key).
 */
export function tokenSetRatioIds(
  left: Int32Array,
  leftFrom: number,
  leftTo: number,
  right: Int32Array,
  rightFrom: number,
  rightTo: number,
  weight: (id: number) => number,
): number {
  if (leftTo === leftFrom || rightTo === rightFrom) return 0;
  let leftTotal = 0;
  for (let i = leftFrom; i < leftTo; i++) leftTotal += weight(left[i]!);
  let rightTotal = 0;
  let shared = 0;
  for (let j = rightFrom; j < rightTo; j++) {
    const id = right[j]!;
    const w = weight(id);
    rightTotal += w;
    for (let i = leftFrom; i < leftTo; i++) {
      if (left[i] === id) {
        shared += w;
        break;
      }
    }
  }
  const smaller = Math.min(leftTotal, rightTotal);
  return smaller > 0 ? Math.min(1, shared / smaller) : 0;
}

/** Character counts of one string while it is compared with others (`jaroWinklerBound`). */
const charCounts = new Int32Array(128);

/**
 * An upper bound of `jaroWinkler(a, b)` (1 when either has a character past ASCII): as many matches as
 * the characters the two share, counted with repeats, and no transpositions — in the same arithmetic as
 * `jaro`, so never below the true value. Counting is a few steps a character where `jaro` compares
 * each character with a window of the other.
 */
function jaroWinklerBound(a: string, b: string): number {
  const lengthA = a.length;
  const lengthB = b.length;
  if (lengthA === 0 || lengthB === 0) return 0;
  let ascii = true;
  for (let i = 0; i < lengthA && ascii; i++) {
    const code = a.charCodeAt(i);
    if (code < 128) charCounts[code]!++;
    else ascii = false;
  }
  let shared = 0;
  for (let j = 0; j < lengthB && ascii; j++) {
    const code = b.charCodeAt(j);
    if (code >= 128) ascii = false;
    else if (charCounts[code]! > 0) {
      charCounts[code]!--;
      shared++;
    }
  }
  charCounts.fill(0);
  if (!ascii) return 1;
  if (shared === 0) return 0;
  const similarity = (shared / lengthA + shared / lengthB + 1) / 3;
  let prefix = 0;
  const limit = Math.min(4, lengthA, lengthB);
  while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return similarity + prefix * 0.1 * (1 - similarity);
}

/**
 * Best Jaro-Winkler over all pairs of identifier chunks, with the pair that gave it (the first such pair).
 * Only a best above `floor` is reported (else score 0 and no pair): pairs whose bound says they can
 * beat neither the best so far nor the floor are not compared.
 */
export function bestJaroWinkler(
  left: readonly string[],
  right: readonly string[],
  floor = 0,
): { score: number; left: string; right: string } {
  let bestScore = 0;
  let bestLeft = '';
  let bestRight = '';
  for (let i = 0; i < left.length; i++) {
    const a = left[i]!;
    for (let j = 0; j < right.length; j++) {
      const b = right[j]!;
      if (jaroWinklerBound(a, b) <= Math.max(bestScore, floor)) continue;
      const score = jaroWinkler(a, b);
      if (score > bestScore && score > floor) {
        bestScore = score;
        bestLeft = a;
        bestRight = b;
      }
    }
  }
  return { score: bestScore, left: bestLeft, right: bestRight };
}

/**
 * Whether two strings are at most one edit apart in optimal string alignment (`editDistance(a, b, 1) <= 1`):
 * equal, or one character changed, dropped, added, or two neighbours swapped — read in one pass, no table.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a.length < b.length) [a, b] = [b, a];
  const length = b.length;
  if (a.length - length > 1) return false;
  let i = 0;
  while (i < length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === length) return true;
  if (a.length > length) {
    // One character of `a` dropped at i: the rest must be equal.
    for (let j = i; j < length; j++) if (a.charCodeAt(j + 1) !== b.charCodeAt(j)) return false;
    return true;
  }
  // The same length: one change at i, or i and i + 1 swapped.
  let from = i + 1;
  if (i + 1 < length && a.charCodeAt(i) === b.charCodeAt(i + 1) && a.charCodeAt(i + 1) === b.charCodeAt(i))
    from = i + 2;
  for (let j = from; j < length; j++) if (a.charCodeAt(j) !== b.charCodeAt(j)) return false;
  return true;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), stopping past `limit`. */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const previous2 = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  let current = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2]! + 1);
      current[j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    for (let j = 0; j <= b.length; j++) previous2[j] = previous[j]!;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
