import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';

/**
 * Tables API (spec §7 Tables path bases, under /api/tables/storage/{product}_tables/...).
 * Cell values are keyed by column id on the way out; on the way in a key may be a column id or name.
 */

export const columnTypeSchema = z.enum([
  'text',
  'number',
  'currency',
  'date',
  'boolean',
  'single_select',
  'link',
]);
export type ColumnType = z.infer<typeof columnTypeSchema>;

const columnName = z.string().trim().min(1).max(100);
const currencyCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Use a 3-letter currency code')
  .transform((code) => code.toUpperCase());

/** One column of a table. `options` for single_select, `currency`/`decimals` for currency, `link_table_id` for link. */
export const tableColumnSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: columnTypeSchema,
  position: z.number().int(),
  options: z.array(z.string()).optional(),
  /** Currency columns: ISO code (default KES) and the number of minor-unit decimals (default 2). */
  currency: z.string().optional(),
  decimals: z.number().int().optional(),
  link_table_id: z.string().optional(),
});
export type TableColumn = z.infer<typeof tableColumnSchema>;

/**
 * A column to add (also each column of POST create). POST .../:tableId/columns answers the new
 * TableColumn; PATCH, PUT order and DELETE of columns answer the whole DataTable.
 */
export const columnInputSchema = z.object({
  name: columnName,
  type: columnTypeSchema,
  options: z.array(z.string().trim().min(1).max(200)).max(500).optional(),
  currency: currencyCode.optional(),
  decimals: z.number().int().min(0).max(6).optional(),
  link_table_id: z.string().optional(),
});
export type ColumnInput = z.infer<typeof columnInputSchema>;

export const dataTableSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  columns: z.array(tableColumnSchema),
  row_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DataTable = z.infer<typeof dataTableSchema>;
export const dataTablesPageSchema = pageOf(dataTableSchema);
export type DataTablesPage = z.infer<typeof dataTablesPageSchema>;

/** Something that uses a table, by id and name (an association mapping, a workflow, a rule set). */
export const tableUserSchema = z.object({ id: z.string(), name: z.string() });
export type TableUser = z.infer<typeof tableUserSchema>;

/**
 * GET .../:tableId/usage (read): what uses a table, so its deletion can say what it takes along
 * (its rows, the mappings and match groups pairing it, which are deleted with it) and what it leaves
 * without it (workflows whose blocks name it, rule sets its runs used: kept, but they will have to be
 * pointed at another table). DELETE .../:tableId (delete) removes the table and those in one
 * transaction.
 */
export const tableUsageSchema = z.object({
  rows: z.number().int(),
  mappings: z.array(tableUserSchema),
  workflows: z.array(tableUserSchema),
  rule_sets: z.array(tableUserSchema),
  /** Match groups (reconciled, partial, suggested; any state) pairing this table's rows. */
  match_groups: z.number().int(),
});
export type TableUsage = z.infer<typeof tableUsageSchema>;

/** GET .../storage/{product}_tables/?search= */
export const tablesQuerySchema = pageQuerySchema.extend({ search: z.string().trim().max(200).optional() });

/** POST .../storage/{product}_tables/ */
export const createTableSchema = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).optional(),
  columns: z.array(columnInputSchema).max(200).default([]),
});
export type CreateTableInput = z.input<typeof createTableSchema>;

/** PATCH .../:tableId — rename / describe. */
export const updateTableSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  description: z.string().trim().max(2000).optional(),
});
export type UpdateTableInput = z.infer<typeof updateTableSchema>;

/**
 * PATCH .../:tableId/columns/:columnId — rename and/or retype. On retype, values that do not convert
 * become empty: ask POST .../columns/:columnId/retype_preview first to show them.
 */
export const updateColumnSchema = columnInputSchema.partial();
export type UpdateColumnInput = z.infer<typeof updateColumnSchema>;

/** POST .../:tableId/columns/:columnId/retype_preview */
export const retypePreviewInputSchema = columnInputSchema.omit({ name: true });
export type RetypePreviewInput = z.infer<typeof retypePreviewInputSchema>;
export const retypePreviewSchema = z.object({
  /** Non-empty values that convert. */
  convertible: z.number().int(),
  /** How many non-empty values will not convert (they would be emptied). */
  failure_count: z.number().int(),
  /** The first 50 of them. */
  failures: z.array(z.object({ item_id: z.string(), value: z.string(), reason: z.string() })),
});
export type RetypePreview = z.infer<typeof retypePreviewSchema>;

/** PUT .../:tableId/columns/order: every column id, in the new order. */
export const reorderColumnsSchema = z.object({ column_ids: z.array(z.string()).min(1) });

/**
 * A cell as stored and answered: text → string; number → number; currency → { minor_units, currency }
 * (exact integer minor units as a string, e.g. "123450" for KES 1,234.50: format with formatMinorCurrency);
 * date → "yyyy-mm-dd"; boolean → boolean; single_select → one of the options; link → ids of the linked
 * table's items; empty → null.
 */
export const currencyCellSchema = z.object({ minor_units: z.string(), currency: z.string() });
export type CurrencyCell = z.infer<typeof currencyCellSchema>;
export const cellValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  currencyCellSchema,
  z.array(z.string()),
]);
export type CellValue = z.infer<typeof cellValueSchema>;

export const tableItemSchema = z.object({
  id: z.string(),
  values: z.record(z.string(), cellValueSchema),
  created_at: z.string(),
  updated_at: z.string(),
  /**
   * The row's reconciliation status (issue 6), answered by the rows list: the status of the match
   * group holding it, else unreconciled. Filter on it with { column_id: 'recon_status', op: 'status', values }.
   */
  recon_status: z.enum(['reconciled', 'partial', 'suggested', 'unreconciled']).optional(),
});
export type TableItem = z.infer<typeof tableItemSchema>;
/**
 * A page of rows. `total` is exact unless `total_is_estimate`: a filtered or searched view is counted
 * exactly up to 1,000 rows; past that `total` is the database planner's estimate (at least 1,001 and
 * at least the rows already paged through), so reads stay fast on big tables. Show it as "about N".
 */
export const tableItemsPageSchema = pageOf(tableItemSchema).extend({ total_is_estimate: z.boolean() });
export type TableItemsPage = z.infer<typeof tableItemsPageSchema>;

/**
 * Input values keyed by column id or name. Currency accepts a number (major units, e.g. 1234.5), text
 * cleaned per spec §5 ("(1,234.50)", "1 234.50-", "$12", "KES 1,200") or { minor_units }. Numbers accept
 * numbers or numeric text; booleans true/false/"true"/"false"/"yes"/"no"/1/0; dates "yyyy-mm-dd".
 * Invalid values answer 400 with details { "<column name>": "first error" }.
 */
export const itemValuesInputSchema = z.record(z.string(), z.unknown());
export const itemInputSchema = z.object({ values: itemValuesInputSchema });
export type ItemInput = z.infer<typeof itemInputSchema>;

/** POST .../:tableId/items/bulk_create: all or nothing; errors name the row (details "rows[3].Amount"). */
export const bulkCreateItemsSchema = z.object({ items: z.array(itemInputSchema).min(1).max(5000) });
export type BulkCreateItemsInput = z.infer<typeof bulkCreateItemsSchema>;
/** POST .../:tableId/items/bulk_delete */
export const bulkDeleteItemsSchema = z.object({ ids: z.array(z.string()).min(1).max(5000) });
export const bulkResultSchema = z.object({ count: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const filterOperatorSchema = z.enum([
  'equals',
  'contains',
  'between',
  'is_empty',
  'is_not_empty',
  'status',
]);
export type FilterOperator = z.infer<typeof filterOperatorSchema>;

/**
 * One filter: equals { value }, contains { value } (text, case-insensitive), between { from?, to? }
 * (number, currency in major units, date; inclusive), is_empty / is_not_empty, status { values } (any of).
 */
export const itemFilterSchema = z.object({
  column_id: z.string(),
  op: filterOperatorSchema,
  value: z.union([z.string(), z.number(), z.boolean()]).optional(),
  from: z.union([z.string(), z.number()]).optional(),
  to: z.union([z.string(), z.number()]).optional(),
  values: z.array(z.string()).optional(),
});
export type ItemFilter = z.infer<typeof itemFilterSchema>;

/**
 * GET .../:tableId/items: `sort` is a column id (or created_at, the default), `order` asc|desc,
 * `search` full text over every cell, `filters` a JSON-encoded array of ItemFilter (all must match).
 */
export const itemsQuerySchema = pageQuerySchema.extend({
  sort: z.string().optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().trim().max(200).optional(),
  filters: z.string().max(10_000).optional(),
});
export type ItemsQuery = z.input<typeof itemsQuerySchema>;

/** POST .../:tableId/clear_table: the table's name must be repeated (the confirmation names it). */
export const clearTableSchema = z.object({ confirm_name: z.string() });

/** One pair of an association mapping: a column of the left table and one of the right table. */
export const associationPairSchema = z.object({
  left_column_id: z.string().max(100),
  right_column_id: z.string().max(100),
});
export type AssociationPair = z.infer<typeof associationPairSchema>;

/**
 * POST / PUT .../association/mapping: pairs of columns between two tables (bank `reference` ↔
 * ledger `invoice_no`), what a reconcile block starts from. Names are unique in the organization;
 * paired columns must exist and hold comparable values (text with text, a select or a number;
 * amounts with amounts of the same currency, or numbers; dates with dates; booleans with booleans).
 */
export const associationMappingInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  left_table_id: z.string().max(100),
  right_table_id: z.string().max(100),
  pairs: z.array(associationPairSchema).min(1, 'Pair at least one column').max(50),
});
export type AssociationMappingInput = z.infer<typeof associationMappingInputSchema>;

export const associationMappingSchema = associationMappingInputSchema.extend({
  id: z.string(),
  left_table_name: z.string(),
  right_table_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssociationMapping = z.infer<typeof associationMappingSchema>;
export const associationMappingsPageSchema = pageOf(associationMappingSchema);
export type AssociationMappingsPage = z.infer<typeof associationMappingsPageSchema>;

/** GET .../association/mapping?table_id=: the mappings involving that table (either side), by name. */
export const associationMappingsQuerySchema = pageQuerySchema.extend({
  table_id: z.string().max(100).optional(),
});

/** A linked record as the relationships panel lists it: its table and a label (its first column). */
export const linkedRecordSchema = z.object({ id: z.string(), label: z.string() });
export type LinkedRecord = z.infer<typeof linkedRecordSchema>;

/**
 * The records linked through one link column: `outgoing` — this record's column pointing at
 * `table_id`; `incoming` — a column of `table_id` whose records point at this record. At most 50
 * records per group; `total` counts them all.
 */
export const relationshipGroupSchema = z.object({
  column_id: z.string(),
  column_name: z.string(),
  table_id: z.string(),
  table_name: z.string(),
  records: z.array(linkedRecordSchema),
  total: z.number().int(),
});
export type RelationshipGroup = z.infer<typeof relationshipGroupSchema>;

/** GET .../records/relationships?table_id=&item_id=: a record's links both ways. */
export const relationshipsSchema = z.object({
  table_id: z.string(),
  item_id: z.string(),
  label: z.string(),
  outgoing: z.array(relationshipGroupSchema),
  incoming: z.array(relationshipGroupSchema),
});
export type Relationships = z.infer<typeof relationshipsSchema>;
export const relationshipsQuerySchema = z.object({
  table_id: z.string().max(100),
  item_id: z.string().max(100),
});

/** POST (link) / DELETE (unlink) .../records/relationships: through a link column of the record's table. */
export const relationshipChangeSchema = relationshipsQuerySchema.extend({
  column_id: z.string().max(100),
  linked_item_id: z.string().max(100),
});
export type RelationshipChange = z.infer<typeof relationshipChangeSchema>;
