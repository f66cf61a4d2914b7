import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconAdjustments, reconAudit, reconGroups } from '../../../db/schema.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { expectBalanced } from '../shared/recon-test-support.ts';
import { decideAdjustment } from './adjustments.service.ts';
import {
  addRow,
  bankAndLedger,
  insertGroup,
  type MoneyWorld,
  RECON,
  serviceScope,
  setMakerChecker,
  startMoneyWorld,
  type TestTable,
} from './money-test-support.ts';

const ADJ = `${RECON}/v1/recon/adjustment`;

let world: MoneyWorld;
let bank: TestTable;
let ledger: TestTable;

beforeAll(async () => {
  world = await startMoneyWorld('Adjustments');
  ({ bank, ledger } = await bankAndLedger(world));
});
afterAll(() => world.server.close());

/** A partial group: a payment of `paid` against an invoice of `billed` (minor units). */
async function partialGroup(paid: bigint, billed: bigint, status?: string): Promise<string> {
  const left = await addRow(world, bank, {
    Reference: 'INV-1',
    Amount: { minor_units: paid.toString() },
    Date: '2026-03-02',
  });
  const right = await addRow(world, ledger, {
    Invoice: 'INV-1',
    Total: { minor_units: billed.toString() },
    Posted: '2026-03-01',
  });
  return insertGroup(
    world,
    { left: bank.id, right: ledger.id },
    [{ id: left, amount: paid }],
    [{ id: right, amount: billed }],
    status ? { status } : {},
  );
}

/** Asks for an adjustment of the group (amount: the whole unexplained remainder when left out). */
function adjust(
  groupId: string,
  fields: { amount?: string; reason: string; account: string },
  who: keyof MoneyWorld['tokens'] = 'admin',
) {
  return world.as(who, 'POST', ADJ, { group_id: groupId, ...fields });
}

/** Approves or rejects an adjustment through the service, as the scope's actor. */
function decide(scope: ReconScope, id: string, decision: 'approve' | 'reject', reason = '') {
  return world.server.database.db.transaction((tx) =>
    decideAdjustment(tx as never, scope, id, decision, reason),
  );
}

async function group(id: string) {
  const [row] = await world.server.database.db.select().from(reconGroups).where(eq(reconGroups.id, id));
  if (!row) throw new Error('group gone');
  return row;
}

describe('adjustments', () => {
  it('writes off the unexplained remainder by default and reconciles the group, with an audit entry', async () => {
    // Bank charges: the customer paid 99,950.00 of 100,000.00.
    const id = await partialGroup(9_995_000n, 10_000_000n);
    const res = await adjust(id, { reason: 'Bank charges', account: '6100 Bank charges' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      group_id: id,
      amount: '-5000',
      state: 'active',
      account: '6100 Bank charges',
      currency: 'KES',
    });
    expect(res.body.created_by_email).toBe(world.admin.email);
    const after = await group(id);
    expect(after.adjusted).toBe(-5000n);
    expect(after.status).toBe('reconciled');
    const audit = await world.server.database.db
      .select()
      .from(reconAudit)
      .where(and(eq(reconAudit.targetId, res.body.id), eq(reconAudit.action, 'adjustment.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toMatchObject({
      difference: '-5000',
      adjusted: '0',
      remainder: '-5000',
      status: 'partial',
    });
    expect(audit[0]?.after).toMatchObject({
      adjusted: '-5000',
      remainder: '0',
      status: 'reconciled',
      amount: '-5000',
    });
    expect(audit[0]?.itemIds).toHaveLength(2);
    await expectBalanced(world.server, world.org.id);

    // Nothing left to write off.
    const again = await adjust(id, { reason: 'More', account: '6100' });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/no unexplained difference/);
  });

  it('refuses more than the remainder and the wrong sign, naming both figures; takes part of it', async () => {
    const id = await partialGroup(10_300n, 10_000n); // overpaid by 3.00: remainder +300
    const over = await adjust(id, { amount: '301', reason: 'x', account: 'y' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('The adjustment 301 is more than the unexplained difference 300');
    const sign = await adjust(id, { amount: '-100', reason: 'x', account: 'y' });
    expect(sign.status).toBe(400);
    expect(sign.body.message).toBe(
      'The adjustment -100 must have the same sign as the unexplained difference 300',
    );
    const part = await adjust(id, { amount: '100', reason: 'Rounding', account: '7000' });
    expect(part.status).toBe(201);
    let g = await group(id);
    expect(g.adjusted).toBe(100n);
    expect(g.status).toBe('partial');
    const rest = await adjust(id, { reason: 'Overpayment kept', account: '7001' });
    expect(rest.body.amount).toBe('200');
    g = await group(id);
    expect(g.status).toBe('reconciled');
    await expectBalanced(world.server, world.org.id);

    const missing = await adjust(id, { amount: '1', reason: '', account: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toMatchObject({ reason: 'Give a reason', account: 'Name the account' });
  });

  it('reverses an adjustment: the remainder comes back and the group is partial again', async () => {
    const id = await partialGroup(9_000n, 10_000n);
    const made = await adjust(id, { reason: 'Discount', account: '4100' });
    expect((await group(id)).status).toBe('reconciled');
    const reversed = await world.as('admin', 'POST', `${ADJ}/${made.body.id}/reverse`, {
      reason: 'Not a discount',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.state).toBe('reversed');
    const g = await group(id);
    expect(g.adjusted).toBe(0n);
    expect(g.status).toBe('partial');
    // No body at all is fine too (the reason is optional).
    const twice = await world.as('admin', 'POST', `${ADJ}/${made.body.id}/reverse`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/Only an active adjustment can be reversed; this one is reversed/);
    await expectBalanced(world.server, world.org.id);

    const list = await world.as('admin', 'GET', `${ADJ}?group_id=${id}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.data[0].state).toBe('reversed');
    const none = await world.as('admin', 'GET', `${ADJ}?group_id=${id}&state=active`);
    expect(none.body.total).toBe(0);
  });

  it('refuses suggestions, undone groups and groups of another organization', async () => {
    const suggested = await partialGroup(900n, 1000n, 'suggested');
    const res = await adjust(suggested, { reason: 'x', account: 'y' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/suggestion: accept it/);
    const stranger = await adjust(suggested, { reason: 'x', account: 'y' }, 'stranger');
    expect(stranger.status).toBe(404);
    expect((await world.as('stranger', 'GET', `${ADJ}`)).body.total).toBe(0);
  });

  it('maker-checker: a large write-off waits, counts only once another person approves it', async () => {
    await setMakerChecker(world, '1000');
    try {
      const id = await partialGroup(5_000n, 10_000n); // remainder -5000 ≥ threshold
      const made = await adjust(id, { reason: 'Bad debt', account: '6900' });
      expect(made.status).toBe(201);
      expect(made.body.state).toBe('pending_approval');
      expect((await group(id)).adjusted).toBe(0n);
      expect((await group(id)).status).toBe('partial');
      await expectBalanced(world.server, world.org.id);

      const { db } = world.server.database;
      const maker = serviceScope(world, world.admin);
      const checker = serviceScope(world, world.checker);
      await expect(decide(maker, made.body.id, 'approve')).rejects.toMatchObject({ status: 403 });
      await decide(checker, made.body.id, 'approve', 'Checked the ageing');
      const g = await group(id);
      expect(g.adjusted).toBe(-5000n);
      expect(g.status).toBe('reconciled');
      await expect(decide(checker, made.body.id, 'approve')).rejects.toMatchObject({ status: 409 });
      const [row] = await db.select().from(reconAdjustments).where(eq(reconAdjustments.id, made.body.id));
      expect(row?.state).toBe('active');
      expect(row?.decidedBy).toBe(world.checker.id);
      await expectBalanced(world.server, world.org.id);

      // A rejected one never counts; a foreign organization's scope cannot see it.
      const id2 = await partialGroup(5_000n, 10_000n);
      const made2 = await adjust(id2, { reason: 'Bad debt', account: '6900' });
      const foreign = serviceScope(world, world.stranger, world.other.id);
      await expect(decide(foreign, made2.body.id, 'approve')).rejects.toMatchObject({ status: 404 });
      await decide(checker, made2.body.id, 'reject', 'No');
      expect((await group(id2)).adjusted).toBe(0n);
      const states = await db
        .select({ state: reconAdjustments.state })
        .from(reconAdjustments)
        .where(inArray(reconAdjustments.id, [made2.body.id]));
      expect(states[0]?.state).toBe('rejected');
      await expectBalanced(world.server, world.org.id);
    } finally {
      await setMakerChecker(world, null);
    }
  });

  it('permissions: a viewer cannot adjust or list (no workflow read)', async () => {
    const id = await partialGroup(900n, 1000n);
    const res = await adjust(id, { reason: 'x', account: 'y' }, 'viewer');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/workflow-create/);
    expect((await world.as('viewer', 'GET', ADJ)).status).toBe(403);
    // A Reconciler may.
    expect((await adjust(id, { reason: 'x', account: 'y' }, 'checker')).status).toBe(201);
  });
});
