import { z } from 'zod';
import { executionStatusSchema } from './workflows.ts';

/*
 * Execution dashboards (issue 7, spec §2 /workflows/executions/{id}/dashboards[/{dashboard_id}]):
 * what the Dashboard blocks of a workflow's executions produced — the match rate, counts and exact
 * amounts per status — and where the unreconciled items are (a Reconcile block's `unmatched` output,
 * paged through GET /block-output).
 */

/** Node ids are letters, digits, - and _ (the graph contract), so the id is path-safe as it is. */
export const DASHBOARD_ID_PATTERN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{1,64})$/i;

/** `<execution id>.<node id>`: one Dashboard block's run in one execution. */
export function dashboardIdOf(executionId: string, nodeId: string): string {
  return `${executionId}.${nodeId}`;
}

/** The execution and node a dashboard id names; null when it is not one. */
export function parseDashboardId(id: string): { executionId: string; nodeId: string } | null {
  const match = DASHBOARD_ID_PATTERN.exec(id);
  if (!match?.[1] || !match[2]) return null;
  return { executionId: match[1].toLowerCase(), nodeId: match[2] };
}

export const dashboardIdSchema = z
  .string()
  .regex(DASHBOARD_ID_PATTERN, 'Not a valid dashboard id (expected <execution id>.<block id>)');

/** One dashboard in a list: the figures a row shows. */
export const dashboardSummarySchema = z.object({
  dashboard_id: z.string(),
  workflow_id: z.string(),
  execution_id: z.string(),
  execution_status: executionStatusSchema,
  /** When the execution started (null while queued). */
  execution_started_at: z.string().nullable(),
  /** The workflow version that ran. */
  version: z.number().int(),
  /** The Dashboard block's node id. */
  node_id: z.string(),
  title: z.string(),
  /** Reconciled and partial records over all records, in percent with two decimals. */
  match_rate: z.number().nullable(),
  records: z.number().int().nullable(),
  unreconciled: z.number().int().nullable(),
  /** When the Dashboard block finished. */
  created_at: z.string().nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET /workflow/dashboards?workflow_id&execution_id?: newest execution first. */
export const dashboardsQuerySchema = z.object({
  workflow_id: z.string().uuid('Not a valid workflow id'),
  execution_id: z.string().uuid('Not a valid execution id').optional(),
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const dashboardsPageSchema = z.object({
  data: z.array(dashboardSummarySchema),
  page_no: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type DashboardsPage = z.infer<typeof dashboardsPageSchema>;

/** Money in and money out of one side, exact decimal strings ("20450.00"), never netted. */
const directionDecimalsSchema = z.object({ in: z.string(), out: z.string() });

/**
 * A status's amounts per side (the Reconcile block's left and right inputs) and direction, as
 * packages/domain recon-amounts.ts defines them: the two sides are never added together.
 */
export const dashboardStatusSidesSchema = z.object({
  left: directionDecimalsSchema,
  right: directionDecimalsSchema,
});
export type DashboardStatusSides = z.infer<typeof dashboardStatusSidesSchema>;

/** One status's figures; groups and sides are null when the dashboard did not sum them. */
export const dashboardStatusRowSchema = z.object({
  status: z.string(),
  groups: z.number().int().nullable(),
  records: z.number().int(),
  sides: dashboardStatusSidesSchema.nullable(),
});
export type DashboardStatusRow = z.infer<typeof dashboardStatusRowSchema>;

/** Where unreconciled items can be paged: GET /block-output?execution_id&node_id&handle. */
export const unreconciledSourceSchema = z.object({
  node_id: z.string(),
  handle: z.string(),
  /** The block's label on the canvas, else its id. */
  label: z.string(),
  rows: z.number().int(),
});
export type UnreconciledSource = z.infer<typeof unreconciledSourceSchema>;

/** GET /workflow/dashboards/one?dashboard_id */
export const dashboardQuerySchema = z.object({ dashboard_id: dashboardIdSchema });
export const dashboardDetailSchema = dashboardSummarySchema.extend({
  /** reconciled, partial, suggested, unreconciled first, then any other status. */
  statuses: z.array(dashboardStatusRowSchema),
  unreconciled_sources: z.array(unreconciledSourceSchema),
});
export type DashboardDetail = z.infer<typeof dashboardDetailSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardDetailSchema });
