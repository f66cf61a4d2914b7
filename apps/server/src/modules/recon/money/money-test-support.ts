import { expect } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { reconGroupItems, reconGroups, reconSettings } from '../../../db/schema.ts';
import type { ReconScope } from '../shared/recon-scope.ts';
import { balancedCalls } from '../shared/recon-test-support.ts';

/** Shared set-up of the money tests (adjustments, accounting documents, allocations, search). */

export const RECON = '/api/recon';
export const TABLES = '/api/tables/storage/counterpart_tables';

export interface MoneyWorld {
  server: TestServer;
  org: TestOrganization;
  other: TestOrganization;
  admin: TestMember;
  /** A second person who may approve the admin's requests. */
  checker: TestMember;
  viewer: TestMember;
  stranger: TestMember;
  tokens: { admin: string; checker: string; viewer: string; stranger: string };
  call: ReturnType<typeof createApiCall>;
  as: (
    who: 'admin' | 'checker' | 'viewer' | 'stranger',
    method: string,
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: Json }>;
}

export async function startMoneyWorld(label: string): Promise<MoneyWorld> {
  const server = await startTestServer();
  const call = createApiCall(server);
  const org = await createTestOrganization(server, label);
  const other = await createTestOrganization(server, `${label} elsewhere`);
  const admin = await addTestMember(server, org, { group: 'Administrators' });
  const checker = await addTestMember(server, org, { group: 'Reconcilers' });
  const viewer = await addTestMember(server, org, { group: 'Viewers' });
  const stranger = await addTestMember(server, other, { group: 'Administrators' });
  const tokens = {
    admin: await admin.token(),
    checker: await checker.token(),
    viewer: await viewer.token(),
    stranger: await stranger.token(),
  };
  // Every change the organization's people make is followed by the sums invariant.
  const ours = balancedCalls(server, org.id, (method: string, path: string, token: string, body?: unknown) =>
    call(method, path, token, org.id, body),
  );
  const as: MoneyWorld['as'] = (who, method, path, body) =>
    who === 'stranger'
      ? call(method, path, tokens[who], other.id, body)
      : ours(method, path, tokens[who], body);
  return { server, org, other, admin, checker, viewer, stranger, tokens, call, as };
}

/** The scope a service function runs in when `member` acts in the world's organization (or the one given). */
export function serviceScope(
  world: MoneyWorld,
  member: TestMember,
  organizationId = world.org.id,
): ReconScope {
  return {
    db: world.server.database.db,
    organizationId,
    actor: { userId: member.id, email: member.email },
  };
}

export interface TestTable {
  id: string;
  col: Record<string, string>;
}

export async function createTable(
  world: MoneyWorld,
  name: string,
  columns: unknown[],
  who: 'admin' | 'stranger' = 'admin',
): Promise<TestTable> {
  const res = await world.as(who, 'POST', `${TABLES}/`, { name, columns });
  expect(res.status).toBe(201);
  return { id: res.body.id, col: Object.fromEntries(res.body.columns.map((c: Json) => [c.name, c.id])) };
}

export async function addRow(
  world: MoneyWorld,
  table: TestTable,
  values: Record<string, unknown>,
  who: 'admin' | 'stranger' = 'admin',
): Promise<string> {
  const res = await world.as(who, 'POST', `${TABLES}/${table.id}/items`, { values });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** A bank table and a ledger table (Reference, Amount, Date; the ledger also Customer). */
export async function bankAndLedger(world: MoneyWorld, who: 'admin' | 'stranger' = 'admin') {
  const bank = await createTable(
    world,
    `Bank ${Math.random().toString(36).slice(2, 7)}`,
    [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
      { name: 'Date', type: 'date' },
    ],
    who,
  );
  const ledger = await createTable(
    world,
    `Ledger ${Math.random().toString(36).slice(2, 7)}`,
    [
      { name: 'Invoice', type: 'text' },
      { name: 'Total', type: 'currency' },
      { name: 'Posted', type: 'date' },
    ],
    who,
  );
  return { bank, ledger };
}

/**
 * A match group written straight to the database (left items against right items, amounts in minor
 * units), as a run or a manual match would leave it.
 */
export async function insertGroup(
  world: MoneyWorld,
  tables: { left: string; right: string },
  left: { id: string; amount: bigint }[],
  right: { id: string; amount: bigint }[],
  options: { status?: string; state?: string; organizationId?: string } = {},
): Promise<string> {
  const { db } = world.server.database;
  const organizationId = options.organizationId ?? world.org.id;
  const leftTotal = left.reduce((s, i) => s + i.amount, 0n);
  const rightTotal = right.reduce((s, i) => s + i.amount, 0n);
  const difference = leftTotal - rightTotal;
  const [group] = await db
    .insert(reconGroups)
    .values({
      organizationId,
      leftTableId: tables.left,
      rightTableId: tables.right,
      source: 'manual',
      ruleId: 'manual',
      ruleName: 'Manual match',
      status: options.status ?? (difference === 0n ? 'reconciled' : 'partial'),
      state: options.state ?? 'active',
      currency: 'KES',
      leftTotal,
      rightTotal,
      difference,
    })
    .returning();
  if (!group) throw new Error('no group');
  await db.insert(reconGroupItems).values([
    ...left.map((i) => ({
      groupId: group.id,
      organizationId,
      itemId: i.id,
      tableId: tables.left,
      side: 'left',
      amount: i.amount,
    })),
    ...right.map((i) => ({
      groupId: group.id,
      organizationId,
      itemId: i.id,
      tableId: tables.right,
      side: 'right',
      amount: i.amount,
    })),
  ]);
  return group.id;
}

/** Turns maker-checker on (threshold in minor units) or off for the organization. */
export async function setMakerChecker(world: MoneyWorld, threshold: string | null): Promise<void> {
  const settings = { maker_checker: { enabled: threshold !== null, threshold: threshold ?? '0' } };
  await world.server.database.db
    .insert(reconSettings)
    .values({ organizationId: world.org.id, settings })
    .onConflictDoUpdate({ target: reconSettings.organizationId, set: { settings } });
}

export const invoiceInput = (number: string, total: string, extra: Record<string, unknown> = {}) => ({
  kind: 'invoice',
  number,
  counterparty: 'Wanjiku Traders',
  issue_date: '2026-03-01',
  total,
  ...extra,
});

export const paymentInput = (number: string, total: string, extra: Record<string, unknown> = {}) => ({
  kind: 'payment',
  number,
  counterparty: 'Wanjiku Traders',
  issue_date: '2026-03-10',
  total,
  ...extra,
});
