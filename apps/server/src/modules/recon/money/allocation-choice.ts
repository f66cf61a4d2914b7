import type {
  AllocationFromItemsInput,
  AllocationFromItemsResult,
  TableColumn,
} from '@counterpart/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { accountingDocuments, reconGroupItems } from '../../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../../errors.ts';
import {
  cellText,
  findItems,
  findTables,
  firstMappingBetween,
  type TableRow,
} from '../../tables/tables-reader.service.ts';
import { recordOf, resolveSideFields, sideReader } from '../runs/run-records.ts';
import { minor } from '../shared/money-common.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import type { AccountingRow } from './accounting-documents.service.ts';
import { spreadOldestFirst } from './allocations.service.ts';

/** The Allocate action's choice: the chosen rows read as payment and invoices, checked, and the split. */

export interface RowRead {
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

/** The chosen rows and their tables: the payment row (left table) and the invoice rows (one right table). */
export interface ChosenRows {
  allIds: string[];
  paymentItem: Awaited<ReturnType<typeof findItems>>[number];
  invoiceItems: Awaited<ReturnType<typeof findItems>>[number][];
  leftTable: TableRow;
  rightTable: TableRow;
}

/** How much goes to each invoice, from what is open on the payment and on each invoice. */
export interface Split {
  amounts: bigint[];
  paymentOpen: bigint;
  invoiceOpen: bigint[];
  total: bigint;
}

/** Refuses a choice that names a row twice, puts the payment among the invoices, or miscounts amounts. */
export function checkChoice(input: AllocationFromItemsInput): void {
  const invoiceIds = input.invoice_item_ids;
  if (new Set(invoiceIds).size !== invoiceIds.length) throw badRequest('An invoice row is chosen twice');
  if (invoiceIds.includes(input.payment_item_id))
    throw badRequest('The payment row cannot be one of the invoice rows');
  if (input.amounts && input.amounts.length !== invoiceIds.length) {
    throw badRequest(`Give one amount per invoice row (${invoiceIds.length}), or none for oldest first`, {
      amounts: `Expected ${invoiceIds.length} amounts, got ${input.amounts.length}`,
    });
  }
}

/** The chosen rows of this organization (404 for one that is not), the invoice rows from one table. */
export async function readChosenRows(
  db: Db,
  scope: ReconScope,
  input: AllocationFromItemsInput,
): Promise<ChosenRows> {
  const invoiceIds = input.invoice_item_ids;
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
  return { allIds, paymentItem, invoiceItems, leftTable, rightTable };
}

/** 409 when a chosen row is already in an active match group (the same rule as a manual match). */
export async function refuseMatchedRows(db: Db, allIds: string[]): Promise<void> {
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
}

/** Reads the payment and invoice rows (mapping's reference columns, their accounting documents). */
export async function readPaymentAndInvoices(
  db: Db,
  scope: ReconScope,
  chosen: ChosenRows,
  defaultCurrency: string,
) {
  const { leftTable, rightTable, allIds } = chosen;
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
  const [payment] = readRows(
    leftTable,
    'left',
    [chosen.paymentItem],
    (mapping?.pairs ?? []).map((p) => p.left_column_id),
    defaultCurrency,
    docsByItem,
  );
  const invoices = readRows(
    rightTable,
    'right',
    chosen.invoiceItems,
    (mapping?.pairs ?? []).map((p) => p.right_column_id),
    defaultCurrency,
    docsByItem,
  );
  if (!payment) throw new Error('unreachable');
  return { payment, invoices };
}

/** Refuses a payment that is not money received, invoices not positive or in another currency, wrong kinds. */
export function checkPaymentAndInvoices(payment: RowRead, invoices: RowRead[]): void {
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
}

/**
 * The amounts per invoice: the ones given (each within its invoice's open amount), else the payment's
 * open amount spread oldest first; their total within the payment's open amount and above zero.
 */
export function splitPayment(input: AllocationFromItemsInput, payment: RowRead, invoices: RowRead[]): Split {
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
  return { amounts, paymentOpen, invoiceOpen, total };
}

/** The answer of a preview (and the start of a confirmation's). */
export function previewOf(
  payment: RowRead,
  invoices: RowRead[],
  split: Split,
  pending: boolean,
): AllocationFromItemsResult {
  const { amounts, paymentOpen, invoiceOpen, total } = split;
  return {
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
}
