/** A seeded random source (mulberry32), so one seed always writes the same invoices. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** k distinct items in random order. */
  sample<T>(items: readonly T[], k: number): T[];
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick: empty list');
    return items[int(0, items.length - 1)]!;
  };
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, Math.min(k, copy.length));
  };
  return { next, int, chance: (p) => next() < p, pick, sample };
}

/** A random string of digits, the first not zero. */
export function digits(rng: Random, n: number): string {
  let s = String(rng.int(1, 9));
  for (let i = 1; i < n; i++) s += String(rng.int(0, 9));
  return s;
}
