import {
  createLabelSchema,
  filterSchema,
  labelRuleInputSchema,
  labelRuleSchema,
  labelSchema,
  updateLabelSchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLabel,
  deleteLabel,
  getLabelFilters,
  listLabelRules,
  listLabels,
  updateLabel,
  updateLabelFilters,
  updateLabelRule,
} from './labels.service.ts';
import {
  conflict,
  errors,
  idParams,
  labelIdParams,
  MODELS_BASE,
  type ModelsRoutesOptions,
  modelIdQuery,
  modelsDoc,
  modelsScope,
} from './models-scope.ts';

const LABELS = `${MODELS_BASE}/labels`;
const LABEL_RULES = `${MODELS_BASE}/r_b/label`;
const LABEL_FILTERS = `${MODELS_BASE}/r_b/label/filters/:label_id`;
const filtersSchema = z.object({ filters: z.array(filterSchema).max(20) });

/** A model's labels, and how a rule-based model finds each (rules, pick, filters). */
export const labelsRoutes: FastifyPluginAsyncZod<ModelsRoutesOptions> = async (app, options) => {
  app.get(
    LABELS,
    {
      schema: {
        ...modelsDoc,
        summary: "A model's labels in position order",
        querystring: modelIdQuery,
        response: { 200: z.object({ data: z.array(labelSchema) }), ...errors },
      },
    },
    async (request) => listLabels(modelsScope(request, options, 'read'), request.query.model_id),
  );

  app.post(
    LABELS,
    {
      schema: {
        ...modelsDoc,
        summary: 'Add a label (a field, or line items with their columns) after the others',
        body: createLabelSchema,
        response: { 201: labelSchema, ...errors, ...conflict },
      },
    },
    async (request, reply) => {
      const label = await createLabel(modelsScope(request, options, 'update'), request.body);
      return reply.code(201).send(label);
    },
  );

  app.put(
    `${LABELS}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: 'Change a label',
        params: idParams,
        body: updateLabelSchema,
        response: { 200: labelSchema, ...errors, ...conflict },
      },
    },
    async (request) => updateLabel(modelsScope(request, options, 'update'), request.params.id, request.body),
  );

  app.delete(
    `${LABELS}/:id`,
    {
      schema: {
        ...modelsDoc,
        summary: 'Remove a label',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteLabel(modelsScope(request, options, 'update'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    LABEL_RULES,
    {
      schema: {
        ...modelsDoc,
        summary: 'How a rule-based model finds each of its labels (rules, pick, filters)',
        querystring: modelIdQuery,
        response: { 200: z.object({ data: z.array(labelRuleSchema) }), ...errors },
      },
    },
    async (request) => listLabelRules(modelsScope(request, options, 'read'), request.query.model_id),
  );

  app.put(
    `${LABEL_RULES}/:label_id`,
    {
      schema: {
        ...modelsDoc,
        summary: "Replace a label's rules (tried in order), pick and filters (rule-based models)",
        params: labelIdParams,
        body: labelRuleInputSchema,
        response: { 200: labelRuleSchema, ...errors, ...conflict },
      },
    },
    async (request) =>
      updateLabelRule(modelsScope(request, options, 'update'), request.params.label_id, request.body),
  );

  app.get(
    LABEL_FILTERS,
    {
      schema: {
        ...modelsDoc,
        summary: "A label's filter pipeline",
        params: labelIdParams,
        response: { 200: filtersSchema, ...errors },
      },
    },
    async (request) => getLabelFilters(modelsScope(request, options, 'read'), request.params.label_id),
  );

  app.put(
    LABEL_FILTERS,
    {
      schema: {
        ...modelsDoc,
        summary: "Replace a label's filter pipeline (rule-based models)",
        params: labelIdParams,
        body: filtersSchema,
        response: { 200: filtersSchema, ...errors, ...conflict },
      },
    },
    async (request) =>
      updateLabelFilters(
        modelsScope(request, options, 'update'),
        request.params.label_id,
        request.body.filters,
      ),
  );
};
