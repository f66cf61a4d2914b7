/**
 * Typo keys: identifiers one typo apart (a dropped, swapped or wrong character) share at least one
 * one-deletion variant of their last 8 characters. Blocking uses the hashed form.
 */

/**
 * One-deletion variants (`~…`) of the last 8 characters of each identifier key with a digit: two
 * identifiers one typo apart (dropped, swapped or wrong character) share at least one variant.
 */
export function typoVariants(keys: readonly string[]): string[] {
  const variants = new Set<string>();
  for (const key of keys) {
    if (!/\d/.test(key) || key.startsWith('P:')) continue;
    const core = key.startsWith('#') ? key.slice(1) : key;
    if (core.length < 5) continue;
    const tail = core.slice(-8);
    variants.add(`~${tail}`);
    for (let i = 0; i < tail.length; i++) variants.add(`~${tail.slice(0, i)}${tail.slice(i + 1)}`);
  }
  return [...variants];
}

/** FNV-1a over a string's char codes, skipping position `skip`, starting from `seed`. */
export function hashSkipping(text: string, skip: number, seed: number): number {
  let hash = seed ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    if (i === skip) continue;
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The typo variants of `typoVariants` as 32-bit hashes mixed with `seed` (the amount and currency), for a
 * fast numeric index; a rare collision only adds a candidate, which scoring then judges.
 */
export function typoHashes(keys: readonly string[], seed: number): number[] {
  const hashes: number[] = [];
  for (const key of keys) {
    const tail = typoTail(key);
    if (tail !== null) pushTailHashes(tail, seed, hashes);
  }
  return hashes;
}

/** The part of an identifier key that typo variants are made of (its last 8 characters), or null. */
export function typoTail(key: string): string | null {
  if (!/\d/.test(key) || key.startsWith('P:')) return null;
  const core = key.startsWith('#') ? key.slice(1) : key;
  return core.length < 5 ? null : core.slice(-8);
}

/**
 * Appends the hashed variants of one tail (see `typoHashes`): the whole tail's hash, then each
 * deletion's (as `writeTailHashes`, read as unsigned numbers).
 */
export function pushTailHashes(tail: string, seed: number, into: number[]): void {
  const hashes = new Int32Array(tail.length + 1);
  const end = writeTailHashes(tail, seed, hashes, 0);
  for (let i = 0; i < end; i++) into.push(hashes[i]! >>> 0);
}

/**
 * Writes the hashed variants of one tail to `into` from `at` (it must hold tail.length + 1 more): the
 * whole tail's hash, then each deletion's; returns the position after them. FNV-1a runs left to right, so
 * the variant without character i continues the hash of the first i characters: the prefixes' states are
 * carried along instead of hashing each variant whole (the same values as `hashSkipping`, in about half
 * the steps).
 */
export function writeTailHashes(tail: string, seed: number, into: Int32Array, at: number): number {
  const whole = at++;
  let prefix = seed ^ 0x811c9dc5;
  for (let i = 0; i < tail.length; i++) {
    let hash = prefix;
    for (let j = i + 1; j < tail.length; j++) hash = Math.imul(hash ^ tail.charCodeAt(j), 0x01000193);
    into[at++] = hash;
    prefix = Math.imul(prefix ^ tail.charCodeAt(i), 0x01000193);
  }
  into[whole] = prefix;
  return at;
}

/** A 32-bit seed from an exact amount (integer minor units) and a currency code. */
export function amountSeed(amount: number, currency: number): number {
  const low = amount % 4_294_967_296;
  const high = Math.floor(amount / 4_294_967_296);
  return (
    (Math.imul(low | 0, 0x9e3779b1) ^
      Math.imul(high | 0, 0x85ebca6b) ^
      Math.imul(currency + 1, 0xc2b2ae35)) >>>
    0
  );
}
