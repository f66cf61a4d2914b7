import type { Annotation, DocumentTokens, Label, ModelConfiguration } from '@counterpart/contracts';
import { viewDocument } from './document-view.ts';
import { readWithLearned } from './extract-learned.ts';
import { fitModel, type ViewExample } from './fit-model.ts';
import { sameValue } from './normalize-value.ts';
import type { LearnedEvaluation, LearnedModel } from './types.ts';

/**
 * learnModel: from annotated training documents (in the order they were added) to the JSON the
 * model keeps. Also measures it: each field's accuracy on each training document when learned from
 * the others (leave-one-out), and that accuracy after each added document (the AI view's history).
 */
type Conf = Pick<
  ModelConfiguration,
  'date_order' | 'decimal_separator' | 'currency' | 'confidence_threshold'
>;

/** Held-out documents measured per step at most (the latest ones), to bound learning time. */
const MAX_HELD_OUT = 12;
/** History steps measured at most (every step up to this, then spread out). */
const MAX_HISTORY_POINTS = 20;

interface Tally {
  correct: number;
  total: number;
}

/** Scores one held-out document: per label key, its annotated values read back right (table: per cell). */
function scoreHeldOut(
  model: LearnedModel,
  labels: Label[],
  conf: Conf,
  held: ViewExample,
  tally: Map<string, Tally>,
) {
  const { fields, tables } = readWithLearned(model, labels, conf, held.view);
  for (const label of labels) {
    const t = tally.get(label.key) ?? { correct: 0, total: 0 };
    tally.set(label.key, t);
    if (label.type === 'table') {
      const cells = held.annotations.filter(
        (a) => a.label_key === label.key && a.row !== undefined && a.column,
      );
      const rows = tables.find((x) => x.key === label.key)?.rows ?? [];
      for (const c of cells) {
        t.total += 1;
        const got = rows[c.row!]?.cells[c.column!]?.value;
        const col = label.columns.find((x) => x.key === c.column);
        if (got && sameValue(col?.type ?? 'text', got, c.value, conf)) t.correct += 1;
      }
      continue;
    }
    const a = held.annotations.find((x: Annotation) => x.label_key === label.key && x.row === undefined);
    if (!a) continue;
    t.total += 1;
    const got = fields.find((f) => f.key === label.key)?.value;
    if (got && sameValue(label.type, got, a.value, conf)) t.correct += 1;
  }
}

function leaveOneOut(examples: ViewExample[], labels: Label[], conf: Conf): Map<string, Tally> {
  const tally = new Map<string, Tally>();
  const start = Math.max(0, examples.length - MAX_HELD_OUT);
  for (let i = start; i < examples.length; i++) {
    const rest = examples.filter((_, j) => j !== i);
    const fitted = fitModel(rest, labels, conf);
    const model: LearnedModel = {
      format: 'counterpart-learned-1',
      training_documents: rest.length,
      ...fitted,
      evaluation: { fields: [], history: [] },
    };
    scoreHeldOut(model, labels, conf, examples[i]!, tally);
  }
  return tally;
}

function overall(tally: Map<string, Tally>): number | null {
  let c = 0;
  let n = 0;
  for (const t of tally.values()) {
    c += t.correct;
    n += t.total;
  }
  return n ? c / n : null;
}

function historySteps(n: number): number[] {
  if (n <= MAX_HISTORY_POINTS) return Array.from({ length: n }, (_, i) => i + 1);
  const steps = new Set<number>();
  for (let i = 0; i < MAX_HISTORY_POINTS; i++)
    steps.add(Math.round(1 + ((n - 1) * i) / (MAX_HISTORY_POINTS - 1)));
  return [...steps];
}

export function evaluate(examples: ViewExample[], labels: Label[], conf: Conf): LearnedEvaluation {
  const n = examples.length;
  const history: LearnedEvaluation['history'] = [];
  let last = new Map<string, Tally>();
  for (const k of historySteps(n)) {
    if (k < 2) {
      history.push({ training_documents: k, accuracy: null });
      continue;
    }
    const tally = leaveOneOut(examples.slice(0, k), labels, conf);
    history.push({ training_documents: k, accuracy: overall(tally) });
    if (k === n) last = tally;
  }
  const fields = labels.map((l) => {
    const t = last.get(l.key);
    const examplesOf = examples.filter((e) => e.annotations.some((a) => a.label_key === l.key)).length;
    return {
      key: l.key,
      accuracy: n >= 2 && t && t.total > 0 ? t.correct / t.total : null,
      examples: examplesOf,
    };
  });
  return { fields, history };
}

/** Learns a model from annotated documents (JSON-serialisable), with its leave-one-out evaluation. */
export function learnModel(
  labels: Label[],
  configuration: ModelConfiguration,
  examples: { doc: DocumentTokens; annotations: Annotation[] }[],
): LearnedModel {
  const views: ViewExample[] = examples.map((e) => ({
    view: viewDocument(e.doc),
    annotations: e.annotations,
  }));
  const fitted = fitModel(views, labels, configuration);
  return {
    format: 'counterpart-learned-1',
    training_documents: examples.length,
    ...fitted,
    evaluation: evaluate(views, labels, configuration),
  };
}
