import type { ReconStatus } from '@counterpart/contracts';

/**
 * What the screens mean by an amount of reconciliation, defined once (the workspace, the recon
 * dashboard and the workflow dashboard all use these):
 *
 * - An item's **direction** is the sign of its amount: positive (or zero) is money in, negative is
 *   money out. Money in and money out are never netted: a statement's withdrawals do not make its
 *   receipts smaller.
 * - The **open amount** of a side is, per direction, the sum of the absolute amounts of its open
 *   items (unreconciled, or only suggested: nobody has decided yet).
 * - The **reconciled amount** of a side is, per direction, the sum of the absolute amounts of its
 *   reconciled items. Each side is counted on its own: a receipt of 100 matched to an invoice of 100
 *   is 100 reconciled on each side, never 200.
 *
 * All sums are integer minor units (bigint).
 */

export type MoneyDirection = 'in' | 'out';

/** Non-negative sums of minor units per direction. */
export interface DirectionTotals {
  in: bigint;
  out: bigint;
}

/** The statuses of items still waiting for a counterpart or a decision. */
export const OPEN_STATUSES: readonly ReconStatus[] = ['unreconciled', 'suggested'];
/** The statuses of items matched with their counterpart (a partial match differs by an allowed remainder). */
export const MATCHED_STATUSES: readonly ReconStatus[] = ['reconciled', 'partial'];

export function isOpenStatus(status: ReconStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

/** Money in for a positive or zero amount, money out for a negative one. */
export function directionOf(minor: bigint): MoneyDirection {
  return minor < 0n ? 'out' : 'in';
}

export function noDirectionTotals(): DirectionTotals {
  return { in: 0n, out: 0n };
}

/** Adds one amount (signed minor units) to its direction, as an absolute value; returns the totals. */
export function addToDirection(totals: DirectionTotals, minor: bigint): DirectionTotals {
  if (directionOf(minor) === 'out') totals.out += -minor;
  else totals.in += minor;
  return totals;
}

/** The amounts (signed minor units) summed per direction. */
export function totalsByDirection(amounts: Iterable<bigint>): DirectionTotals {
  const totals = noDirectionTotals();
  for (const minor of amounts) addToDirection(totals, minor);
  return totals;
}

/** A side's amount per direction for items in the given statuses (open: OPEN_STATUSES). */
export function sideAmount(
  items: Iterable<{ status: ReconStatus; minor: bigint }>,
  statuses: readonly ReconStatus[],
): DirectionTotals {
  const totals = noDirectionTotals();
  for (const item of items) if (statuses.includes(item.status)) addToDirection(totals, item.minor);
  return totals;
}

/** The open amount of one side (unreconciled and suggested items), per direction. */
export function openAmount(items: Iterable<{ status: ReconStatus; minor: bigint }>): DirectionTotals {
  return sideAmount(items, OPEN_STATUSES);
}

/** The reconciled amount of one side, per direction. */
export function reconciledAmount(items: Iterable<{ status: ReconStatus; minor: bigint }>): DirectionTotals {
  return sideAmount(items, ['reconciled']);
}

/** The directions an amount figure shows: both when money moved both ways, else the one that did (in when none). */
export function directionsShown(totals: DirectionTotals): MoneyDirection[] {
  if (totals.in > 0n && totals.out > 0n) return ['in', 'out'];
  return totals.out > 0n ? ['out'] : ['in'];
}

/**
 * The **match rate** every screen shows (the workspace, the recon dashboard, a workflow's
 * dashboard): matched items (reconciled or partial, on either side) over all items, a fraction
 * rounded to 4 decimals (0.75 = 75 %); 0 when there are none.
 */
export function matchRate(matched: number, all: number): number {
  return all === 0 ? 0 : Math.round((matched / all) * 10_000) / 10_000;
}

/** The match rate as a percentage with 2 decimals (75.5), as a workflow's dashboard stores it. */
export function matchRatePercent(matched: number, all: number): number {
  return Math.round(matchRate(matched, all) * 10_000) / 100;
}
