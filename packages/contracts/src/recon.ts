import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';
import { PAYMENT_WINDOW, TOLERANCE_DEFAULTS } from './default-rule-set.ts';
import { rulePassSchema } from './rule-set.ts';

/**
 * Reconciliation API (issue 6), under /api/recon with the spec's paths (§7): settings
 * `/v1/recon/settings`, rules `/recon_engine/api/rules`, runs `/v1/recon/runs`, the workspace
 * `/v1/recon/workspace` and `/v1/recon/items`, groups `/v1/recon/groups`, manual reconciliation
 * `/workflows/manual_reconciliation`, adjustments `/v1/recon/adjustment`, approvals
 * `/v1/recon/approvals`, audit `/v1/recon/audit`, accounting documents `/v1/accounting_documents`,
 * allocations `/v1/allocations`, `/v1/recon/reconcile_invoice`, `/v1/recon/repair_invoice`, `/v1/search`.
 *
 * Money on the wire is always a string of signed integer minor units ("123450" = KES 1,234.50),
 * never a JSON number; format it with formatMinorCurrency.
 */

export const minorUnitsSchema = z
  .string()
  .regex(/^-?\d{1,18}$/, 'Use whole minor units, e.g. "123450" for 1,234.50');
// Overwrites, not a transform: response schemas holding it must serialise (zod encode).
const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code');
const uuid = z.string().uuid('Not a valid id');
const timestamp = z.string();

/** Item outcomes (spec §3 badges: reconciled = success, partial/suggested = warning, unreconciled = danger). */
export const reconStatusSchema = z.enum(['reconciled', 'partial', 'suggested', 'unreconciled']);
export type ReconStatus = z.infer<typeof reconStatusSchema>;
export const groupStatusSchema = z.enum(['reconciled', 'partial', 'suggested']);
export type GroupStatus = z.infer<typeof groupStatusSchema>;
/** active: in force; pending_approval: waits for a second person (maker-checker); rejected; undone (unmatched). */
export const groupStateSchema = z.enum(['active', 'pending_approval', 'rejected', 'undone']);
export type GroupState = z.infer<typeof groupStateSchema>;
export const reconSideSchema = z.enum(['left', 'right']);
export type ReconSide = z.infer<typeof reconSideSchema>;

// ---------------------------------------------------------------- settings (/v1/recon/settings)

/**
 * The defaults are the default rule set's own (its tolerance pass and payment window): an organization
 * that never changed its settings runs exactly the rules the accuracy figures were measured with.
 */
const TOLERANCE_ABSOLUTE = String(TOLERANCE_DEFAULTS.amount_tolerance.absolute);
const TOLERANCE_PERCENT = TOLERANCE_DEFAULTS.amount_tolerance.percent;
export const reconSettingsSchema = z.object({
  default_currency: currencyCode.default('KES'),
  /**
   * Allowed amount difference of the default rules: the larger of absolute (minor units) and percent
   * (never more than the default rules' cap of a quarter of the expected amount).
   */
  amount_tolerance: z
    .object({
      absolute: minorUnitsSchema.default(TOLERANCE_ABSOLUTE),
      percent: z.number().min(0).max(100).default(TOLERANCE_PERCENT),
    })
    .default({ absolute: TOLERANCE_ABSOLUTE, percent: TOLERANCE_PERCENT }),
  /** Days a counterpart (an invoice) may be dated before / after the left item (the payment). */
  date_window: z
    .object({ days_before: z.number().int().min(0).max(366), days_after: z.number().int().min(0).max(366) })
    .default({ ...PAYMENT_WINDOW }),
  /** Scores 0..1: at or above auto_accept a match is automatic; at or above suggest it is suggested. */
  auto_accept: z.number().min(0).max(1).default(TOLERANCE_DEFAULTS.auto_accept),
  suggest: z.number().min(0).max(1).default(TOLERANCE_DEFAULTS.suggest),
  /** δ: two candidates scoring within this of each other make a suggestion, not an automatic match. */
  ambiguity_gap: z.number().min(0).max(1).default(TOLERANCE_DEFAULTS.ambiguity_gap),
  /** Maker-checker: manual matches, adjustments and allocations of at least `threshold` wait for a second person. */
  maker_checker: z
    .object({ enabled: z.boolean(), threshold: minorUnitsSchema })
    .default({ enabled: false, threshold: '0' }),
});
export type ReconSettings = z.infer<typeof reconSettingsSchema>;
export const reconSettingsResponseSchema = z.object({
  data: reconSettingsSchema,
  updated_at: timestamp.nullable(),
});

// ---------------------------------------------------------------- rules (/recon_engine/api/rules)

/**
 * A pass as a request carries it: only its id and kind are read here, so that the service checks the
 * whole rule set with `checkRuleSet` (rule-set.ts) and answers its first problem as
 * `{ message: 'Invalid rule set: …', details: { 'passes[i] (id).field': … } }`.
 */
export const rulePassInputSchema = z.object({ id: z.string().min(1), kind: z.string().min(1) }).passthrough();
export type RulePassInput = z.infer<typeof rulePassInputSchema>;

export const ruleInputSchema = z.object({
  name: z.string().trim().min(1, 'Name the rule set').max(120),
  description: z.string().trim().max(2000).default(''),
  passes: z.array(rulePassInputSchema).min(1, 'Add at least one pass').max(20),
  /** The rule set runs use when none is named; at most one per organization. */
  is_default: z.boolean().default(false),
});
export type RuleInput = z.infer<typeof ruleInputSchema>;
export const reconRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  passes: z.array(rulePassSchema),
  is_default: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ReconRule = z.infer<typeof reconRuleSchema>;
export const reconRulesPageSchema = pageOf(reconRuleSchema);
/** GET /recon_engine/api/rules?rule_id=… answers { data: [rule] }; without it a page. */
export const ruleQuerySchema = pageQuerySchema.extend({
  rule_id: uuid.optional(),
  search: z.string().optional(),
});
/** GET /recon_engine/api/rules/defaults: the engine's default passes (built from the settings). */
export const defaultPassesResponseSchema = z.object({ passes: z.array(rulePassSchema) });

// ---------------------------------------------------------------- runs (/v1/recon/runs)

/** Which columns of a table the engine reads (column ids). Missing ones are inferred. */
export const sideFieldsSchema = z.object({
  /** A currency (or number) column. Inferred from the types and names (a Total before a Net Amount). */
  amount: z.string().optional(),
  /** A date column. Inferred from the types and names (an invoice date before a due date). */
  date: z.string().optional(),
  value_date: z.string().optional(),
  /** Columns read as references. Inferred: this side's columns of the association mapping, else text columns. */
  reference: z.array(z.string()).max(10).optional(),
  /** Who paid or is owed (a text column). Inferred from the column names; null: none. */
  counterparty: z.string().nullable().optional(),
  /** Free text searched for references too (narrative, details). */
  text: z.array(z.string()).max(10).optional(),
  /** A text column with ISO codes; else the amount column's currency. */
  currency: z.string().optional(),
});
export type SideFields = z.infer<typeof sideFieldsSchema>;

export const runInputSchema = z.object({
  left_table_id: uuid,
  right_table_id: uuid,
  /** An association mapping between the two tables (its pairs are the reference columns). */
  mapping_id: uuid.optional(),
  /** A saved rule set; else `passes`; else the organization's default rule set; else the engine's defaults. */
  rule_id: uuid.optional(),
  passes: z.array(rulePassInputSchema).max(20).optional(),
  left_fields: sideFieldsSchema.optional(),
  right_fields: sideFieldsSchema.optional(),
  /** Only items not in an active group take part (earlier groups stay); idempotent. Default true. */
  incremental: z.boolean().default(true),
  /** Returns the result (summary and proposed groups in `preview`) without saving any group. */
  dry_run: z.boolean().default(false),
});
export type RunInput = z.infer<typeof runInputSchema>;

export const passStatsSchema = z.object({
  pass_id: z.string(),
  name: z.string().optional(),
  kind: z.string(),
  comparisons: z.number(),
  groups: z.number(),
  auto: z.number(),
  suggested: z.number(),
  capped: z.number(),
  ms: z.number(),
});
export type PassStatsDto = z.infer<typeof passStatsSchema>;

export const statusCountsSchema = z.object({
  reconciled: z.number().int(),
  partial: z.number().int(),
  suggested: z.number().int(),
  unreconciled: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const runSummarySchema = z.object({
  left_items: z.number().int(),
  right_items: z.number().int(),
  /** Items that took part (incremental runs skip items already in an active group). */
  left_considered: z.number().int(),
  right_considered: z.number().int(),
  groups: z.object({ reconciled: z.number().int(), partial: z.number().int(), suggested: z.number().int() }),
  /** Items per status after the run, per side. */
  left: statusCountsSchema,
  right: statusCountsSchema,
  passes: z.array(passStatsSchema),
  /** Rows skipped because a field could not be read (no amount, bad date), first ones with the reason. */
  skipped: z.array(z.object({ side: reconSideSchema, item_id: z.string(), reason: z.string() })),
  skipped_count: z.number().int(),
  engine_ms: z.number(),
});
export type RunSummary = z.infer<typeof runSummarySchema>;

export const runStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export const reconRunSchema = z.object({
  id: z.string(),
  left_table_id: z.string(),
  right_table_id: z.string(),
  left_table_name: z.string(),
  right_table_name: z.string(),
  mapping_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  passes: z.array(rulePassSchema),
  /** The fields as resolved, incremental, dry_run. */
  options: z.object({
    left_fields: sideFieldsSchema,
    right_fields: sideFieldsSchema,
    incremental: z.boolean(),
    dry_run: z.boolean(),
  }),
  status: runStatusSchema,
  /** The background process id (socket messages carry it). */
  job_id: z.string().nullable(),
  summary: runSummarySchema.partial(),
  error_message: z.string().nullable(),
  created_by_email: z.string().nullable(),
  created_at: timestamp,
  started_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
});
export type ReconRun = z.infer<typeof reconRunSchema>;
export const reconRunsPageSchema = pageOf(reconRunSchema);
export const runsQuerySchema = pageQuerySchema.extend({
  left_table_id: uuid.optional(),
  right_table_id: uuid.optional(),
});

// ---------------------------------------------------------------- groups

export const featureScoreSchema = z.object({
  name: z.string(),
  score: z.number(),
  /** "amount equal", "date 2 days apart", "reference 92 % similar". */
  detail: z.string(),
});

export const groupItemSchema = z.object({
  item_id: z.string(),
  table_id: z.string(),
  side: reconSideSchema,
  amount: minorUnitsSchema,
  /** The row's cells keyed by column id (as the tables API answers them), when asked for. */
  values: z.record(z.string(), z.unknown()).optional(),
  date: z.string().nullable().optional(),
  reference: z.string().optional(),
});
export type GroupItem = z.infer<typeof groupItemSchema>;

/**
 * Why a run left a group as a suggestion: its score missed the pass's automatic threshold, a rival row
 * (named by its reference as typed) scores within the ambiguity gap, or another subset totals the same.
 */
const suggestionNames = {
  /**
   * The left row's reference names another right row exactly (issue 19: the suggestion contradicts an
   * explicit reference): that row, the identifier named, and the row's reference as typed.
   */
  names: z.object({ item_id: z.string(), key: z.string(), reference: z.string() }).optional(),
};
export const suggestionWhySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('threshold'), score: z.number(), auto_accept: z.number(), ...suggestionNames }),
  z.object({
    kind: z.literal('rival'),
    item_id: z.string(),
    side: reconSideSchema,
    /** The rival row's reference as typed ('' when it has none or is gone). */
    reference: z.string(),
    score: z.number(),
    gap: z.number(),
    ...suggestionNames,
  }),
  z.object({ kind: z.literal('other_subset'), size: z.number().int(), ...suggestionNames }),
]);
export type SuggestionWhy = z.infer<typeof suggestionWhySchema>;

export const reconGroupSchema = z.object({
  id: z.string(),
  run_id: z.string().nullable(),
  left_table_id: z.string(),
  right_table_id: z.string(),
  source: z.enum(['auto', 'manual']),
  rule_id: z.string(),
  rule_name: z.string(),
  status: groupStatusSchema,
  state: groupStateSchema,
  score: z.number(),
  features: z.array(featureScoreSchema),
  /** A run's suggestion: why it is not automatic; null otherwise. */
  why: suggestionWhySchema.nullable().optional(),
  currency: z.string(),
  left_total: minorUnitsSchema,
  right_total: minorUnitsSchema,
  /** left_total − right_total. */
  difference: minorUnitsSchema,
  /** Sum of active adjustments; difference − adjusted is what is still unexplained. */
  adjusted: minorUnitsSchema,
  note: z.string(),
  items: z.array(groupItemSchema),
  created_by_email: z.string().nullable(),
  created_at: timestamp,
  decided_by_email: z.string().nullable(),
  decided_at: timestamp.nullable(),
});
export type ReconGroup = z.infer<typeof reconGroupSchema>;
export const reconGroupsPageSchema = pageOf(reconGroupSchema);
export const groupsQuerySchema = pageQuerySchema.extend({
  left_table_id: uuid.optional(),
  right_table_id: uuid.optional(),
  run_id: uuid.optional(),
  status: groupStatusSchema.optional(),
  state: groupStateSchema.optional(),
  item_id: uuid.optional(),
});

/** A group a dry run would make (kept in the run, first 200). */
export const proposedGroupSchema = z.object({
  left_item_ids: z.array(z.string()),
  right_item_ids: z.array(z.string()),
  rule_id: z.string(),
  rule_name: z.string(),
  status: groupStatusSchema,
  score: z.number(),
  features: z.array(featureScoreSchema),
  left_total: minorUnitsSchema,
  right_total: minorUnitsSchema,
  difference: minorUnitsSchema,
});
export type ProposedGroup = z.infer<typeof proposedGroupSchema>;
/** GET /v1/recon/runs/:runId: the run, and for a dry run the groups it would make (else null). */
export const reconRunDetailSchema = reconRunSchema.extend({
  preview: z.array(proposedGroupSchema).nullable(),
});
export type ReconRunDetail = z.infer<typeof reconRunDetailSchema>;

// ---------------------------------------------------------------- workspace (/v1/recon/workspace, /v1/recon/items)

/** Counts and amounts per status of both tables (what the workspace header and dashboard show). */
export const workspaceQuerySchema = z.object({ left_table_id: uuid, right_table_id: uuid });
/**
 * Money in (positive amounts) and money out (negative amounts, as absolute values) summed apart,
 * never netted (packages/domain recon-amounts.ts); whole minor units.
 */
export const directionAmountsSchema = z.object({ in: minorUnitsSchema, out: minorUnitsSchema });
export type DirectionAmounts = z.infer<typeof directionAmountsSchema>;

/** One side of the workspace: items per status, and their amounts per status and direction. */
export const workspaceSideSchema = z.object({
  counts: statusCountsSchema,
  amounts: z.record(reconStatusSchema, directionAmountsSchema),
  currency: z.string(),
});
export type WorkspaceSide = z.infer<typeof workspaceSideSchema>;

export const workspaceSummarySchema = z.object({
  left: workspaceSideSchema,
  right: workspaceSideSchema,
  /** Matched items / all items of both sides, 0..1. */
  match_rate: z.number(),
  pending_approvals: z.number().int(),
  last_run: reconRunSchema.nullable(),
  /** The fields the workspace reads per side (from the last run, else inferred). */
  left_fields: sideFieldsSchema,
  right_fields: sideFieldsSchema,
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

export const reconItemsQuerySchema = pageQuerySchema.extend({
  table_id: uuid,
  status: reconStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
  /** The column read as the amount (else inferred), and the sort. */
  amount_column: z.string().optional(),
  date_column: z.string().optional(),
  sort: z.enum(['date', '-date', 'amount', '-amount', 'seq']).default('seq'),
});
export const reconItemSchema = z.object({
  item_id: z.string(),
  table_id: z.string(),
  values: z.record(z.string(), z.unknown()),
  status: reconStatusSchema,
  group_id: z.string().nullable(),
  group_state: groupStateSchema.nullable(),
  amount: minorUnitsSchema.nullable(),
  currency: z.string().nullable(),
  date: z.string().nullable(),
});
export type ReconItem = z.infer<typeof reconItemSchema>;
export const reconItemsPageSchema = pageOf(reconItemSchema);

// ---------------------------------------------------------------- manual reconciliation (/workflows/manual_reconciliation)

/** POST /workflows/manual_reconciliation/preview and POST /workflows/manual_reconciliation. */
export const manualMatchInputSchema = z.object({
  left_item_ids: z.array(uuid).max(500),
  right_item_ids: z.array(uuid).max(500),
  note: z.string().trim().max(1000).default(''),
  /** Column read as the amount per side (else as in the workspace). */
  left_amount_column: z.string().optional(),
  right_amount_column: z.string().optional(),
});
export type ManualMatchInput = z.infer<typeof manualMatchInputSchema>;
export const manualMatchPreviewSchema = z.object({
  currency: z.string(),
  left_total: minorUnitsSchema,
  right_total: minorUnitsSchema,
  difference: minorUnitsSchema,
  /** reconciled when the difference is 0, else partial. */
  status: groupStatusSchema,
  /** True when maker-checker applies: the match will wait for a second person. */
  needs_approval: z.boolean(),
  /** Items already in an active group (refused), by id. */
  conflicts: z.array(z.object({ item_id: z.string(), group_id: z.string() })),
});
export type ManualMatchPreview = z.infer<typeof manualMatchPreviewSchema>;
/** POST /workflows/manual_reconciliation answers { data: group }. */
export const groupResponseSchema = z.object({ data: reconGroupSchema });

/** unmatch: POST /workflows/manual_reconciliation/unmatch; accept / reject suggestions: …/accept, …/reject. */
export const groupDecisionInputSchema = z.object({
  group_ids: z.array(uuid).min(1, 'Choose at least one group').max(1000),
  reason: z.string().trim().max(1000).default(''),
});
export type GroupDecisionInput = z.infer<typeof groupDecisionInputSchema>;
export const groupDecisionResponseSchema = z.object({
  /** Groups changed, and the ones refused with why (wrong state, not yours to approve...). */
  changed: z.array(z.string()),
  refused: z.array(z.object({ group_id: z.string(), reason: z.string() })),
});
export type GroupDecisionResponse = z.infer<typeof groupDecisionResponseSchema>;

// ---------------------------------------------------------------- adjustments (/v1/recon/adjustment)

export const adjustmentInputSchema = z.object({
  group_id: uuid,
  /** Minor units to write off; default: what is still unexplained (difference − adjusted). */
  amount: minorUnitsSchema.optional(),
  reason: z.string().trim().min(1, 'Give a reason').max(1000),
  account: z.string().trim().min(1, 'Name the account').max(120),
});
export type AdjustmentInput = z.infer<typeof adjustmentInputSchema>;
export const adjustmentStateSchema = z.enum(['active', 'pending_approval', 'rejected', 'reversed']);
export const adjustmentSchema = z.object({
  id: z.string(),
  group_id: z.string(),
  amount: minorUnitsSchema,
  currency: z.string(),
  reason: z.string(),
  account: z.string(),
  state: adjustmentStateSchema,
  created_by_email: z.string().nullable(),
  created_at: timestamp,
  decided_by_email: z.string().nullable(),
  decided_at: timestamp.nullable(),
  /** The reason given when it was approved, rejected or reversed (from the audit trail); null when none. */
  decision_reason: z.string().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentsPageSchema = pageOf(adjustmentSchema);
export const adjustmentsQuerySchema = pageQuerySchema.extend({
  group_id: uuid.optional(),
  state: adjustmentStateSchema.optional(),
});

// ---------------------------------------------------------------- approvals (/v1/recon/approvals)

export const approvalKindSchema = z.enum(['group', 'adjustment', 'allocation']);
export const approvalSchema = z.object({
  kind: approvalKindSchema,
  id: z.string(),
  amount: minorUnitsSchema,
  currency: z.string(),
  summary: z.string(),
  requested_by_email: z.string().nullable(),
  requested_at: timestamp,
  /** False for the person who asked (the maker cannot be the checker). */
  can_decide: z.boolean(),
});
export type Approval = z.infer<typeof approvalSchema>;
export const approvalsPageSchema = pageOf(approvalSchema);
export const approvalDecisionInputSchema = z.object({
  kind: approvalKindSchema,
  id: uuid,
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(1000).default(''),
});
export type ApprovalDecisionInput = z.infer<typeof approvalDecisionInputSchema>;

// ---------------------------------------------------------------- audit (/v1/recon/audit)

export const reconAuditEntrySchema = z.object({
  id: z.string(),
  /** Null for a run's automatic decisions. */
  actor_email: z.string(),
  automatic: z.boolean(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  group_id: z.string().nullable(),
  run_id: z.string().nullable(),
  rule_id: z.string().nullable(),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  item_ids: z.array(z.string()),
  created_at: timestamp,
  /**
   * The state now of the adjustment or allocation the entry is about ('active', 'reversed'...), so a
   * trail offers Reverse only while it can be; null for other entries (and in the CSV export).
   */
  target_state: z.string().nullable(),
});
export type ReconAuditEntry = z.infer<typeof reconAuditEntrySchema>;
export const reconAuditPageSchema = pageOf(reconAuditEntrySchema);
/** GET /v1/recon/audit (page) and GET /v1/recon/audit/export?format=csv (a file of every matching entry). */
export const reconAuditQuerySchema = pageQuerySchema.extend({
  group_id: uuid.optional(),
  item_id: uuid.optional(),
  run_id: uuid.optional(),
  action: z.string().optional(),
});

// ---------------------------------------------------------------- accounting documents (/v1/accounting_documents)

export const accountingKindSchema = z.enum(['invoice', 'payment', 'credit_note']);
export type AccountingKind = z.infer<typeof accountingKindSchema>;
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as yyyy-mm-dd');
export const accountingDocumentInputSchema = z.object({
  kind: accountingKindSchema,
  number: z.string().trim().min(1, 'Give the document number').max(120),
  counterparty: z.string().trim().max(300).default(''),
  issue_date: isoDay,
  due_date: isoDay.nullable().optional(),
  currency: currencyCode.default('KES'),
  /** Positive minor units. */
  total: minorUnitsSchema,
  reference: z.string().trim().max(300).default(''),
  document_id: uuid.nullable().optional(),
  item_id: uuid.nullable().optional(),
  fields: z.record(z.string(), z.unknown()).default({}),
});
export type AccountingDocumentInput = z.infer<typeof accountingDocumentInputSchema>;
export const accountingStatusSchema = z.enum(['open', 'partially_paid', 'paid', 'void']);
export const accountingDocumentSchema = z.object({
  id: z.string(),
  kind: accountingKindSchema,
  number: z.string(),
  counterparty: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  total: minorUnitsSchema,
  /** What is still unpaid (invoice) or unallocated (payment). */
  open_amount: minorUnitsSchema,
  status: accountingStatusSchema,
  reference: z.string(),
  document_id: z.string().nullable(),
  item_id: z.string().nullable(),
  fields: z.record(z.string(), z.unknown()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AccountingDocument = z.infer<typeof accountingDocumentSchema>;
export const accountingDocumentsPageSchema = pageOf(accountingDocumentSchema);
export const accountingDocumentsQuerySchema = pageQuerySchema.extend({
  id: uuid.optional(),
  kind: accountingKindSchema.optional(),
  status: accountingStatusSchema.optional(),
  search: z.string().trim().max(200).optional(),
});

// ---------------------------------------------------------------- allocations (/v1/allocations)

/** POST /v1/allocations/preview: how a payment would be spread (oldest open invoice first by default). */
export const allocationPreviewInputSchema = z.object({
  payment_id: uuid,
  /** Invoices to consider, in this order; default every open invoice of the payment's counterparty, oldest first. */
  invoice_ids: z.array(uuid).max(500).optional(),
});
export const allocationLineSchema = z.object({ invoice_id: uuid, amount: minorUnitsSchema });
export const allocationPreviewSchema = z.object({
  payment_id: z.string(),
  payment_open: minorUnitsSchema,
  lines: z.array(
    z.object({
      invoice_id: z.string(),
      number: z.string(),
      issue_date: z.string(),
      open_amount: minorUnitsSchema,
      amount: minorUnitsSchema,
    }),
  ),
  /** What stays unallocated on the payment after these lines. */
  remaining: minorUnitsSchema,
});
export type AllocationPreview = z.infer<typeof allocationPreviewSchema>;
export const allocationInputSchema = z.object({
  payment_id: uuid,
  lines: z.array(allocationLineSchema).min(1, 'Allocate to at least one invoice').max(500),
  note: z.string().trim().max(1000).default(''),
});
export type AllocationInput = z.infer<typeof allocationInputSchema>;
export const allocationSchema = z.object({
  id: z.string(),
  payment_id: z.string(),
  invoice_id: z.string(),
  payment_number: z.string(),
  invoice_number: z.string(),
  amount: minorUnitsSchema,
  currency: z.string(),
  state: z.enum(['active', 'pending_approval', 'rejected', 'reversed']),
  created_by_email: z.string().nullable(),
  created_at: timestamp,
  decided_by_email: z.string().nullable(),
  decided_at: timestamp.nullable(),
  /** The reason given when it was approved, rejected or reversed; null when none or not looked up (lists). */
  decision_reason: z.string().nullable(),
});
export type Allocation = z.infer<typeof allocationSchema>;
export const allocationsPageSchema = pageOf(allocationSchema);
export const allocationsQuerySchema = pageQuerySchema.extend({
  id: uuid.optional(),
  payment_id: uuid.optional(),
  invoice_id: uuid.optional(),
});
/** POST /v1/allocations answers the allocations made (state pending_approval when maker-checker holds them). */
export const allocationsCreatedSchema = z.object({ data: z.array(allocationSchema) });
/**
 * GET /v1/recon/groups/:groupId: the group with its items' cells, every adjustment written against it and
 * every allocation made with it (the workspace's Allocate action), in every state, oldest first.
 */
export const groupDetailResponseSchema = z.object({
  data: reconGroupSchema,
  adjustments: z.array(adjustmentSchema),
  allocations: z.array(allocationSchema),
});
export type GroupDetailResponse = z.infer<typeof groupDetailResponseSchema>;
/** POST /v1/allocations/:id/reverse and /v1/recon/adjustment/:id/reverse: an optional reason. */
export const reverseInputSchema = z.object({ reason: z.string().trim().max(1000).default('') });

// ---------------------------------------------------------------- invoices: reconcile and repair

/** POST /v1/recon/reconcile_invoice: match one invoice against open payments now (the engine on a small set). */
export const reconcileInvoiceInputSchema = z.object({
  invoice_id: uuid,
  dry_run: z.boolean().default(false),
});
export const reconcileInvoiceResultSchema = z.object({
  invoice: accountingDocumentSchema,
  /** Proposed or made allocations, with the rule, score and breakdown. */
  matches: z.array(
    z.object({
      payment_id: z.string(),
      payment_number: z.string(),
      amount: minorUnitsSchema,
      status: groupStatusSchema,
      score: z.number(),
      features: z.array(featureScoreSchema),
      allocation_id: z.string().nullable(),
    }),
  ),
});
export type ReconcileInvoiceResult = z.infer<typeof reconcileInvoiceResultSchema>;
/** POST /v1/recon/repair_invoice: correct extracted fields, then reconcile the invoice again. */
export const repairInvoiceInputSchema = z.object({
  invoice_id: uuid,
  fields: z
    .object({
      number: z.string().trim().min(1).max(120),
      counterparty: z.string().trim().max(300),
      issue_date: isoDay,
      due_date: isoDay.nullable(),
      total: minorUnitsSchema,
      reference: z.string().trim().max(300),
    })
    .partial(),
  reason: z.string().trim().max(1000).default(''),
});

// ---------------------------------------------------------------- search (/v1/search)

export const searchTypeSchema = z.enum(['item', 'document', 'group', 'accounting_document']);
export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, 'Type something to search for').max(200),
  types: z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').filter(Boolean) : undefined))
    .pipe(z.array(searchTypeSchema).optional()),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export const searchHitSchema = z.object({
  type: searchTypeSchema,
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Where the web app shows it (/tables/…, /documents/…, /reconciliation/workspace?…). */
  url: z.string(),
  status: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResponseSchema = z.object({ data: z.array(searchHitSchema) });

// ---------------------------------------------------------------- allocation from the workspace

/**
 * POST /v1/allocations/from_items (the workspace's Allocate action): one selected payment row
 * spread over selected invoice rows. The rows get accounting documents (linked by `item_id`, made
 * once: payment from the left row, invoices from the right rows, numbers from their reference),
 * then the allocations are made and the rows are matched in one group (partial while money stays
 * open on either side). `amounts` (same order as `invoice_item_ids`) overrides oldest-first;
 * `preview` answers the proposal without saving.
 */
export const allocationFromItemsInputSchema = z.object({
  payment_item_id: uuid,
  invoice_item_ids: z.array(uuid).min(1, 'Choose at least one invoice').max(500),
  amounts: z.array(minorUnitsSchema).max(500).optional(),
  preview: z.boolean().default(false),
  note: z.string().trim().max(1000).default(''),
});
export type AllocationFromItemsInput = z.infer<typeof allocationFromItemsInputSchema>;
export const allocationFromItemsResultSchema = z.object({
  currency: z.string(),
  payment: z.object({ item_id: z.string(), amount: minorUnitsSchema, open_amount: minorUnitsSchema }),
  lines: z.array(
    z.object({
      invoice_item_id: z.string(),
      reference: z.string(),
      date: z.string().nullable(),
      /** The invoice's open balance before this allocation. */
      open_amount: minorUnitsSchema,
      amount: minorUnitsSchema,
    }),
  ),
  /** Left unallocated on the payment. */
  remaining: minorUnitsSchema,
  needs_approval: z.boolean(),
  /** Null on a preview. */
  group: reconGroupSchema.nullable(),
  allocation_ids: z.array(z.string()),
});
export type AllocationFromItemsResult = z.infer<typeof allocationFromItemsResultSchema>;
