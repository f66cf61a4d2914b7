import {
  correctExecutionSchema,
  errorResponseSchema,
  executeModelSchema,
  executionStartedSchema,
  modelExecutionSchema,
  modelExecutionsPageSchema,
  modelExecutionsQuerySchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { correctExecution, executeModel, getExecution, listExecutions } from './executions.service.ts';
import {
  conflict,
  errors,
  idParams,
  MODELS_BASE,
  type ModelsRoutesOptions,
  modelsDoc,
  modelsScope,
} from './models-scope.ts';

const EXECUTE = `${MODELS_BASE}/model/execute`;
const EXECUTIONS = `${MODELS_BASE}/model/execution`;

/** Models run on drop-box documents in the background, their executions, and corrections. */
export const executionsRoutes: FastifyPluginAsyncZod<ModelsRoutesOptions> = async (app, options) => {
  app.post(
    EXECUTE,
    {
      schema: {
        ...modelsDoc,
        summary: 'Run a ready model on drop-box documents (PDFs and images) in the background',
        description:
          "One execution per document, queued at once; progress arrives on the socket as source 'document processing'.",
        body: executeModelSchema,
        response: { 202: executionStartedSchema, ...errors, ...conflict },
      },
    },
    async (request, reply) => {
      const started = await executeModel(modelsScope(request, options, 'create'), request.body);
      return reply.code(202).send(started);
    },
  );

  app.get(
    EXECUTIONS,
    {
      schema: {
        ...modelsDoc,
        summary: 'One page of executions, newest first (of one model, in one status)',
        querystring: modelExecutionsQuerySchema,
        response: { 200: modelExecutionsPageSchema, ...errors },
      },
    },
    async (request) => listExecutions(modelsScope(request, options, 'read'), request.query),
  );

  app.get(
    `${EXECUTIONS}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: 'One execution with its result',
        params: idParams,
        response: { 200: modelExecutionSchema, ...errors },
      },
    },
    async (request) => getExecution(modelsScope(request, options, 'read'), request.params.id),
  );

  app.put(
    `${EXECUTIONS}/:id/corrections`,
    {
      schema: {
        ...modelsDoc,
        summary: "Correct an execution's values (an AI model learns from them)",
        params: idParams,
        body: correctExecutionSchema,
        response: { 200: modelExecutionSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) =>
      correctExecution(modelsScope(request, options, 'update'), request.params.id, request.body),
  );
};
