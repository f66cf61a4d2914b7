import type {
  AccountingDocument,
  AccountingDocumentInput,
  accountingDocumentsQuerySchema,
} from '@counterpart/contracts';
import { and, asc, count, desc, eq, gt, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database.ts';
import { accountingDocuments, documents, reconAllocations } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import { findItems } from '../../tables/tables-reader.service.ts';
import { type ListPage, listPage, pageOffset } from '../shared/list-page.ts';
import { inTransaction, minor } from '../shared/money-common.ts';
import { loadOrganizationRow } from '../shared/organization-rows.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';

export type AccountingRow = typeof accountingDocuments.$inferSelect;

/*
 * Invoices, payments and credit notes. `open_amount` is what is still unpaid (invoice) or
 * unallocated (payment, credit note): it starts at `total` and moves only with active allocations
 * (allocations.service.ts) and total changes, in the transaction that makes them. The status is
 * derived from it: open (nothing allocated), partially_paid, paid (nothing open).
 */

export function deriveStatus(total: bigint, open: bigint, current?: string): string {
  if (current === 'void') return 'void';
  if (open === 0n) return 'paid';
  if (open === total) return 'open';
  return 'partially_paid';
}

export function toAccountingDto(row: AccountingRow): AccountingDocument {
  return {
    id: row.id,
    kind: row.kind as AccountingDocument['kind'],
    number: row.number,
    counterparty: row.counterparty,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    currency: row.currency,
    total: minor(row.total),
    open_amount: minor(row.openAmount),
    status: row.status as AccountingDocument['status'],
    reference: row.reference,
    document_id: row.documentId,
    item_id: row.itemId,
    fields: row.fields,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const kindName = (kind: string) => kind.replace('_', ' ');
/** "an invoice", "a payment", "a credit note". */
const aKind = (kind: string) => `${kind === 'invoice' ? 'an' : 'a'} ${kindName(kind)}`;

/** The organization's document, locked for this transaction when `lock` (404 otherwise). */
export function loadAccountingDocument(
  db: Db,
  organizationId: string,
  id: string,
  lock = false,
): Promise<AccountingRow> {
  const missing = 'Accounting document not found in this organization';
  return loadOrganizationRow(db, accountingDocuments, organizationId, id, missing, lock);
}

/** The organization's documents of `kind` in `currency` that still have an open amount (not void). */
export function openDocumentsWhere(organizationId: string, kind: string, currency: string): SQL | undefined {
  return and(
    eq(accountingDocuments.organizationId, organizationId),
    eq(accountingDocuments.kind, kind),
    eq(accountingDocuments.currency, currency),
    gt(accountingDocuments.openAmount, 0n),
    ne(accountingDocuments.status, 'void'),
  );
}

/** Locks several documents in id order (two transactions never wait on each other in a cycle). */
export async function lockAccountingDocuments(
  db: Db,
  organizationId: string,
  ids: string[],
): Promise<Map<string, AccountingRow>> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) return new Map();
  const rows = await db
    .select()
    .from(accountingDocuments)
    .where(
      and(eq(accountingDocuments.organizationId, organizationId), inArray(accountingDocuments.id, unique)),
    )
    .orderBy(asc(accountingDocuments.id))
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
}

/** Moves a document's open amount by `delta` (negative: allocated) and derives its status. */
export async function moveOpenAmount(db: Db, row: AccountingRow, delta: bigint): Promise<AccountingRow> {
  const openAmount = row.openAmount + delta;
  if (openAmount < 0n) {
    throw new AppError(
      409,
      `${row.number}: the open amount would go below 0 (open ${minor(row.openAmount)}, change ${minor(delta)})`,
    );
  }
  if (openAmount > row.total) {
    throw new AppError(409, `${row.number}: the open amount would exceed the total ${minor(row.total)}`);
  }
  const [updated] = await db
    .update(accountingDocuments)
    .set({ openAmount, status: deriveStatus(row.total, openAmount, row.status), updatedAt: new Date() })
    .where(eq(accountingDocuments.id, row.id))
    .returning();
  return updated as AccountingRow;
}

function checkTotal(total: string): bigint {
  const value = BigInt(total);
  if (value <= 0n)
    throw badRequest('The total must be more than 0', { total: 'Give a positive amount in minor units' });
  return value;
}

/** The drop-box document and table row named by an input must be the organization's. */
async function checkLinks(
  db: Db,
  organizationId: string,
  input: { document_id?: string | null; item_id?: string | null },
) {
  if (input.document_id) {
    const [doc] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.id, input.document_id), eq(documents.organizationId, organizationId)));
    if (!doc)
      throw badRequest('The document was not found in this organization', {
        document_id: 'Unknown document',
      });
  }
  if (input.item_id) {
    const [item] = await findItems(db, organizationId, [input.item_id]);
    if (!item)
      throw badRequest('The table row was not found in this organization', { item_id: 'Unknown row' });
  }
}

/** The id of the organization's document of `kind` numbered `number`, if there is one. */
export async function findDocumentNumbered(
  db: Db,
  organizationId: string,
  kind: string,
  number: string,
): Promise<{ id: string } | undefined> {
  const [existing] = await db
    .select({ id: accountingDocuments.id })
    .from(accountingDocuments)
    .where(
      and(
        eq(accountingDocuments.organizationId, organizationId),
        eq(accountingDocuments.kind, kind),
        eq(accountingDocuments.number, number),
      ),
    );
  return existing;
}

const numberTaken = (kind: string, number: string) =>
  new AppError(409, `There is already ${aKind(kind)} numbered ${number}`, { number: 'Already used' });

async function refuseDuplicate(
  db: Db,
  organizationId: string,
  kind: string,
  number: string,
  exceptId?: string,
) {
  const existing = await findDocumentNumbered(db, organizationId, kind, number);
  if (existing && existing.id !== exceptId) throw numberTaken(kind, number);
}

/** Creates a document inside a caller's transaction (from_items uses it too). */
export async function insertAccountingDocument(
  db: Db,
  scope: ReconScope,
  input: AccountingDocumentInput,
  auditReason = '',
): Promise<AccountingRow> {
  const total = checkTotal(input.total);
  await checkLinks(db, scope.organizationId, input);
  await refuseDuplicate(db, scope.organizationId, input.kind, input.number);
  const [row] = await db
    .insert(accountingDocuments)
    .values({
      organizationId: scope.organizationId,
      kind: input.kind,
      number: input.number,
      counterparty: input.counterparty,
      issueDate: input.issue_date,
      dueDate: input.due_date ?? null,
      currency: input.currency,
      total,
      openAmount: total,
      status: 'open',
      reference: input.reference,
      documentId: input.document_id ?? null,
      itemId: input.item_id ?? null,
      fields: input.fields,
      createdBy: scope.actor.userId,
    })
    .returning();
  if (!row) throw new Error('The accounting document was not saved');
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'accounting_document.created',
    targetType: 'accounting_document',
    targetId: row.id,
    reason: auditReason,
    after: toAccountingDto(row),
    itemIds: row.itemId ? [row.itemId] : [],
  });
  return row;
}

export async function createAccountingDocument(
  scope: ReconScope,
  input: AccountingDocumentInput,
): Promise<AccountingDocument> {
  try {
    return toAccountingDto(await inTransaction(scope, (db) => insertAccountingDocument(db, scope, input)));
  } catch (error) {
    // Two creations racing past the check meet the unique index.
    if (isUniqueViolation(error)) {
      throw numberTaken(input.kind, input.number);
    }
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** The editable fields of a document (what repair_invoice and PUT change). */
export interface AccountingChanges {
  kind?: AccountingDocumentInput['kind'];
  number?: string;
  counterparty?: string;
  issue_date?: string;
  due_date?: string | null;
  currency?: string;
  total?: string;
  reference?: string;
  document_id?: string | null;
  item_id?: string | null;
  fields?: Record<string, unknown>;
}

/**
 * Changes a document inside a caller's transaction. A new total moves the open amount by the same
 * delta, refused when that would go below 0 (more is allocated than the new total). Kind and
 * currency cannot change once something is allocated.
 */
export async function updateAccountingDocumentIn(
  db: Db,
  scope: ReconScope,
  id: string,
  changes: AccountingChanges,
  audit: { action: string; reason: string },
): Promise<{ before: AccountingRow; after: AccountingRow }> {
  const before = await loadAccountingDocument(db, scope.organizationId, id, true);
  const kind = changes.kind ?? before.kind;
  const number = changes.number ?? before.number;
  if (kind !== before.kind || number !== before.number)
    await refuseDuplicate(db, scope.organizationId, kind, number, id);
  await checkLinks(db, scope.organizationId, changes);
  const total = changes.total === undefined ? before.total : checkTotal(changes.total);
  const allocated = before.total - before.openAmount;
  if (total < allocated) {
    throw new AppError(
      409,
      `The total ${minor(total)} is less than what is already allocated (${minor(allocated)}): reverse allocations first`,
      { total: `At least ${minor(allocated)}` },
    );
  }
  const currency = changes.currency ?? before.currency;
  if (allocated > 0n && (kind !== before.kind || currency !== before.currency)) {
    throw new AppError(
      409,
      'The kind and currency of a document with allocations cannot change: reverse its allocations first',
    );
  }
  const openAmount = before.openAmount + (total - before.total);
  const [after] = await db
    .update(accountingDocuments)
    .set({
      kind,
      number,
      counterparty: changes.counterparty ?? before.counterparty,
      issueDate: changes.issue_date ?? before.issueDate,
      dueDate: changes.due_date === undefined ? before.dueDate : changes.due_date,
      currency,
      total,
      openAmount,
      status: deriveStatus(total, openAmount, before.status),
      reference: changes.reference ?? before.reference,
      documentId: changes.document_id === undefined ? before.documentId : changes.document_id,
      itemId: changes.item_id === undefined ? before.itemId : changes.item_id,
      fields: changes.fields ?? before.fields,
      updatedAt: new Date(),
    })
    .where(eq(accountingDocuments.id, id))
    .returning();
  if (!after) throw new Error('The accounting document was not saved');
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: audit.action,
    targetType: 'accounting_document',
    targetId: id,
    reason: audit.reason,
    before: toAccountingDto(before),
    after: toAccountingDto(after),
    itemIds: after.itemId ? [after.itemId] : [],
  });
  return { before, after };
}

export async function updateAccountingDocument(
  scope: ReconScope,
  id: string,
  input: AccountingDocumentInput,
): Promise<AccountingDocument> {
  try {
    const { after } = await inTransaction(scope, (db) =>
      updateAccountingDocumentIn(db, scope, id, input, { action: 'accounting_document.updated', reason: '' }),
    );
    return toAccountingDto(after);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw numberTaken(input.kind, input.number);
    }
    throw error;
  }
}

/** DELETE: refused while active or pending allocations use the document. */
export async function deleteAccountingDocument(scope: ReconScope, id: string): Promise<void> {
  await inTransaction(scope, async (db) => {
    const row = await loadAccountingDocument(db, scope.organizationId, id, true);
    const [used] = await db
      .select({ n: count() })
      .from(reconAllocations)
      .where(
        and(
          or(eq(reconAllocations.paymentId, id), eq(reconAllocations.invoiceId, id)),
          inArray(reconAllocations.state, ['active', 'pending_approval']),
        ),
      );
    if ((used?.n ?? 0) > 0) {
      throw new AppError(
        409,
        `${kindName(row.kind).replace(/^./, (c) => c.toUpperCase())} ${row.number} has ${used?.n} active or pending allocation(s): reverse them before deleting it`,
      );
    }
    // Reversed and rejected allocations go with it (their audit entries stay).
    await db.delete(accountingDocuments).where(eq(accountingDocuments.id, id));
    await recordReconAudit(db, {
      organizationId: scope.organizationId,
      actor: scope.actor,
      action: 'accounting_document.deleted',
      targetType: 'accounting_document',
      targetId: id,
      before: toAccountingDto(row),
      itemIds: row.itemId ? [row.itemId] : [],
    });
  });
}

/** ILIKE pattern for a user's text (its % and _ taken literally). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listAccountingDocuments(
  scope: ReconScope,
  query: z.infer<typeof accountingDocumentsQuerySchema>,
): Promise<ListPage<AccountingDocument>> {
  const conditions: SQL[] = [eq(accountingDocuments.organizationId, scope.organizationId)];
  if (query.id) conditions.push(eq(accountingDocuments.id, query.id));
  if (query.kind) conditions.push(eq(accountingDocuments.kind, query.kind));
  if (query.status) conditions.push(eq(accountingDocuments.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        ilike(accountingDocuments.number, pattern),
        ilike(accountingDocuments.counterparty, pattern),
        ilike(accountingDocuments.reference, pattern),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    scope.db
      .select()
      .from(accountingDocuments)
      .where(where)
      .orderBy(
        desc(accountingDocuments.issueDate),
        desc(sql`${accountingDocuments.createdAt}`),
        asc(accountingDocuments.id),
      )
      .limit(query.page_size)
      .offset(pageOffset(query)),
    scope.db.select({ n: count() }).from(accountingDocuments).where(where),
  ]);
  if (query.id && rows.length === 0) throw notFound('Accounting document not found in this organization');
  return listPage(rows.map(toAccountingDto), query, total?.n ?? 0);
}
