import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../db/database.ts';
import {
  dataTables,
  organizations,
  reconAudit,
  reconGroupItems,
  reconGroups,
  reconRuns,
  tableItems,
  users,
} from '../../../db/schema.ts';

/*
 * The references of groups, their items and the audit are statement triggers, not foreign keys
 * (drizzle/0013_recon-set-based-references.sql): what a foreign key refused they refuse, what it
 * cascaded they cascade. On PGlite, and on PostgreSQL with DATABASE_URL.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-refs-'));
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
});
afterAll(async () => {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An organization with two tables of two rows each, and a user. */
async function world(label: string) {
  const { db } = database;
  const stamp = Date.now();
  const [org] = await db
    .insert(organizations)
    .values({ name: `Refs ${label}` })
    .returning();
  const [user] = await db
    .insert(users)
    .values({ email: `refs-${label}-${stamp}@example.test`, username: `refs-${label}-${stamp}` })
    .returning();
  if (!org || !user) throw new Error('no organization');
  const tables = await db
    .insert(dataTables)
    .values([
      { organizationId: org.id, name: `${label} bank` },
      { organizationId: org.id, name: `${label} ledger` },
    ])
    .returning();
  const [left, right] = tables;
  if (!left || !right) throw new Error('no tables');
  const items = await db
    .insert(tableItems)
    .values([left.id, left.id, right.id, right.id].map((tableId) => ({ tableId })))
    .returning();
  const [run] = await db
    .insert(reconRuns)
    .values({ organizationId: org.id, leftTableId: left.id, rightTableId: right.id, passes: [] })
    .returning();
  if (!run) throw new Error('no run');
  return { org, user, left, right, items, run };
}

type World = Awaited<ReturnType<typeof world>>;

function group(w: World, extra: Partial<typeof reconGroups.$inferInsert> = {}) {
  return {
    organizationId: w.org.id,
    runId: w.run.id,
    leftTableId: w.left.id,
    rightTableId: w.right.id,
    source: 'auto',
    ruleId: 'exact',
    status: 'reconciled',
    currency: 'KES',
    leftTotal: 100n,
    rightTotal: 100n,
    difference: 0n,
    createdBy: w.user.id,
    ...extra,
  };
}

function item(
  w: World,
  groupId: string,
  index: number,
  extra: Partial<typeof reconGroupItems.$inferInsert> = {},
) {
  const row = w.items[index];
  if (!row) throw new Error(`no item ${index}`);
  return {
    groupId,
    organizationId: w.org.id,
    itemId: row.id,
    tableId: row.tableId,
    side: row.tableId === w.left.id ? 'left' : 'right',
    amount: 100n,
    ...extra,
  };
}

/** The SQLSTATE of what `work` threw (drizzle wraps the driver's error in `cause`). */
async function sqlState(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } };
    return e.code ?? e.cause?.code;
  }
  return undefined;
}

describe('recon references kept by statement triggers', () => {
  it('refuses a group whose table, run or maker is missing or of another organization', async () => {
    const { db } = database;
    const w = await world('groups');
    const other = await world('groups-other');
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const extra of [
      { leftTableId: missing },
      { rightTableId: other.right.id },
      { runId: other.run.id },
      { runId: missing },
      { createdBy: missing },
      { organizationId: other.org.id },
    ]) {
      expect(await sqlState(db.insert(reconGroups).values(group(w, extra))), JSON.stringify(extra)).toBe(
        '23503',
      );
    }
    const [made] = await db.insert(reconGroups).values(group(w)).returning();
    expect(made?.leftTableId).toBe(w.left.id);
    expect(
      await sqlState(
        db
          .update(reconGroups)
          .set({ rightTableId: missing })
          .where(eq(reconGroups.id, made?.id ?? '')),
      ),
    ).toBe('23503');
  });

  it('refuses an item that is not a row of its table, its group, or its organization', async () => {
    const { db } = database;
    const w = await world('items');
    const other = await world('items-other');
    const [made] = await db.insert(reconGroups).values(group(w)).returning();
    const [strange] = await db.insert(reconGroups).values(group(other)).returning();
    if (!made || !strange) throw new Error('no group');
    const cases = [
      item(w, made.id, 0, { itemId: other.items[0]?.id ?? '' }),
      item(w, made.id, 0, { tableId: w.right.id }),
      item(w, made.id, 0, { organizationId: other.org.id }),
      item(w, strange.id, 0),
      item(w, '00000000-0000-4000-8000-000000000000', 0),
    ];
    for (const row of cases) {
      expect(await sqlState(db.insert(reconGroupItems).values([item(w, made.id, 2), row]))).toBe('23503');
    }
    expect(await db.select().from(reconGroupItems).where(eq(reconGroupItems.groupId, made.id))).toEqual([]);
    await db.insert(reconGroupItems).values([item(w, made.id, 0), item(w, made.id, 2)]);
    expect(await db.select().from(reconGroupItems).where(eq(reconGroupItems.groupId, made.id))).toHaveLength(
      2,
    );
  });

  it('refuses an audit entry of an organization that does not exist', async () => {
    const { db } = database;
    const entry = { actorEmail: 'automatic', action: 'run.completed', targetType: 'run' };
    expect(
      await sqlState(
        db.insert(reconAudit).values({ ...entry, organizationId: '00000000-0000-4000-8000-000000000000' }),
      ),
    ).toBe('23503');
  });

  it('cascades like the foreign keys did: items, tables, groups, runs, makers, organizations', async () => {
    const { db } = database;
    const w = await world('cascade');
    const groups = await db
      .insert(reconGroups)
      .values([group(w), group(w)])
      .returning();
    const [first, second] = groups;
    if (!first || !second) throw new Error('no groups');
    await db
      .insert(reconGroupItems)
      .values([item(w, first.id, 0), item(w, first.id, 2), item(w, second.id, 1), item(w, second.id, 3)]);
    await db
      .insert(reconAudit)
      .values({ organizationId: w.org.id, actorEmail: 'automatic', action: 'x', targetType: 'run' });
    const itemsOf = (ids: string[]) =>
      db.select().from(reconGroupItems).where(inArray(reconGroupItems.groupId, ids));

    // A table row goes: its group item goes with it, the group stays.
    await db.delete(tableItems).where(eq(tableItems.id, w.items[0]?.id ?? ''));
    expect((await itemsOf([first.id])).map((i) => i.itemId)).toEqual([w.items[2]?.id]);
    // The run goes: its groups stay, without a run. The maker goes: without a maker.
    await db.delete(reconRuns).where(eq(reconRuns.id, w.run.id));
    await db.delete(users).where(eq(users.id, w.user.id));
    const kept = await db
      .select()
      .from(reconGroups)
      .where(inArray(reconGroups.id, [first.id, second.id]));
    expect(kept.map((g) => [g.runId, g.createdBy])).toEqual([
      [null, null],
      [null, null],
    ]);
    // A group goes: its items go.
    await db.delete(reconGroups).where(eq(reconGroups.id, first.id));
    expect(await itemsOf([first.id])).toEqual([]);
    // A table goes: the groups of either side go, and their items.
    await db.delete(dataTables).where(eq(dataTables.id, w.right.id));
    expect(await db.select().from(reconGroups).where(eq(reconGroups.id, second.id))).toEqual([]);
    expect(await itemsOf([second.id])).toEqual([]);
    // The organization goes: its audit goes.
    await db.delete(organizations).where(eq(organizations.id, w.org.id));
    expect(await db.select().from(reconAudit).where(eq(reconAudit.organizationId, w.org.id))).toEqual([]);
  });
});
