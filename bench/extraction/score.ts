/**
 * Scoring an extraction against ground truth. A field counts as predicted when the engine gave it a
 * value, and as correct when its meaning equals the truth's: the same ISO date, the same minor units
 * (amounts; the currency is scored by its own field), the same number, or the same text up to case and
 * spacing. A value whose normalized form is missing is compared by its text. A line-item row is correct
 * when every one of its cells is; rows are matched one to one.
 */
import type {
  CellResult,
  DocumentTokens,
  ExtractionResult,
  FieldResult,
  NormalizedValue,
} from '@counterpart/contracts';
import {
  COLUMN_KEYS,
  FIELD_KEYS,
  type FieldKey,
  type InvoiceTruth,
  type ValueTruth,
} from './invoice-data.ts';

const canonicalText = (text: string) =>
  text
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .replace(/\s*([,.:;])\s*$/, '')
    .trim()
    .toLowerCase();

const sameNumber = (a: string, b: string) => {
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) && Math.abs(x - y) < 1e-9;
};

/** Whether a found value (its text and normalized form) means the truth's value. */
export function sameValue(
  found: { value: string | null; normalized: NormalizedValue | null } | undefined,
  truth: ValueTruth,
): boolean {
  if (!found || found.value === null || found.value.trim() === '') return false;
  const n = found.normalized;
  const t = truth.normalized;
  if (!n) return canonicalText(found.value) === canonicalText(truth.text);
  switch (t.type) {
    case 'date':
      return n.type === 'date' && n.iso === t.iso;
    case 'amount':
      return n.type === 'amount' && BigInt(n.minor) === BigInt(t.minor);
    case 'number':
      return (
        (n.type === 'number' && sameNumber(n.value, t.value)) ||
        (n.type === 'amount' && sameNumber(n.minor, String(Number(t.value) * 100)))
      );
    case 'text':
      return n.type === 'text' && canonicalText(n.text) === canonicalText(t.text);
  }
}

export interface Counts {
  /** Fields (or rows) the truth holds. */
  truth: number;
  /** Fields (or rows) the engine gave a value. */
  predicted: number;
  correct: number;
}

export const emptyCounts = (): Counts => ({ truth: 0, predicted: 0, correct: 0 });
export const addCounts = (into: Counts, more: Counts): Counts => {
  into.truth += more.truth;
  into.predicted += more.predicted;
  into.correct += more.correct;
  return into;
};

/** Percentages; null where nothing was predicted (precision) or nothing was to be found (recall). */
export function rates(c: Counts): { precision: number | null; recall: number | null; f1: number | null } {
  const precision = c.predicted ? c.correct / c.predicted : null;
  const recall = c.truth ? c.correct / c.truth : null;
  const f1 =
    precision !== null && recall !== null && precision + recall > 0
      ? (2 * precision * recall) / (precision + recall)
      : c.truth || c.predicted
        ? 0
        : null;
  return { precision, recall, f1 };
}

export interface DocumentScore {
  fields: Record<FieldKey, Counts & { found: string | null; expected: string }>;
  rows: Counts;
}

/** One extraction against its truth: per field, and the line-item rows (table label `tableKey`). */
export function scoreDocument(
  result: ExtractionResult,
  truth: InvoiceTruth,
  tableKey = 'line_items',
): DocumentScore {
  const byKey = new Map<string, FieldResult>(result.fields.map((f) => [f.key, f]));
  const fields = {} as DocumentScore['fields'];
  for (const key of FIELD_KEYS) {
    const found = byKey.get(key);
    const expected = truth.fields[key];
    const predicted = !!found && found.value !== null && found.value.trim() !== '';
    fields[key] = {
      truth: 1,
      predicted: predicted ? 1 : 0,
      correct: sameValue(found, expected) ? 1 : 0,
      found: found?.value ?? null,
      expected: expected.text,
    };
  }
  const table = result.tables.find((t) => t.key === tableKey);
  const predictedRows = (table?.rows ?? []).filter((row) =>
    Object.values(row.cells).some((c) => c.value !== null && c.value.trim() !== ''),
  );
  const used = new Set<number>();
  let correct = 0;
  for (const row of truth.line_items) {
    const match = predictedRows.findIndex(
      (candidate, i) =>
        !used.has(i) &&
        COLUMN_KEYS.every((col) => sameValue(candidate.cells[col] as CellResult | undefined, row.cells[col])),
    );
    if (match >= 0) {
      used.add(match);
      correct++;
    }
  }
  return { fields, rows: { truth: truth.line_items.length, predicted: predictedRows.length, correct } };
}

/** Sums of many documents' scores: per field, all fields together, and rows. */
export class Tally {
  readonly fields = new Map<FieldKey, Counts>(FIELD_KEYS.map((k) => [k, emptyCounts()]));
  readonly rows = emptyCounts();
  documents = 0;

  add(score: DocumentScore): void {
    this.documents++;
    for (const key of FIELD_KEYS) addCounts(this.fields.get(key) as Counts, score.fields[key]);
    addCounts(this.rows, score.rows);
  }

  /** Every field together (micro-averaged). */
  allFields(): Counts {
    const all = emptyCounts();
    for (const c of this.fields.values()) addCounts(all, c);
    return all;
  }
}

/** "97.5" or "–" for a rate. */
export const percent = (rate: number | null): string => (rate === null ? '–' : (rate * 100).toFixed(1));

/**
 * How many truth values the reader got letter for letter: the tokens whose centres fall inside the
 * value's box (grown by `margin` page units) read, joined by spaces, exactly the printed text (up to
 * case and spacing). No model can be right more often than its text was read: an upper bound.
 */
export function readable(
  doc: DocumentTokens,
  truth: InvoiceTruth,
  margin = 0.004,
): { fields: Counts; cells: Counts } {
  const inside = (v: ValueTruth) =>
    doc.tokens
      .filter((t) => {
        const cx = (t.box.x0 + t.box.x1) / 2;
        const cy = (t.box.y0 + t.box.y1) / 2;
        return (
          t.page === v.page &&
          cx >= v.box.x0 - margin &&
          cx <= v.box.x1 + margin &&
          cy >= v.box.y0 - margin &&
          cy <= v.box.y1 + margin
        );
      })
      .map((t) => t.text)
      .join(' ');
  const fields = emptyCounts();
  for (const key of FIELD_KEYS) {
    const v = truth.fields[key];
    fields.truth++;
    fields.predicted++;
    if (canonicalText(inside(v)) === canonicalText(v.text)) fields.correct++;
  }
  const cells = emptyCounts();
  for (const row of truth.line_items)
    for (const col of COLUMN_KEYS) {
      const v = row.cells[col];
      cells.truth++;
      cells.predicted++;
      if (canonicalText(inside(v)) === canonicalText(v.text)) cells.correct++;
    }
  return { fields, cells };
}
