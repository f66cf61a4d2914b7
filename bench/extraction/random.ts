/** A seeded random source (mulberry32): one seed always gives the same invoices and renditions. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = (seed * 0x9e3779b1) >>> 0 || 0x2545f491;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [low, high], both included. */
  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }

  /** A float in [low, high). */
  range(low: number, high: number): number {
    return low + this.next() * (high - low);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A normally distributed float (Box–Muller), mean 0. */
  gaussian(sd = 1): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    return sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** k distinct items in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, k);
  }

  /** A derived, independent source (for one document or one page). */
  fork(salt: number): Random {
    return new Random((Math.floor(this.next() * 2 ** 31) ^ Math.imul(salt, 0x85ebca6b)) >>> 0);
  }
}
