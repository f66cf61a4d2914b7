import type { Annotation, Label, ModelConfiguration } from '@counterpart/contracts';
import { fixedScoring } from './candidates.ts';
import type { DocumentView } from './document-view.ts';
import { documentPrint, groupLayouts, layoutPrint } from './layouts.ts';
import { type FieldExample, fieldType, learnField } from './learn-field.ts';
import { locateAnnotation } from './locate.ts';
import { learnTable } from './tables.ts';
import type { LearnedAnchor, LearnedField, LearnedLayout } from './types.ts';

/** A training document as the learner holds it: its view and its annotations. */
export interface ViewExample {
  view: DocumentView;
  annotations: Annotation[];
}

type Conf = Pick<ModelConfiguration, 'date_order' | 'decimal_separator'>;

/** Words a label's name suggests as anchors on a document never seen ("Invoice number" → invoice, number, no, #). */
const SYNONYMS: Record<string, string[]> = {
  number: ['no', 'nr', '#', 'num'],
  no: ['number', '#'],
  total: ['amount', 'due', 'payable'],
  amount: ['total', 'due'],
  date: ['dated'],
  pin: ['kra'],
  vat: ['tax'],
  tax: ['vat'],
  qty: ['quantity'],
  quantity: ['qty'],
  description: ['item', 'details', 'particulars'],
  item: ['description'],
};

export function nameAnchors(label: Label): LearnedAnchor[] {
  const words = label.name
    .toLowerCase()
    .split(/[^\p{L}#]+/u)
    .filter((w) => w.length >= 2 || w === '#');
  const all = new Set(words);
  for (const w of words) for (const s of SYNONYMS[w] ?? []) all.add(s);
  const out: LearnedAnchor[] = [];
  for (const text of all) {
    const weight = words.includes(text) ? 0.4 : 0.25;
    const near = { support: 0, dy: 0, sdx: 0.08, sdy: 0.005, dx1: 0.25, sdx1: 0.15 };
    out.push({ text, direction: 'left', weight, dx: 0.12, ...near });
    out.push({
      text,
      direction: 'above',
      weight: weight * 0.6,
      ...near,
      dx: 0,
      dy: 0.02,
      sdx: 0.05,
      sdy: 0.01,
    });
  }
  return out;
}

function fieldExamples(examples: ViewExample[], label: Label): FieldExample[] {
  const out: FieldExample[] = [];
  for (const { view, annotations } of examples) {
    const a = annotations.find((x) => x.label_key === label.key && x.row === undefined);
    if (!a) continue;
    const tokens = locateAnnotation(view, a);
    if (tokens && tokens.length > 0) out.push({ view, tokens, value: a.value });
  }
  return out;
}

/** A field no example showed: the label's name words as anchors, the type's shape, anywhere on the page. */
function unseenField(label: Label): LearnedField {
  const anchors = nameAnchors(label);
  const type = fieldType(label);
  return {
    key: label.key,
    type,
    examples: 0,
    anchors,
    shape: { kind: type === 'text' ? 'text' : type, pattern: null, min_tokens: 1, max_tokens: 4 },
    position: { align: 'left', x: 0.5, y: 0.5, sx: 0.5, sy: 0.5, first_page: 1, last_page: 1 },
    whole_segment: 1,
    scoring: fixedScoring(true),
  };
}

function learnLayout(
  id: number,
  examples: ViewExample[],
  labels: Label[],
  conf: Conf,
  generic: boolean,
): LearnedLayout {
  const fields: LearnedField[] = [];
  const tables = [];
  for (const label of labels) {
    if (label.type === 'table') {
      const t = learnTable(
        label,
        examples.map((e) => ({
          view: e.view,
          cells: e.annotations.filter((a) => a.label_key === label.key && a.row !== undefined),
        })),
      );
      if (t && generic) {
        // Totals end an unknown vendor's table as they end most.
        for (const w of ['subtotal', 'total', 'vat', 'tax', 'balance'])
          if (!t.end_words.includes(w)) t.end_words.push(w);
        // An unknown vendor's headers: the columns' own names (and their usual synonyms) too.
        for (const c of t.columns) {
          const col = label.columns.find((x) => x.key === c.key);
          const words = `${col?.name ?? ''} ${c.key}`
            .toLowerCase()
            .split(/[^\p{L}]+/u)
            .filter((w) => w.length >= 2);
          for (const w of words)
            for (const s of [w, ...(SYNONYMS[w] ?? [])]) if (!c.header.includes(s)) c.header.push(s);
        }
      }
      if (t) tables.push(t);
      continue;
    }
    const ex = fieldExamples(examples, label);
    if (ex.length === 0) {
      if (generic) fields.push(unseenField(label));
      continue;
    }
    const field = learnField(label, ex, conf);
    if (generic) {
      // An unknown vendor's labels differ: the label's own name words back up the pooled anchors.
      const have = new Set(field.anchors.map((a) => `${a.direction}:${a.text}`));
      field.anchors.push(...nameAnchors(label).filter((a) => !have.has(`${a.direction}:${a.text}`)));
      field.position = {
        ...field.position,
        sx: Math.max(field.position.sx, 0.25),
        sy: Math.max(field.position.sy, 0.25),
      };
    }
    fields.push(field);
  }
  const fingerprint = generic ? [] : layoutPrint(examples.map((e) => documentPrint(e.view)));
  return { id, documents: examples.length, fingerprint, fields, tables };
}

/** Learns the layouts (grouped by fingerprint) and the generic model over every document. */
export function fitModel(
  examples: ViewExample[],
  labels: Label[],
  conf: Conf,
): { layouts: LearnedLayout[]; generic: LearnedLayout } {
  const groups = groupLayouts(examples.map((e) => documentPrint(e.view)));
  const layouts = groups.map((members, i) =>
    learnLayout(
      i + 1,
      members.map((m) => examples[m]!),
      labels,
      conf,
      false,
    ),
  );
  const generic = learnLayout(0, examples, labels, conf, true);
  return { layouts, generic };
}
