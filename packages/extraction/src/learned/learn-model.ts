import type { Annotation, DocumentTokens, Label, ModelConfiguration } from '@counterpart/contracts';
import { viewDocument } from './document-view.ts';
import { readWithLearned } from './extract-learned.ts';
import { fitModel, type ViewExample } from './fit-model.ts';
import { sameValue } from './normalize-value.ts';
import type { LearnedEvaluation, LearnedModel } from './types.ts';

/**
 * learnModel: from annotated training documents (in the order they were added) to the JSON the
 * model keeps. Also measures it (see evaluate): each field's accuracy on each training document when
 * learned from the others (leave-one-out), and how accuracy grew with each added document.
 */
type Conf = Pick<
  ModelConfiguration,
  'date_order' | 'decimal_separator' | 'currency' | 'confidence_threshold'
>;

/** Held-out documents measured per step at most (the latest ones), to bound learning time. */
const MAX_HELD_OUT = 12;
/** History steps measured at most (every step up to this, then spread out). */
const MAX_HISTORY_POINTS = 20;
/** A history point reads this many of the documents added next. */
const HISTORY_AHEAD = 3;

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

function fitted(examples: ViewExample[], labels: Label[], conf: Conf): LearnedModel {
  return {
    format: 'counterpart-learned-1',
    training_documents: examples.length,
    ...fitModel(examples, labels, conf),
    evaluation: { fields: [], history: [] },
  };
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

/** History points measured (every added document up to the cap, then spread out). */
function historySteps(n: number): number[] {
  if (n <= MAX_HISTORY_POINTS) return Array.from({ length: n }, (_, i) => i + 1);
  const steps = new Set<number>();
  for (let i = 0; i < MAX_HISTORY_POINTS; i++)
    steps.add(Math.round(1 + ((n - 1) * i) / (MAX_HISTORY_POINTS - 1)));
  return [...steps];
}

/**
 * Per field: leave-one-out accuracy (each of the latest documents read by a model learned from all
 * the others). History: after k added documents, the accuracy of the model learned from those k
 * on the next few documents added (not yet learned from); the last point is the leave-one-out one.
 */
export function evaluate(examples: ViewExample[], labels: Label[], conf: Conf): LearnedEvaluation {
  const n = examples.length;
  const loo = new Map<string, Tally>();
  if (n >= 2) {
    for (let i = Math.max(0, n - MAX_HELD_OUT); i < n; i++) {
      const model = fitted(
        examples.filter((_, j) => j !== i),
        labels,
        conf,
      );
      scoreHeldOut(model, labels, conf, examples[i]!, loo);
    }
  }
  const history: LearnedEvaluation['history'] = historySteps(n).map((k) => {
    if (k === n) return { training_documents: k, accuracy: n >= 2 ? overall(loo) : null };
    const model = fitted(examples.slice(0, k), labels, conf);
    const tally = new Map<string, Tally>();
    for (const next of examples.slice(k, k + HISTORY_AHEAD)) scoreHeldOut(model, labels, conf, next, tally);
    return { training_documents: k, accuracy: overall(tally) };
  });
  const fields = labels.map((l) => {
    const t = loo.get(l.key);
    const examplesOf = examples.filter((e) => e.annotations.some((a) => a.label_key === l.key)).length;
    return { key: l.key, accuracy: t && t.total > 0 ? t.correct / t.total : null, examples: examplesOf };
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
