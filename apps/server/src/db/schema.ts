/**
 * The one schema of Counterpart, for PGlite and PostgreSQL alike, one file per area under schema/.
 * Change it there, then `npm --workspace @counterpart/server run db:generate` writes the next migration
 * (drizzle-kit reads this file, so a new area's file is exported here).
 */

export * from './schema/audit.ts';
export * from './schema/documents.ts';
export * from './schema/exports.ts';
export * from './schema/identity.ts';
export * from './schema/mail.ts';
export * from './schema/models.ts';
export * from './schema/notifications.ts';
export * from './schema/onboarding.ts';
// The reference helpers (organizationRef, userRef, createdBy) stay inside schema/.
export {
  groupMembers,
  groupRoles,
  groups,
  memberships,
  organizations,
  users,
} from './schema/organizations.ts';
export * from './schema/recon.ts';
export * from './schema/recon-money.ts';
export * from './schema/tables.ts';
export * from './schema/workflows.ts';
