import {
  blockOutputDownloadQuerySchema,
  blockOutputPageSchema,
  blockOutputQuerySchema,
  errorResponseSchema,
  executionFileQuerySchema,
  executionIdQuerySchema,
  executionResponseSchema,
  executionsPageSchema,
  executionsQuerySchema,
  retryExecutionSchema,
  runInputsResponseSchema,
  startExecutionSchema,
} from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/database.ts';
import { opened, sendDownload } from '../../../http/file-download.ts';
import { requestScope } from '../../../http/request-scope.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { createFileStore } from '../../../storage/file-store.ts';
import type { WorkflowsScope } from '../workflows.service.ts';
import {
  blockOutputDownload,
  blockOutputPage,
  cancelExecution,
  executionFile,
  getExecution,
  listExecutions,
  retryExecution,
  runInputs,
  startExecution,
} from './executions.service.ts';

export interface ExecutionsRoutesOptions {
  config: Config;
  database: Database;
  jobs: JobQueue;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const doc = { tags: ['workflow executions'], security: [{ bearer: [] }] };
const BASE = '/api/workflow';

/**
 * Executions (spec §7: /workflows/workflow/inputs, /workflows/workflow/execution, /block-output).
 * Permission `workflow`: read to look, create to start, cancel or retry a run.
 */
export const executionsRoutes: FastifyPluginAsyncZod<ExecutionsRoutesOptions> = async (app, options) => {
  // Permission `workflow` `action` in the Organization header's organization.
  const scope = (request: FastifyRequest, action: Action): WorkflowsScope =>
    requestScope(request, options, action, 'workflow');
  const store = createFileStore(options.config.dataDir);
  const execution = `${BASE}/workflows/workflow/execution`;

  app.get(
    `${BASE}/workflows/workflow/inputs`,
    {
      schema: {
        ...doc,
        summary: 'What a run of the workflow asks for (Home’s inputs)',
        querystring: z.object({ workflow_id: z.string().uuid('Not a valid workflow id') }),
        response: { 200: runInputsResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await runInputs(scope(request, 'read'), request.query.workflow_id) }),
  );

  app.post(
    execution,
    {
      schema: {
        ...doc,
        summary: 'Start an execution of the workflow’s current version (a background job)',
        body: startExecutionSchema,
        response: { 202: executionResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send({ data: await startExecution(scope(request, 'create'), options.jobs, request.body) }),
  );

  app.get(
    execution,
    {
      schema: {
        ...doc,
        summary: 'Execution History of a workflow, newest first',
        querystring: executionsQuerySchema,
        response: { 200: executionsPageSchema, ...errors },
      },
    },
    async (request) => listExecutions(scope(request, 'read'), request.query),
  );

  app.get(
    `${execution}/one`,
    {
      schema: {
        ...doc,
        summary: 'One execution with each block’s run',
        querystring: executionIdQuerySchema,
        response: { 200: executionResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await getExecution(scope(request, 'read'), request.query.execution_id) }),
  );

  app.post(
    `${execution}/cancel`,
    {
      schema: {
        ...doc,
        summary: 'Cancel a queued or running execution',
        body: executionIdQuerySchema,
        response: { 200: executionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await cancelExecution(scope(request, 'create'), request.body.execution_id),
    }),
  );

  app.post(
    `${execution}/retry`,
    {
      schema: {
        ...doc,
        summary:
          'Run an ended execution again: from the start, from its failed block, or from a chosen block',
        body: retryExecutionSchema,
        response: { 202: executionResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        data: await retryExecution(
          scope(request, 'create'),
          options.jobs,
          request.body.execution_id,
          request.body.from,
          request.body.node_id,
        ),
      }),
  );

  app.get(
    `${BASE}/block-output`,
    {
      schema: {
        ...doc,
        summary: 'One page of a block’s output in an execution',
        querystring: blockOutputQuerySchema,
        response: { 200: blockOutputPageSchema, ...errors },
      },
    },
    async (request) => blockOutputPage(scope(request, 'read'), request.query),
  );

  app.get(
    `${BASE}/block-output/download`,
    {
      schema: {
        ...doc,
        summary: 'A whole block output as a file: rows as CSV or Excel, a value as JSON',
        querystring: blockOutputDownloadQuerySchema,
        response: { 200: z.any().describe('The file, as an attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await blockOutputDownload(scope(request, 'read'), request.query);
      return sendDownload(reply, file, file.stream);
    },
  );

  app.get(
    `${BASE}/execution-file`,
    {
      schema: {
        ...doc,
        summary: 'The file an Export file block wrote in an execution',
        querystring: executionFileQuerySchema,
        response: { 200: z.any().describe('The file, as an attachment'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await executionFile(scope(request, 'read'), request.query);
      const stream = await opened(store.open(file.storageKey), 'The file of this block is gone');
      return sendDownload(reply, file, stream);
    },
  );
};
