import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type GroupName,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import type { TestServer } from '../../../../test/test-server.ts';

export const TABLES = '/api/tables/storage/counterpart_tables';
export const RECON = '/api/recon';
export const V1 = `${RECON}/v1/recon`;
export const MANUAL = `${RECON}/workflows/manual_reconciliation`;
export const RULES = `${RECON}/recon_engine/api/rules`;

export interface Side {
  id: string;
  /** Column ids by name. */
  col: Record<string, string>;
  /** Item ids by reference (the first column). */
  item: Record<string, string>;
}

/** An organization of the test's own with an admin (and whatever members the test adds). */
export interface ReconOrg {
  server: TestServer;
  org: TestOrganization;
  /** The admin's token, and e-mail (to sign a token on another server of the same database). */
  admin: string;
  adminEmail: string;
  as: (
    token: string,
  ) => (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;
  call: (method: string, path: string, body?: unknown) => Promise<{ status: number; body: Json }>;
  member: (group?: GroupName) => Promise<{ id: string; token: string }>;
}

export async function createReconOrg(server: TestServer, label: string): Promise<ReconOrg> {
  const api = createApiCall(server);
  const org = await createTestOrganization(server, label);
  const adminMember = await addTestMember(server, org, { group: 'Administrators' });
  const admin = await adminMember.token();
  const as = (token: string) =>
    balancedCalls(server, org.id, (method: string, path: string, body?: unknown) =>
      api(method, path, token, org.id, body),
    );
  return {
    server,
    org,
    admin,
    adminEmail: adminMember.email,
    as,
    call: as(admin),
    member: async (group) => {
      const member = await addTestMember(server, org, group ? { group } : {});
      return { id: member.id, token: await member.token() };
    },
  };
}

/** The engine's default tolerance (KES 500 or 0.5 %) and a two-week date window, so the fixtures match as designed. */
export async function useTestSettings(o: ReconOrg, extra: Record<string, unknown> = {}): Promise<void> {
  const res = await o.call('PUT', `${V1}/settings`, {
    amount_tolerance: { absolute: '50000', percent: 0.5 },
    date_window: { days_before: 14, days_after: 14 },
    ...extra,
  });
  expect(res.status).toBe(200);
}

/** A table with Reference (text), Amount (currency KES) and Date columns, and its rows. */
export async function createSide(
  o: ReconOrg,
  name: string,
  rows: Array<[reference: string, amount: string, date: string]>,
): Promise<Side> {
  const res = await o.call('POST', `${TABLES}/`, {
    name,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
      { name: 'Date', type: 'date' },
    ],
  });
  expect(res.status).toBe(201);
  const side: Side = { id: res.body.id, col: {}, item: {} };
  for (const column of res.body.columns) side.col[column.name] = column.id;
  await addRows(o, side, rows);
  return side;
}

export async function addRows(
  o: ReconOrg,
  side: Side,
  rows: Array<[reference: string, amount: string, date: string]>,
): Promise<void> {
  if (rows.length === 0) return;
  const res = await o.call('POST', `${TABLES}/${side.id}/items/bulk_create`, {
    items: rows.map(([Reference, Amount, day]) => ({ values: { Reference, Amount, Date: day } })),
  });
  expect(res.status).toBe(201);
  const page = await o.call('GET', `${TABLES}/${side.id}/items?page_size=500`);
  for (const item of page.body.data) side.item[item.values[side.col.Reference as string]] = item.id;
}

/** Bank lines (left) against ledger invoices (right): exact, tolerance, suggestion and leftovers. */
export const BANK: Array<[string, string, string]> = [
  ['INV-1001', '1000.00', '2026-03-02'],
  ['INV-1002', '2450.00', '2026-03-05'],
  ['Payment INV-1O03 ACME', '3300.00', '2026-03-06'],
  ['Bank charges', '15.00', '2026-03-07'],
];
export const LEDGER: Array<[string, string, string]> = [
  ['INV-1001', '1000.00', '2026-03-01'],
  ['INV-1002', '2500.00', '2026-03-03'],
  ['INV-1003', '3350.00', '2026-03-04'],
  ['INV-1099', '700.00', '2026-03-04'],
];

/** Starts a run and waits for it to end; answers the run. */
export async function runAndWait(o: ReconOrg, body: Record<string, unknown>): Promise<Json> {
  const started = await o.call('POST', `${V1}/runs`, body);
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return waitForRun(o, started.body.id);
}

export async function waitForRun(o: ReconOrg, runId: string): Promise<Json> {
  const deadline = Date.now() + Number(process.env.RUN_WAIT_MS ?? 20_000);
  for (;;) {
    const res = await o.call('GET', `${V1}/runs/${runId}`);
    expect(res.status).toBe(200);
    if (res.body.status === 'succeeded' || res.body.status === 'failed') {
      await expectBalanced(o.server, o.org.id);
      return res.body;
    }
    if (Date.now() > deadline) throw new Error(`Run ${runId} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The sums invariant, in one query over every group of the organization: left total − right total =
 * recorded difference; the items' amounts add up to each side's total; `adjusted` = Σ active
 * adjustments; a live (active or pending) reconciled group has difference = adjusted. Answers the
 * offending groups with what is wrong.
 */
export async function unbalancedGroups(server: TestServer, organizationId: string): Promise<unknown[]> {
  const result = (await server.database.db.execute(
    sql`
      with items as (
        select group_id,
               coalesce(sum(amount) filter (where side = 'left'), 0) as left_sum,
               coalesce(sum(amount) filter (where side = 'right'), 0) as right_sum
          from recon_group_items where organization_id = ${organizationId} group by group_id
      ), adjustments as (
        select group_id, sum(amount) as adjusted_sum
          from recon_adjustments where organization_id = ${organizationId} and state = 'active' group by group_id
      )
      select g.id, g.status, g.state, g.left_total::text, g.right_total::text, g.difference::text,
             g.adjusted::text, coalesce(i.left_sum, 0)::text as left_sum, coalesce(i.right_sum, 0)::text as right_sum,
             coalesce(a.adjusted_sum, 0)::text as adjusted_sum
        from recon_groups g
        left join items i on i.group_id = g.id
        left join adjustments a on a.group_id = g.id
       where g.organization_id = ${organizationId}
         and (g.left_total - g.right_total <> g.difference
              or coalesce(i.left_sum, 0) <> g.left_total
              or coalesce(i.right_sum, 0) <> g.right_total
              or g.adjusted <> coalesce(a.adjusted_sum, 0)
              or (g.status = 'reconciled' and g.state in ('active', 'pending_approval')
                  and g.difference <> g.adjusted))`,
  )) as unknown as { rows: unknown[] };
  return result.rows;
}

/** Asserts the sums invariant (see unbalancedGroups) for the organization. */
export async function expectBalanced(server: TestServer, organizationId: string): Promise<void> {
  expect(await unbalancedGroups(server, organizationId), 'groups whose sums do not balance').toEqual([]);
}

/**
 * Wraps an API caller so every change it makes under /api/recon that succeeds (a match, unmatch,
 * decision, adjustment, allocation, document, reconcile_invoice…) is followed by the sums invariant;
 * runs are checked when they end (waitForRun).
 */
export function balancedCalls<
  T extends (method: string, path: string, ...rest: never[]) => Promise<{ status: number }>,
>(server: TestServer, organizationId: string, call: T): T {
  return (async (method: string, path: string, ...rest: never[]) => {
    const res = await call(method, path, ...rest);
    if (method !== 'GET' && path.startsWith(RECON) && res.status < 300) {
      await expectBalanced(server, organizationId);
    }
    return res;
  }) as T;
}
