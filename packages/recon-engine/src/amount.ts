/**
 * Exact amount arithmetic inside the engine. Amounts are carried as JavaScript numbers holding integer
 * minor units, which is exact up to ±2^52 (the prepare step refuses anything larger); results leave the
 * engine as bigint.
 */
import type { AmountTolerance } from './types.ts';

/** Largest |amount| in minor units the engine accepts (so that sums and differences stay exact). */
export const MAX_ENGINE_AMOUNT = 2 ** 52;

export interface Tolerance {
  /** Minor units. */
  absolute: number;
  /** Parts per million of the expected amount. */
  ppm: number;
}

/** Validated, integer form of a rule's tolerance (percent kept to 4 decimals as parts per million). */
export function toTolerance(tolerance: AmountTolerance | null | undefined): Tolerance {
  const absolute = tolerance?.absolute ?? 0;
  const percent = tolerance?.percent ?? 0;
  if (!Number.isSafeInteger(absolute) || absolute < 0) {
    throw new RangeError(
      `amount tolerance absolute must be a non-negative integer of minor units, got ${absolute}`,
    );
  }
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`amount tolerance percent must be between 0 and 100, got ${percent}`);
  }
  return { absolute, ppm: Math.round(percent * 10_000) };
}

/** The allowed difference for an expected amount: max(absolute, floor(|expected| × percent / 100)). */
export function allowedDifference(tolerance: Tolerance, expected: number): number {
  if (tolerance.ppm === 0) return tolerance.absolute;
  const magnitude = Math.abs(expected);
  let share: number;
  const product = magnitude * tolerance.ppm;
  if (Number.isSafeInteger(product)) {
    share = (product - (product % 1_000_000)) / 1_000_000;
  } else {
    share = Number((BigInt(magnitude) * BigInt(tolerance.ppm)) / 1_000_000n);
  }
  return Math.max(tolerance.absolute, share);
}

/** Whether `actual` is within the tolerance of `expected` (inclusive: exactly at the limit passes). */
export function withinTolerance(tolerance: Tolerance, actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= allowedDifference(tolerance, expected);
}

/** Sum of the records' bigint amounts. */
export function sumAmounts(amounts: Iterable<bigint>): bigint {
  let total = 0n;
  for (const amount of amounts) total += amount;
  return total;
}
