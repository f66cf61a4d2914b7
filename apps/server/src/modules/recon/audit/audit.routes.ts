import { Readable } from 'node:stream';
import {
  approvalDecisionInputSchema,
  approvalsPageSchema,
  pageQuerySchema,
  reconAuditPageSchema,
  reconAuditQuerySchema,
} from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, RECON_BASE, type ReconRoutesOptions, reconDoc, reconScope } from '../shared/recon-scope.ts';
import { decideApproval, listApprovals } from './approvals.service.ts';
import { exportReconAudit, listReconAudit } from './audit.service.ts';

const V1 = `${RECON_BASE}/v1/recon`;

/** The audit trail (`/v1/recon/audit`, with a CSV export) and approvals (`/v1/recon/approvals`). */
export const reconAuditRoutes: FastifyPluginAsyncZod<ReconRoutesOptions> = async (app, options) => {
  app.get(
    `${V1}/audit`,
    {
      schema: {
        ...reconDoc,
        summary: 'Reconciliation decisions, newest first (filters: group, item, run, action)',
        querystring: reconAuditQuerySchema,
        response: { 200: reconAuditPageSchema, ...errors },
      },
    },
    async (request) => listReconAudit(reconScope(request, options, 'read'), request.query),
  );

  app.get(
    `${V1}/audit/export`,
    {
      schema: {
        ...reconDoc,
        summary: 'Every matching decision as a CSV file (same filters as the list)',
        querystring: reconAuditQuerySchema.omit({ page_no: true, page_size: true }).extend({
          format: z.literal('csv').default('csv'),
        }),
      },
    },
    async (request, reply) => {
      const scope = reconScope(request, options, 'read');
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-audit-${day}.csv"`)
        .send(Readable.from(exportReconAudit(scope.db, scope.organizationId, request.query)));
    },
  );

  app.get(
    `${V1}/approvals`,
    {
      schema: {
        ...reconDoc,
        summary: 'Matches, adjustments and allocations waiting for a second person',
        querystring: pageQuerySchema,
        response: { 200: approvalsPageSchema, ...errors },
      },
    },
    async (request) => listApprovals(reconScope(request, options, 'read'), request.query),
  );

  app.post(
    `${V1}/approvals/decide`,
    {
      schema: {
        ...reconDoc,
        summary: 'Approve or reject what waits (the maker cannot decide their own)',
        body: approvalDecisionInputSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await decideApproval(reconScope(request, options, 'update'), request.body);
      return reply.code(204).send(null);
    },
  );
};
