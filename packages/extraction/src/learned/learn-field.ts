import type { Label, ModelConfiguration } from '@counterpart/contracts';
import { learnAnchors, observeAnchors } from './anchors.ts';
import { fieldCandidates, fixedScoring, spans, wholeSegment } from './candidates.ts';
import { type DocumentView, spanText, type ViewToken } from './document-view.ts';
import { fitScoring } from './fit-scoring.ts';
import { learnShape } from './shape.ts';
import type { LearnedField, LearnedPosition } from './types.ts';

/** A field's value marked on one training document: the tokens holding it, and the text annotated. */
export interface FieldExample {
  view: DocumentView;
  tokens: ViewToken[];
  value: string;
}

/** With this many examples the scoring weights are fitted (logistic regression); fixed below. */
export const FIT_FROM = 5;

function meanSd(xs: number[]): [number, number] {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return [m, Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length)];
}

function learnPosition(examples: FieldExample[]): LearnedPosition {
  const boxes = examples.map((e) => e.tokens);
  const edges = {
    left: meanSd(boxes.map((ts) => ts[0]!.token.box.x0)),
    right: meanSd(boxes.map((ts) => ts[ts.length - 1]!.token.box.x1)),
    center: meanSd(boxes.map((ts) => (ts[0]!.token.box.x0 + ts[ts.length - 1]!.token.box.x1) / 2)),
  };
  // The edge that moves least (ties: left).
  const align = (['left', 'right', 'center'] as const).reduce((a, b) =>
    edges[b][1] < edges[a][1] - 1e-4 ? b : a,
  );
  const [x, sx] = edges[align];
  const [y, sy] = meanSd(boxes.map((ts) => ts.reduce((s, t) => s + t.cy, 0) / ts.length));
  const first_page = examples.filter((e) => e.tokens[0]!.token.page === 1).length / examples.length;
  const last_page =
    examples.filter((e) => e.tokens[0]!.token.page === e.view.pageCount).length / examples.length;
  return { align, x, y, sx, sy, first_page, last_page };
}

type FieldType = LearnedField['type'];

export function fieldType(label: Label): FieldType {
  return label.type === 'table' ? 'text' : label.type;
}

/** Learns one field from its examples (one per training document that annotates it). */
export function learnField(
  label: Label,
  examples: FieldExample[],
  conf: Pick<ModelConfiguration, 'date_order' | 'decimal_separator'>,
): LearnedField {
  const type = fieldType(label);
  const anchors = learnAnchors(examples.map((e) => observeAnchors(e.view, e.tokens)));
  const shape = learnShape(
    type,
    examples.map((e) => ({ text: spanText(e.tokens), tokens: e.tokens.length })),
    conf,
  );
  const whole_segment =
    examples.filter((e) => wholeSegment(e.view, e.tokens)).length / Math.max(examples.length, 1);
  const field: LearnedField = {
    key: label.key,
    type,
    examples: examples.length,
    anchors,
    shape,
    position: learnPosition(examples),
    whole_segment,
    scoring: fixedScoring(anchors.length > 0),
  };
  if (examples.length >= FIT_FROM) {
    const rows: { features: number[]; positive: boolean }[] = [];
    for (const e of examples) {
      const want = new Set(e.tokens.map((t) => t.index));
      const cands = fieldCandidates(e.view, field, conf, spans(e.view, 8));
      cands.forEach((c, rank) => {
        const positive = c.tokens.length === want.size && c.tokens.every((t) => want.has(t.index));
        // The hardest negatives (best scored) and every positive.
        if (positive || rank < 15) rows.push({ features: c.features, positive });
      });
    }
    field.scoring = fitScoring(rows, field.scoring);
  }
  return field;
}
