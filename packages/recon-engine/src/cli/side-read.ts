/** What reading one side (a ledger or a statement) gives the CLI. */
import type { EngineRecord } from '../types.ts';
import type { BadRow } from './cli-errors.ts';

export interface SideRead {
  records: EngineRecord[];
  /** What was read and how, printed before the run: `M-Pesa statement`, `CSV ledger (;)`… */
  kind: string;
  /** The field ← column choices, or how the statement's fields were filled. */
  mapping: string;
  /** The first bad rows (at most BAD_ROWS_LISTED), and how many there were in all. */
  badRows: BadRow[];
  badCount: number;
}

/** Bad rows listed by line; the rest are counted. */
export const BAD_ROWS_LISTED = 20;

/** Keeps the first bad rows and counts them all. */
export function noteBadRow(read: Pick<SideRead, 'badRows' | 'badCount'>, row: BadRow): void {
  read.badCount += 1;
  if (read.badRows.length < BAD_ROWS_LISTED) read.badRows.push(row);
}
