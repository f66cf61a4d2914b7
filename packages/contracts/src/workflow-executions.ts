import { z } from 'zod';
import { executionStatusSchema } from './workflows.ts';

/*
 * Executions of a workflow (spec §7 path bases /workflows/workflow/inputs,
 * /workflows/workflow/execution, /block-output): one durable background job per execution, each
 * block's run recorded, each block's output stored apart and read page by page.
 */

export const blockRunStatusSchema = z.enum(['running', 'succeeded', 'failed', 'skipped', 'cancelled']);
export type BlockRunStatus = z.infer<typeof blockRunStatusSchema>;

/** What a run asks for when it starts (Home's declared inputs). */
export const workflowRunInputSchema = z.object({
  /** The input's name (a Home input) or the Upload document block's node id. */
  name: z.string(),
  label: z.string(),
  required: z.boolean(),
  /** text: a value typed in; document: the id of a drop-box document (uploaded first). */
  kind: z.enum(['text', 'document']),
  /** For documents: what the block accepts (any, csv, xlsx, statement, pdf). */
  accept: z.string().nullable(),
});
export type WorkflowRunInput = z.infer<typeof workflowRunInputSchema>;
/** GET /workflows/workflow/inputs?workflow_id */
export const runInputsResponseSchema = z.object({
  data: z.object({
    workflow_id: z.string(),
    version: z.number().int(),
    inputs: z.array(workflowRunInputSchema),
  }),
});

/** POST /workflows/workflow/execution */
export const startExecutionSchema = z.object({
  workflow_id: z.string().uuid('Not a valid workflow id'),
  inputs: z.record(z.string(), z.string().max(10_000)).default({}),
  /** Run only this block and what feeds it ("run up to here"). */
  until_node_id: z.string().min(1).optional(),
});
export type StartExecution = z.infer<typeof startExecutionSchema>;

/** POST /workflows/workflow/execution/retry: start again from the start, or from the failed block. */
export const retryExecutionSchema = z.object({
  execution_id: z.string().uuid('Not a valid execution id'),
  from: z.enum(['start', 'failed', 'node']).default('start'),
  /** With from = node: the block to run again (it and what it feeds; the rest keep their outputs). */
  node_id: z.string().min(1).optional(),
});

export const blockRunSchema = z.object({
  node_id: z.string(),
  status: blockRunStatusSchema,
  attempt: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  rows_in: z.number().int().nullable(),
  rows_out: z.number().int().nullable(),
  error: z.string().nullable(),
  /** True when the output was taken from the execution this one re-runs. */
  cached: z.boolean(),
  /** The output handles stored for this block (read them at /block-output). */
  outputs: z.array(z.string()),
});
export type BlockRun = z.infer<typeof blockRunSchema>;

export const executionSchema = z.object({
  execution_id: z.string(),
  workflow_id: z.string(),
  /** The workflow version that ran. */
  version: z.number().int(),
  status: executionStatusSchema,
  trigger: z.enum(['manual', 'retry', 'schedule']),
  /** The execution this one re-runs, if any. */
  retry_of: z.string().nullable(),
  inputs: z.record(z.string(), z.string()),
  started_by_email: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
  failed_node_id: z.string().nullable(),
  blocks: z.array(blockRunSchema),
});
export type Execution = z.infer<typeof executionSchema>;
export const executionResponseSchema = z.object({ data: executionSchema });
export const executionsPageSchema = z.object({
  data: z.array(executionSchema),
  page_no: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export const executionsQuerySchema = z.object({
  workflow_id: z.string().uuid('Not a valid workflow id'),
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const executionIdQuerySchema = z.object({
  execution_id: z.string().uuid('Not a valid execution id'),
});

/** GET /block-output: one page of one output handle of one block of an execution. */
export const blockOutputQuerySchema = z.object({
  execution_id: z.string().uuid('Not a valid execution id'),
  node_id: z.string().min(1),
  handle: z.string().min(1),
  page_no: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(500).default(50),
});
export const blockOutputPageSchema = z.object({
  execution_id: z.string(),
  node_id: z.string(),
  handle: z.string(),
  /** rows: a table of text cells; value: any other output (a dashboard, a message). */
  kind: z.enum(['rows', 'value']),
  columns: z.array(z.string()),
  data: z.array(z.record(z.string(), z.string().nullable())),
  value: z.unknown().optional(),
  page_no: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export type BlockOutputPage = z.infer<typeof blockOutputPageSchema>;

/** GET /block-output/download: a whole block output as a file (rows as CSV or XLSX, a value as JSON). */
export const blockOutputDownloadQuerySchema = z.object({
  execution_id: z.string().uuid('Not a valid execution id'),
  node_id: z.string().min(1),
  handle: z.string().min(1),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});
export type BlockOutputDownloadQuery = z.infer<typeof blockOutputDownloadQuerySchema>;

/** GET /execution-file: the file an Export file block wrote in an execution. */
export const executionFileQuerySchema = z.object({
  execution_id: z.string().uuid('Not a valid execution id'),
  node_id: z.string().min(1),
});

/**
 * The value an Export file block gives out of `file`. `download_path` (GET /execution-file) is
 * filled in when the output is read: the block does not know its execution.
 */
export const exportedFileSchema = z.object({
  file_name: z.string(),
  format: z.enum(['csv', 'xlsx']),
  size: z.number().int(),
  rows: z.number().int(),
  download_path: z.string().nullable(),
});
export type ExportedFile = z.infer<typeof exportedFileSchema>;

/** The value a Notify block gives out of `sent`. */
export const notifyResultSchema = z.object({
  sent_to: z.array(z.string()),
  subject: z.string(),
  /** Set when the block sent nothing (when = exceptions and there were none). */
  skipped: z.string().optional(),
});
export type NotifyResult = z.infer<typeof notifyResultSchema>;

/** The columns of a Documents block's `documents` output (one row per drop-box document). */
export const WORKFLOW_DOCUMENT_COLUMNS = ['document_id', 'name', 'type', 'status', 'uploaded_at'] as const;
