import {
  documentTokensSchema,
  errorResponseSchema,
  extractionResultSchema,
  modelInsightsSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFileStore } from '../../storage/file-store.ts';
import { getDocumentTokens } from './document-tokens.service.ts';
import { getInsights, previewModel } from './model-definition.ts';
import {
  conflict,
  errors,
  idParams,
  MODEL_PATH,
  MODELS_BASE,
  type ModelsRoutesOptions,
  modelsDoc,
  modelsScope,
} from './models-scope.ts';

const DOCUMENT_TOKENS = `${MODELS_BASE}/document_data_extraction/document/:document_id/tokens`;

/** What the engine reads of a document, and models run on documents. */
export const extractionRoutes: FastifyPluginAsyncZod<ModelsRoutesOptions> = async (app, options) => {
  const store = createFileStore(options.config.dataDir);

  app.get(
    DOCUMENT_TOKENS,
    {
      schema: {
        ...modelsDoc,
        summary:
          'The text the engine reads of a drop-box PDF or image: words with their page and box (OCR included)',
        description: 'Read once (OCR is slow) and kept; later calls answer from the cache.',
        params: z.object({ document_id: z.string().max(100) }),
        response: { 200: documentTokensSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (request) =>
      getDocumentTokens(modelsScope(request, options, 'read'), store, request.params.document_id),
  );

  app.post(
    `${MODEL_PATH}/:id/preview`,
    {
      schema: {
        ...modelsDoc,
        summary: 'Run a model on one drop-box document now and answer the result (nothing is stored)',
        params: idParams,
        body: z.object({ document_id: z.string().max(100) }),
        response: { 200: extractionResultSchema, 422: errorResponseSchema, ...errors, ...conflict },
      },
    },
    async (request) =>
      previewModel(modelsScope(request, options, 'read'), store, request.params.id, request.body.document_id),
  );

  app.get(
    `${MODEL_PATH}/:id/insights`,
    {
      schema: {
        ...modelsDoc,
        summary: 'What an AI model learned per field, and its accuracy on held-out training documents',
        params: idParams,
        response: { 200: modelInsightsSchema, ...errors, ...conflict },
      },
    },
    async (request) => getInsights(modelsScope(request, options, 'read'), request.params.id),
  );
};
