import type {
  Allocation,
  AllocationInput,
  AllocationPreview,
  allocationsQuerySchema,
} from '@counterpart/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { accountingDocuments, reconAllocations, reconAudit } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import { type ListPage, listPage, pageOffset } from '../shared/list-page.ts';
import {
  decisionReasons,
  emailsOf,
  inTransaction,
  minor,
  refuseUndecidable,
  refuseUnlessActive,
} from '../shared/money-common.ts';
import { lockOrganizationRow } from '../shared/organization-rows.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings, needsApproval } from '../shared/settings.service.ts';
import {
  type AccountingRow,
  loadAccountingDocument,
  lockAccountingDocuments,
  moveOpenAmount,
  openDocumentsWhere,
  toAccountingDto,
} from './accounting-documents.service.ts';

type AllocationRow = typeof reconAllocations.$inferSelect;

/*
 * Allocations spread a payment (or a credit note) over invoices. An active allocation has already
 * moved both documents' open amounts (in its transaction); a pending one (maker-checker) moves
 * nothing until approved, and approval checks the open amounts again. Every write locks the
 * documents it touches (SELECT … FOR UPDATE, in id order), so two allocations of the same payment
 * made at once cannot both spend its open amount.
 */

const PAYER_KINDS = new Set(['payment', 'credit_note']);

const paymentDoc = alias(accountingDocuments, 'payment_doc');
const invoiceDoc = alias(accountingDocuments, 'invoice_doc');

/**
 * Allocations' wire form, in the order of `ids`. The reasons of their decisions (reversed, approved,
 * rejected) are looked up among the audit entries of `groupIds` (the group they were made with), so
 * only when the caller knows it; else `decision_reason` is null.
 */
async function toAllocationDtos(
  db: Db,
  organizationId: string,
  ids: string[],
  groupIds: ReadonlyArray<string | null> = [],
): Promise<Allocation[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      allocation: reconAllocations,
      paymentNumber: paymentDoc.number,
      invoiceNumber: invoiceDoc.number,
      currency: paymentDoc.currency,
    })
    .from(reconAllocations)
    .innerJoin(paymentDoc, eq(paymentDoc.id, reconAllocations.paymentId))
    .innerJoin(invoiceDoc, eq(invoiceDoc.id, reconAllocations.invoiceId))
    .where(and(eq(reconAllocations.organizationId, organizationId), inArray(reconAllocations.id, ids)));
  const byId = new Map(rows.map((row) => [row.allocation.id, row]));
  const emails = await emailsOf(
    db,
    rows.flatMap((row) => [row.allocation.createdBy, row.allocation.decidedBy]),
  );
  const reasons = await decisionReasons(
    db,
    organizationId,
    'allocation',
    rows.map((row) => row.allocation),
    groupIds,
  );
  const emailOf = (id: string | null) => (id ? (emails.get(id) ?? null) : null);
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const a = row.allocation;
    return [
      {
        id: a.id,
        payment_id: a.paymentId,
        invoice_id: a.invoiceId,
        payment_number: row.paymentNumber,
        invoice_number: row.invoiceNumber,
        amount: minor(a.amount),
        currency: row.currency,
        state: a.state as Allocation['state'],
        created_by_email: emailOf(a.createdBy),
        created_at: a.createdAt.toISOString(),
        decided_by_email: emailOf(a.decidedBy),
        decided_at: a.decidedAt ? a.decidedAt.toISOString() : null,
        decision_reason: reasons.get(a.id) ?? null,
      },
    ];
  });
}

function checkPayer(payment: AccountingRow): void {
  if (!PAYER_KINDS.has(payment.kind)) {
    throw badRequest(`${payment.number} is an ${payment.kind}: allocate from a payment or a credit note`, {
      payment_id: 'Not a payment or credit note',
    });
  }
  if (payment.status === 'void')
    throw new AppError(409, `${payment.number} is void: nothing can be allocated from it`);
}

/** Oldest first (issue date, then number) spread of `available` over the invoices' open amounts. */
export function spreadOldestFirst<T extends { openAmount: bigint }>(
  invoices: T[],
  available: bigint,
): { invoice: T; amount: bigint }[] {
  let left = available;
  return invoices.map((invoice) => {
    const amount = left > 0n ? (invoice.openAmount < left ? invoice.openAmount : left) : 0n;
    left -= amount;
    return { invoice, amount };
  });
}

/** POST /v1/allocations/preview: how the payment's open amount would be spread. Saves nothing. */
export async function previewAllocation(
  scope: ReconScope,
  input: { payment_id: string; invoice_ids?: string[] | undefined },
): Promise<AllocationPreview> {
  const db = scope.db;
  const payment = await loadAccountingDocument(db, scope.organizationId, input.payment_id);
  checkPayer(payment);
  let invoices: AccountingRow[];
  if (input.invoice_ids) {
    const rows = await db
      .select()
      .from(accountingDocuments)
      .where(
        and(
          eq(accountingDocuments.organizationId, scope.organizationId),
          inArray(accountingDocuments.id, input.invoice_ids),
        ),
      );
    const byId = new Map(rows.map((row) => [row.id, row]));
    invoices = input.invoice_ids.map((id, i) => {
      const row = byId.get(id);
      if (!row) throw notFound(`Invoice ${i + 1} of the list was not found in this organization`);
      checkInvoice(row, payment);
      return row;
    });
  } else {
    invoices = await db
      .select()
      .from(accountingDocuments)
      .where(
        and(
          openDocumentsWhere(scope.organizationId, 'invoice', payment.currency),
          eq(accountingDocuments.counterparty, payment.counterparty),
        ),
      )
      .orderBy(asc(accountingDocuments.issueDate), asc(accountingDocuments.number))
      .limit(500);
  }
  const lines = spreadOldestFirst(invoices, payment.openAmount);
  const used = lines.reduce((sum, line) => sum + line.amount, 0n);
  return {
    payment_id: payment.id,
    payment_open: minor(payment.openAmount),
    lines: lines.map(({ invoice, amount }) => ({
      invoice_id: invoice.id,
      number: invoice.number,
      issue_date: invoice.issueDate,
      open_amount: minor(invoice.openAmount),
      amount: minor(amount),
    })),
    remaining: minor(payment.openAmount - used),
  };
}

function checkInvoice(invoice: AccountingRow, payment: AccountingRow): void {
  if (invoice.kind !== 'invoice') {
    throw badRequest(`${invoice.number} is a ${invoice.kind.replace('_', ' ')}: allocate to invoices only`);
  }
  if (invoice.status === 'void') throw new AppError(409, `Invoice ${invoice.number} is void`);
  if (invoice.currency !== payment.currency) {
    throw badRequest(
      `Invoice ${invoice.number} is in ${invoice.currency} and ${payment.number} in ${payment.currency}: allocate in one currency`,
    );
  }
}

export interface AllocateOptions {
  note: string;
  /** Recorded in the audit entry (`after.source`): 'manual', 'from_items', 'reconcile_invoice'. */
  source: string;
  /** The match group made with these allocations (from_items). */
  groupId?: string | null;
  itemIds?: string[];
}

/**
 * Makes allocations inside the caller's transaction: locks the payment and the invoices, checks
 * every line against the open amounts, then (unless maker-checker holds them) moves both open
 * amounts. Returns the new allocation rows and whether they wait for approval.
 */
export async function allocateIn(
  db: Db,
  scope: ReconScope,
  paymentId: string,
  lines: { invoice_id: string; amount: string | bigint }[],
  options: AllocateOptions,
): Promise<{ rows: AllocationRow[]; pending: boolean; payment: AccountingRow; invoices: AccountingRow[] }> {
  const seen = new Set<string>();
  for (const [i, line] of lines.entries()) {
    if (seen.has(line.invoice_id)) {
      throw badRequest('An invoice appears twice in the lines: give one line per invoice', {
        [`lines[${i}].invoice_id`]: 'Twice',
      });
    }
    if (line.invoice_id === paymentId) throw badRequest('A document cannot be allocated to itself');
    seen.add(line.invoice_id);
    if (BigInt(line.amount) <= 0n) {
      throw badRequest(`Line ${i + 1}: allocate more than 0`, {
        [`lines[${i}].amount`]: 'Must be more than 0',
      });
    }
  }
  const locked = await lockAccountingDocuments(db, scope.organizationId, [paymentId, ...seen]);
  let payment = locked.get(paymentId);
  if (!payment) throw notFound('The payment was not found in this organization');
  checkPayer(payment);
  const invoices: AccountingRow[] = [];
  let total = 0n;
  for (const [i, line] of lines.entries()) {
    const invoice = locked.get(line.invoice_id);
    if (!invoice) throw notFound(`The invoice of line ${i + 1} was not found in this organization`);
    checkInvoice(invoice, payment);
    const amount = BigInt(line.amount);
    if (amount > invoice.openAmount) {
      throw badRequest(
        `Line ${i + 1}: ${minor(amount)} is more than invoice ${invoice.number}'s open amount ${minor(invoice.openAmount)}`,
        { [`lines[${i}].amount`]: `At most ${minor(invoice.openAmount)}` },
      );
    }
    total += amount;
    invoices.push(invoice);
  }
  if (total > payment.openAmount) {
    throw badRequest(
      `The lines total ${minor(total)}, more than ${payment.number}'s open amount ${minor(payment.openAmount)}`,
      { lines: `At most ${minor(payment.openAmount)} in all` },
    );
  }
  const { data: settings } = await getReconSettings(db, scope.organizationId);
  const pending = needsApproval(settings, total);
  const rows = await db
    .insert(reconAllocations)
    .values(
      lines.map((line) => ({
        organizationId: scope.organizationId,
        paymentId,
        invoiceId: line.invoice_id,
        amount: BigInt(line.amount),
        state: pending ? 'pending_approval' : 'active',
        createdBy: scope.actor.userId,
      })),
    )
    .returning();
  const paymentBefore = payment;
  const updatedInvoices: AccountingRow[] = [];
  for (const [i, invoice] of invoices.entries()) {
    const amount = BigInt(lines[i]?.amount ?? 0);
    const after = pending ? invoice : await moveOpenAmount(db, invoice, -amount);
    updatedInvoices.push(after);
    if (!pending) payment = await moveOpenAmount(db, payment, -amount);
  }
  await recordReconAudit(
    db,
    rows.map((row, i) => ({
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'allocation.created',
      targetType: 'allocation' as const,
      targetId: row.id,
      groupId: options.groupId ?? null,
      reason: options.note,
      before: {
        payment_open: minor(paymentBefore.openAmount),
        invoice_open: minor(invoices[i]?.openAmount ?? 0n),
      },
      after: {
        source: options.source,
        state: row.state,
        amount: minor(row.amount),
        payment_id: paymentId,
        invoice_id: row.invoiceId,
        payment_open: minor(payment.openAmount),
        invoice_open: minor(updatedInvoices[i]?.openAmount ?? 0n),
      },
      itemIds:
        options.itemIds ??
        [paymentBefore.itemId, invoices[i]?.itemId].filter((id): id is string => Boolean(id)),
    })),
  );
  return { rows, pending, payment, invoices: updatedInvoices };
}

/** POST /v1/allocations: answers the allocations made (pending ones when maker-checker holds them). */
export async function createAllocations(
  scope: ReconScope,
  input: AllocationInput,
): Promise<{ data: Allocation[] }> {
  const rows = await inTransaction(
    scope,
    async (db) =>
      (await allocateIn(db, scope, input.payment_id, input.lines, { note: input.note, source: 'manual' }))
        .rows,
  );
  return {
    data: await toAllocationDtos(
      scope.db,
      scope.organizationId,
      rows.map((row) => row.id),
    ),
  };
}

export async function listAllocations(
  scope: ReconScope,
  query: z.infer<typeof allocationsQuerySchema>,
): Promise<ListPage<Allocation>> {
  const conditions: SQL[] = [eq(reconAllocations.organizationId, scope.organizationId)];
  if (query.id) conditions.push(eq(reconAllocations.id, query.id));
  if (query.payment_id) conditions.push(eq(reconAllocations.paymentId, query.payment_id));
  if (query.invoice_id) conditions.push(eq(reconAllocations.invoiceId, query.invoice_id));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select({ id: reconAllocations.id })
      .from(reconAllocations)
      .where(where)
      .orderBy(desc(reconAllocations.createdAt), asc(reconAllocations.id))
      .limit(query.page_size)
      .offset(pageOffset(query)),
    scope.db.select({ n: count() }).from(reconAllocations).where(where),
  ]);
  const data = await toAllocationDtos(
    scope.db,
    scope.organizationId,
    rows.map((row) => row.id),
  );
  return listPage(data, query, total?.n ?? 0);
}

const lockAllocation = (db: Db, organizationId: string, id: string): Promise<AllocationRow> =>
  lockOrganizationRow(db, reconAllocations, organizationId, id, 'Allocation not found in this organization');

/** The allocation's payment and invoice, locked (in id order) for this transaction. */
async function lockDocumentsOf(
  db: Db,
  organizationId: string,
  allocation: AllocationRow,
): Promise<{ payment: AccountingRow; invoice: AccountingRow }> {
  const locked = await lockAccountingDocuments(db, organizationId, [
    allocation.paymentId,
    allocation.invoiceId,
  ]);
  const payment = locked.get(allocation.paymentId);
  const invoice = locked.get(allocation.invoiceId);
  if (!payment || !invoice) throw notFound('The allocation’s documents were not found');
  return { payment, invoice };
}

/**
 * The match group an allocation was made with (the workspace's Allocate action), or null: its
 * creating audit entry's group, found through the payment row's item (an indexed column).
 */
async function groupOfAllocation(
  db: Db,
  organizationId: string,
  allocationId: string,
  paymentItemId: string | null,
): Promise<string | null> {
  if (!paymentItemId) return null;
  const [created] = await db
    .select({ groupId: reconAudit.groupId })
    .from(reconAudit)
    .where(
      and(
        eq(reconAudit.organizationId, organizationId),
        sql`${reconAudit.itemIds} @> ${JSON.stringify([paymentItemId])}::jsonb`,
        eq(reconAudit.targetId, allocationId),
        eq(reconAudit.action, 'allocation.created'),
      ),
    )
    .limit(1);
  return created?.groupId ?? null;
}

/**
 * Reverses an active allocation inside the caller's transaction: both open amounts come back. The
 * audit entry names the allocation's match group (if it was made with one), so the group's trail
 * shows it. Answers the group's id.
 */
export async function reverseAllocationIn(
  db: Db,
  scope: ReconScope,
  id: string,
  reason: string,
): Promise<{ groupId: string | null }> {
  const allocation = await lockAllocation(db, scope.organizationId, id);
  refuseUnlessActive('allocation', allocation);
  const { payment, invoice } = await lockDocumentsOf(db, scope.organizationId, allocation);
  const groupId = await groupOfAllocation(db, scope.organizationId, id, payment.itemId);
  const paymentAfter = await moveOpenAmount(db, payment, allocation.amount);
  const invoiceAfter = await moveOpenAmount(db, invoice, allocation.amount);
  await db
    .update(reconAllocations)
    .set({ state: 'reversed', decidedBy: scope.actor.userId, decidedAt: new Date() })
    .where(eq(reconAllocations.id, id));
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'allocation.reversed',
    targetType: 'allocation',
    targetId: id,
    groupId,
    reason,
    before: {
      state: 'active',
      amount: minor(allocation.amount),
      payment_open: minor(payment.openAmount),
      invoice_open: minor(invoice.openAmount),
    },
    after: {
      state: 'reversed',
      payment_open: minor(paymentAfter.openAmount),
      invoice_open: minor(invoiceAfter.openAmount),
    },
    itemIds: [payment.itemId, invoice.itemId].filter((x): x is string => Boolean(x)),
  });
  return { groupId };
}

/** POST /v1/allocations/:id/reverse: answers the reversed allocation (with its reason). */
export async function reverseAllocation(scope: ReconScope, id: string, reason = ''): Promise<Allocation> {
  const { groupId } = await inTransaction(scope, (db) => reverseAllocationIn(db, scope, id, reason));
  const [dto] = await toAllocationDtos(scope.db, scope.organizationId, [id], [groupId]);
  return dto as Allocation;
}

/**
 * Every allocation made with a match group (the workspace's Allocate action), in every state, oldest
 * first, with the reasons of their decisions: the group panel lists them.
 */
export async function listGroupAllocations(
  db: Db,
  organizationId: string,
  groupId: string,
): Promise<Allocation[]> {
  const rows = await db
    .select({ id: reconAllocations.id })
    .from(reconAllocations)
    .innerJoin(
      reconAudit,
      and(
        eq(reconAudit.targetId, reconAllocations.id),
        eq(reconAudit.action, 'allocation.created'),
        eq(reconAudit.groupId, groupId),
        eq(reconAudit.organizationId, organizationId),
      ),
    )
    .where(eq(reconAllocations.organizationId, organizationId))
    .orderBy(asc(reconAllocations.createdAt), asc(reconAllocations.id));
  return toAllocationDtos(
    db,
    organizationId,
    rows.map((row) => row.id),
    [groupId],
  );
}

/**
 * Maker-checker decision on a pending allocation (called by the approvals endpoint inside its own
 * transaction). Approve: the open amounts move now, if both documents still have enough open.
 * Reject: nothing moves. The maker cannot decide their own (403).
 */
export async function decideAllocation(
  db: Db,
  scope: ReconScope,
  id: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<void> {
  const allocation = await lockAllocation(db, scope.organizationId, id);
  await refuseUndecidable(db, scope, 'allocation', allocation);
  const { payment, invoice } = await lockDocumentsOf(db, scope.organizationId, allocation);
  let after = { payment_open: minor(payment.openAmount), invoice_open: minor(invoice.openAmount) };
  if (decision === 'approve') {
    for (const doc of [payment, invoice]) {
      if (doc.openAmount < allocation.amount) {
        throw new AppError(
          409,
          `The allocation cannot be approved any more: ${doc.number} has only ${minor(doc.openAmount)} open, the allocation is ${minor(allocation.amount)}`,
        );
      }
    }
    const paymentAfter = await moveOpenAmount(db, payment, -allocation.amount);
    const invoiceAfter = await moveOpenAmount(db, invoice, -allocation.amount);
    after = { payment_open: minor(paymentAfter.openAmount), invoice_open: minor(invoiceAfter.openAmount) };
  }
  const state = decision === 'approve' ? 'active' : 'rejected';
  await db
    .update(reconAllocations)
    .set({ state, decidedBy: scope.actor.userId, decidedAt: new Date() })
    .where(eq(reconAllocations.id, id));
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: decision === 'approve' ? 'allocation.approved' : 'allocation.rejected',
    targetType: 'allocation',
    targetId: id,
    reason,
    before: {
      state: 'pending_approval',
      amount: minor(allocation.amount),
      payment_open: minor(payment.openAmount),
      invoice_open: minor(invoice.openAmount),
    },
    after: { state, ...after },
    itemIds: [payment.itemId, invoice.itemId].filter((x): x is string => Boolean(x)),
  });
}

export { toAccountingDto, toAllocationDtos };

/** Allocations (active or pending) made together with a match group (the workspace's Allocate action). */
export async function allocationsOfGroup(
  db: Db,
  organizationId: string,
  groupId: string,
): Promise<AllocationRow[]> {
  return db
    .select({ allocation: reconAllocations })
    .from(reconAllocations)
    .innerJoin(
      reconAudit,
      and(
        eq(reconAudit.targetId, reconAllocations.id),
        eq(reconAudit.action, 'allocation.created'),
        eq(reconAudit.groupId, groupId),
      ),
    )
    .where(
      and(
        eq(reconAllocations.organizationId, organizationId),
        inArray(reconAllocations.state, ['active', 'pending_approval']),
      ),
    )
    .orderBy(asc(reconAllocations.id))
    .then((rows) => rows.map((row) => row.allocation));
}

/**
 * When a group made by from_items (rule_id 'allocation') is unmatched, its money goes back too:
 * active allocations are reversed, pending ones rejected. For srv-core's unmatch, inside its
 * transaction. Returns how many allocations changed.
 */
export async function releaseGroupAllocations(
  db: Db,
  scope: ReconScope,
  groupId: string,
  reason: string,
): Promise<number> {
  const rows = await allocationsOfGroup(db, scope.organizationId, groupId);
  for (const row of rows) {
    if (row.state === 'active') {
      await reverseAllocationIn(db, scope, row.id, reason || 'The match group was unmatched');
    } else {
      await db
        .update(reconAllocations)
        .set({ state: 'rejected', decidedBy: scope.actor.userId, decidedAt: new Date() })
        .where(eq(reconAllocations.id, row.id));
      await recordReconAudit(db, {
        organizationId: scope.organizationId,
        actor: scope.actor,
        action: 'allocation.rejected',
        targetType: 'allocation',
        targetId: row.id,
        groupId,
        reason: reason || 'The match group was unmatched',
        before: { state: 'pending_approval', amount: minor(row.amount) },
        after: { state: 'rejected' },
      });
    }
  }
  return rows.length;
}

/**
 * Approving or rejecting a pending group made by from_items decides its pending allocations with
 * it (one decision for the person checking). For srv-core's group approval, inside its transaction;
 * the maker rule is checked by each allocation as well.
 */
export async function decideGroupAllocations(
  db: Db,
  scope: ReconScope,
  groupId: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<number> {
  const rows = (await allocationsOfGroup(db, scope.organizationId, groupId)).filter(
    (row) => row.state === 'pending_approval',
  );
  for (const row of rows) await decideAllocation(db, scope, row.id, decision, reason);
  return rows.length;
}
