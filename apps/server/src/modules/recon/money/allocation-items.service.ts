import type {
  AllocationFromItemsInput,
  AllocationFromItemsResult,
  TableColumn,
} from '@counterpart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { accountingDocuments, reconGroupItems, reconGroups } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import {
  cellText,
  findItems,
  findTables,
  firstMappingBetween,
  type TableRow,
} from '../../tables/tables-reader.service.ts';
import { recordOf, resolveSideFields, sideReader } from '../runs/run-records.ts';
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
import { allocateIn, spreadOldestFirst } from './allocations.service.ts';

/*
 * The workspace's Allocate action: one payment row (left table) over invoice rows (right table).
 * The rows are read as a run reads them (run-records.ts: first currency column, first date column,
 * reference = the association mapping's column of that side, else the first text column). Rows
 * without an accounting document get one (linked by item_id); then, in ONE transaction, the
 * allocations are made (maker-checker on their total) and the rows matched in one group
 * (source manual, rule 'allocation'), refused with 409 when a row is already in an active group.
 */

interface RowRead {
  itemId: string;
  tableId: string;
  seq: number;
  amount: bigint;
  currency: string;
  date: string | null;
  reference: string;
  counterparty: string;
  doc: AccountingRow | null;
}

async function loadTableOf(db: Db, organizationId: string, id: string): Promise<TableRow> {
  const [table] = await findTables(db, organizationId, [id]);
  if (!table) throw notFound('Table not found in this organization');
  return table;
}

/** Reads rows of one table as amount / date / reference, with their accounting document if any. */
function readRows(
  table: TableRow,
  side: 'left' | 'right',
  rows: { id: string; tableId: string; seq: number; values: Record<string, unknown> }[],
  mappingColumns: string[],
  defaultCurrency: string,
  docs: Map<string, AccountingRow>,
): RowRead[] {
  const columns = table.columns as TableColumn[];
  const fields = resolveSideFields(columns, table.name, side, undefined, mappingColumns);
  const reader = sideReader(columns, fields, defaultCurrency);
  const referenceColumn = reader.reference[0] ?? null;
  return rows.map((row) => {
    const read = recordOf(reader, row);
    if (!read.ok) throw badRequest(`Row ${row.seq} of "${table.name}" cannot be allocated: ${read.reason}`);
    const reference = referenceColumn ? cellText(referenceColumn, row.values[referenceColumn.id]).trim() : '';
    const dateValue = row.values[reader.date.id];
    return {
      itemId: row.id,
      tableId: row.tableId,
      seq: row.seq,
      amount: read.record.amount,
      currency: read.record.currency,
      date: typeof dateValue === 'string' ? dateValue : null,
      reference,
      counterparty: reader.counterparty ? (read.record.counterparty ?? '') : '',
      doc: docs.get(row.id) ?? null,
    };
  });
}

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

/** POST /v1/allocations/from_items (preview: true saves nothing). */
export async function allocateFromItems(
  scope: ReconScope,
  input: AllocationFromItemsInput,
  _productKey: string,
): Promise<AllocationFromItemsResult> {
  const invoiceIds = input.invoice_item_ids;
  if (new Set(invoiceIds).size !== invoiceIds.length) throw badRequest('An invoice row is chosen twice');
  if (invoiceIds.includes(input.payment_item_id))
    throw badRequest('The payment row cannot be one of the invoice rows');
  if (input.amounts && input.amounts.length !== invoiceIds.length) {
    throw badRequest(`Give one amount per invoice row (${invoiceIds.length}), or none for oldest first`, {
      amounts: `Expected ${invoiceIds.length} amounts, got ${input.amounts.length}`,
    });
  }

  const work = async (db: Db): Promise<AllocationFromItemsResult> => {
    const allIds = [input.payment_item_id, ...invoiceIds];
    const items = await findItems(db, scope.organizationId, allIds);
    const byId = new Map(items.map((item) => [item.id, item]));
    const paymentItem = byId.get(input.payment_item_id);
    if (!paymentItem) throw notFound('The payment row was not found in this organization');
    const invoiceItems = invoiceIds.map((id, i) => {
      const item = byId.get(id);
      if (!item) throw notFound(`Invoice row ${i + 1} was not found in this organization`);
      return item;
    });
    const rightTableId = invoiceItems[0]?.tableId as string;
    if (invoiceItems.some((item) => item.tableId !== rightTableId)) {
      throw badRequest('The invoice rows must all come from one table');
    }
    const leftTable = await loadTableOf(db, scope.organizationId, paymentItem.tableId);
    const rightTable = await loadTableOf(db, scope.organizationId, rightTableId);

    // Items already matched: the same rule as a manual match.
    const busy = await db
      .select({ itemId: reconGroupItems.itemId, groupId: reconGroupItems.groupId })
      .from(reconGroupItems)
      .where(and(inArray(reconGroupItems.itemId, allIds), eq(reconGroupItems.active, true)));
    if (busy.length > 0) {
      throw new AppError(
        409,
        `${busy.length} of the chosen rows ${busy.length === 1 ? 'is' : 'are'} already in an active match group: unmatch ${busy.length === 1 ? 'it' : 'them'} first`,
        Object.fromEntries(busy.map((b) => [b.itemId, `In group ${b.groupId}`])),
      );
    }

    const mapping = await firstMappingBetween(db, scope.organizationId, leftTable.id, rightTable.id);
    const docs = await db
      .select()
      .from(accountingDocuments)
      .where(
        and(
          eq(accountingDocuments.organizationId, scope.organizationId),
          inArray(accountingDocuments.itemId, allIds),
        ),
      );
    const docsByItem = new Map(docs.flatMap((doc) => (doc.itemId ? [[doc.itemId, doc] as const] : [])));
    const { data: settings } = await getReconSettings(db, scope.organizationId);
    const [payment] = readRows(
      leftTable,
      'left',
      [paymentItem],
      (mapping?.pairs ?? []).map((p) => p.left_column_id),
      settings.default_currency,
      docsByItem,
    );
    const invoices = readRows(
      rightTable,
      'right',
      invoiceItems,
      (mapping?.pairs ?? []).map((p) => p.right_column_id),
      settings.default_currency,
      docsByItem,
    );
    if (!payment) throw new Error('unreachable');

    if (payment.amount <= 0n) {
      throw badRequest(
        `The payment row's amount ${minor(payment.amount)} is not a payment received: choose a row with a positive amount`,
      );
    }
    for (const [i, invoice] of invoices.entries()) {
      if (invoice.amount <= 0n)
        throw badRequest(
          `Invoice row ${i + 1} has amount ${minor(invoice.amount)}: an invoice must be positive`,
        );
      if (invoice.currency !== payment.currency) {
        throw badRequest(
          `Invoice row ${i + 1} is in ${invoice.currency} and the payment in ${payment.currency}: allocate in one currency`,
        );
      }
    }
    if (payment.doc && payment.doc.kind === 'invoice')
      throw badRequest('The payment row stands for an invoice, not a payment');
    invoices.forEach((invoice, i) => {
      if (invoice.doc && invoice.doc.kind !== 'invoice') {
        throw badRequest(
          `Invoice row ${i + 1} stands for a ${invoice.doc.kind.replace('_', ' ')}, not an invoice`,
        );
      }
    });

    const paymentOpen = payment.doc ? payment.doc.openAmount : payment.amount;
    const invoiceOpen = invoices.map((invoice) => (invoice.doc ? invoice.doc.openAmount : invoice.amount));
    let amounts: bigint[];
    if (input.amounts) {
      amounts = input.amounts.map((a) => BigInt(a));
      amounts.forEach((amount, i) => {
        if (amount < 0n)
          throw badRequest(`Line ${i + 1}: allocate 0 or more`, { [`amounts[${i}]`]: 'Negative' });
        if (amount > (invoiceOpen[i] ?? 0n)) {
          throw badRequest(
            `Line ${i + 1}: ${minor(amount)} is more than the invoice's open amount ${minor(invoiceOpen[i] ?? 0n)}`,
            {
              [`amounts[${i}]`]: `At most ${minor(invoiceOpen[i] ?? 0n)}`,
            },
          );
        }
      });
    } else {
      // Oldest first: date, then reference; answered in the order the rows were chosen.
      const order = invoices
        .map((invoice, i) => ({
          i,
          date: invoice.date ?? '9999-99-99',
          reference: invoice.reference,
          openAmount: invoiceOpen[i] ?? 0n,
        }))
        .sort((a, b) =>
          a.date === b.date ? a.reference.localeCompare(b.reference) : a.date < b.date ? -1 : 1,
        );
      amounts = invoices.map(() => 0n);
      for (const { invoice, amount } of spreadOldestFirst(order, paymentOpen)) amounts[invoice.i] = amount;
    }
    const total = amounts.reduce((s, a) => s + a, 0n);
    if (total > paymentOpen) {
      throw badRequest(
        `The amounts total ${minor(total)}, more than the payment's open amount ${minor(paymentOpen)}`,
        {
          amounts: `At most ${minor(paymentOpen)} in all`,
        },
      );
    }
    if (total === 0n) throw badRequest('Nothing to allocate: the payment or the invoices have nothing open');
    const pending = needsApproval(settings, total);
    const result: AllocationFromItemsResult = {
      currency: payment.currency,
      payment: { item_id: payment.itemId, amount: minor(payment.amount), open_amount: minor(paymentOpen) },
      lines: invoices.map((invoice, i) => ({
        invoice_item_id: invoice.itemId,
        reference: invoice.reference,
        date: invoice.date,
        open_amount: minor(invoiceOpen[i] ?? 0n),
        amount: minor(amounts[i] ?? 0n),
      })),
      remaining: minor(paymentOpen - total),
      needs_approval: pending,
      group: null,
      allocation_ids: [],
    };
    if (input.preview) return result;

    // Confirm: documents for rows lacking one, allocations, one group.
    const docFor = async (row: RowRead, kind: 'payment' | 'invoice'): Promise<AccountingRow> =>
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
      );
    const paymentDoc = await docFor(payment, 'payment');
    const invoiceDocs: AccountingRow[] = [];
    for (const invoice of invoices) invoiceDocs.push(await docFor(invoice, 'invoice'));

    const rightTotal = invoices.reduce((s, invoice) => s + invoice.amount, 0n);
    const fullyAllocated =
      amounts.every((amount, i) => amount === (invoiceOpen[i] ?? 0n)) && total === paymentOpen;
    const status = payment.amount === rightTotal && fullyAllocated ? 'reconciled' : 'partial';
    const [group] = await db
      .insert(reconGroups)
      .values({
        organizationId: scope.organizationId,
        leftTableId: leftTable.id,
        rightTableId: rightTable.id,
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
    const lines = invoiceDocs.flatMap((doc, i) =>
      (amounts[i] ?? 0n) > 0n ? [{ invoice_id: doc.id, amount: amounts[i] as bigint }] : [],
    );
    const made = await allocateIn(db, scope, paymentDoc.id, lines, {
      note: input.note,
      source: 'from_items',
      groupId: group.id,
      itemIds: allIds,
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
      itemIds: allIds,
    });
    return {
      ...result,
      group: await getGroup(db, scope.organizationId, group.id),
      allocation_ids: made.rows.map((row) => row.id),
    };
  };

  if (input.preview) return work(scope.db);
  return inTransaction(scope, (db) => work(db));
}
