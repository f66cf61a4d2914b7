import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { accountingDocuments, reconAllocations, reconGroupItems, reconGroups } from '../../../db/schema.ts';
import { decideGroupAllocations, releaseGroupAllocations } from './allocations.service.ts';
import {
  addRow,
  bankAndLedger,
  type MoneyWorld,
  RECON,
  serviceScope,
  setMakerChecker,
  startMoneyWorld,
  TABLES,
  type TestTable,
} from './money-test-support.ts';

const FROM_ITEMS = `${RECON}/v1/allocations/from_items`;
const DOCS = `${RECON}/v1/accounting_documents`;

let world: MoneyWorld;
let bank: TestTable;
let ledger: TestTable;

beforeAll(async () => {
  world = await startMoneyWorld('Allocate from items');
  ({ bank, ledger } = await bankAndLedger(world));
  // The mapping names the reference columns: bank Reference ↔ ledger Invoice.
  const mapping = await world.as('admin', 'POST', `${TABLES}/association/mapping`, {
    name: 'Bank to ledger',
    left_table_id: bank.id,
    right_table_id: ledger.id,
    pairs: [{ left_column_id: bank.col.Reference, right_column_id: ledger.col.Invoice }],
  });
  expect(mapping.status, JSON.stringify(mapping.body)).toBe(201);
});
afterAll(() => world.server.close());

const money = (minor: string) => ({ minor_units: minor });

async function rows(payment: [string, string, string], invoices: Array<[string, string, string]>) {
  const paymentId = await addRow(world, bank, {
    Reference: payment[0],
    Amount: money(payment[1]),
    Date: payment[2],
  });
  const invoiceIds: string[] = [];
  for (const [ref, total, date] of invoices) {
    invoiceIds.push(await addRow(world, ledger, { Invoice: ref, Total: money(total), Posted: date }));
  }
  return { paymentId, invoiceIds };
}

const docsOf = (itemId: string) =>
  world.server.database.db
    .select()
    .from(accountingDocuments)
    .where(and(eq(accountingDocuments.organizationId, world.org.id), eq(accountingDocuments.itemId, itemId)));

describe('allocation from workspace rows', () => {
  it('previews oldest first without saving, then confirms: documents, allocations and one reconciled group', async () => {
    const { paymentId, invoiceIds } = await rows(
      ['BULK-7781', '80000', '2026-03-20'],
      [
        ['INV-200', '30000', '2026-03-05'],
        ['INV-100', '50000', '2026-03-01'],
      ],
    );
    const preview = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      preview: true,
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({
      currency: 'KES',
      payment: { item_id: paymentId, amount: '80000', open_amount: '80000' },
      remaining: '0',
      needs_approval: false,
      group: null,
      allocation_ids: [],
    });
    expect(preview.body.lines.map((l: Json) => [l.reference, l.date, l.amount])).toEqual([
      ['INV-200', '2026-03-05', '30000'],
      ['INV-100', '2026-03-01', '50000'],
    ]);
    expect(await docsOf(paymentId)).toHaveLength(0);

    const done = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      note: 'Bulk',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.allocation_ids).toHaveLength(2);
    expect(done.body.group).toMatchObject({
      source: 'manual',
      rule_id: 'allocation',
      status: 'reconciled',
      state: 'active',
      left_total: '80000',
      right_total: '80000',
      difference: '0',
      note: 'Bulk',
    });
    expect(done.body.group.items).toHaveLength(3);
    const [paymentDoc] = await docsOf(paymentId);
    expect(paymentDoc).toMatchObject({
      kind: 'payment',
      number: 'BULK-7781',
      openAmount: 0n,
      status: 'paid',
      issueDate: '2026-03-20',
    });
    const [invoiceDoc] = await docsOf(invoiceIds[1] as string);
    expect(invoiceDoc).toMatchObject({ kind: 'invoice', number: 'INV-100', openAmount: 0n, status: 'paid' });

    // The rows are matched now: a second attempt is a conflict naming them.
    const again = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      '3 of the chosen rows are already in an active match group: unmatch them first',
    );
  });

  it('a payment short of the invoices: edited amounts, a partial group, and documents reused next time', async () => {
    const { paymentId, invoiceIds } = await rows(
      ['PAY-55', '45000', '2026-03-20'],
      [
        ['INV-300', '30000', '2026-03-01'],
        ['INV-301', '30000', '2026-03-02'],
      ],
    );
    const over = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      amounts: ['30001', '0'],
    });
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual({ 'amounts[0]': 'At most 30000' });
    const tooMuch = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      amounts: ['30000', '30000'],
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe("The amounts total 60000, more than the payment's open amount 45000");
    const wrongCount = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      amounts: ['1'],
    });
    expect(wrongCount.status).toBe(400);

    const done = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      amounts: ['15000', '30000'],
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(done.body.group).toMatchObject({ status: 'partial', difference: '-15000' });
    expect(done.body.remaining).toBe('0');
    const [first] = await docsOf(invoiceIds[0] as string);
    expect(first).toMatchObject({ openAmount: 15000n, status: 'partially_paid' });

    // Unmatch the group (as srv-core's unmatch would) and allocate the rest from a new payment row:
    // the invoice row keeps its document and open balance.
    const { db } = world.server.database;
    await db
      .update(reconGroupItems)
      .set({ active: false })
      .where(eq(reconGroupItems.groupId, done.body.group.id));
    await db.update(reconGroups).set({ state: 'undone' }).where(eq(reconGroups.id, done.body.group.id));
    const second = await addRow(world, bank, {
      Reference: 'PAY-56',
      Amount: money('15000'),
      Date: '2026-03-25',
    });
    const rest = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: second,
      invoice_item_ids: [invoiceIds[0]],
      preview: true,
    });
    expect(rest.body.lines[0]).toMatchObject({ open_amount: '15000', amount: '15000' });
    const confirmed = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: second,
      invoice_item_ids: [invoiceIds[0]],
    });
    expect(confirmed.status).toBe(201);
    // Open balances tell the truth: the group's rows total 15000 vs 30000 (the earlier half was paid before).
    expect(confirmed.body.group.status).toBe('partial');
    expect(await docsOf(invoiceIds[0] as string)).toHaveLength(1);
    expect((await docsOf(invoiceIds[0] as string))[0]).toMatchObject({ openAmount: 0n, status: 'paid' });
  });

  it('refuses rows of another organization, mixed tables, negative payments; preview needs only read', async () => {
    const { paymentId, invoiceIds } = await rows(
      ['NEG', '-5000', '2026-03-20'],
      [['INV-400', '5000', '2026-03-01']],
    );
    const negative = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toMatch(/is not a payment received/);

    const stranger = await world.as('stranger', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
      preview: true,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('The payment row was not found in this organization');

    const bankRow = await addRow(world, bank, { Reference: 'X', Amount: money('100'), Date: '2026-03-01' });
    const mixed = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: [invoiceIds[0], bankRow],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.message).toBe('The invoice rows must all come from one table');

    expect(
      (
        await world.as('viewer', 'POST', FROM_ITEMS, {
          payment_item_id: paymentId,
          invoice_item_ids: invoiceIds,
          preview: true,
        })
      ).status,
    ).toBe(403);
  });

  it('maker-checker: a large allocation from rows waits with its group', async () => {
    await setMakerChecker(world, '1000');
    try {
      const { paymentId, invoiceIds } = await rows(
        ['PAY-MC', '5000', '2026-03-20'],
        [['INV-MC', '5000', '2026-03-01']],
      );
      const preview = await world.as('admin', 'POST', FROM_ITEMS, {
        payment_item_id: paymentId,
        invoice_item_ids: invoiceIds,
        preview: true,
      });
      expect(preview.body.needs_approval).toBe(true);
      const done = await world.as('admin', 'POST', FROM_ITEMS, {
        payment_item_id: paymentId,
        invoice_item_ids: invoiceIds,
      });
      expect(done.status).toBe(201);
      expect(done.body.group.state).toBe('pending_approval');
      const allocations = await world.server.database.db
        .select()
        .from(reconAllocations)
        .where(eq(reconAllocations.id, done.body.allocation_ids[0]));
      expect(allocations[0]?.state).toBe('pending_approval');
      const [paymentDoc] = await docsOf(paymentId);
      expect(paymentDoc?.openAmount).toBe(5000n);
    } finally {
      await setMakerChecker(world, null);
    }
  });

  it('a pending allocation between rows of the tables alone counts in the workspace’s pending approvals', async () => {
    const WORKSPACE = `${RECON}/v1/recon/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`;
    const pending = async () => (await world.as('admin', 'GET', WORKSPACE)).body.pending_approvals as number;
    const before = await pending();
    const { paymentId, invoiceIds } = await rows(
      ['PAY-ALONE', '8000', '2026-03-20'],
      [['INV-ALONE', '8000', '2026-03-01']],
    );
    const payment = await world.as('admin', 'POST', DOCS, {
      kind: 'payment',
      number: 'PAY-ALONE',
      issue_date: '2026-03-20',
      total: '8000',
      item_id: paymentId,
    });
    const invoice = await world.as('admin', 'POST', DOCS, {
      kind: 'invoice',
      number: 'INV-ALONE',
      issue_date: '2026-03-01',
      total: '8000',
      item_id: invoiceIds[0],
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    // Documents of no row of these tables: their pending allocation is not this workspace's.
    const elsewhere = await world.as('admin', 'POST', DOCS, {
      kind: 'payment',
      number: 'PAY-NO-ROW',
      issue_date: '2026-03-20',
      total: '3000',
    });
    const elsewhereInvoice = await world.as('admin', 'POST', DOCS, {
      kind: 'invoice',
      number: 'INV-NO-ROW',
      issue_date: '2026-03-01',
      total: '3000',
    });
    await setMakerChecker(world, '1000');
    try {
      const made = await world.as('admin', 'POST', `${RECON}/v1/allocations`, {
        payment_id: payment.body.id,
        lines: [{ invoice_id: invoice.body.id, amount: '8000' }],
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body.data[0].state).toBe('pending_approval');
      const other = await world.as('admin', 'POST', `${RECON}/v1/allocations`, {
        payment_id: elsewhere.body.id,
        lines: [{ invoice_id: elsewhereInvoice.body.id, amount: '3000' }],
      });
      expect(other.body.data[0].state).toBe('pending_approval');
      expect(await pending()).toBe(before + 1);

      const decided = await world.as('checker', 'POST', `${RECON}/v1/recon/approvals/decide`, {
        kind: 'allocation',
        id: made.body.data[0].id,
        decision: 'reject',
        reason: 'Not this invoice',
      });
      expect(decided.status, JSON.stringify(decided.body)).toBe(204);
      expect(await pending()).toBe(before);
      await world.as('checker', 'POST', `${RECON}/v1/recon/approvals/decide`, {
        kind: 'allocation',
        id: other.body.data[0].id,
        decision: 'reject',
        reason: '',
      });
    } finally {
      await setMakerChecker(world, null);
    }
  });

  it('helpers for srv-core: unmatching a group releases its money; approving it approves its allocations', async () => {
    const { db } = world.server.database;
    const admin = serviceScope(world, world.admin);
    const checker = serviceScope(world, world.checker);
    const a = await rows(['PAY-REL', '7000', '2026-03-20'], [['INV-REL', '7000', '2026-03-01']]);
    const done = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: a.paymentId,
      invoice_item_ids: a.invoiceIds,
    });
    expect((await docsOf(a.paymentId))[0]?.openAmount).toBe(0n);
    const released = await db.transaction((tx) =>
      releaseGroupAllocations(tx as never, admin, done.body.group.id, ''),
    );
    expect(released).toBe(1);
    expect((await docsOf(a.paymentId))[0]).toMatchObject({ openAmount: 7000n, status: 'open' });
    expect((await docsOf(a.invoiceIds[0] as string))[0]).toMatchObject({ openAmount: 7000n, status: 'open' });

    await setMakerChecker(world, '1000');
    try {
      const b = await rows(['PAY-APP', '3000', '2026-03-20'], [['INV-APP', '3000', '2026-03-01']]);
      const pending = await world.as('admin', 'POST', FROM_ITEMS, {
        payment_item_id: b.paymentId,
        invoice_item_ids: b.invoiceIds,
      });
      expect(pending.body.group.state).toBe('pending_approval');
      const decided = await db.transaction((tx) =>
        decideGroupAllocations(tx as never, checker, pending.body.group.id, 'approve', 'ok'),
      );
      expect(decided).toBe(1);
      expect((await docsOf(b.paymentId))[0]).toMatchObject({ openAmount: 0n, status: 'paid' });
    } finally {
      await setMakerChecker(world, null);
    }
  });

  it('unmatching an Allocate group gives the money back; approving or rejecting it decides its allocations', async () => {
    const UNMATCH = `${RECON}/workflows/manual_reconciliation/unmatch`;
    const DECIDE = `${RECON}/v1/recon/approvals/decide`;
    const balances = async (ids: string[]) =>
      Promise.all(
        ids.map(async (id) => {
          const [doc] = await docsOf(id);
          return { open: doc?.openAmount, status: doc?.status };
        }),
      );
    // Documents exist before (one invoice already part-paid elsewhere), so "before" is exact.
    const a = await rows(
      ['PAY-GRP', '10000', '2026-03-20'],
      [
        ['INV-GRP-1', '6000', '2026-03-01'],
        ['INV-GRP-2', '7000', '2026-03-02'],
      ],
    );
    const docs = [
      { kind: 'payment', number: 'PAY-GRP', total: '10000', item_id: a.paymentId },
      { kind: 'invoice', number: 'INV-GRP-1', total: '6000', item_id: a.invoiceIds[0] },
      { kind: 'invoice', number: 'INV-GRP-2', total: '7000', item_id: a.invoiceIds[1] },
      { kind: 'payment', number: 'PAY-ELSE', total: '500' },
    ];
    const made: Json[] = [];
    for (const doc of docs) {
      const res = await world.as('admin', 'POST', DOCS, { issue_date: '2026-03-01', ...doc });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made.push(res.body);
    }
    const elsewhere = await world.as('admin', 'POST', `${RECON}/v1/allocations`, {
      payment_id: made[3].id,
      lines: [{ invoice_id: made[2].id, amount: '500' }],
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    const ids = [a.paymentId, ...a.invoiceIds];
    const before = await balances(ids);
    expect(before).toEqual([
      { open: 10000n, status: 'open' },
      { open: 6000n, status: 'open' },
      { open: 6500n, status: 'partially_paid' },
    ]);

    const done = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: a.paymentId,
      invoice_item_ids: a.invoiceIds,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    expect(await balances(ids)).toEqual([
      { open: 0n, status: 'paid' },
      { open: 0n, status: 'paid' },
      { open: 2500n, status: 'partially_paid' },
    ]);
    const unmatched = await world.as('admin', 'POST', UNMATCH, {
      group_ids: [done.body.group.id],
      reason: 'Wrong customer',
    });
    expect(unmatched.body).toEqual({ changed: [done.body.group.id], refused: [] });
    expect(await balances(ids)).toEqual(before);
    const allocations = await world.server.database.db
      .select()
      .from(reconAllocations)
      .where(inArray(reconAllocations.id, done.body.allocation_ids));
    expect(allocations.map((l) => l.state)).toEqual(['reversed', 'reversed']);
    const trail = await world.as('admin', 'GET', `${RECON}/v1/recon/audit?item_id=${a.paymentId}`);
    expect(trail.body.data.map((e: Json) => e.action)).toEqual(
      expect.arrayContaining(['group.unmatched', 'allocation.reversed']),
    );

    await setMakerChecker(world, '1000');
    try {
      // Pending: nothing moves until another person approves; approving moves both balances.
      const pending = await world.as('admin', 'POST', FROM_ITEMS, {
        payment_item_id: a.paymentId,
        invoice_item_ids: a.invoiceIds,
      });
      expect(pending.body.group.state).toBe('pending_approval');
      expect(await balances(ids)).toEqual(before);
      const approvals = await world.as('checker', 'GET', `${RECON}/v1/recon/approvals?page_size=100`);
      expect(approvals.body.data.map((x: Json) => x.id)).toContain(pending.body.group.id);
      const approved = await world.as('checker', 'POST', DECIDE, {
        kind: 'group',
        id: pending.body.group.id,
        decision: 'approve',
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(204);
      expect(await balances(ids)).toEqual([
        { open: 0n, status: 'paid' },
        { open: 0n, status: 'paid' },
        { open: 2500n, status: 'partially_paid' },
      ]);
      const left = await world.as('checker', 'GET', `${RECON}/v1/recon/approvals?page_size=100`);
      expect(left.body.data.map((x: Json) => x.id)).not.toEqual(
        expect.arrayContaining(pending.body.allocation_ids),
      );
      expect((await world.as('admin', 'POST', UNMATCH, { group_ids: [pending.body.group.id] })).status).toBe(
        200,
      );
      expect(await balances(ids)).toEqual(before);

      // Rejected: the allocations are rejected with it, the rows are open again, nothing moved.
      const again = await world.as('admin', 'POST', FROM_ITEMS, {
        payment_item_id: a.paymentId,
        invoice_item_ids: a.invoiceIds,
      });
      expect(again.body.group.state).toBe('pending_approval');
      const rejected = await world.as('checker', 'POST', DECIDE, {
        kind: 'group',
        id: again.body.group.id,
        decision: 'reject',
        reason: 'Not this payment',
      });
      expect(rejected.status).toBe(204);
      expect(await balances(ids)).toEqual(before);
      const states = await world.server.database.db
        .select({ state: reconAllocations.state })
        .from(reconAllocations)
        .where(inArray(reconAllocations.id, again.body.allocation_ids));
      expect(states.map((l) => l.state)).toEqual(['rejected', 'rejected']);
      const held = await world.server.database.db
        .select()
        .from(reconGroupItems)
        .where(and(eq(reconGroupItems.itemId, a.paymentId), eq(reconGroupItems.active, true)));
      expect(held).toEqual([]);
    } finally {
      await setMakerChecker(world, null);
    }
  });

  it('refuses an invoice row standing for another kind, and a failure half-way saves nothing', async () => {
    const { paymentId, invoiceIds } = await rows(
      ['PAY-TX', '5000', '2026-03-20'],
      [['INV-TX', '5000', '2026-03-01']],
    );
    const wrongKind = await world.as('admin', 'POST', DOCS, {
      kind: 'payment',
      number: 'ODD-1',
      issue_date: '2026-03-01',
      total: '5000',
      item_id: invoiceIds[0],
    });
    expect(wrongKind.status).toBe(201);
    const res = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: paymentId,
      invoice_item_ids: invoiceIds,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invoice row 1 stands for a payment, not an invoice');

    // A void invoice document is refused by the allocation step, after the payment's document and
    // the group were written in the same transaction: none of it stays.
    const other = await rows(['PAY-TX2', '5000', '2026-03-20'], [['INV-TX2', '5000', '2026-03-01']]);
    const invoiceDoc = await world.as('admin', 'POST', DOCS, {
      kind: 'invoice',
      number: 'INV-TX2',
      issue_date: '2026-03-01',
      total: '5000',
      item_id: other.invoiceIds[0],
    });
    const { db } = world.server.database;
    await db
      .update(accountingDocuments)
      .set({ status: 'void' })
      .where(eq(accountingDocuments.id, invoiceDoc.body.id));
    const failed = await world.as('admin', 'POST', FROM_ITEMS, {
      payment_item_id: other.paymentId,
      invoice_item_ids: other.invoiceIds,
    });
    expect(failed.status).toBe(409);
    expect(failed.body.message).toBe('Invoice INV-TX2 is void');
    expect(await docsOf(other.paymentId)).toHaveLength(0);
    expect(
      await db.select().from(reconGroupItems).where(eq(reconGroupItems.itemId, other.paymentId)),
    ).toHaveLength(0);
  });
});
