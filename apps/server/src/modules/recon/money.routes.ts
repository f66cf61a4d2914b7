import {
  accountingDocumentInputSchema,
  accountingDocumentSchema,
  accountingDocumentsPageSchema,
  accountingDocumentsQuerySchema,
  adjustmentInputSchema,
  adjustmentSchema,
  adjustmentsPageSchema,
  adjustmentsQuerySchema,
  allocationFromItemsInputSchema,
  allocationFromItemsResultSchema,
  allocationInputSchema,
  allocationPreviewInputSchema,
  allocationPreviewSchema,
  allocationSchema,
  allocationsCreatedSchema,
  allocationsPageSchema,
  allocationsQuerySchema,
  reconcileInvoiceInputSchema,
  reconcileInvoiceResultSchema,
  repairInvoiceInputSchema,
  reverseInputSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@counterpart/contracts';
import type { Action } from '@counterpart/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAccountingDocument,
  deleteAccountingDocument,
  listAccountingDocuments,
  updateAccountingDocument,
} from './money/accounting-documents.service.ts';
import { createAdjustment, listAdjustments, reverseAdjustment } from './money/adjustments.service.ts';
import { allocateFromItems } from './money/allocation-items.service.ts';
import {
  createAllocations,
  listAllocations,
  previewAllocation,
  reverseAllocation,
} from './money/allocations.service.ts';
import { reconcileInvoice, repairInvoice } from './money/invoices.service.ts';
import { searchEverything } from './search/search.service.ts';
import { errors, RECON_BASE, type ReconRoutesOptions, reconDoc, reconScope } from './shared/recon-scope.ts';

const idParams = z.object({ id: z.string().uuid('Not a valid id') });
const idQuery = z.object({ id: z.string().uuid('Not a valid id') });
/** The reason is optional, and so is the body (a bare POST arrives as null). */
const reverseBody = reverseInputSchema.nullish();

/**
 * Adjustments, accounting documents, allocations, invoice reconciliation and search (issue 6), under
 * /api/recon with the spec's paths. Reads need `workflow` read; writes `workflow` create or update;
 * deleting an accounting document `workflow` delete. Search checks each kind of result separately.
 */
export const reconMoneyRoutes: FastifyPluginAsyncZod<ReconRoutesOptions> = async (app, options) => {
  const scope = (request: FastifyRequest, action: Action) => reconScope(request, options, action);
  const base = RECON_BASE;

  // ------------------------------------------------------------ adjustments
  app.post(
    `${base}/v1/recon/adjustment`,
    {
      schema: {
        ...reconDoc,
        summary: 'Write off (part of) a match group’s unexplained difference, with a reason and an account',
        body: adjustmentInputSchema,
        response: { 201: adjustmentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAdjustment(scope(request, 'create'), request.body)),
  );
  app.get(
    `${base}/v1/recon/adjustment`,
    {
      schema: {
        ...reconDoc,
        summary: 'Adjustments, newest first (filters group_id, state)',
        querystring: adjustmentsQuerySchema,
        response: { 200: adjustmentsPageSchema, ...errors },
      },
    },
    async (request) => listAdjustments(scope(request, 'read'), request.query),
  );
  app.post(
    `${base}/v1/recon/adjustment/:id/reverse`,
    {
      schema: {
        ...reconDoc,
        summary: 'Reverse an active adjustment: the group’s remainder comes back',
        params: idParams,
        body: reverseBody,
        response: { 200: adjustmentSchema, ...errors },
      },
    },
    async (request) =>
      reverseAdjustment(scope(request, 'update'), request.params.id, request.body?.reason ?? ''),
  );

  // ------------------------------------------------------------ accounting documents
  const documentsPath = `${base}/v1/accounting_documents`;
  app.get(
    documentsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Invoices, payments and credit notes (?id → data[0]; filters kind, status, search)',
        querystring: accountingDocumentsQuerySchema,
        response: { 200: accountingDocumentsPageSchema, ...errors },
      },
    },
    async (request) => listAccountingDocuments(scope(request, 'read'), request.query),
  );
  app.post(
    documentsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Create an invoice, payment or credit note (its open amount starts at its total)',
        body: accountingDocumentInputSchema,
        response: { 201: accountingDocumentSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAccountingDocument(scope(request, 'create'), request.body)),
  );
  app.put(
    documentsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Change a document (?id); a new total moves the open amount by the same delta',
        querystring: idQuery,
        body: accountingDocumentInputSchema,
        response: { 200: accountingDocumentSchema, ...errors },
      },
    },
    async (request) => updateAccountingDocument(scope(request, 'update'), request.query.id, request.body),
  );
  app.delete(
    documentsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Delete a document (?id); refused while allocations use it',
        querystring: idQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAccountingDocument(scope(request, 'delete'), request.query.id);
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------ allocations
  const allocationsPath = `${base}/v1/allocations`;
  app.post(
    `${allocationsPath}/preview`,
    {
      schema: {
        ...reconDoc,
        summary: 'How a payment would be spread over invoices (oldest open invoice first by default)',
        body: allocationPreviewInputSchema,
        response: { 200: allocationPreviewSchema, ...errors },
      },
    },
    async (request) => previewAllocation(scope(request, 'read'), request.body),
  );
  app.post(
    `${allocationsPath}/from_items`,
    {
      schema: {
        ...reconDoc,
        summary: 'Allocate a payment row over invoice rows from the workspace, and match them in one group',
        body: allocationFromItemsInputSchema,
        response: { 200: allocationFromItemsResultSchema, 201: allocationFromItemsResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await allocateFromItems(
        scope(request, request.body.preview ? 'read' : 'create'),
        request.body,
        options.config.productKey,
      );
      return reply.code(request.body.preview ? 200 : 201).send(result);
    },
  );
  app.post(
    allocationsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Allocate a payment (or credit note) to invoices; open amounts move at once',
        body: allocationInputSchema,
        response: { 201: allocationsCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createAllocations(scope(request, 'create'), request.body)),
  );
  app.get(
    allocationsPath,
    {
      schema: {
        ...reconDoc,
        summary: 'Allocations, newest first (filters payment_id, invoice_id)',
        querystring: allocationsQuerySchema,
        response: { 200: allocationsPageSchema, ...errors },
      },
    },
    async (request) => listAllocations(scope(request, 'read'), request.query),
  );
  app.post(
    `${allocationsPath}/:id/reverse`,
    {
      schema: {
        ...reconDoc,
        summary: 'Reverse an active allocation: both open amounts come back',
        params: idParams,
        body: reverseBody,
        response: { 200: allocationSchema, ...errors },
      },
    },
    async (request) =>
      reverseAllocation(scope(request, 'update'), request.params.id, request.body?.reason ?? ''),
  );

  // ------------------------------------------------------------ invoices
  app.post(
    `${base}/v1/recon/reconcile_invoice`,
    {
      schema: {
        ...reconDoc,
        summary: 'Match one invoice against the open payments now, allocating what the engine is sure of',
        body: reconcileInvoiceInputSchema,
        response: { 200: reconcileInvoiceResultSchema, ...errors },
      },
    },
    async (request) =>
      reconcileInvoice(scope(request, request.body.dry_run ? 'read' : 'create'), request.body.invoice_id, {
        dryRun: request.body.dry_run,
      }),
  );
  app.post(
    `${base}/v1/recon/repair_invoice`,
    {
      schema: {
        ...reconDoc,
        summary: 'Correct an invoice’s fields, then reconcile it again',
        body: repairInvoiceInputSchema,
        response: { 200: reconcileInvoiceResultSchema, ...errors },
      },
    },
    async (request) => repairInvoice(scope(request, 'update'), request.body),
  );

  // ------------------------------------------------------------ search
  app.get(
    `${base}/v1/search`,
    {
      schema: {
        ...reconDoc,
        summary: 'Search table rows, documents, match groups and accounting documents of the organization',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
    },
    async (request) => searchEverything(request, options, request.query),
  );
};
