import { roleCatalog } from '@counterpart/domain';
import { count } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { groupMembers, groupRoles, groups, memberships, organizations, users } from '../db/schema.ts';
import { hashPassword } from './passwords.ts';

export const DEMO_PASSWORD = 'Counterpart-demo-1';
export const DEMO_USERS = { admin: 'admin@demo.test', viewer: 'viewer@demo.test' } as const;

type Grant = { client: 'management' | 'recon'; role: string };

/**
 * The three groups every new organization starts with, and what each may do. Viewers read
 * dashboards, documents, models, tables' records, settings and the audit trail; workflows (and
 * the tables list, which the spec puts under read on workflow) come with Reconcilers.
 */
export function defaultGroups(
  productKey: string,
): Record<'Administrators' | 'Reconcilers' | 'Viewers', Grant[]> {
  const catalog = roleCatalog(productKey);
  const reads = catalog.filter((g) => g.role.endsWith('-read'));
  const reconWork = catalog.filter((g) => g.client === 'recon' && !g.role.endsWith('-delete'));
  return {
    Administrators: catalog,
    Reconcilers: dedupe([...reads, ...reconWork]),
    Viewers: reads.filter((g) => g.role !== 'workflow-read'),
  };
}

/**
 * Seeds the demo on an empty database: "Demo Company" (admin + viewer) and "Second Branch"
 * (the admin again). Does nothing when any user exists, so a restart keeps every record.
 */
export async function seedDemo(database: Database, productKey: string): Promise<boolean> {
  const { db } = database;
  const [existing] = await db.select({ n: count() }).from(users);
  if (Number(existing?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [admin, viewer] = await tx
      .insert(users)
      .values([
        { email: DEMO_USERS.admin, username: DEMO_USERS.admin, fullName: 'Amina Otieno', passwordHash },
        { email: DEMO_USERS.viewer, username: DEMO_USERS.viewer, fullName: 'Victor Mwangi', passwordHash },
      ])
      .returning();
    const [demo, branch] = await tx
      .insert(organizations)
      .values([
        { name: 'Demo Company', attributes: { authenticator: ['Counterpart'], primary_color: ['#40ba58'] } },
        { name: 'Second Branch', attributes: { authenticator: ['Counterpart'], primary_color: ['#2563eb'] } },
      ])
      .returning();
    if (!admin || !viewer || !demo || !branch) throw new Error('Seeding returned no rows');
    await tx.insert(memberships).values([
      { organizationId: demo.id, userId: admin.id },
      { organizationId: demo.id, userId: viewer.id },
      { organizationId: branch.id, userId: admin.id },
    ]);
    for (const org of [demo, branch]) {
      const ids = await createDefaultGroups(tx, org.id, productKey);
      await tx.insert(groupMembers).values({ groupId: ids.Administrators, userId: admin.id });
      if (org.id === demo.id)
        await tx.insert(groupMembers).values({ groupId: ids.Viewers, userId: viewer.id });
    }
  });
  return true;
}

/** Creates Administrators, Reconcilers and Viewers with their grants; returns their ids by name. */
export async function createDefaultGroups(db: Database['db'], organizationId: string, productKey: string) {
  const ids = {} as Record<keyof ReturnType<typeof defaultGroups>, string>;
  for (const [name, grants] of Object.entries(defaultGroups(productKey))) {
    const [group] = await db.insert(groups).values({ organizationId, name }).returning();
    if (!group) throw new Error(`Could not create group ${name}`);
    ids[name as keyof typeof ids] = group.id;
    await db.insert(groupRoles).values(grants.map((g) => ({ groupId: group.id, ...g })));
  }
  return ids;
}

function dedupe(grants: Grant[]): Grant[] {
  const seen = new Set<string>();
  return grants.filter((g) => !seen.has(`${g.client}:${g.role}`) && seen.add(`${g.client}:${g.role}`));
}
