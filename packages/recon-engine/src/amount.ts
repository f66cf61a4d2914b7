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
  /** At most this many parts per million of the expected amount (0: no cap). */
  capPpm?: number;
}

/** Validated, integer form of a rule's tolerance (percent kept to 4 decimals as parts per million). */
export function toTolerance(tolerance: AmountTolerance | null | undefined): Tolerance {
  const absolute = tolerance?.absolute ?? 0;
  const percent = tolerance?.percent ?? 0;
  const maxPercent = tolerance?.max_percent ?? null;
  if (maxPercent !== null && (!Number.isFinite(maxPercent) || maxPercent < 0 || maxPercent > 100)) {
    throw new RangeError(`amount tolerance max_percent must be between 0 and 100, got ${maxPercent}`);
  }
  if (!Number.isSafeInteger(absolute) || absolute < 0) {
    throw new RangeError(
      `amount tolerance absolute must be a non-negative integer of minor units, got ${absolute}`,
    );
  }
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`amount tolerance percent must be between 0 and 100, got ${percent}`);
  }
  const result: Tolerance = { absolute, ppm: Math.round(percent * 10_000) };
  if (maxPercent !== null) result.capPpm = Math.round(maxPercent * 10_000);
  return result;
}

/** floor(|expected| × ppm / 10^6), exactly. */
function shareOf(expected: number, ppm: number): number {
  const magnitude = Math.abs(expected);
  const product = magnitude * ppm;
  if (Number.isSafeInteger(product)) return (product - (product % 1_000_000)) / 1_000_000;
  return Number((BigInt(magnitude) * BigInt(ppm)) / 1_000_000n);
}

/**
 * The allowed difference for an expected amount: max(absolute, floor(|expected| × percent / 100)), and
 * at most floor(|expected| × max_percent / 100) when the tolerance has a cap.
 */
export function allowedDifference(tolerance: Tolerance, expected: number): number {
  const allowed =
    tolerance.ppm === 0 ? tolerance.absolute : Math.max(tolerance.absolute, shareOf(expected, tolerance.ppm));
  return tolerance.capPpm === undefined ? allowed : Math.min(allowed, shareOf(expected, tolerance.capPpm));
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
