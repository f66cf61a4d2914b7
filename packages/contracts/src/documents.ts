import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';

/**
 * Documents drop box (spec §7 Documents /file_handler/drop_box, General /file_handler/parser),
 * under /api/documents:
 * POST   file_handler/drop_box            multipart, one or more `file` parts → 201 { data: Document[] }
 * GET    file_handler/drop_box            DocumentsQuery → page of Document
 * GET    file_handler/drop_box/:id        Document
 * GET    file_handler/drop_box/:id/original  the uploaded bytes (Content-Type sniffed, attachment)
 * POST   file_handler/drop_box/:id/retry  failed only → 202 Document (pending again)
 * DELETE file_handler/drop_box/:id        204
 * POST   file_handler/drop_box/export     ExportDocuments → 202 { id, source: 'export_document' }
 * GET    file_handler/parser/:id          ParsedQuery → ParsedPage (PDF pages, CSV/XLSX rows or a statement's transactions, paged)
 */

/**
 * Bank statements recognised from their content at upload (packages/statements' formats): shown as
 * "Bank statement (camt.053)" etc., read into balances and transactions instead of raw lines.
 */
export const STATEMENT_DOCUMENT_KINDS = ['camt053', 'camt054', 'mt940', 'ofx'] as const;
export type StatementDocumentKind = (typeof STATEMENT_DOCUMENT_KINDS)[number];

/** How a statement format is named to users: the type reads "Bank statement (camt.053)". */
export const STATEMENT_FORMAT_LABELS: Record<StatementDocumentKind, string> = {
  camt053: 'camt.053',
  camt054: 'camt.054',
  mt940: 'MT940',
  ofx: 'OFX',
};

export const DOCUMENT_KINDS = ['pdf', 'image', 'csv', 'xlsx', ...STATEMENT_DOCUMENT_KINDS] as const;
export const documentKindSchema = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** PDFs and images are read into pages of positioned lines (a PDF's text layer, or OCR of a scan or photo). */
export const readsAsPages = (kind: DocumentKind): kind is 'pdf' | 'image' =>
  kind === 'pdf' || kind === 'image';

export const isStatementKind = (kind: DocumentKind): kind is StatementDocumentKind =>
  (STATEMENT_DOCUMENT_KINDS as readonly string[]).includes(kind);

/** pending → processing → processed | ocr_needed | failed (status_reason says why). */
export const DOCUMENT_STATUSES = ['pending', 'processing', 'processed', 'ocr_needed', 'failed'] as const;
export const documentStatusSchema = z.enum(DOCUMENT_STATUSES);
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** What processing found, shown in the list and the document page. */
export const documentSummarySchema = z.object({
  pages: z.number().int().optional(),
  lines: z.number().int().optional(),
  tables: z.number().int().optional(),
  rows: z.number().int().optional(),
  columns: z.number().int().optional(),
  /** XLSX: the sheet read, the first one that holds a value. */
  sheet: z.string().optional(),
  /** XLSX: every sheet of the workbook in order, with its rows (0 when empty). */
  sheets: z.array(z.object({ name: z.string(), rows: z.number().int() })).optional(),
  /** The first ~200 characters of text (PDF) or the header row (CSV/XLSX). */
  first_text: z.string().optional(),
  /** Scans and photos read by OCR: the mean confidence of its words (0..1), null when none was read. */
  ocr_confidence: z.number().nullable().optional(),
  /** Statements: the account the file states, its currency (null when statements differ) and period. */
  account: z.string().nullable().optional(),
  currency: z.string().nullable().optional(),
  period_from: z.string().nullable().optional(),
  period_to: z.string().nullable().optional(),
  /** Statements: transactions read, and entries left out because they could not be read. */
  transactions: z.number().int().optional(),
  unreadable: z.number().int().optional(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  size_bytes: z.number().int(),
  media_type: z.string(),
  kind: documentKindSchema,
  status: documentStatusSchema,
  status_reason: z.string().nullable(),
  attempts: z.number().int(),
  page_count: z.number().int().nullable(),
  row_count: z.number().int().nullable(),
  summary: documentSummarySchema,
  created_by: z.string().nullable(),
  created_at: z.string(),
  processed_at: z.string().nullable(),
});
export type DocumentView = z.infer<typeof documentSchema>;

export const documentsUploadedSchema = z.object({ data: z.array(documentSchema) });
export type DocumentsUploaded = z.infer<typeof documentsUploadedSchema>;

export const DOCUMENT_SORTS = ['created_at', 'file_name', 'size_bytes', 'status'] as const;

/** GET drop_box: search over name and extracted text; kind, status; from/to (yyyy-mm-dd, inclusive, UTC). */
export const documentsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  kind: documentKindSchema.optional(),
  status: documentStatusSchema.optional(),
  from: z.iso.date({ message: 'Use a date like 2026-11-22' }).optional(),
  to: z.iso.date({ message: 'Use a date like 2026-11-22' }).optional(),
  sort: z.enum(DOCUMENT_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type DocumentsQuery = z.input<typeof documentsQuerySchema>;

export const documentsPageSchema = pageOf(documentSchema);
export type DocumentsPage = z.infer<typeof documentsPageSchema>;

/** A word of a PDF page: its text and box in page points, origin at the top left (y grows down). */
export const parsedWordSchema = z.object({
  text: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type ParsedWord = z.infer<typeof parsedWordSchema>;

export const parsedLineSchema = z.object({
  text: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  words: z.array(parsedWordSchema),
});
export type ParsedLine = z.infer<typeof parsedLineSchema>;

/** A table detected on a page: consecutive lines whose words fall into the same ≥3 columns. */
export const parsedTableSchema = z.object({
  /** Index of the first line of the table on its page, and how many lines it spans. */
  first_line: z.number().int(),
  line_count: z.number().int(),
  /** Left edge of each column, in page points. */
  column_x: z.array(z.number()),
  rows: z.array(z.array(z.string())),
});
export type ParsedTable = z.infer<typeof parsedTableSchema>;

export const parsedPdfPageSchema = z.object({
  page: z.number().int(),
  width: z.number(),
  height: z.number(),
  lines: z.array(parsedLineSchema),
  tables: z.array(parsedTableSchema),
});
export type ParsedPdfPage = z.infer<typeof parsedPdfPageSchema>;

/** GET parser/:id — PDFs page by page (page_size pages), CSV/XLSX rows or statement transactions (page_size). */
export const parsedQuerySchema = z.object({
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export type ParsedQuery = z.input<typeof parsedQuerySchema>;

/** A statement's transaction; amounts are exact signed minor units (credit +, debit −) as strings. */
export const statementTransactionSchema = z.object({
  booking_date: z.string(),
  value_date: z.string().nullable(),
  amount_minor: z.string(),
  currency: z.string(),
  reference: z.string(),
  counterparty: z.string(),
  narrative: z.string(),
  bank_reference: z.string(),
  /** 1-based line of the entry in the file. */
  line: z.number().int(),
});
export type StatementTransactionView = z.infer<typeof statementTransactionSchema>;

/** One statement inside the file with the balances it states and whether they add up. */
export const statementBalancesSchema = z.object({
  id: z.string().nullable(),
  currency: z.string().nullable(),
  opening_minor: z.string().nullable(),
  closing_minor: z.string().nullable(),
  opening_date: z.string().nullable(),
  closing_date: z.string().nullable(),
  transaction_count: z.number().int(),
  balance_check: z.enum(['ok', 'mismatch', 'unavailable']),
});
export type StatementBalancesView = z.infer<typeof statementBalancesSchema>;

/** A problem found while reading a statement: the line it is on and what is wrong. */
export const statementIssueSchema = z.object({ line: z.number().int().nullable(), message: z.string() });
export type StatementIssue = z.infer<typeof statementIssueSchema>;

export const parsedPageSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('pdf'),
    page_no: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
    pages: z.array(parsedPdfPageSchema),
  }),
  z.object({
    kind: z.literal('rows'),
    page_no: z.number().int(),
    page_size: z.number().int(),
    /** Rows in the file (the header row included, as row 1). */
    total: z.number().int(),
    /** 1-based number of the first row of `rows` in the file. */
    first_row: z.number().int(),
    rows: z.array(z.array(z.string())),
  }),
  z.object({
    kind: z.literal('statement'),
    format: z.enum(STATEMENT_DOCUMENT_KINDS),
    account: z.string().nullable(),
    currency: z.string().nullable(),
    period_from: z.string().nullable(),
    period_to: z.string().nullable(),
    statements: z.array(statementBalancesSchema),
    /** Entries left out (could not be read), by line; at most 50 listed. */
    errors: z.array(statementIssueSchema),
    /** Read but worth a look: balances that do not add up, skipped entries… (at most 50). */
    warnings: z.array(statementIssueSchema),
    page_no: z.number().int(),
    page_size: z.number().int(),
    /** Transactions in the file. */
    total: z.number().int(),
    transactions: z.array(statementTransactionSchema),
  }),
]);
export type ParsedPage = z.infer<typeof parsedPageSchema>;

export const EXPORT_DOCUMENT_FORMATS = ['zip', 'csv', 'xlsx'] as const;

/** POST drop_box/export: a zip of the originals, or the parsed data as one CSV/XLSX. */
export const exportDocumentsSchema = z.object({
  ids: z.array(z.string()).min(1, 'Select at least one document').max(500),
  as: z.enum(EXPORT_DOCUMENT_FORMATS),
});
export type ExportDocuments = z.infer<typeof exportDocumentsSchema>;

/** POST drop_box/:id/send_to_table → the import to map at /tables/create?import=<import_id>. */
export const sentToTableSchema = z.object({ import_id: z.string() });
export type SentToTable = z.infer<typeof sentToTableSchema>;
