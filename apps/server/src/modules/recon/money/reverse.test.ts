import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import {
  addRow,
  bankAndLedger,
  type MoneyWorld,
  RECON,
  startMoneyWorld,
  TABLES,
  type TestTable,
} from './money-test-support.ts';

/*
 * Issue 19, "Review and undo": an adjustment and an allocation are reversed with a reason, and what
 * the workspace reads afterwards (the group's detail, its audit trail) says so.
 */

const FROM_ITEMS = `${RECON}/v1/allocations/from_items`;
const ALLOC = `${RECON}/v1/allocations`;
const ADJ = `${RECON}/v1/recon/adjustment`;
const GROUPS = `${RECON}/v1/recon/groups`;
const AUDIT = `${RECON}/v1/recon/audit`;

let world: MoneyWorld;
let bank: TestTable;
let ledger: TestTable;

beforeAll(async () => {
  world = await startMoneyWorld('Reverse');
  ({ bank, ledger } = await bankAndLedger(world));
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

/** A payment row of 80 000 allocated over two invoice rows of 50 000 + 40 000: a partial group, −10 000. */
async function allocatedGroup(tag: string): Promise<{ groupId: string; allocationIds: string[] }> {
  const paymentItemId = await addRow(world, bank, {
    Reference: `PAY-${tag}`,
    Amount: money('80000'),
    Date: '2026-03-20',
  });
  const invoiceItemIds = [
    await addRow(world, ledger, { Invoice: `INV-${tag}-1`, Total: money('50000'), Posted: '2026-03-01' }),
    await addRow(world, ledger, { Invoice: `INV-${tag}-2`, Total: money('40000'), Posted: '2026-03-05' }),
  ];
  const done = await world.as('admin', 'POST', FROM_ITEMS, {
    payment_item_id: paymentItemId,
    invoice_item_ids: invoiceItemIds,
  });
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return { groupId: done.body.group.id, allocationIds: done.body.allocation_ids };
}

const detail = async (groupId: string) => {
  const res = await world.as('admin', 'GET', `${GROUPS}/${groupId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const trail = async (groupId: string) => {
  const res = await world.as('admin', 'GET', `${AUDIT}?group_id=${groupId}&page_size=50`);
  expect(res.status).toBe(200);
  return res.body.data as Json[];
};

describe('reversing adjustments and allocations (issue 19)', () => {
  it('an adjustment: the remainder comes back, the group says who reversed it, when and why', async () => {
    const { groupId } = await allocatedGroup('A');
    expect((await detail(groupId)).data).toMatchObject({ status: 'partial', difference: '-10000' });
    const made = await world.as('admin', 'POST', ADJ, {
      group_id: groupId,
      reason: 'Discount agreed',
      account: '4100 Discounts',
    });
    expect(made.status).toBe(201);
    expect(made.body.decision_reason).toBeNull();
    let group = await detail(groupId);
    expect(group.data).toMatchObject({ status: 'reconciled', adjusted: '-10000' });
    // The trail offers the reversal while the adjustment is active.
    const created = (await trail(groupId)).find((entry) => entry.action === 'adjustment.created');
    expect(created).toMatchObject({ target_id: made.body.id, target_state: 'active' });

    const reversed = await world.as('admin', 'POST', `${ADJ}/${made.body.id}/reverse`, {
      reason: '  Not a discount after all  ',
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body).toMatchObject({
      state: 'reversed',
      decided_by_email: world.admin.email,
      decision_reason: 'Not a discount after all',
    });
    group = await detail(groupId);
    expect(group.data).toMatchObject({ status: 'partial', adjusted: '0', difference: '-10000' });
    expect(group.adjustments).toEqual([
      expect.objectContaining({
        id: made.body.id,
        state: 'reversed',
        reason: 'Discount agreed',
        decided_by_email: world.admin.email,
        decision_reason: 'Not a discount after all',
      }),
    ]);
    expect(group.adjustments[0].decided_at).toEqual(expect.any(String));
    const entries = await trail(groupId);
    expect(entries[0]).toMatchObject({
      action: 'adjustment.reversed',
      reason: 'Not a discount after all',
      target_state: 'reversed',
    });
    expect(entries.find((entry) => entry.action === 'adjustment.created')?.target_state).toBe('reversed');
    // A list of adjustments carries the reason as well.
    const listed = await world.as('admin', 'GET', `${ADJ}?group_id=${groupId}`);
    expect(listed.body.data[0].decision_reason).toBe('Not a discount after all');
  });

  it('an allocation: the group lists it reversed with its reason, and its trail shows the reversal', async () => {
    const { groupId, allocationIds } = await allocatedGroup('B');
    let group = await detail(groupId);
    expect(group.allocations).toHaveLength(2);
    const byNumber = (a: Json, b: Json) => String(a.invoice_number).localeCompare(String(b.invoice_number));
    group.allocations.sort(byNumber);
    expect(group.allocations.map((a: Json) => [a.invoice_number, a.amount, a.state])).toEqual([
      ['INV-B-1', '50000', 'active'],
      ['INV-B-2', '30000', 'active'],
    ]);
    const target = group.allocations[1];
    expect(group.allocations[0]).toMatchObject({
      payment_number: 'PAY-B',
      currency: 'KES',
      decided_by_email: null,
      decided_at: null,
      decision_reason: null,
    });
    const before = await trail(groupId);
    expect(
      before.filter((entry) => entry.action === 'allocation.created').map((entry) => entry.target_state),
    ).toEqual(['active', 'active']);

    const reversed = await world.as('admin', 'POST', `${ALLOC}/${target.id}/reverse`, {
      reason: 'Paid INV-B-2 by mistake',
    });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body).toMatchObject({
      id: target.id,
      state: 'reversed',
      decided_by_email: world.admin.email,
      decision_reason: 'Paid INV-B-2 by mistake',
    });
    group = await detail(groupId);
    group.allocations.sort(byNumber);
    expect(group.allocations.map((a: Json) => [a.id, a.state, a.decision_reason])).toEqual([
      [allocationIds.find((id) => id !== target.id), 'active', null],
      [target.id, 'reversed', 'Paid INV-B-2 by mistake'],
    ]);
    // The reversal is an entry of the group's trail (it names the group), newest first.
    const after = await trail(groupId);
    expect(after[0]).toMatchObject({
      action: 'allocation.reversed',
      target_id: target.id,
      group_id: groupId,
      reason: 'Paid INV-B-2 by mistake',
      target_state: 'reversed',
    });
    // The payment's open amount came back; the one allocation is found by its id.
    const one = await world.as('admin', 'GET', `${ALLOC}?id=${target.id}`);
    expect(one.body.total).toBe(1);
    expect(one.body.data[0]).toMatchObject({ id: target.id, state: 'reversed', invoice_number: 'INV-B-2' });
    const again = await world.as('admin', 'POST', `${ALLOC}/${target.id}/reverse`, { reason: 'Twice' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only an active allocation can be reversed; this one is reversed');
  });

  it('refuses other organizations (404), viewers (403), and reasons that cannot be stored (400), never 5xx', async () => {
    const { groupId, allocationIds } = await allocatedGroup('C');
    const made = await world.as('admin', 'POST', ADJ, { group_id: groupId, reason: 'Fee', account: '6100' });
    expect(made.status).toBe(201);
    const paths = [`${ADJ}/${made.body.id}/reverse`, `${ALLOC}/${allocationIds[0]}/reverse`];
    for (const path of paths) {
      const stranger = await world.as('stranger', 'POST', path, { reason: 'Mine?' });
      expect(stranger.status, path).toBe(404);
      expect(stranger.body.message).toMatch(/not found in this organization/);
      const viewer = await world.as('viewer', 'POST', path, { reason: 'Look only' });
      expect(viewer.status, path).toBe(403);
      const nul = await world.as('admin', 'POST', path, { reason: 'A\u0000B' });
      expect(nul.status, path).toBe(400);
      expect(nul.body.message).toMatch(/NUL/);
      const long = await world.as('admin', 'POST', path, { reason: 'x'.repeat(1001) });
      expect(long.status, path).toBe(400);
      expect(long.body.details?.reason ?? long.body.message).toMatch(/1000/);
      const typed = await world.as('admin', 'POST', path, { reason: 42 });
      expect(typed.status, path).toBe(400);
      const badId = await world.as('admin', 'POST', path.replace(/[0-9a-f-]{36}/, 'not-an-id'), {});
      expect(badId.status, path).toBe(400);
      const missing = await world.as(
        'admin',
        'POST',
        path.replace(/[0-9a-f-]{36}/, '00000000-0000-4000-8000-000000000000'),
        {},
      );
      expect(missing.status, path).toBe(404);
    }
    // Nothing was reversed by any of that.
    const group = await detail(groupId);
    expect(group.adjustments[0].state).toBe('active');
    expect(group.allocations.every((a: Json) => a.state === 'active')).toBe(true);
  });
});
