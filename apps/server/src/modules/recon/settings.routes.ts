import {
  defaultPassesResponseSchema,
  reconRuleSchema,
  reconRulesPageSchema,
  reconSettingsResponseSchema,
  reconSettingsSchema,
  ruleInputSchema,
  ruleQuerySchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import {
  createRule,
  deleteRule,
  getDefaultPasses,
  getRule,
  listRules,
  updateRule,
} from './rules/rules.service.ts';
import { errors, RECON_BASE, type ReconRoutesOptions, reconDoc, reconScope } from './shared/recon-scope.ts';
import { getReconSettings, saveReconSettings } from './shared/settings.service.ts';

const ruleIdQuery = z.object({ rule_id: z.string().uuid('Not a valid id').optional() });

function requireRuleId(ruleId: string | undefined): string {
  if (!ruleId) throw badRequest('Name the rule set', { rule_id: 'Required' });
  return ruleId;
}

/** Reconciliation settings (`/v1/recon/settings`) and rule sets (`/recon_engine/api/rules`). */
export const reconSettingsRoutes: FastifyPluginAsyncZod<ReconRoutesOptions> = async (app, options) => {
  const settingsPath = `${RECON_BASE}/v1/recon/settings`;
  const rulesPath = `${RECON_BASE}/recon_engine/api/rules`;

  app.get(
    settingsPath,
    {
      schema: {
        ...reconDoc,
        summary: "The organization's reconciliation settings (defaults until saved)",
        response: { 200: reconSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = reconScope(request, options, 'read', 'settings');
      return getReconSettings(scope.db, scope.organizationId);
    },
  );

  app.put(
    settingsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Save the reconciliation settings: currency, tolerances, thresholds, δ, maker-checker',
        body: reconSettingsSchema,
        response: { 200: reconSettingsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = reconScope(request, options, 'update', 'settings');
      if (request.body.suggest > request.body.auto_accept) {
        throw badRequest('Invalid settings', { suggest: 'Must not be above auto_accept' });
      }
      return saveReconSettings(scope, request.body);
    },
  );

  app.get(
    `${rulesPath}/defaults`,
    {
      schema: {
        ...reconDoc,
        summary: "The engine's default passes with the organization's settings applied",
        response: { 200: defaultPassesResponseSchema, ...errors },
      },
    },
    async (request) => ({ passes: await getDefaultPasses(reconScope(request, options, 'read')) }),
  );

  app.get(
    rulesPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Rule sets (a page), or one with ?rule_id (answered as { data: [rule] })',
        querystring: ruleQuerySchema,
        response: {
          200: reconRulesPageSchema.partial({ page_no: true, page_size: true, total: true }),
          ...errors,
        },
      },
    },
    async (request) => {
      const scope = reconScope(request, options, 'read');
      if (request.query.rule_id) return { data: [await getRule(scope, request.query.rule_id)] };
      return listRules(scope, request.query);
    },
  );

  app.post(
    rulesPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Create a rule set (passes checked by the engine; names unique)',
        body: ruleInputSchema,
        response: { 201: reconRuleSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRule(reconScope(request, options, 'create'), request.body)),
  );

  app.put(
    rulesPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Replace a rule set (?rule_id)',
        querystring: ruleIdQuery,
        body: ruleInputSchema,
        response: { 200: reconRuleSchema, ...errors },
      },
    },
    async (request) =>
      updateRule(reconScope(request, options, 'update'), requireRuleId(request.query.rule_id), request.body),
  );

  app.delete(
    rulesPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Delete a rule set (?rule_id); runs keep the passes they ran with',
        querystring: ruleIdQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRule(reconScope(request, options, 'delete'), requireRuleId(request.query.rule_id));
      return reply.code(204).send(null);
    },
  );
};
