import {
  blocksResponseSchema,
  errorResponseSchema,
  restoreVersionInputSchema,
  workflowInputSchema,
  workflowResponseSchema,
  workflowsPageSchema,
  workflowsQuerySchema,
  workflowVersionGraphSchema,
  workflowVersionsResponseSchema,
} from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { requestScope } from '../../http/request-scope.ts';
import { BLOCKS } from './block-catalog.ts';
import {
  createWorkflow,
  getVersionGraph,
  listVersions,
  listWorkflows,
  restoreVersion,
  updateWorkflow,
  type WorkflowsScope,
} from './workflows.service.ts';

export interface WorkflowsRoutesOptions {
  config: Config;
  database: Database;
}

/** The workflow service base (spec §7 "Workflow service"). */
export const WORKFLOW_BASE = '/api/workflow';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const doc = { tags: ['workflows'], security: [{ bearer: [] }] };
const workflowIdQuery = z.object({ workflow_id: z.string().uuid('Not a valid workflow id') });

/**
 * Workflows (`rule_workflows`: list, one, create, update; versions and restore) and the block
 * catalog (`blocks` → nodes). Permission `workflow`: read to look, create to add, update to save.
 */
export const workflowsRoutes: FastifyPluginAsyncZod<WorkflowsRoutesOptions> = async (app, options) => {
  // Permission `workflow` `action` in the Organization header's organization.
  const scope = (request: FastifyRequest, action: Action): WorkflowsScope =>
    requestScope(request, options, action, 'workflow');
  const base = `${WORKFLOW_BASE}/rule_workflows`;

  app.get(
    base,
    {
      schema: {
        ...doc,
        summary: 'Workflows, most recently changed first; with workflow_id, that one workflow as data[0]',
        querystring: workflowsQuerySchema,
        response: { 200: workflowsPageSchema, ...errors },
      },
    },
    async (request) => listWorkflows(scope(request, 'read'), request.query),
  );

  app.post(
    base,
    {
      schema: {
        ...doc,
        summary: 'Create a workflow (its graph becomes version 1)',
        body: workflowInputSchema,
        response: { 201: workflowResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createWorkflow(scope(request, 'create'), request.body) }),
  );

  app.put(
    base,
    {
      schema: {
        ...doc,
        summary: 'Save a workflow: a changed graph becomes a new version',
        querystring: workflowIdQuery,
        body: workflowInputSchema,
        response: { 200: workflowResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await updateWorkflow(scope(request, 'update'), request.query.workflow_id, request.body),
    }),
  );

  app.get(
    `${base}/versions`,
    {
      schema: {
        ...doc,
        summary: 'The saved versions of a workflow, newest first',
        querystring: workflowIdQuery,
        response: { 200: workflowVersionsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await listVersions(scope(request, 'read'), request.query.workflow_id) }),
  );

  app.get(
    `${base}/versions/:version`,
    {
      schema: {
        ...doc,
        summary: 'The graph of one saved version',
        querystring: workflowIdQuery,
        params: z.object({ version: z.coerce.number().int().min(1) }),
        response: { 200: workflowVersionGraphSchema.pick({ version: true, graph: true }), ...errors },
      },
    },
    async (request) => ({
      version: request.params.version,
      graph: await getVersionGraph(scope(request, 'read'), request.query.workflow_id, request.params.version),
    }),
  );

  app.post(
    `${base}/restore`,
    {
      schema: {
        ...doc,
        summary: 'Make an old version the newest one (a new version with its graph)',
        querystring: workflowIdQuery,
        body: restoreVersionInputSchema,
        response: { 200: workflowResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await restoreVersion(scope(request, 'update'), request.query.workflow_id, request.body.version),
    }),
  );

  app.get(
    `${WORKFLOW_BASE}/blocks`,
    {
      schema: {
        ...doc,
        summary: 'The block catalog: inputs, outputs, parameters and help of every block',
        response: { 200: blocksResponseSchema, ...errors },
      },
    },
    async (request) => {
      scope(request, 'read');
      return { nodes: BLOCKS };
    },
  );
};
