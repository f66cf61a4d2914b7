import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/** Rows of a raw statement (drizzle's generic handle types `execute` as unknown). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
