/**
 * Document data extraction models (issue 20; spec §7 Models, under /api/models; resource `models`:
 * read, create, update, delete). Every path is listed at the top of packages/contracts/src/models.ts.
 *
 * States (model-state.ts):
 * - rule_based: `ready` when it has labels, every required label has at least one rule and some label
 *   has one; `draft` otherwise, with state_reason naming what is missing.
 * - ai: `draft` until a training document is annotated; `training` while it learns (a background
 *   job, after every change of its training set); `ready` once it has learned from ≥ 1 annotated
 *   training document; `failed` when learning failed (state_reason says why). A model runs
 *   (execute) when ready, and an AI model also while it relearns, with what it learned before.
 *
 * Executions (model-execution.job.ts): one queued row per document, run by one background job
 * (source 'document processing', progress on the realtime bus); each row's result is written with
 * its final status in one statement, and a retry after a kill runs only the unfinished rows.
 * Corrections are kept on the execution; for an AI model the document becomes a training example
 * (origin `correction`) and the model learns again. A document's tokens are read once and kept in
 * document_tokens (OCR is slow).
 *
 * Training documents and executions point at drop-box documents (PDFs and images) of the same
 * organization; another organization's models, labels, documents and executions are not found (404).
 */
import {
  createModelSchema,
  modelConfigurationInputSchema,
  modelConfigurationSchema,
  modelSchema,
  modelsPageSchema,
  modelsQuerySchema,
  updateModelSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { executionsRoutes } from './executions.routes.ts';
import { extractionRoutes } from './extraction.routes.ts';
import { labelsRoutes } from './labels.routes.ts';
import {
  createModel,
  deleteModel,
  getConfiguration,
  getModel,
  listModels,
  updateConfiguration,
  updateModel,
} from './models.service.ts';
import {
  conflict,
  errors,
  idParams,
  MODEL_PATH,
  MODELS_BASE,
  type ModelsRoutesOptions,
  modelIdParams,
  modelsDoc,
  modelsScope,
} from './models-scope.ts';
import { trainingDocumentsRoutes } from './training-documents.routes.ts';

const CONFIGURATIONS = `${MODELS_BASE}/r_b/model/configurations/:model_id`;

export const modelsRoutes: FastifyPluginAsyncZod<ModelsRoutesOptions> = async (app, options) => {
  app.get(
    MODEL_PATH,
    {
      schema: {
        ...modelsDoc,
        summary: 'One page of models: search, kind, state, sort',
        querystring: modelsQuerySchema,
        response: { 200: modelsPageSchema, ...errors },
      },
    },
    async (request) => listModels(modelsScope(request, options, 'read'), request.query),
  );

  app.post(
    MODEL_PATH,
    {
      schema: {
        ...modelsDoc,
        summary: 'Create a model (rule-based or AI) with its configuration and labels',
        body: createModelSchema,
        response: { 201: modelSchema, ...errors, ...conflict },
      },
    },
    async (request, reply) => {
      const model = await createModel(modelsScope(request, options, 'create'), request.body);
      return reply.code(201).send(model);
    },
  );

  app.get(
    `${MODEL_PATH}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: 'One model with its labels and configuration',
        params: idParams,
        response: { 200: modelSchema, ...errors },
      },
    },
    async (request) => getModel(modelsScope(request, options, 'read'), request.params.id),
  );

  app.put(
    `${MODEL_PATH}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: "Change a model's name, description or document type",
        params: idParams,
        body: updateModelSchema,
        response: { 200: modelSchema, ...errors, ...conflict },
      },
    },
    async (request) => updateModel(modelsScope(request, options, 'update'), request.params.id, request.body),
  );

  app.delete(
    `${MODEL_PATH}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: 'Delete a model with its labels, training documents and executions (the documents stay)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteModel(modelsScope(request, options, 'delete'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    CONFIGURATIONS,
    {
      schema: {
        ...modelsDoc,
        summary: "A model's configuration",
        params: modelIdParams,
        response: { 200: modelConfigurationSchema, ...errors },
      },
    },
    async (request) => getConfiguration(modelsScope(request, options, 'read'), request.params.model_id),
  );

  app.put(
    CONFIGURATIONS,
    {
      schema: {
        ...modelsDoc,
        summary: "Replace a model's configuration (omitted settings take their defaults)",
        params: modelIdParams,
        body: modelConfigurationInputSchema,
        response: { 200: modelConfigurationSchema, ...errors },
      },
    },
    async (request) =>
      updateConfiguration(modelsScope(request, options, 'update'), request.params.model_id, request.body),
  );

  await app.register(labelsRoutes, options);
  await app.register(trainingDocumentsRoutes, options);
  await app.register(extractionRoutes, options);
  await app.register(executionsRoutes, options);
};
