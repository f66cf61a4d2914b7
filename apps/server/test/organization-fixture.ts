import { randomUUID } from 'node:crypto';
import { groupMembers, memberships, organizations, users } from '../src/db/schema.ts';
import { createDefaultGroups, type defaultGroups } from '../src/identity/seed.ts';
import { findUserByEmail } from '../src/identity/users.ts';
import type { TestServer } from './test-server.ts';
import { accessTokenFor } from './tokens.ts';

export type GroupName = keyof ReturnType<typeof defaultGroups>;

export interface TestOrganization {
  id: string;
  name: string;
  groups: Record<GroupName, string>;
}

/**
 * An organization of the test's own, with the default groups and a unique name, so tests stay
 * independent when every test file shares one PostgreSQL database (CI).
 */
export async function createTestOrganization(server: TestServer, label = 'Org'): Promise<TestOrganization> {
  const { db } = server.database;
  const name = `${label} ${randomUUID().slice(0, 8)}`;
  const [org] = await db.insert(organizations).values({ name }).returning();
  if (!org) throw new Error('Could not create the organization');
  const groups = await createDefaultGroups(db, org.id, server.config.productKey);
  return { id: org.id, name, groups };
}

export interface TestMember {
  id: string;
  email: string;
  /** Signs a fresh token holding every organization the user belongs to now. */
  token(): Promise<string>;
}

export interface TestMemberOptions {
  email?: string;
  fullName?: string;
  group?: GroupName;
}

/**
 * Makes the user with `email` (a new unique one by default) a member of the organization, in
 * `group` when given (no group: a member with no roles).
 */
export async function addTestMember(
  server: TestServer,
  organization: TestOrganization,
  options: TestMemberOptions = {},
): Promise<TestMember> {
  const { db } = server.database;
  const email = options.email ?? `member-${randomUUID().slice(0, 12)}@test.example`;
  const user =
    (await findUserByEmail(db, email)) ??
    (
      await db
        .insert(users)
        .values({ email, username: email, fullName: options.fullName ?? 'Test Member' })
        .returning()
    )[0];
  if (!user) throw new Error(`Could not create ${email}`);
  await db.insert(memberships).values({ organizationId: organization.id, userId: user.id });
  if (options.group) {
    await db.insert(groupMembers).values({ groupId: organization.groups[options.group], userId: user.id });
  }
  return { id: user.id, email, token: () => accessTokenFor(server, email) };
}

/** The members a permission test refuses or lets through, as fresh tokens. */
export interface PermissionCast {
  org: TestOrganization;
  /** An organization the stranger administers and `org` has nothing to do with. */
  otherOrg: TestOrganization;
  tokens: Record<'admin' | 'viewer' | 'noRoles' | 'stranger', string>;
}

/**
 * Two organizations named after `label`, with an administrator, a viewer and a member with no
 * roles in the first, and an administrator of the second (the stranger).
 */
export async function createPermissionCast(server: TestServer, label: string): Promise<PermissionCast> {
  const org = await createTestOrganization(server, label);
  const otherOrg = await createTestOrganization(server, `${label} elsewhere`);
  const tokenOf = async (organization: TestOrganization, group?: GroupName) =>
    (await addTestMember(server, organization, { group })).token();
  return {
    org,
    otherOrg,
    tokens: {
      admin: await tokenOf(org, 'Administrators'),
      viewer: await tokenOf(org, 'Viewers'),
      noRoles: await tokenOf(org),
      stranger: await tokenOf(otherOrg, 'Administrators'),
    },
  };
}
