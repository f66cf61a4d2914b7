import type { AllocationFromItemsInput, AllocationFromItemsResult } from '@counterpart/contracts';
import type { Db } from '../../../db/database.ts';
import { reconGroupItems, reconGroups } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { inTransaction, minor } from '../shared/money-common.ts';
import { recordReconAudit } from '../shared/recon-audit.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { getReconSettings, needsApproval } from '../shared/settings.service.ts';
import { getGroup } from '../workspace/groups.service.ts';
import {
  type AccountingRow,
  findDocumentNumbered,
  insertAccountingDocument,
} from './accounting-documents.service.ts';
import {
  type ChosenRows,
  checkChoice,
  checkPaymentAndInvoices,
  previewOf,
  type RowRead,
  readChosenRows,
  readPaymentAndInvoices,
  refuseMatchedRows,
  type Split,
  splitPayment,
} from './allocation-choice.ts';
import { allocateIn } from './allocations.service.ts';

/*
 * The workspace's Allocate action: one payment row (left table) over invoice rows (right table).
 * The rows are read as a run reads them (run-records.ts: first currency column, first date column,
 * reference = the association mapping's column of that side, else the first text column). Rows
 * without an accounting document get one (linked by item_id); then, in ONE transaction, the
 * allocations are made (maker-checker on their total) and the rows matched in one group
 * (source manual, rule 'allocation'), refused with 409 when a row is already in an active group.
 */

/** A document number for a row: its reference, else ROW-<seq>; made unique when taken. */
async function numberFor(db: Db, organizationId: string, kind: string, row: RowRead): Promise<string> {
  const candidates = [
    row.reference.slice(0, 100),
    `ROW-${row.seq}`,
    `${row.reference.slice(0, 80)} (ROW-${row.seq})`,
  ]
    .map((n) => n.trim())
    .filter(Boolean);
  for (const number of candidates) {
    if (!(await findDocumentNumbered(db, organizationId, kind, number))) return number;
  }
  return `ROW-${row.seq}-${row.itemId.slice(0, 8)}`;
}

/** The row's accounting document, made from the row when it has none. */
async function documentFor(
  db: Db,
  scope: ReconScope,
  row: RowRead,
  kind: 'payment' | 'invoice',
): Promise<AccountingRow> {
  return (
    row.doc ??
    insertAccountingDocument(
      db,
      scope,
      {
        kind,
        number: await numberFor(db, scope.organizationId, kind, row),
        counterparty: row.counterparty,
        issue_date: row.date ?? new Date().toISOString().slice(0, 10),
        due_date: null,
        currency: row.currency,
        total: minor(row.amount),
        reference: row.reference,
        document_id: null,
        item_id: row.itemId,
        fields: { table_id: row.tableId, seq: row.seq },
      },
      'Made from a table row by the workspace’s Allocate action',
    )
  );
}

/**
 * The one match group of the payment and invoice rows (reconciled when the payment pays the invoices
 * exactly and wholly, else partial; pending when maker-checker holds it); 409 when a row was matched
 * meanwhile.
 */
async function insertAllocationGroup(
  db: Db,
  scope: ReconScope,
  chosen: ChosenRows,
  rows: { payment: RowRead; invoices: RowRead[] },
  split: Split,
  input: AllocationFromItemsInput,
  pending: boolean,
) {
  const { payment, invoices } = rows;
  const { amounts, paymentOpen, invoiceOpen, total } = split;
  const rightTotal = invoices.reduce((s, invoice) => s + invoice.amount, 0n);
  const fullyAllocated =
    amounts.every((amount, i) => amount === (invoiceOpen[i] ?? 0n)) && total === paymentOpen;
  const status = payment.amount === rightTotal && fullyAllocated ? 'reconciled' : 'partial';
  const [group] = await db
    .insert(reconGroups)
    .values({
      organizationId: scope.organizationId,
      leftTableId: chosen.leftTable.id,
      rightTableId: chosen.rightTable.id,
      source: 'manual',
      ruleId: 'allocation',
      ruleName: 'Allocation',
      status,
      state: pending ? 'pending_approval' : 'active',
      score: '1',
      features: [],
      currency: payment.currency,
      leftTotal: payment.amount,
      rightTotal,
      difference: payment.amount - rightTotal,
      note: input.note,
      createdBy: scope.actor.userId,
    })
    .returning();
  if (!group) throw new Error('The match group was not saved');
  try {
    await db.insert(reconGroupItems).values([
      {
        groupId: group.id,
        organizationId: scope.organizationId,
        itemId: payment.itemId,
        tableId: payment.tableId,
        side: 'left',
        amount: payment.amount,
        active: true,
      },
      ...invoices.map((invoice) => ({
        groupId: group.id,
        organizationId: scope.organizationId,
        itemId: invoice.itemId,
        tableId: invoice.tableId,
        side: 'right',
        amount: invoice.amount,
        active: true,
      })),
    ]);
  } catch (error) {
    if (
      (error as { code?: string }).code === '23505' ||
      String(error).includes('recon_group_items_active_item_idx')
    ) {
      throw new AppError(409, 'One of the chosen rows was matched meanwhile: refresh and try again');
    }
    throw error;
  }
  return { group, status, rightTotal };
}

/**
 * Confirms an allocation: accounting documents for rows lacking one, the match group, the
 * allocations in it, and the group's audit entry.
 */
async function confirmAllocation(
  db: Db,
  scope: ReconScope,
  input: AllocationFromItemsInput,
  chosen: ChosenRows,
  rows: { payment: RowRead; invoices: RowRead[] },
  split: Split,
  result: AllocationFromItemsResult,
): Promise<AllocationFromItemsResult> {
  const { payment, invoices } = rows;
  const { amounts, total } = split;
  const paymentDoc = await documentFor(db, scope, payment, 'payment');
  const invoiceDocs: AccountingRow[] = [];
  for (const invoice of invoices) invoiceDocs.push(await documentFor(db, scope, invoice, 'invoice'));
  const { group, status, rightTotal } = await insertAllocationGroup(
    db,
    scope,
    chosen,
    rows,
    split,
    input,
    result.needs_approval,
  );
  const lines = invoiceDocs.flatMap((doc, i) =>
    (amounts[i] ?? 0n) > 0n ? [{ invoice_id: doc.id, amount: amounts[i] as bigint }] : [],
  );
  const made = await allocateIn(db, scope, paymentDoc.id, lines, {
    note: input.note,
    source: 'from_items',
    groupId: group.id,
    itemIds: chosen.allIds,
  });
  await recordReconAudit(db, {
    organizationId: scope.organizationId,
    actor: scope.actor,
    action: 'group.matched',
    targetType: 'group',
    targetId: group.id,
    groupId: group.id,
    ruleId: 'allocation',
    reason: input.note,
    after: {
      status,
      state: group.state,
      left_total: minor(payment.amount),
      right_total: minor(rightTotal),
      difference: minor(payment.amount - rightTotal),
      allocated: minor(total),
      allocation_ids: made.rows.map((row) => row.id),
    },
    itemIds: chosen.allIds,
  });
  return {
    ...result,
    group: await getGroup(db, scope.organizationId, group.id),
    allocation_ids: made.rows.map((row) => row.id),
  };
}

/** POST /v1/allocations/from_items (preview: true saves nothing). */
export async function allocateFromItems(
  scope: ReconScope,
  input: AllocationFromItemsInput,
  _productKey: string,
): Promise<AllocationFromItemsResult> {
  checkChoice(input);
  const work = async (db: Db): Promise<AllocationFromItemsResult> => {
    const chosen = await readChosenRows(db, scope, input);
    await refuseMatchedRows(db, chosen.allIds);
    const { data: settings } = await getReconSettings(db, scope.organizationId);
    const rows = await readPaymentAndInvoices(db, scope, chosen, settings.default_currency);
    checkPaymentAndInvoices(rows.payment, rows.invoices);
    const split = splitPayment(input, rows.payment, rows.invoices);
    const result = previewOf(rows.payment, rows.invoices, split, needsApproval(settings, split.total));
    if (input.preview) return result;
    return confirmAllocation(db, scope, input, chosen, rows, split, result);
  };

  if (input.preview) return work(scope.db);
  return inTransaction(scope, (db) => work(db));
}
