import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.ts';
import { notFound } from '../../../errors.ts';

/** A table whose rows belong to one organization each. */
type OrganizationTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/**
 * The organization's row of `table` with this id, locked for the transaction when `lock`; 404 with
 * `missing` when there is none (another organization's row is missing too).
 */
export async function loadOrganizationRow<T extends OrganizationTable>(
  db: Db,
  table: T,
  organizationId: string,
  id: string,
  missing: string,
  lock = false,
): Promise<T['$inferSelect']> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.organizationId, organizationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(missing);
  return row as T['$inferSelect'];
}

/** {@link loadOrganizationRow}, locked for the transaction (SELECT … FOR UPDATE). */
export function lockOrganizationRow<T extends OrganizationTable>(
  db: Db,
  table: T,
  organizationId: string,
  id: string,
  missing: string,
): Promise<T['$inferSelect']> {
  return loadOrganizationRow(db, table, organizationId, id, missing, true);
}
