/**
 * The run's payer table (`PayerTable`, in payer-reading.ts so that the key worker can read one without
 * importing the run's modules): the key worker's when it read one, else one read as the passes ask.
 */
import { PayerTable } from './payer-reading.ts';
import type { Prepared } from './prepare.ts';

export { NO_PAYER, type PayerSource, PayerTable, type PayerTableData } from './payer-reading.ts';

const tables = new WeakMap<Prepared, PayerTable>();

/**
 * The run's payer table, made when first asked: the one the key worker read in full during preparation
 * when there is one (`Prepared.payersRead`), else one that reads records as they are asked about.
 */
export function payerTableOf(prepared: Prepared): PayerTable {
  let table = tables.get(prepared);
  if (!table) {
    const read = prepared.payersRead?.take(true);
    prepared.payersRead = undefined;
    table = new PayerTable(prepared.left, read === 'pending' ? undefined : read);
    tables.set(prepared, table);
  }
  return table;
}

/**
 * Takes the key worker's payer table if it is done (the worker is then ended and its memory let go);
 * with `end`, ends the worker whether or not it is (a run that is over). Called between passes.
 */
export function takePayersRead(prepared: Prepared, end = false): void {
  const read = prepared.payersRead;
  if (!read) return;
  const data = tables.has(prepared) ? undefined : read.take(false);
  if (data === 'pending' && !end) return;
  prepared.payersRead = undefined;
  read.end();
  if (data !== 'pending' && data !== undefined) tables.set(prepared, new PayerTable(prepared.left, data));
}
