import { z } from 'zod';
import { pageOf, pageQuerySchema } from './common.ts';

/**
 * Workflows (issue 7; spec §3 Workflow and Block, §7 Workflow service): a workflow is
 * `{ workflow_name, workflow_description, graph, state }`; the graph is versioned JSON validated by
 * this one schema on both sides (and by `validateGraph` in packages/domain against the block
 * catalog: one Home, no cycles, compatible handles).
 */

/** What travels along an edge; an output feeds an input of the same kind ('any' accepts every kind). */
export const portKindSchema = z.enum(['table', 'documents', 'file', 'recon', 'dashboard', 'any']);
export type PortKind = z.infer<typeof portKindSchema>;

export const GRAPH_SCHEMA_VERSION = 1;
const nodeId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Node ids use letters, digits, - and _');

/** What a block does when an attempt fails and its retries are used up. */
export const onErrorSchema = z.enum(['stop', 'continue', 'error_output']);
export type OnError = z.infer<typeof onErrorSchema>;

export const retryPolicySchema = z.object({
  /** Attempts in all (1 = no retry). */
  max_attempts: z.number().int().min(1).max(10).default(1),
  /** Wait before the second attempt; doubles after each failure. */
  backoff_seconds: z.number().min(0).max(3600).default(2),
});
export type RetryPolicy = z.infer<typeof retryPolicySchema>;

export const graphNodeSchema = z.object({
  id: nodeId,
  /** The block type from the catalog (`home`, `upload_document`, `reconcile`...). */
  type: z.string().min(1).max(64),
  typeVersion: z.number().int().min(1).default(1),
  /** Shown on the canvas; defaults to the block's name. */
  label: z.string().max(120).optional(),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  parameters: z.record(z.string(), z.unknown()).default({}),
  retry: retryPolicySchema.optional(),
  on_error: onErrorSchema.default('stop'),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const graphEdgeSchema = z.object({
  id: z.string().min(1).max(160),
  source: nodeId,
  source_handle: z.string().min(1).max(64),
  target: nodeId,
  target_handle: z.string().min(1).max(64),
});
export type GraphEdge = z.infer<typeof graphEdgeSchema>;

export const workflowGraphSchema = z.object({
  schemaVersion: z.literal(GRAPH_SCHEMA_VERSION),
  nodes: z.array(graphNodeSchema).max(1000),
  edges: z.array(graphEdgeSchema).max(5000),
});
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

/** The graph a new workflow starts with: a Home node with empty data (spec §3). */
export function newWorkflowGraph(): WorkflowGraph {
  return {
    schemaVersion: GRAPH_SCHEMA_VERSION,
    nodes: [
      {
        id: 'home',
        type: 'home',
        typeVersion: 1,
        position: { x: 0, y: 0 },
        parameters: {},
        on_error: 'stop',
      },
    ],
    edges: [],
  };
}

// ---------------------------------------------------------------- the block catalog (GET blocks → nodes)

export const blockPortSchema = z.object({
  /** The handle id on the node. */
  name: z.string(),
  label: z.string(),
  kind: portKindSchema,
  /** Inputs: must be connected for the workflow to run. */
  required: z.boolean().default(false),
  /** Inputs: accepts several edges (their outputs are combined). */
  multiple: z.boolean().default(false),
});
export type BlockPort = z.infer<typeof blockPortSchema>;

export const blockParameterSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum([
    'text',
    'number',
    'boolean',
    'select',
    'multiselect',
    'table',
    'rule_set',
    'model',
    'column',
    'json',
  ]),
  required: z.boolean().default(false),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  default: z.unknown().optional(),
  help: z.string().default(''),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type BlockParameter = z.infer<typeof blockParameterSchema>;

export const blockCategorySchema = z.enum(['start', 'input', 'processing', 'reconcile', 'output']);
export const blockDefinitionSchema = z.object({
  type: z.string(),
  typeVersion: z.number().int(),
  name: z.string(),
  category: blockCategorySchema,
  description: z.string(),
  inputs: z.array(blockPortSchema),
  outputs: z.array(blockPortSchema),
  parameters: z.array(blockParameterSchema),
  /** False when the block needs something this organization does not have yet (an integration, a model). */
  available: z.boolean().default(true),
  unavailable_reason: z.string().optional(),
});
export type BlockDefinition = z.infer<typeof blockDefinitionSchema>;
export const blocksResponseSchema = z.object({ nodes: z.array(blockDefinitionSchema) });

// ---------------------------------------------------------------- workflows (rule_workflows)

export const workflowStateSchema = z.enum(['draft', 'active', 'archived']);
export type WorkflowState = z.infer<typeof workflowStateSchema>;

export const workflowInputSchema = z.object({
  workflow_name: z.string().trim().min(1, 'Name the workflow').max(120),
  workflow_description: z.string().trim().max(2000).default(''),
  graph: workflowGraphSchema,
  state: workflowStateSchema.default('draft'),
  /** Cron (5 fields) and an IANA time zone; runs only while the workflow is active. */
  schedule: z
    .object({ cron: z.string().trim().min(1).max(120), time_zone: z.string().min(1).max(64) })
    .nullable()
    .optional(),
});
export type WorkflowInput = z.infer<typeof workflowInputSchema>;

export const executionStatusSchema = z.enum([
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'crashed',
]);
export type ExecutionStatus = z.infer<typeof executionStatusSchema>;

export const workflowSchema = z.object({
  workflow_id: z.string(),
  workflow_name: z.string(),
  workflow_description: z.string(),
  graph: workflowGraphSchema,
  state: workflowStateSchema,
  schedule: z.object({ cron: z.string(), time_zone: z.string() }).nullable(),
  /** Every save is an immutable version; this is the latest. */
  version: z.number().int(),
  last_execution: z
    .object({ id: z.string(), status: executionStatusSchema, started_at: z.string().nullable() })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workflow = z.infer<typeof workflowSchema>;
export const workflowsPageSchema = pageOf(workflowSchema);
export type WorkflowsPage = z.infer<typeof workflowsPageSchema>;
export const workflowsQuerySchema = pageQuerySchema.extend({
  workflow_id: z.string().uuid().optional(),
  search: z.string().trim().max(200).optional(),
  state: workflowStateSchema.optional(),
});

/** GET rule_workflows answers a page; with workflow_id the page holds that one workflow (data[0]). */
export const workflowResponseSchema = z.object({ data: workflowSchema });

export const workflowVersionSchema = z.object({
  version: z.number().int(),
  restored_from: z.number().int().nullable(),
  created_by_email: z.string().nullable(),
  created_at: z.string(),
  node_count: z.number().int(),
});
export type WorkflowVersion = z.infer<typeof workflowVersionSchema>;
/** GET rule_workflows/versions?workflow_id (newest first); GET …/versions/:version answers its graph. */
export const workflowVersionsResponseSchema = z.object({ data: z.array(workflowVersionSchema) });
export const workflowVersionGraphSchema = workflowVersionSchema.extend({ graph: workflowGraphSchema });
/** POST rule_workflows/restore?workflow_id: the old version's graph becomes a new version. */
export const restoreVersionInputSchema = z.object({ version: z.number().int().min(1) });
