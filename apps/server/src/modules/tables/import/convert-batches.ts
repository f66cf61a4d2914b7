import type { ImportLineError, TableColumn } from '@counterpart/contracts';
import { MAX_KEPT_ERRORS } from './import-limits.ts';
import { convertRow, type RowPlan } from './row-conversion.ts';
import type { EncodedBatch, RowBatch } from './row-encoding.ts';
import { importSearchText } from './search-text.ts';
import type { StatementSourceRow } from './statement-rows.ts';

/** What reading has counted so far: rows read, lines refused and the first refusals. */
export interface ReadCounts {
  total: number;
  failed: number;
  errors: ImportLineError[];
}

/**
 * Converts the rows of a file into encoded batches of `batchRows` (the last one may be smaller):
 * the header is skipped, each row converted with convertRow, a refused line counted (the first
 * MAX_KEPT_ERRORS kept) and left out. The same loop runs in the job's thread (XLSX, statements)
 * and in the CSV worker.
 */
export async function* convertBatches(
  groups: AsyncIterable<StatementSourceRow[]>,
  plan: RowPlan,
  columns: TableColumn[],
  hasHeader: boolean,
  batch: RowBatch,
  counts: ReadCounts,
  batchRows: number,
): AsyncGenerator<EncodedBatch> {
  let headerPending = hasHeader;
  for await (const group of groups) {
    for (const sourceRow of group) {
      if (headerPending) {
        headerPending = false;
        continue;
      }
      counts.total += 1;
      const converted = sourceRow.refusal
        ? { ok: false as const, error: sourceRow.refusal }
        : convertRow(plan, sourceRow);
      if (!converted.ok) {
        counts.failed += 1;
        if (counts.errors.length < MAX_KEPT_ERRORS) counts.errors.push(converted.error);
        continue;
      }
      batch.add(converted.values, importSearchText(columns, converted.values), converted.key);
    }
    if (batch.size >= batchRows) yield batch.take();
  }
  if (batch.size > 0) yield batch.take();
}
