import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';
import { minorUnitsSchema } from './recon.ts';

/**
 * Document data extraction models (spec §7 Models, served under /api/models; resource `models`).
 *
 * GET    document_data_extraction/model                    ModelsQuery → page of Model
 * POST   document_data_extraction/model                    CreateModel → 201 Model
 * GET    document_data_extraction/model/:id                Model (labels and configuration included)
 * PUT    document_data_extraction/model/:id                UpdateModel → Model
 * DELETE document_data_extraction/model/:id                204 (its executions and training documents with it)
 * GET    r_b/model/configurations/:model_id                ModelConfiguration
 * PUT    r_b/model/configurations/:model_id                ModelConfigurationInput → ModelConfiguration
 * GET    labels?model_id=                                  { data: Label[] } in position order
 * POST   labels                                            CreateLabel → 201 Label
 * PUT    labels/:id                                        UpdateLabel → Label
 * DELETE labels/:id                                        204
 * GET    r_b/label?model_id=                               { data: LabelRule[] } (rule-based models)
 * PUT    r_b/label/:label_id                               LabelRuleInput → LabelRule
 * GET    r_b/label/filters/:label_id                       { filters: Filter[] }
 * PUT    r_b/label/filters/:label_id                       { filters: Filter[] } → same
 * GET    training_documents?model_id=                      page of TrainingDocument
 * POST   training_documents                                { model_id, document_id } → 201 TrainingDocument
 * PUT    training_documents/:id                            { annotations } → TrainingDocument (an AI model re-learns)
 * DELETE training_documents/:id                            204
 * GET    document_data_extraction/document/:document_id/tokens   DocumentTokens (the text the engine reads, OCR included)
 * POST   document_data_extraction/model/:id/preview        { document_id } → ExtractionResult (live, nothing stored)
 * GET    document_data_extraction/model/:id/insights       ModelInsights (the AI view)
 * POST   model/execute                                     ExecuteModel → 202 { id, source: 'document processing', executions }
 * GET    model/execution?model_id=                         page of ModelExecution
 * GET    model/execution/:id                               ModelExecution
 * PUT    model/execution/:id/corrections                   CorrectExecution → ModelExecution (a training example too)
 */

// ---------------------------------------------------------------------------------------------------
// The token model every input becomes (packages/extraction): text PDFs and OCR alike.

/** A box in page units: 0..1 of the page's width and height, origin at the top left (y grows down). */
export const boxSchema = z.object({
  x0: z.number().min(0).max(1),
  y0: z.number().min(0).max(1),
  x1: z.number().min(0).max(1),
  y1: z.number().min(0).max(1),
});
export type Box = z.infer<typeof boxSchema>;

export const TOKEN_SOURCES = ['pdf', 'ocr'] as const;

/** A word as read: its page (1-based), box, the reader's confidence (1 for a PDF's text layer) and source. */
export const tokenSchema = z.object({
  page: z.number().int().min(1),
  text: z.string(),
  box: boxSchema,
  confidence: z.number().min(0).max(1),
  source: z.enum(TOKEN_SOURCES),
});
export type Token = z.infer<typeof tokenSchema>;

/** A document's pages (their size in points, or pixels for an image) and words in reading order. */
export const documentTokensSchema = z.object({
  pages: z.array(z.object({ page: z.number().int().min(1), width: z.number(), height: z.number() })),
  tokens: z.array(tokenSchema),
});
export type DocumentTokens = z.infer<typeof documentTokensSchema>;

// ---------------------------------------------------------------------------------------------------
// Models, their labels and configuration.

export const MODEL_KINDS = ['rule_based', 'ai'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];
export const MODEL_KIND_LABELS: Record<ModelKind, string> = { rule_based: 'Rule-based', ai: 'AI (learned)' };

/**
 * draft: not usable yet (a rule-based model without a rule for a required label; an AI model with no
 * annotated training document); training: an AI model is learning; ready: runs on documents;
 * failed: learning failed (state_reason says why).
 */
export const MODEL_STATES = ['draft', 'training', 'ready', 'failed'] as const;
export type ModelState = (typeof MODEL_STATES)[number];

export const DOCUMENT_TYPES = [
  'invoice',
  'credit_note',
  'receipt',
  'purchase_order',
  'statement',
  'other',
] as const;
export type ExtractionDocumentType = (typeof DOCUMENT_TYPES)[number];

export const LABEL_TYPES = ['text', 'number', 'amount', 'date', 'table'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
export const LABEL_COLUMN_TYPES = ['text', 'number', 'amount', 'date'] as const;
export type LabelColumnType = (typeof LABEL_COLUMN_TYPES)[number];

const keySchema = z
  .string()
  .trim()
  .regex(
    /^[a-z][a-z0-9_]{0,62}$/,
    'Use lower-case letters, digits and _ (starting with a letter), e.g. invoice_number',
  );
const nameSchema = z.string().trim().min(1, 'Give it a name').max(120);

/** A column of a line-items (table) label. */
export const labelColumnSchema = z.object({
  key: keySchema,
  name: nameSchema,
  type: z.enum(LABEL_COLUMN_TYPES),
});
export type LabelColumn = z.infer<typeof labelColumnSchema>;

/** A field the model extracts; a `table` label is a list of line items with its own columns. */
export const labelSchema = z.object({
  id: z.string(),
  model_id: z.string(),
  key: z.string(),
  name: z.string(),
  type: z.enum(LABEL_TYPES),
  required: z.boolean(),
  columns: z.array(labelColumnSchema),
  position: z.number().int(),
});
export type Label = z.infer<typeof labelSchema>;

export const labelInputSchema = z
  .object({
    key: keySchema,
    name: nameSchema,
    type: z.enum(LABEL_TYPES),
    required: z.boolean().default(false),
    columns: z.array(labelColumnSchema).max(30).default([]),
  })
  .refine((l) => l.type !== 'table' || l.columns.length > 0, {
    message: 'A line-items label needs at least one column',
    path: ['columns'],
  });
export const createLabelSchema = labelInputSchema.and(z.object({ model_id: z.string().max(100) }));
export type CreateLabel = z.input<typeof createLabelSchema>;
export const updateLabelSchema = labelInputSchema;
export type UpdateLabel = z.input<typeof updateLabelSchema>;

/** How a document is recognised as this model's layout (rule-based template selection). */
export const KEYWORD_MODES = ['any', 'all', 'exact', 'regex', 'fuzzy'] as const;
export const selectionSchema = z.object({
  mode: z.enum(KEYWORD_MODES).default('any'),
  /** Empty: every document is this model's layout. */
  keywords: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  /** A document holding any of these is not this layout. */
  exclude: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
});
export type Selection = z.infer<typeof selectionSchema>;

export const DATE_ORDERS = ['DMY', 'MDY', 'YMD'] as const;
export const DECIMAL_SEPARATORS = ['.', ','] as const;
export const OCR_LANGUAGES = ['eng'] as const;

export const modelConfigurationInputSchema = z.object({
  /** Fields read with less confidence than this are marked "needs review". */
  confidence_threshold: z.number().min(0).max(1).default(0.8),
  ocr_language: z.enum(OCR_LANGUAGES).default('eng'),
  /** How an ambiguous date such as 03/04/2026 is read. */
  date_order: z.enum(DATE_ORDERS).default('DMY'),
  /** The decimal separator of amounts ("1.471,60" reads as 1471.60 with ","). */
  decimal_separator: z.enum(DECIMAL_SEPARATORS).default('.'),
  /** The currency of amounts that do not name one (ISO 4217). */
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, e.g. KES')
    .default('KES'),
  /** Where results go when sent to a table (null: not set). */
  target_table_id: z.string().max(100).nullable().default(null),
  selection: selectionSchema.default({ mode: 'any', keywords: [], exclude: [] }),
});
export type ModelConfigurationInput = z.input<typeof modelConfigurationInputSchema>;
export const modelConfigurationSchema = z.object({
  confidence_threshold: z.number(),
  ocr_language: z.enum(OCR_LANGUAGES),
  date_order: z.enum(DATE_ORDERS),
  decimal_separator: z.enum(DECIMAL_SEPARATORS),
  currency: z.string(),
  target_table_id: z.string().nullable(),
  selection: selectionSchema,
});
export type ModelConfiguration = z.infer<typeof modelConfigurationSchema>;

export const modelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(MODEL_KINDS),
  document_type: z.enum(DOCUMENT_TYPES),
  state: z.enum(MODEL_STATES),
  state_reason: z.string().nullable(),
  configuration: modelConfigurationSchema,
  labels: z.array(labelSchema),
  training_documents: z.number().int(),
  executions: z.number().int(),
  last_execution_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Model = z.infer<typeof modelSchema>;

export const MODEL_SORTS = ['updated_at', 'created_at', 'name'] as const;
export const modelsQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  kind: z.enum(MODEL_KINDS).optional(),
  state: z.enum(MODEL_STATES).optional(),
  sort: z.enum(MODEL_SORTS).default('updated_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ModelsQuery = z.input<typeof modelsQuerySchema>;
export const modelsPageSchema = pageOf(modelSchema);
export type ModelsPage = z.infer<typeof modelsPageSchema>;

export const createModelSchema = z.object({
  name: nameSchema,
  description: z.string().trim().max(2000).default(''),
  kind: z.enum(MODEL_KINDS),
  document_type: z.enum(DOCUMENT_TYPES).default('invoice'),
  configuration: modelConfigurationInputSchema.default({
    confidence_threshold: 0.8,
    ocr_language: 'eng',
    date_order: 'DMY',
    decimal_separator: '.',
    currency: 'KES',
    target_table_id: null,
    selection: { mode: 'any', keywords: [], exclude: [] },
  }),
  /** Labels created with the model, in this order. */
  labels: z.array(labelInputSchema).max(100).default([]),
});
export type CreateModel = z.input<typeof createModelSchema>;
export const updateModelSchema = z.object({
  name: nameSchema.optional(),
  description: z.string().trim().max(2000).optional(),
  document_type: z.enum(DOCUMENT_TYPES).optional(),
});
export type UpdateModel = z.input<typeof updateModelSchema>;

// ---------------------------------------------------------------------------------------------------
// Rule-based labels: how a label's value is found (tried in order until one finds it), then filtered.

const patternSchema = z.string().min(1).max(500);

export const FILTER_KINDS = [
  'trim',
  'replace',
  'regex',
  'date',
  'amount',
  'whitelist',
  'ocr_confusions',
  'uppercase',
  'lowercase',
] as const;

/** One step of a label's filter pipeline, applied in order to the text found. */
export const filterSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trim') }),
  z.object({
    kind: z.literal('replace'),
    find: z.string().min(1).max(200),
    replace: z.string().max(200),
    regex: z.boolean().default(false),
  }),
  /** Keep only the pattern's capture group (0: the whole match); no match leaves no value. */
  z.object({
    kind: z.literal('regex'),
    pattern: patternSchema,
    group: z.number().int().min(0).max(9).default(1),
  }),
  /** Read a date with these formats (e.g. "DD/MM/YYYY", "D MMM YYYY"); empty: any common format in the model's date order. */
  z.object({ kind: z.literal('date'), formats: z.array(z.string().min(1).max(40)).max(10).default([]) }),
  /** Read an amount; the separator defaults to the model's. */
  z.object({ kind: z.literal('amount'), decimal_separator: z.enum(DECIMAL_SEPARATORS).optional() }),
  /** Keep only these characters. */
  z.object({ kind: z.literal('whitelist'), characters: z.string().min(1).max(200) }),
  /** Undo OCR confusions (O↔0, I/l↔1, S↔5, B↔8) toward the field's shape. */
  z.object({ kind: z.literal('ocr_confusions'), shape: z.enum(['digits', 'letters', 'alphanumeric']) }),
  z.object({ kind: z.literal('uppercase') }),
  z.object({ kind: z.literal('lowercase') }),
]);
export type Filter = z.infer<typeof filterSchema>;

export const ANCHOR_DIRECTIONS = ['right', 'below', 'above'] as const;
export const PAGE_CHOICES = ['first', 'last', 'any'] as const;

export const ruleSchema = z.discriminatedUnion('method', [
  /** A regular expression over the document's lines; the capture group is the value. */
  z.object({
    method: z.literal('regex'),
    pattern: patternSchema,
    group: z.number().int().min(0).max(9).default(1),
    case_sensitive: z.boolean().default(false),
  }),
  /** The value beside an anchor text: to its right, below or above it, within a window (page units). */
  z.object({
    method: z.literal('anchor'),
    anchor: z.string().trim().min(1).max(200),
    anchor_match: z.enum(['exact', 'contains', 'regex']).default('contains'),
    direction: z.enum(ANCHOR_DIRECTIONS).default('right'),
    max_distance: z.number().min(0.005).max(1).default(0.4),
    /** The value must match this (e.g. an amount or date shape); empty: the nearest words. */
    value_pattern: z.string().max(500).optional(),
  }),
  /** The words inside a box of a page. */
  z.object({
    method: z.literal('zone'),
    page: z.union([z.enum(PAGE_CHOICES), z.number().int().min(1)]).default('first'),
    box: boxSchema,
  }),
  /** Always this value (e.g. the vendor of a vendor-specific model). */
  z.object({ method: z.literal('static'), value: z.string().max(500) }),
  /**
   * Line items: a header row whose column headings are found on the page (their x-ranges give the
   * columns), rows until the end pattern (or the page's end), continuing on the next pages.
   */
  z.object({
    method: z.literal('table'),
    columns: z
      .array(z.object({ key: keySchema, header: z.string().trim().min(1).max(120) }))
      .min(1)
      .max(30),
    start_pattern: z.string().max(500).optional(),
    end_pattern: z.string().max(500).optional(),
  }),
]);
export type Rule = z.infer<typeof ruleSchema>;

export const PICKS = ['first', 'last', 'sum', 'min', 'max', 'join'] as const;

export const labelRuleInputSchema = z.object({
  rules: z.array(ruleSchema).max(20),
  /** When several values are found: which one (or their sum, min, max, or all joined). */
  pick: z.enum(PICKS).default('first'),
  filters: z.array(filterSchema).max(20).default([]),
});
export type LabelRuleInput = z.input<typeof labelRuleInputSchema>;
export const labelRuleSchema = z.object({
  label_id: z.string(),
  label_key: z.string(),
  rules: z.array(ruleSchema),
  pick: z.enum(PICKS),
  filters: z.array(filterSchema),
});
export type LabelRule = z.infer<typeof labelRuleSchema>;

// ---------------------------------------------------------------------------------------------------
// Results: a value per field with where it was read and how sure the engine is.

export const normalizedValueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  /** A decimal number written with a dot, exactly as read (no binary float). */
  z.object({ type: z.literal('number'), value: z.string() }),
  z.object({ type: z.literal('amount'), minor: minorUnitsSchema, currency: z.string() }),
  z.object({ type: z.literal('date'), iso: z.iso.date() }),
]);
export type NormalizedValue = z.infer<typeof normalizedValueSchema>;

export const alternativeSchema = z.object({
  value: z.string(),
  confidence: z.number(),
  page: z.number().int().nullable(),
  box: boxSchema.nullable(),
});

export const fieldResultSchema = z.object({
  key: z.string(),
  /** The text found, after filters; null when not found. */
  value: z.string().nullable(),
  normalized: normalizedValueSchema.nullable(),
  confidence: z.number().min(0).max(1),
  page: z.number().int().nullable(),
  box: boxSchema.nullable(),
  /** What found it, in words: "anchor "Invoice No" → right", "regex", "learned: anchor "Total"". */
  source: z.string(),
  alternatives: z.array(alternativeSchema),
  needs_review: z.boolean(),
});
export type FieldResult = z.infer<typeof fieldResultSchema>;

export const cellResultSchema = z.object({
  value: z.string().nullable(),
  normalized: normalizedValueSchema.nullable(),
  confidence: z.number(),
  page: z.number().int().nullable(),
  box: boxSchema.nullable(),
});
export type CellResult = z.infer<typeof cellResultSchema>;

export const tableResultSchema = z.object({
  key: z.string(),
  rows: z.array(z.object({ page: z.number().int(), cells: z.record(z.string(), cellResultSchema) })),
  confidence: z.number(),
  source: z.string(),
  needs_review: z.boolean(),
});
export type TableResult = z.infer<typeof tableResultSchema>;

export const extractionResultSchema = z.object({
  /** False when the document is not this model's layout (selection keywords): nothing was extracted. */
  layout_matched: z.boolean(),
  fields: z.array(fieldResultSchema),
  tables: z.array(tableResultSchema),
  needs_review: z.boolean(),
  pages: z.number().int(),
  text_source: z.enum(['pdf', 'ocr', 'mixed']),
  /** The mean confidence of the OCR'd words (null for a text PDF). */
  ocr_confidence: z.number().nullable(),
});
export type ExtractionResult = z.infer<typeof extractionResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Training documents (AI models) and executions.

/** A label's value marked on a training document: by selecting words or drawing a box. */
export const annotationSchema = z.object({
  label_key: keySchema,
  page: z.number().int().min(1),
  box: boxSchema,
  value: z.string().max(2000),
  /** Line items: the row (0-based) and column key of a cell. */
  row: z.number().int().min(0).max(10000).optional(),
  column: keySchema.optional(),
});
export type Annotation = z.infer<typeof annotationSchema>;

export const trainingDocumentSchema = z.object({
  id: z.string(),
  model_id: z.string(),
  document_id: z.string(),
  document_name: z.string(),
  page_count: z.number().int().nullable(),
  annotations: z.array(annotationSchema),
  /** Where annotations came from: the user, or a correction of an execution. */
  origin: z.enum(['annotated', 'correction']),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TrainingDocument = z.infer<typeof trainingDocumentSchema>;
export const trainingDocumentsPageSchema = pageOf(trainingDocumentSchema);
export const trainingDocumentsQuerySchema = pageQuerySchema.extend({ model_id: z.string().max(100) });
export const createTrainingDocumentSchema = z.object({
  model_id: z.string().max(100),
  document_id: z.string().max(100),
});
export const annotateTrainingDocumentSchema = z.object({ annotations: z.array(annotationSchema).max(5000) });

export const EXECUTION_STATUSES = ['queued', 'running', 'succeeded', 'needs_review', 'failed'] as const;
export type ModelExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const modelExecutionSchema = z.object({
  id: z.string(),
  model_id: z.string(),
  document_id: z.string(),
  document_name: z.string(),
  process_id: z.string().nullable(),
  status: z.enum(EXECUTION_STATUSES),
  status_reason: z.string().nullable(),
  result: extractionResultSchema.nullable(),
  corrected: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ModelExecution = z.infer<typeof modelExecutionSchema>;
export const modelExecutionsPageSchema = pageOf(modelExecutionSchema);
export const modelExecutionsQuerySchema = pageQuerySchema.extend({
  model_id: z.string().max(100).optional(),
  status: z.enum(EXECUTION_STATUSES).optional(),
});

export const executeModelSchema = z.object({
  model_id: z.string().max(100),
  document_ids: z.array(z.string().max(100)).min(1, 'Choose at least one document').max(500),
});
export type ExecuteModel = z.input<typeof executeModelSchema>;
export const executionStartedSchema = z.object({
  id: z.string(),
  source: z.literal('document processing'),
  executions: z.array(z.string()),
});

/** Corrected values (fields by key; line items whole) — saved on the execution and learned from. */
export const correctExecutionSchema = z.object({
  fields: z
    .array(
      z.object({
        key: keySchema,
        value: z.string().max(2000),
        page: z.number().int().min(1).optional(),
        box: boxSchema.optional(),
      }),
    )
    .max(200),
});
export type CorrectExecution = z.input<typeof correctExecutionSchema>;

// ---------------------------------------------------------------------------------------------------
// The AI view: what a learned model learned and how well it does.

export const modelInsightsSchema = z.object({
  model_id: z.string(),
  training_documents: z.number().int(),
  layouts: z.number().int(),
  fields: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      anchors: z.array(z.object({ text: z.string(), direction: z.string(), weight: z.number() })),
      shape: z.string().nullable(),
      /** Accuracy on held-out training documents (leave-one-out); null below 2 documents. */
      accuracy: z.number().nullable(),
      examples: z.number().int(),
    }),
  ),
  /** Accuracy after each added training document, in the order they were added. */
  history: z.array(z.object({ training_documents: z.number().int(), accuracy: z.number().nullable() })),
});
export type ModelInsights = z.infer<typeof modelInsightsSchema>;
