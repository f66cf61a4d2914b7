import { z } from 'zod';
import { statusCountsSchema } from './recon.ts';

/**
 * The reconciliation dashboard (PRODUCT.md "Dashboards"; spec path `/v1/analytics`, served as
 * `GET /api/recon/v1/analytics`): match rate, counts and amounts per status, a trend, ageing of open
 * items, by source and by pair of tables, over the items of every table that took part in
 * reconciliation (or one table), filtered on the item's date.
 *
 * Amounts here are **decimal strings in major units** ("1234.50"), per side, currency and direction,
 * exact (summed as integer minor units in SQL, never floats).
 */

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-mm-dd');

export const reconDashboardQuerySchema = z
  .object({
    /** First item day, inclusive (default: 89 days before `to`, so the range is 90 days). */
    from: isoDay.optional(),
    /** Last item day, inclusive (default: today, UTC). Ageing is counted as of this day. */
    to: isoDay.optional(),
    /** One table only (its items, the pairs it is in); another organization's table is 404. */
    table_id: z.string().uuid('Not a valid id').optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'Must not be after to', path: ['from'] });
export type ReconDashboardQuery = z.infer<typeof reconDashboardQuerySchema>;

/** An exact amount: decimal string in major units ("-15.00"). */
export const dashboardMoneySchema = z.object({ currency: z.string(), amount: z.string() });
export type DashboardMoney = z.infer<typeof dashboardMoneySchema>;

/**
 * One side's amount in one currency: money in (positive amounts) and money out (negative amounts,
 * as absolute values) apart, never netted (packages/domain recon-amounts.ts); exact decimals.
 */
export const dashboardSideMoneySchema = z.object({ currency: z.string(), in: z.string(), out: z.string() });
export type DashboardSideMoney = z.infer<typeof dashboardSideMoneySchema>;

/**
 * Amounts per side (a table's side in the pair it is reconciled in: `sides` names the tables), per
 * currency, largest first by count of items then by code. The two sides are never added together:
 * a receipt of 100 matched to an invoice of 100 is 100 on each side.
 */
export const dashboardSidesSchema = z.object({
  left: z.array(dashboardSideMoneySchema),
  right: z.array(dashboardSideMoneySchema),
});
export type DashboardSides = z.infer<typeof dashboardSidesSchema>;

/** How many items (both sides), and how much on each side. */
export const dashboardFigureSchema = z.object({
  count: z.number().int(),
  sides: dashboardSidesSchema,
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const ageingBucketSchema = z.enum(['0-30', '31-60', '61-90', '90+']);
export type AgeingBucket = z.infer<typeof ageingBucketSchema>;
export const AGEING_BUCKETS: AgeingBucket[] = ['0-30', '31-60', '61-90', '90+'];

export const dashboardTrendPointSchema = z.object({
  /** First day of the period (a day, a Monday or the 1st of a month). */
  period: isoDay,
  items: z.number().int(),
  /** Items reconciled or partial. */
  matched: z.number().int(),
  /** matched / items, 0..1 (0 when no item). */
  match_rate: z.number(),
});
export type DashboardTrendPoint = z.infer<typeof dashboardTrendPointSchema>;

/** Where a group came from: a run's automatic match, a person's manual match, or an allocation. */
export const dashboardSourceSchema = z.enum(['run', 'manual', 'allocation']);
export type DashboardSource = z.infer<typeof dashboardSourceSchema>;

export const reconDashboardSchema = z.object({
  from: isoDay,
  to: isoDay,
  table_id: z.string().nullable(),
  /** Trend periods: days up to 62 days, weeks up to two years, else months. */
  granularity: z.enum(['day', 'week', 'month']),
  /** Items in scope (dated within the range). */
  items: z.number().int(),
  /** Items reconciled or partial. */
  matched: z.number().int(),
  /** matched / items, 0..1 rounded to 4 decimals (0 when no item). */
  match_rate: z.number(),
  statuses: z.object({
    reconciled: dashboardFigureSchema,
    partial: dashboardFigureSchema,
    suggested: dashboardFigureSchema,
    unreconciled: dashboardFigureSchema,
  }),
  trend: z.array(dashboardTrendPointSchema),
  /** Open items (unreconciled and suggested) by age in days on `to`: 0–30, 31–60, 61–90, 90+. */
  ageing: z.array(dashboardFigureSchema.extend({ bucket: ageingBucketSchema })),
  /** Items in a live group, by where the group came from. */
  by_source: z.array(
    dashboardFigureSchema.extend({
      source: dashboardSourceSchema,
      groups: z.number().int(),
      statuses: z.object({
        reconciled: z.number().int(),
        partial: z.number().int(),
        suggested: z.number().int(),
      }),
    }),
  ),
  /** Each pair of tables reconciled together (what a reconciliation workflow runs over). */
  by_pair: z.array(
    z.object({
      left_table_id: z.string(),
      left_table_name: z.string(),
      right_table_id: z.string(),
      right_table_name: z.string(),
      items: z.number().int(),
      matched: z.number().int(),
      match_rate: z.number(),
      counts: statusCountsSchema,
      last_run_at: z.string().nullable(),
    }),
  ),
  /** The tables in scope, by name (for a table filter). */
  tables: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The tables with items in the range on each side (what the amounts' `left` and `right` add up), by name. */
  sides: z.object({
    left: z.array(z.object({ id: z.string(), name: z.string() })),
    right: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type ReconDashboard = z.infer<typeof reconDashboardSchema>;
