import type { ExtractionResult, Label, NormalizedValue } from '@counterpart/contracts';
import { minorDigits } from '@counterpart/domain';
import { isRowSet, type RowSet } from '@counterpart/workflow-engine';
import type { Db } from '../../../db/database.ts';
import type { FileStore } from '../../../storage/file-store.ts';
import { extractDocuments } from '../../models/extract-documents.service.ts';
import { isFileRef } from './document-blocks.ts';

/** The columns Extract with model adds before and after the model's labels. */
export const DOCUMENT_COLUMN = 'Document';
export const ROW_COLUMN = 'Row';
export const REVIEW_COLUMN = 'Needs review';

/** A value as a table cell: amounts as exact decimals in major units, dates ISO, else the text read. */
export function cellOf(normalized: NormalizedValue | null, value: string | null): string | null {
  if (!normalized) return value;
  switch (normalized.type) {
    case 'amount': {
      const digits = minorDigits(normalized.currency);
      const negative = normalized.minor.startsWith('-');
      const magnitude = (negative ? normalized.minor.slice(1) : normalized.minor).padStart(digits + 1, '0');
      const whole = digits === 0 ? magnitude : `${magnitude.slice(0, -digits)}.${magnitude.slice(-digits)}`;
      return `${negative ? '-' : ''}${whole}`;
    }
    case 'date':
      return normalized.iso;
    case 'number':
      return normalized.value;
    case 'text':
      return normalized.text;
  }
}

function fieldCells(result: ExtractionResult, labels: Label[]): Record<string, string | null> {
  const cells: Record<string, string | null> = {};
  for (const label of labels) {
    if (label.type === 'table') continue;
    const field = result.fields.find((f) => f.key === label.key);
    cells[label.name] = field ? cellOf(field.normalized, field.value) : null;
  }
  return cells;
}

/** The documents a block receives: a Documents block's list, or an uploaded file. */
function documentIds(inputs: unknown[]): string[] {
  const ids: string[] = [];
  for (const input of inputs) {
    if (isFileRef(input)) ids.push(input.document_id);
    else if (isRowSet(input)) {
      for (const row of input.rows) if (typeof row.document_id === 'string') ids.push(row.document_id);
    }
  }
  return ids;
}

/**
 * Extract with model: the chosen model run on each document it receives. One row per document (its
 * fields as columns), or one per line item of a line-items label (the item's columns, then the
 * document's fields), each row naming its document and whether a value needs review.
 */
export async function extractWithModel(
  env: { db: Db; store: FileStore; organizationId: string },
  inputs: unknown[],
  params: Record<string, unknown>,
  signal: AbortSignal,
): Promise<{ rows: RowSet }> {
  const modelId = typeof params.model_id === 'string' ? params.model_id : '';
  if (!modelId) throw new Error('Choose the model for "Model"');
  const ids = documentIds(inputs);
  if (ids.length === 0) throw new Error('Nothing gives documents to "Documents"');
  const run = await extractDocuments(env.db, env.store, env.organizationId, modelId, ids, signal);
  const fields = run.labels.filter((l) => l.type !== 'table');
  const perItem = params.rows === 'line_items';
  const table = run.labels.find((l) => l.type === 'table');
  if (perItem && !table) throw new Error(`${run.name} has no line-items label: choose one row per document`);
  if (perItem && table) {
    const columns = [
      DOCUMENT_COLUMN,
      ROW_COLUMN,
      ...table.columns.map((c) => c.name),
      ...fields.map((f) => f.name),
      REVIEW_COLUMN,
    ];
    const rows: RowSet['rows'] = [];
    for (const doc of run.documents) {
      const items = doc.result.tables.find((t) => t.key === table.key);
      const shared = fieldCells(doc.result, run.labels);
      (items?.rows ?? []).forEach((item, index) => {
        const row: Record<string, string | null> = {
          [DOCUMENT_COLUMN]: doc.fileName,
          [ROW_COLUMN]: String(index + 1),
        };
        for (const column of table.columns) {
          const cell = item.cells[column.key];
          row[column.name] = cell ? cellOf(cell.normalized, cell.value) : null;
        }
        rows.push({
          ...row,
          ...shared,
          [REVIEW_COLUMN]: doc.result.needs_review || items?.needs_review ? 'yes' : 'no',
        });
      });
    }
    return { rows: { columns, rows } };
  }
  const columns = [DOCUMENT_COLUMN, ...fields.map((f) => f.name), REVIEW_COLUMN];
  return {
    rows: {
      columns,
      rows: run.documents.map((doc) => ({
        [DOCUMENT_COLUMN]: doc.fileName,
        ...fieldCells(doc.result, run.labels),
        [REVIEW_COLUMN]: doc.result.needs_review ? 'yes' : 'no',
      })),
    },
  };
}
