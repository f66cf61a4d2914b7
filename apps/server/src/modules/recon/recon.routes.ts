import {
  groupDecisionInputSchema,
  groupDecisionResponseSchema,
  groupDetailResponseSchema,
  groupResponseSchema,
  groupsQuerySchema,
  manualMatchInputSchema,
  manualMatchPreviewSchema,
  reconGroupsPageSchema,
  reconItemsPageSchema,
  reconItemsQuerySchema,
  reconRunDetailSchema,
  reconRunSchema,
  reconRunsPageSchema,
  runInputSchema,
  runsQuerySchema,
  workspaceQuerySchema,
  workspaceSummarySchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireOrganization } from '../../http/auth-context.ts';
import { reconAuditRoutes } from './audit/audit.routes.ts';
import {
  acceptSuggestions,
  createManualMatch,
  previewManualMatch,
  rejectSuggestions,
  unmatchGroups,
} from './manual/manual.service.ts';
import { restoreGroups } from './manual/restore.service.ts';
import { getGroupDetail } from './money/group-detail.service.ts';
import { getRunDetail, listRuns, startRun } from './runs/runs.service.ts';
import { reconSettingsRoutes } from './settings.routes.ts';
import { errors, RECON_BASE, type ReconRoutesOptions, reconDoc, reconScope } from './shared/recon-scope.ts';
import { listGroups } from './workspace/groups.service.ts';
import { listReconItems, workspaceSummary } from './workspace/workspace.service.ts';

const V1 = `${RECON_BASE}/v1/recon`;
const MANUAL = `${RECON_BASE}/workflows/manual_reconciliation`;

/**
 * Reconciliation (srv-core): settings and rules, runs, the workspace, groups, manual
 * reconciliation, approvals and the audit trail. Reading needs workflow read; matching, running
 * and deciding workflow create/update (reconScope).
 */
export const reconRoutes: FastifyPluginAsyncZod<ReconRoutesOptions> = async (app, options) => {
  await app.register(reconSettingsRoutes, options);
  await app.register(reconAuditRoutes, options);

  app.post(
    `${V1}/runs`,
    {
      schema: {
        ...reconDoc,
        summary: 'Start a reconciliation run over two tables (a background job; its id is job_id)',
        body: runInputSchema,
        response: { 202: reconRunSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = reconScope(request, options, 'create');
      const run = await startRun(scope, options.jobs, requireOrganization(request).userId, request.body);
      return reply.code(202).send(run);
    },
  );

  app.get(
    `${V1}/runs`,
    {
      schema: {
        ...reconDoc,
        summary: 'Runs, newest first (filter by tables)',
        querystring: runsQuerySchema,
        response: { 200: reconRunsPageSchema, ...errors },
      },
    },
    async (request) => listRuns(reconScope(request, options, 'read'), request.query),
  );

  app.get(
    `${V1}/runs/:runId`,
    {
      schema: {
        ...reconDoc,
        summary: "One run: status, summary (counts per status, passes), error; a dry run's proposed groups",
        params: z.object({ runId: z.string() }),
        response: { 200: reconRunDetailSchema, ...errors },
      },
    },
    async (request) => getRunDetail(reconScope(request, options, 'read'), request.params.runId),
  );

  app.get(
    `${V1}/workspace`,
    {
      schema: {
        ...reconDoc,
        summary: 'Counts and amounts per status of two tables, match rate, pending approvals, last run',
        querystring: workspaceQuerySchema,
        response: { 200: workspaceSummarySchema, ...errors },
      },
    },
    async (request) => workspaceSummary(reconScope(request, options, 'read'), request.query),
  );

  app.get(
    `${V1}/items`,
    {
      schema: {
        ...reconDoc,
        summary: "A table's rows with their reconciliation status (filter, search, sort)",
        querystring: reconItemsQuerySchema,
        response: { 200: reconItemsPageSchema, ...errors },
      },
    },
    async (request) => listReconItems(reconScope(request, options, 'read'), request.query),
  );

  app.get(
    `${V1}/groups`,
    {
      schema: {
        ...reconDoc,
        summary: 'Match groups with their items (filters: tables, run, status, state, item)',
        querystring: groupsQuerySchema,
        response: { 200: reconGroupsPageSchema, ...errors },
      },
    },
    async (request) => listGroups(reconScope(request, options, 'read'), request.query),
  );

  app.get(
    `${V1}/groups/:groupId`,
    {
      schema: {
        ...reconDoc,
        summary: 'One group with its items, adjustments and allocations',
        params: z.object({ groupId: z.string() }),
        response: { 200: groupDetailResponseSchema, ...errors },
      },
    },
    async (request) => getGroupDetail(reconScope(request, options, 'read'), request.params.groupId),
  );

  app.post(
    `${MANUAL}/preview`,
    {
      schema: {
        ...reconDoc,
        summary: 'What a manual match would be: totals, difference, status, approval, conflicts',
        body: manualMatchInputSchema,
        response: { 200: manualMatchPreviewSchema, ...errors },
      },
    },
    async (request) => previewManualMatch(reconScope(request, options, 'read'), request.body),
  );

  app.post(
    MANUAL,
    {
      schema: {
        ...reconDoc,
        summary: 'Match chosen items by hand (one group; waits for approval under maker-checker)',
        body: manualMatchInputSchema,
        response: { 201: groupResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await createManualMatch(reconScope(request, options, 'create'), request.body) }),
  );

  const decisions = [
    ['unmatch', 'Undo matches: items freed, adjustments reversed', unmatchGroups],
    [
      'restore',
      'Undo unmatches: groups, rows and write-offs as they were (refused when a row is taken)',
      restoreGroups,
    ],
    ['accept', 'Accept suggestions (one or many)', acceptSuggestions],
    ['reject', 'Reject suggestions (one or many): items freed', rejectSuggestions],
  ] as const;
  for (const [path, summary, decide] of decisions) {
    app.post(
      `${MANUAL}/${path}`,
      {
        schema: {
          ...reconDoc,
          summary,
          body: groupDecisionInputSchema,
          response: { 200: groupDecisionResponseSchema, ...errors },
        },
      },
      async (request) => decide(reconScope(request, options, 'update'), request.body),
    );
  }
};
