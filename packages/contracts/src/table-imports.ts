import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';
import { columnTypeSchema } from './tables.ts';

/**
 * Importing CSV/XLSX (and bank statement) files into tables, under
 * /api/tables/storage/{product}_tables/imports:
 * POST imports (multipart: `file`, optional `table_id`) → 201 TableImport with its proposal;
 * POST imports/:importId/proposal {sheet?, delimiter?, has_header?, table_id?} → 200 TableImport (proposal
 * recomputed, against the table's columns when it has one);
 * POST imports/:importId/confirm → 202 ImportStarted (the rows go in as a background job whose
 * progress arrives on the socket with source 'document processing' and id = ImportStarted.id,
 * the job's process id; poll GET imports/:importId for the counts and the line errors);
 * GET imports/:importId → TableImport; GET imports?table_id= → page of TableImport, newest first;
 * POST imports/:importId/cancel → 200 TableImport (cancelled, error_message "Cancelled by …"), 409
 * when it is not queued or running. An import whose server stopped mid-way is failed with
 * "The server stopped during the import; nothing was added." when the server starts again.
 */

/** What the content was recognised as ('statement': a bank statement file, read by packages/statements). */
export const IMPORT_FORMATS = ['csv', 'xlsx', 'statement'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/**
 * uploaded → queued → running → succeeded | failed | cancelled. Only an `uploaded` import can be
 * confirmed; a queued or running one can be cancelled. All or nothing: the rows of a queued or
 * running import are seen by no reader, and a failed or cancelled one added nothing.
 */
export const IMPORT_STATUSES = ['uploaded', 'queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const importStatusSchema = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** CSV delimiters the server detects and accepts (tab is "\t"). */
export const IMPORT_DELIMITERS = [',', ';', '\t', '|'] as const;
export const importDelimiterSchema = z.enum(IMPORT_DELIMITERS);
export type ImportDelimiter = z.infer<typeof importDelimiterSchema>;

/** Date layouts recognised in files; each is converted to the stored yyyy-mm-dd. */
export const IMPORT_DATE_FORMATS = [
  'yyyy-mm-dd',
  'dd/mm/yyyy',
  'mm/dd/yyyy',
  'dd.mm.yyyy',
  'dd-mm-yyyy',
  'dd-mmm-yyyy',
  'dd mmm yyyy',
  'yyyy/mm/dd',
] as const;
export const importDateFormatSchema = z.enum(IMPORT_DATE_FORMATS);
export type ImportDateFormat = z.infer<typeof importDateFormatSchema>;

/** QIF files carry no date layout: the user picks one of these (options.qif_date_format). */
export const IMPORT_QIF_DATE_FORMATS = ['dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd'] as const;
export const importQifDateFormatSchema = z.enum(IMPORT_QIF_DATE_FORMATS);
export type ImportQifDateFormat = z.infer<typeof importQifDateFormatSchema>;

/** The decimal separator of a column's amounts: a point (`1,234.56`) or a comma (`1.234,56`). */
export const IMPORT_DECIMAL_SEPARATORS = ['.', ','] as const;
export const importDecimalSeparatorSchema = z.enum(IMPORT_DECIMAL_SEPARATORS);
export type ImportDecimalSeparator = z.infer<typeof importDecimalSeparatorSchema>;

/** A sheet of an XLSX workbook; `row_count` when the workbook states it cheaply, else null. */
export const importSheetSchema = z.object({ name: z.string(), row_count: z.number().int().nullable() });
export type ImportSheet = z.infer<typeof importSheetSchema>;

/** One column of the file as sniffed from its first rows. */
export const importSourceColumnSchema = z.object({
  /** 0-based position in the file: what `mapping[].source` and `key_source` refer to. */
  index: z.number().int().min(0),
  /** The header cell, or "Column 1", "Column 2"… when the file has no header row. */
  header: z.string(),
  guessed_type: columnTypeSchema,
  /** Currency columns: the ISO code seen in the values (e.g. "KES 1,200"), if any. */
  currency: z.string().nullable(),
  /** Date columns: the layout the values follow. */
  date_format: importDateFormatSchema.nullable(),
  /**
   * CSV amount columns: the decimal separator read from the sampled values (a comma when one of
   * them can only be read with a decimal comma, `1.234,56` / `250,00`; else a point, the spec's
   * default); null when the sample decides both ways or the column holds no amounts.
   */
  decimal_separator: importDecimalSeparatorSchema.nullable().optional(),
  /**
   * Why the guessed type, when it is not obvious from the values: "Phone numbers: kept as text…",
   * "Percentages: 16% is kept as the number 16", "Amounts: the header names an amount"; else null.
   */
  note: z.string().nullable().optional(),
});
export type ImportSourceColumn = z.infer<typeof importSourceColumnSchema>;

/**
 * A column to create at confirm: the fields of ColumnInput (tables.ts) without its transforms, so
 * the same schema also serves answers (the proposal). The currency code may be lower case.
 */
export const importNewColumnSchema = z.object({
  name: z.string().trim().min(1).max(100),
  type: columnTypeSchema,
  options: z.array(z.string().trim().min(1).max(200)).max(500).optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'Use a 3-letter currency code')
    .optional(),
  decimals: z.number().int().min(0).max(6).optional(),
});
export type ImportNewColumn = z.infer<typeof importNewColumnSchema>;

/**
 * Where one source column goes: an existing column (`column_id`), a new column (`new_column`, made
 * at confirm; not of type link), or nowhere (`skip: true`). Exactly one of the three.
 */
export const importMappingEntrySchema = z
  .object({
    source: z.number().int().min(0),
    column_id: z.string().optional(),
    new_column: importNewColumnSchema.optional(),
    skip: z.literal(true).optional(),
    /** Date columns: overrides options.date_format and the sniffed layout for this column. */
    date_format: importDateFormatSchema.optional(),
    /** CSV currency columns: overrides the sniffed decimal separator for this column. */
    decimal_separator: importDecimalSeparatorSchema.optional(),
  })
  .refine(
    (entry) => [entry.column_id, entry.new_column, entry.skip].filter((v) => v !== undefined).length === 1,
    {
      message: 'Give exactly one of column_id, new_column or skip',
    },
  );
export type ImportMappingEntry = z.infer<typeof importMappingEntrySchema>;

/** What the server sniffed from the first ~64 KB / 200 rows and proposes. */
export const importProposalSchema = z.object({
  format: importFormatSchema,
  /** Statement files: the detected statement format (mpesa_csv, camt053, mt940, ofx, qif…), else null. */
  statement_format: z.string().nullable(),
  encoding: z.enum(['utf-8', 'windows-1252']).nullable(),
  delimiter: importDelimiterSchema.nullable(),
  has_header: z.boolean(),
  line_endings: z.enum(['lf', 'crlf', 'cr', 'mixed']).nullable(),
  /** XLSX: every sheet; `sheet` is the one the proposal was made for. */
  sheets: z.array(importSheetSchema),
  sheet: z.string().nullable(),
  columns: z.array(importSourceColumnSchema),
  /** The first 20 data rows, as the file's text, one string per source column. */
  sample_rows: z.array(z.array(z.string())),
  /** One entry per source column: to the same-named existing column, else a new column (or skip). */
  mapping: z.array(importMappingEntrySchema),
  /** The table name proposed for a new table (from the file name). */
  table_name: z.string(),
  /** QIF statements: the date layout the sample rows were read with (null: none fits; the user must pick one). */
  qif_date_format: importQifDateFormatSchema.nullable().optional(),
});
export type ImportProposal = z.infer<typeof importProposalSchema>;

/** Choices that change how the file is read. */
export const importOptionsSchema = z.object({
  sheet: z.string().max(200).optional(),
  delimiter: importDelimiterSchema.optional(),
  has_header: z.boolean().optional(),
  /** Default layout for date columns (a mapping entry's own date_format wins). */
  date_format: importDateFormatSchema.optional(),
  /** A source column whose value is the row's external key: a row whose key is already in the table is skipped (counted in duplicate_rows). */
  key_source: z.number().int().min(0).optional(),
  /** QIF statements: the date layout of the file (required to confirm a QIF import). */
  qif_date_format: importQifDateFormatSchema.optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/** A line that was not imported: `line` is the file's physical line (CSV) or the sheet's row number (XLSX). */
export const importLineErrorSchema = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type ImportLineError = z.infer<typeof importLineErrorSchema>;

/** A finding that did not stop the import (e.g. a statement's balances do not add up). */
export const importWarningSchema = z.object({
  code: z.string(),
  message: z.string(),
  line: z.number().int().optional(),
});
export type ImportWarning = z.infer<typeof importWarningSchema>;

export const tableImportSchema = z.object({
  id: z.string(),
  /** The target table: given at upload or confirm (a new table is created at confirm). */
  table_id: z.string().nullable(),
  /** The drop-box document the rows come from (Send to table), else null. */
  document_id: z.string().nullable(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  format: importFormatSchema,
  status: importStatusSchema,
  proposal: importProposalSchema,
  /** What was confirmed (null before confirm). */
  options: importOptionsSchema.nullable(),
  /** Data rows read so far (all of them once finished). */
  total_rows: z.number().int(),
  inserted_rows: z.number().int(),
  /** Rows skipped because their key_source value was already in the table. */
  duplicate_rows: z.number().int(),
  /** Rows rejected; `errors` holds the first 1,000 of them. */
  failed_rows: z.number().int(),
  errors: z.array(importLineErrorSchema),
  warnings: z.array(importWarningSchema),
  /** Why a failed import failed, or who cancelled it (the table was left as it was). */
  error_message: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type TableImport = z.infer<typeof tableImportSchema>;
export const tableImportsPageSchema = pageOf(tableImportSchema);
export type TableImportsPage = z.infer<typeof tableImportsPageSchema>;

/** GET .../imports?table_id= */
export const tableImportsQuerySchema = pageQuerySchema.extend({ table_id: z.string().optional() });
export type TableImportsQuery = z.input<typeof tableImportsQuerySchema>;

/** POST .../imports/:importId/proposal: read the file again with these choices. */
export const importProposalInputSchema = z.object({
  sheet: z.string().max(200).optional(),
  delimiter: importDelimiterSchema.optional(),
  has_header: z.boolean().optional(),
  /** QIF statements: read the sample rows with this date layout. */
  qif_date_format: importQifDateFormatSchema.optional(),
  /**
   * Map to this existing table's columns (it becomes the import's table), or to a new table (null);
   * left out, the import keeps its target.
   */
  table_id: z.string().nullable().optional(),
});
export type ImportProposalInput = z.infer<typeof importProposalInputSchema>;

/** Where the rows go: an existing table, or a new one made at confirm. */
export const importTargetSchema = z.union([
  z.object({ table_id: z.string() }),
  z.object({
    new_table: z.object({
      name: z.string().trim().min(1).max(200),
      description: z.string().trim().max(2000).optional(),
    }),
  }),
]);
export type ImportTarget = z.infer<typeof importTargetSchema>;

/** POST .../imports/:importId/confirm → 202 ImportStarted; 409 when the import is not `uploaded`. */
export const confirmImportSchema = z.object({
  target: importTargetSchema,
  mapping: z.array(importMappingEntrySchema).min(1).max(500),
  options: importOptionsSchema.optional(),
});
export type ConfirmImportInput = z.infer<typeof confirmImportSchema>;

/** 202 answer: `id` is the job's process id that the socket's progress messages carry; `import_id` the import. */
export const importStartedSchema = z.object({
  id: z.string(),
  source: z.literal('document processing'),
  import_id: z.string(),
});
export type ImportStarted = z.infer<typeof importStartedSchema>;
