import {
  annotateTrainingDocumentSchema,
  createTrainingDocumentSchema,
  trainingDocumentSchema,
  trainingDocumentsPageSchema,
  trainingDocumentsQuerySchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conflict,
  errors,
  idParams,
  MODELS_BASE,
  type ModelsRoutesOptions,
  modelsDoc,
  modelsScope,
} from './models-scope.ts';
import {
  addTrainingDocument,
  annotateTrainingDocument,
  listTrainingDocuments,
  removeTrainingDocument,
} from './training-documents.service.ts';

const TRAINING = `${MODELS_BASE}/training_documents`;

/** The drop-box documents a model learns from, and their annotations. */
export const trainingDocumentsRoutes: FastifyPluginAsyncZod<ModelsRoutesOptions> = async (app, options) => {
  app.get(
    TRAINING,
    {
      schema: {
        ...modelsDoc,
        summary: "One page of a model's training documents, in the order they were added",
        querystring: trainingDocumentsQuerySchema,
        response: { 200: trainingDocumentsPageSchema, ...errors },
      },
    },
    async (request) => listTrainingDocuments(modelsScope(request, options, 'read'), request.query),
  );

  app.post(
    TRAINING,
    {
      schema: {
        ...modelsDoc,
        summary: "Add a drop-box document (a PDF or an image) to a model's training set",
        body: createTrainingDocumentSchema,
        response: { 201: trainingDocumentSchema, ...errors, ...conflict },
      },
    },
    async (request, reply) => {
      const view = await addTrainingDocument(modelsScope(request, options, 'update'), request.body);
      return reply.code(201).send(view);
    },
  );

  app.put(
    `${TRAINING}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: "Replace a training document's annotations (an AI model learns again)",
        params: idParams,
        body: annotateTrainingDocumentSchema,
        response: { 200: trainingDocumentSchema, ...errors },
      },
    },
    async (request) => {
      const scope = modelsScope(request, options, 'update');
      const { view } = await annotateTrainingDocument(scope, request.params.id, request.body.annotations);
      return view;
    },
  );

  app.delete(
    `${TRAINING}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: "Remove a document from a model's training set (the document stays in the drop box)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeTrainingDocument(modelsScope(request, options, 'update'), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
