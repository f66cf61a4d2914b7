import type { Annotation, DocumentTokens, Token } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import type { ModelDefinition } from '../model.ts';
import { viewDocument } from './document-view.ts';
import { pickLayout } from './extract-learned.ts';
import { extractLearned, learnModel, modelInsights } from './index.ts';
import { sameValue } from './normalize-value.ts';
import { CONFIGURATION, invoice, LABELS } from './synthetic.fixture.ts';
import type { LearnedModel } from './types.ts';

const definition = (learned: unknown): ModelDefinition => ({
  kind: 'ai',
  configuration: CONFIGURATION,
  labels: LABELS,
  rules: [],
  learned,
});

const field = (r: ReturnType<typeof extractLearned>, key: string) => r.fields.find((f) => f.key === key)!;

describe('learnModel + extractLearned', () => {
  it('learns a layout from 3 documents and reads a 4th with shifted positions and other values', () => {
    const learned = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const test = invoice('A', 42, { x: 18, y: 30 });
    expect(test.truth.invoice_number).not.toBe(invoice('A', 1).truth.invoice_number);
    const r = extractLearned(definition(learned), test.doc);
    expect(field(r, 'invoice_number').value).toBe(test.truth.invoice_number);
    expect(field(r, 'invoice_date').value).toBe(test.truth.invoice_date);
    expect(field(r, 'customer').value).toBe(test.truth.customer);
    expect(field(r, 'total').value).toBe(test.truth.total);
    const [d, m, y] = test.truth.invoice_date.split('/');
    expect(field(r, 'invoice_date').normalized).toEqual({ type: 'date', iso: `${y}-${m}-${d}` });
    const minor = test.truth.total.replace(/\D/g, '');
    expect(field(r, 'total').normalized).toEqual({ type: 'amount', minor, currency: 'KES' });
    for (const f of r.fields) {
      expect(f.confidence).toBeGreaterThanOrEqual(CONFIGURATION.confidence_threshold);
      expect(f.needs_review).toBe(false);
      expect(f.page).toBe(1);
    }
    // The box is where the value's words are.
    const number = test.doc.tokens.find((t) => t.text === test.truth.invoice_number)!;
    expect(field(r, 'invoice_number').box).toEqual(number.box);
    expect(field(r, 'invoice_number').source).toBe('learned: anchor "Invoice No:" → right');
    expect(field(r, 'customer').source).toBe('learned: anchor "Bill To:" → below');
    // Line items, from the annotated cells' columns (Unit Price, not annotated, is left out).
    expect(
      r.tables[0]!.rows.map((row) =>
        Object.fromEntries(Object.entries(row.cells).map(([k, c]) => [k, c.value])),
      ),
    ).toEqual(test.truth.items);
    expect(r.needs_review).toBe(false);
  });

  it('groups two vendors into two layouts and reads each document with its own', () => {
    const train = [...[1, 2, 3].map((s) => invoice('A', s)), ...[4, 5, 6].map((s) => invoice('B', s))];
    const learned = learnModel(LABELS, CONFIGURATION, train);
    expect(learned.layouts.map((l) => l.documents)).toEqual([3, 3]);
    const a = invoice('A', 77, { x: -10, y: 12 });
    const b = invoice('B', 78, { x: 12, y: -8 });
    const ia = pickLayout(learned, viewDocument(a.doc));
    const ib = pickLayout(learned, viewDocument(b.doc));
    expect(ia.layout.id).toBe(learned.layouts[0]!.id);
    expect(ib.layout.id).toBe(learned.layouts[1]!.id);
    for (const t of [a, b]) {
      const r = extractLearned(definition(learned), t.doc);
      expect(r.fields.map((f) => f.value)).toEqual([
        t.truth.invoice_number,
        t.truth.invoice_date,
        t.truth.customer,
        t.truth.total,
      ]);
    }
  });

  it("reads an unknown vendor's invoice through the generic anchors (the labels' own words)", () => {
    const train = [...[1, 2, 3].map((s) => invoice('A', s)), ...[4, 5, 6].map((s) => invoice('B', s))];
    const learned = learnModel(LABELS, CONFIGURATION, train);
    const c = invoice('C', 9);
    expect(pickLayout(learned, viewDocument(c.doc)).layout).toBe(learned.generic);
    const r = extractLearned(definition(learned), c.doc);
    expect(field(r, 'invoice_number').value).toBe(c.truth.invoice_number);
    expect(field(r, 'invoice_date').normalized?.type).toBe('date');
    expect(field(r, 'total').value).toBe(c.truth.total);
    // Its line items through the columns' own names (Quantity for Qty), ending at its "Total Due".
    const rows = r.tables[0]!.rows.map((row) =>
      Object.fromEntries(Object.entries(row.cells).map(([k, x]) => [k, x.value])),
    );
    expect(rows).toEqual(c.truth.items);
  });

  it('keeps working from its JSON (what the server stores)', () => {
    const learned = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const stored: unknown = JSON.parse(JSON.stringify(learned));
    expect(stored).toEqual(learned);
    const t = invoice('A', 5);
    expect(extractLearned(definition(stored), t.doc)).toEqual(extractLearned(definition(learned), t.doc));
  });

  it('asks for review when the anchor is gone, and names the next best as alternatives', () => {
    const learned = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const t = invoice('A', 11);
    const doc: DocumentTokens = { ...t.doc, tokens: t.doc.tokens.filter((x) => x.text !== 'Total') };
    const total = field(extractLearned(definition(learned), doc), 'total');
    expect(total.confidence).toBeLessThan(CONFIGURATION.confidence_threshold);
    expect(total.needs_review).toBe(true);
    expect(total.alternatives.length).toBeGreaterThan(0);
    const sure = field(extractLearned(definition(learned), t.doc), 'total');
    expect(sure.confidence).toBeGreaterThan(total.confidence);
  });

  it('learns from a correction typed without a box (the value found in the words)', () => {
    const examples = [1, 2, 3].map((s) => invoice('A', s));
    for (const e of examples)
      for (const a of e.annotations) if (a.label_key === 'total') a.box = { x0: 0, y0: 0, x1: 0, y1: 0 };
    const learned = learnModel(LABELS, CONFIGURATION, examples);
    const t = invoice('A', 21);
    expect(field(extractLearned(definition(learned), t.doc), 'total').value).toBe(t.truth.total);
  });

  it('says clearly when the model has not learned yet', () => {
    expect(() => extractLearned(definition(null), invoice('A', 1).doc)).toThrow(/not learned yet/);
    expect(() => extractLearned(definition({ something: 1 }), invoice('A', 1).doc)).toThrow(/learn again/);
  });
});

describe('modelInsights', () => {
  it("measures each field's accuracy leave-one-out: each document read by a model learned from the others", () => {
    // Two documents of vendor A and one of vendor B: B's invoice, held out, is read by a model that never saw B.
    const examples = [invoice('A', 1), invoice('A', 2), invoice('B', 3)];
    // A mistaken annotation on the second A document: the customer marked on the address line.
    const wrong = examples[1]!;
    const address = wrong.doc.tokens.filter((t) => t.text === 'Nairobi,' || t.text === 'Kenya');
    const customer = wrong.annotations.find((a) => a.label_key === 'customer')!;
    customer.value = 'Nairobi, Kenya';
    customer.box = {
      x0: address[0]!.box.x0,
      y0: address[0]!.box.y0,
      x1: address[1]!.box.x1,
      y1: address[1]!.box.y1,
    };
    const learned = learnModel(LABELS, CONFIGURATION, examples);
    const insights = modelInsights(learned, LABELS);
    expect(insights.training_documents).toBe(3);
    // Recompute by hand: learn from two, read the third.
    for (const label of LABELS.filter((l) => l.type !== 'table')) {
      let correct = 0;
      examples.forEach((held, i) => {
        const rest = examples.filter((_, j) => j !== i);
        const r = extractLearned(definition(learnModel(LABELS, CONFIGURATION, rest)), held.doc);
        const want = held.annotations.find((a) => a.label_key === label.key)!.value;
        const got = field(r, label.key).value ?? '';
        if (got.replace(/\s+/g, '').toLowerCase() === want.replace(/\s+/g, '').toLowerCase()) correct += 1;
      });
      expect(insights.fields.find((f) => f.key === label.key)!.accuracy).toBeCloseTo(correct / 3, 6);
    }
    // The mistaken annotation cannot be predicted from the others, nor the others from it alone.
    expect(insights.fields.find((f) => f.key === 'customer')!.accuracy).toBeLessThan(1);
    expect(insights.history.map((h) => h.training_documents)).toEqual([1, 2, 3]);
    // After one document: the model of the first document reading the two added after it.
    const first = learnModel(LABELS, CONFIGURATION, examples.slice(0, 1));
    let right = 0;
    let total = 0;
    for (const next of examples.slice(1)) {
      const r = extractLearned(definition(first), next.doc);
      for (const a of next.annotations) {
        total += 1;
        const got =
          a.row === undefined
            ? field(r, a.label_key).value
            : r.tables[0]!.rows[a.row]?.cells[a.column!]?.value;
        if (
          got &&
          sameValue(
            LABELS.find((l) => l.key === a.label_key)!.type === 'date'
              ? 'date'
              : a.label_key === 'total' || a.column === 'amount'
                ? 'amount'
                : 'text',
            got,
            a.value,
            CONFIGURATION,
          )
        )
          right += 1;
      }
    }
    expect(insights.history[0]!.accuracy).toBeCloseTo(right / total, 6);
    const accuracies = insights.fields.map((f) => f.accuracy!);
    expect(insights.history[2]!.accuracy).toBeGreaterThanOrEqual(Math.min(...accuracies));
    expect(insights.history[2]!.accuracy).toBeLessThanOrEqual(Math.max(...accuracies));
  });

  it('shows the learned anchors with direction and weight, and the value shapes', () => {
    const learned: LearnedModel = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const insights = modelInsights(learned, LABELS);
    expect(insights.layouts).toBe(1);
    const number = insights.fields.find((f) => f.key === 'invoice_number')!;
    expect(number.shape).toBe('INV-\\d+');
    expect(number.anchors).toContainEqual({ text: 'no', direction: 'left of value', weight: 1 });
    expect(number.examples).toBe(3);
    expect(insights.fields.find((f) => f.key === 'total')!.shape).toBe('amount');
    expect(insights.fields.find((f) => f.key === 'customer')!.anchors[0]).toEqual({
      text: 'bill',
      direction: 'above value',
      weight: 1,
    });
    expect(
      insights.fields
        .find((f) => f.key === 'items')!
        .anchors.map((a) => a.text)
        .sort(),
    ).toEqual(['amount', 'description', 'qty']);
  });
});

describe('line items across pages', () => {
  const word = (page: number, text: string, x: number, y: number) => ({
    page,
    text,
    box: { x0: x, y0: y, x1: x + text.length * 0.009, y1: y + 0.012 },
    confidence: 1,
    source: 'pdf' as const,
  });
  /** Rows of [description, qty, amount]; the first `onFirst` on page 1 under the header, the rest on page 2 under a running head. */
  function doc(rows: [string, string, string][], onFirst: number) {
    const tokens = [
      word(1, 'Invoice', 0.1, 0.05),
      word(1, 'Description', 0.1, 0.2),
      word(1, 'Qty', 0.6, 0.2),
      word(1, 'Amount', 0.8, 0.2),
    ];
    const annotations: Annotation[] = [];
    rows.forEach(([d, q, a], i) => {
      const page = i < onFirst ? 1 : 2;
      const y = page === 1 ? 0.23 + i * 0.03 : 0.15 + (i - onFirst) * 0.03;
      const words = d.split(' ').map((w, k) => word(page, w, 0.1 + k * 0.08, y));
      const qty = word(page, q, 0.6, y);
      const amount = word(page, a, 0.8, y);
      tokens.push(...words, qty, amount);
      const box = (ts: Token[]) => ({
        x0: ts[0]!.box.x0,
        y0: y,
        x1: ts[ts.length - 1]!.box.x1,
        y1: y + 0.012,
      });
      annotations.push(
        { label_key: 'items', page, box: box(words), value: d, row: i, column: 'description' },
        { label_key: 'items', page, box: box([qty]), value: q, row: i, column: 'qty' },
        { label_key: 'items', page, box: box([amount]), value: a, row: i, column: 'amount' },
      );
    });
    const last = rows.length <= onFirst ? 1 : 2;
    const endY = last === 1 ? 0.23 + rows.length * 0.03 + 0.02 : 0.15 + (rows.length - onFirst) * 0.03 + 0.02;
    tokens.push(
      word(2, 'Acme', 0.1, 0.05),
      word(2, 'continued', 0.2, 0.05),
      word(last, 'Subtotal', 0.6, endY),
    );
    const d: DocumentTokens = { pages: [1, 2].map((page) => ({ page, width: 595, height: 842 })), tokens };
    return { doc: d, annotations };
  }
  it('continues a table on the next page under a running head, and stops at the learned end words', () => {
    const train = [
      doc(
        [
          ['Desk lamp', '2', '1,200.00'],
          ['Office chair', '1', '8,500.00'],
        ],
        2,
      ),
      doc(
        [
          ['Toner', '3', '9,000.00'],
          ['Paper A4', '10', '5,500.00'],
          ['Stapler', '1', '450.00'],
        ],
        3,
      ),
      doc([['Water dispenser', '1', '12,000.00']], 1),
    ];
    const labels = LABELS.filter((l) => l.key === 'items');
    const learned = learnModel(labels, CONFIGURATION, train);
    const rows: [string, string, string][] = [
      ['Filing cabinet', '1', '15,000.00'],
      ['USB cable', '4', '1,600.00'],
      ['Desk lamp', '2', '1,200.00'],
      ['Toner', '1', '3,000.00'],
    ];
    const r = extractLearned({ ...definition(learned), labels }, doc(rows, 2).doc);
    const got = r.tables[0]!.rows.map((row) => [
      row.page,
      row.cells.description!.value,
      row.cells.qty!.value,
      row.cells.amount!.value,
    ]);
    expect(got).toEqual(rows.map(([d, q, a], i) => [i < 2 ? 1 : 2, d, q, a]));
    expect(r.tables[0]!.rows[0]!.cells.amount!.normalized).toEqual({
      type: 'amount',
      minor: '1500000',
      currency: 'KES',
    });
  });
});

describe('selection keywords', () => {
  it("leaves a document that is not the model's layout alone", () => {
    const learned = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const only = (keywords: string[]): ModelDefinition => ({
      ...definition(learned),
      configuration: { ...CONFIGURATION, selection: { mode: 'any', keywords, exclude: [] } },
    });
    const a = extractLearned(only(['ACME SUPPLIES']), invoice('A', 8).doc);
    expect(a.layout_matched).toBe(true);
    expect(a.fields).toHaveLength(4);
    const b = extractLearned(only(['ACME SUPPLIES']), invoice('B', 8).doc);
    expect(b).toMatchObject({ layout_matched: false, fields: [], tables: [], pages: 1, text_source: 'pdf' });
  });
});

describe('held-out accuracy', () => {
  it('reads 20 unseen invoices of two learned vendors (3 training documents each, positions shifted) without a wrong value passing review', () => {
    const shift = (s: number) => ({ x: ((s * 37) % 41) - 20, y: ((s * 53) % 61) - 30 });
    const train = (['A', 'B'] as const).flatMap((l) => [100, 101, 102].map((s) => invoice(l, s, shift(s))));
    const learned = learnModel(LABELS, CONFIGURATION, train);
    let right = 0;
    let total = 0;
    let wrongUnflagged = 0;
    for (const layout of ['A', 'B'] as const) {
      for (let s = 500; s < 510; s++) {
        const t = invoice(layout, s, shift(s));
        const r = extractLearned(definition(learned), t.doc);
        for (const f of r.fields) {
          total += 1;
          const want = t.truth[f.key as 'invoice_number' | 'invoice_date' | 'customer' | 'total'];
          if (f.value === want) right += 1;
          else if (!f.needs_review) wrongUnflagged += 1;
        }
      }
    }
    expect(right / total).toBeGreaterThanOrEqual(0.95);
    expect(wrongUnflagged).toBe(0);
  });
});

describe('OCR specks', () => {
  it('keeps stray marks at the edges out of values and cells', () => {
    const learned = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const t = invoice('A', 13);
    const speck = (text: string, near: Token, dx: number): Token => ({
      ...near,
      text,
      source: 'ocr',
      confidence: 0.6,
      box: { x0: near.box.x0 + dx, x1: near.box.x0 + dx + 0.008, y0: near.box.y0, y1: near.box.y1 },
    });
    const amount = t.doc.tokens.find((x) => x.text === t.truth.items[0]!.amount)!;
    const customer = t.doc.tokens.find((x) => x.text === t.truth.customer.split(' ')[0])!;
    const doc: DocumentTokens = {
      ...t.doc,
      tokens: [
        ...t.doc.tokens,
        speck('©', amount, -0.015),
        speck(':', customer, -0.012),
        speck('-', customer, 0.4),
      ],
    };
    const r = extractLearned(definition(learned), doc);
    expect(r.tables[0]!.rows[0]!.cells.amount!.value).toBe(t.truth.items[0]!.amount);
    expect(field(r, 'customer').value).toBe(t.truth.customer);
    expect(r.text_source).toBe('mixed');
  });
});

describe('edge cases', () => {
  it('learns from no document at all: the labels’ own words still find values, and the insights are empty', () => {
    const learned = learnModel(LABELS, CONFIGURATION, []);
    expect(learned.layouts).toEqual([]);
    const t = invoice('C', 3);
    const r = extractLearned(definition(learned), t.doc);
    expect(field(r, 'invoice_date').normalized?.type).toBe('date');
    const insights = modelInsights(JSON.parse(JSON.stringify(learned)), LABELS);
    expect(insights).toMatchObject({ training_documents: 0, layouts: 0, history: [] });
    expect(insights.fields.every((f) => f.accuracy === null && f.examples === 0)).toBe(true);
  });

  it('ignores annotations of labels the model no longer has, and documents without words', () => {
    const a = invoice('A', 1);
    a.annotations.push({ label_key: 'gone', page: 1, box: { x0: 0, y0: 0, x1: 1, y1: 1 }, value: 'x' });
    const empty = { doc: { pages: [{ page: 1, width: 595, height: 842 }], tokens: [] }, annotations: [] };
    const learned = learnModel(LABELS, CONFIGURATION, [a, empty, invoice('A', 2)]);
    expect(learned.training_documents).toBe(3);
    const t = invoice('A', 30);
    expect(field(extractLearned(definition(learned), t.doc), 'invoice_number').value).toBe(
      t.truth.invoice_number,
    );
  });
});

describe('a page read slightly askew', () => {
  it('levels the words before grouping lines, and shows boxes where the words are', () => {
    const learned = learnModel(
      LABELS,
      CONFIGURATION,
      [1, 2, 3].map((s) => invoice('A', s)),
    );
    const t = invoice('A', 14);
    // 1.5° clockwise: the right end of a row sits lower (y in page units; A4 is 1.414 times taller than wide).
    const slope = Math.tan((1.5 * Math.PI) / 180) / (842 / 595);
    const skewed: DocumentTokens = {
      ...t.doc,
      tokens: t.doc.tokens.map((x) => {
        const dy = slope * ((x.box.x0 + x.box.x1) / 2 - 0.5);
        return { ...x, box: { ...x.box, y0: x.box.y0 + dy + 0.02, y1: x.box.y1 + dy + 0.02 } };
      }),
    };
    const r = extractLearned(definition(learned), skewed);
    expect(r.fields.map((f) => f.value)).toEqual([
      t.truth.invoice_number,
      t.truth.invoice_date,
      t.truth.customer,
      t.truth.total,
    ]);
    const rows = r.tables[0]!.rows.map((row) =>
      Object.fromEntries(Object.entries(row.cells).map(([k, c]) => [k, c.value])),
    );
    expect(rows).toEqual(t.truth.items);
    const number = skewed.tokens.find((x) => x.text === t.truth.invoice_number)!;
    expect(field(r, 'invoice_number').box).toEqual(number.box);
  });
});
