import type {
  DocumentTokens,
  ExtractionResult,
  FieldResult,
  Label,
  ModelConfiguration,
  TableResult,
} from '@counterpart/contracts';
import type { ModelDefinition } from '../model.ts';
import { textSource } from '../rules/run-rules.ts';
import { matchesLayout } from '../rules/selection.ts';
import { type Candidate, fieldCandidates, rivalWords, spans } from './candidates.ts';
import { type DocumentView, viewDocument } from './document-view.ts';
import { documentPrint, KNOWN_SIMILARITY, printSimilarity } from './layouts.ts';
import { normalizeLearned, normalizeWithCertainty } from './normalize-value.ts';
import { extractTable } from './tables.ts';
import type { LearnedField, LearnedLayout, LearnedModel } from './types.ts';

/**
 * Runs a learned model on a document: picks the nearest layout by fingerprint (the generic model
 * for a document like none of them), scores each field's candidates and keeps the best; confidence
 * from its score and its margin over the next best value; the next best are the alternatives.
 */
type Conf = Pick<
  ModelConfiguration,
  'date_order' | 'decimal_separator' | 'currency' | 'confidence_threshold'
>;

const MIN_SCORE = 0.15;

export function isLearnedModel(x: unknown): x is LearnedModel {
  return (
    typeof x === 'object' && x !== null && (x as { format?: unknown }).format === 'counterpart-learned-1'
  );
}

/** The layout a document is read with, and how similar it was (0 for the generic model). */
export function pickLayout(
  model: LearnedModel,
  view: DocumentView,
): { layout: LearnedLayout; similarity: number } {
  const print = documentPrint(view);
  let best: { layout: LearnedLayout; similarity: number } = { layout: model.generic, similarity: 0 };
  for (const layout of model.layouts) {
    const similarity = printSimilarity(print, layout.fingerprint);
    if (similarity >= KNOWN_SIMILARITY && similarity > best.similarity) best = { layout, similarity };
  }
  return best;
}

const logit = (p: number) => Math.log(Math.max(p, 1e-6) / Math.max(1 - p, 1e-6));

function readField(
  view: DocumentView,
  field: LearnedField,
  label: Label,
  conf: Conf,
  allSpans: ReturnType<typeof spans>,
  rivals: Set<string>,
): FieldResult {
  const cands = fieldCandidates(view, field, conf, allSpans, field.scoring, rivals);
  // One entry per distinct value (a total printed twice is one value, not a rival).
  const distinct: Candidate[] = [];
  const seen = new Set<string>();
  for (const c of cands) {
    const norm = normalizeLearned(field.type, c.text, conf);
    const key = norm ? JSON.stringify(norm) : c.text.toLowerCase();
    if (seen.has(key)) continue;
    if (distinct.some((d) => d.page === c.page && d.tokens.some((t) => c.tokens.includes(t)))) continue;
    seen.add(key);
    distinct.push(c);
    if (distinct.length >= 6) break;
  }
  const best = distinct[0];
  const base = { key: label.key, alternatives: [] as FieldResult['alternatives'] };
  if (!best || best.score < MIN_SCORE) {
    return {
      ...base,
      value: null,
      normalized: null,
      confidence: 0,
      page: null,
      box: null,
      source: 'learned: not found',
      needs_review: label.required,
    };
  }
  const z = distinct.map((c) => logit(c.score));
  const max = Math.max(...z);
  const exps = z.map((v) => Math.exp(v - max));
  const sum = exps.reduce((s, v) => s + v, 0);
  const probs = exps.map((v) => v / sum);
  // The words' OCR confidence and how much reading the value had to guess lower it.
  const ocr = best.tokens.reduce((s, t) => s + t.token.confidence, 0) / best.tokens.length;
  const reading = normalizeWithCertainty(field.type, best.text, conf);
  const certainty = reading.normalized ? reading.certainty : field.type === 'text' ? 1 : 0.5;
  const confidence = Math.min(1, Math.sqrt(best.score) * probs[0]! * ocr * certainty);
  const strong = best.hits.filter((h) => h.match > 0.4);
  const side = strong.some((h) => h.anchor.direction === 'left') ? 'left' : 'above';
  const hits = strong
    .filter((h) => h.anchor.direction === side)
    .sort((a, b) => a.token.token.box.x0 - b.token.token.box.x0);
  const direction = side === 'left' ? 'right' : 'below';
  const source = hits.length
    ? `learned: anchor "${hits.map((h) => h.token.token.text).join(' ')}" → ${direction}`
    : 'learned: position and shape';
  return {
    key: label.key,
    value: best.text,
    normalized: reading.normalized,
    confidence,
    page: best.page,
    box: best.box,
    source,
    alternatives: distinct.slice(1, 4).map((c, i) => ({
      value: c.text,
      confidence: Math.sqrt(c.score) * probs[i + 1]!,
      page: c.page,
      box: c.box,
    })),
    needs_review: confidence < conf.confidence_threshold,
  };
}

/** Reads a document with a learned model (already parsed): fields and tables of the nearest layout. */
export function readWithLearned(
  learned: LearnedModel,
  labels: Label[],
  conf: Conf,
  doc: DocumentTokens | DocumentView,
) {
  const view = 'lines' in doc ? doc : viewDocument(doc);
  const { layout } = pickLayout(learned, view);
  const allSpans = spans(view, 8);
  const fields: FieldResult[] = [];
  const tables: TableResult[] = [];
  for (const label of labels) {
    if (label.type === 'table') {
      const t =
        layout.tables.find((x) => x.key === label.key) ??
        learned.generic.tables.find((x) => x.key === label.key);
      if (t) {
        const r = extractTable(view, t, conf);
        r.needs_review = r.rows.length === 0 ? label.required : r.confidence < conf.confidence_threshold;
        tables.push(r);
      } else
        tables.push({
          key: label.key,
          rows: [],
          confidence: 0,
          source: 'learned: no annotated rows yet',
          needs_review: label.required,
        });
      continue;
    }
    const field =
      layout.fields.find((f) => f.key === label.key) ??
      learned.generic.fields.find((f) => f.key === label.key);
    if (!field) {
      fields.push({
        key: label.key,
        value: null,
        normalized: null,
        confidence: 0,
        page: null,
        box: null,
        source: 'learned: not annotated yet',
        alternatives: [],
        needs_review: label.required,
      });
      continue;
    }
    const pool = layout.fields.some((f) => f.key === label.key) ? layout.fields : learned.generic.fields;
    fields.push(readField(view, field, label, conf, allSpans, rivalWords(pool, field)));
  }
  return { view, layout, fields, tables };
}

/** extract() for kind 'ai': the model's learned JSON run on a document's tokens. */
export function extractLearned(model: ModelDefinition, doc: DocumentTokens): ExtractionResult {
  if (model.learned === null)
    throw new Error('This AI model has not learned yet: annotate a training document first');
  if (!isLearnedModel(model.learned))
    throw new Error("This AI model's learned data is not in a format this engine reads: let it learn again");
  const source = textSource(doc);
  const view = viewDocument(doc);
  // The model's selection keywords apply to both kinds: a document that is not its layout is left alone.
  const text = view.lines.map((l) => l.tokens.map((t) => t.token.text).join(' ')).join('\n');
  if (!matchesLayout(model.configuration.selection, text)) {
    return { layout_matched: false, fields: [], tables: [], needs_review: false, ...source };
  }
  const labels = [...model.labels].sort((a, b) => a.position - b.position);
  const { fields, tables } = readWithLearned(model.learned, labels, model.configuration, view);
  return {
    layout_matched: true,
    fields,
    tables,
    needs_review: fields.some((f) => f.needs_review) || tables.some((t) => t.needs_review),
    ...source,
  };
}
