/**
 * The scoring, on hand-made results: run with `npx tsx --test bench/extraction/score.test.ts`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExtractionResult, FieldResult, NormalizedValue } from '@counterpart/contracts';
import type { InvoiceTruth, ValueTruth } from './invoice-data.ts';
import { rates, readable, sameValue, scoreDocument, Tally } from './score.ts';

const box = { x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.12 };
const v = (text: string, normalized: NormalizedValue): ValueTruth => ({ text, normalized, page: 1, box });
const kes = (minor: string): NormalizedValue => ({ type: 'amount', minor, currency: 'KES' });

const truth: InvoiceTruth = {
  id: 't-1',
  layout: 'classic',
  vendor_id: 'classic-v1',
  held_out_vendor: false,
  pages: 1,
  fields: {
    invoice_number: v('INV-2026-0001', { type: 'text', text: 'INV-2026-0001' }),
    invoice_date: v('27/11/2026', { type: 'date', iso: '2026-11-27' }),
    due_date: v('27/12/2026', { type: 'date', iso: '2026-12-27' }),
    vendor_name: v('Kilimani Print Works', { type: 'text', text: 'Kilimani Print Works' }),
    vendor_kra_pin: v('P051234567X', { type: 'text', text: 'P051234567X' }),
    customer_name: v('Acme Kenya Limited', { type: 'text', text: 'Acme Kenya Limited' }),
    subtotal: v('1.268,62', kes('126862')),
    vat: v('202,98', kes('20298')),
    total: v('1.471,60', kes('147160')),
    currency: v('KES', { type: 'text', text: 'KES' }),
  },
  line_items: [
    {
      page: 1,
      cells: {
        description: v('Cement 50kg bag', { type: 'text', text: 'Cement 50kg bag' }),
        quantity: v('2', { type: 'number', value: '2' }),
        unit_price: v('634,31', kes('63431')),
        amount: v('1.268,62', kes('126862')),
      },
    },
    {
      page: 1,
      cells: {
        description: v('Delivery', { type: 'text', text: 'Delivery' }),
        quantity: v('1,5', { type: 'number', value: '1.5' }),
        unit_price: v('0,00', kes('0')),
        amount: v('0,00', kes('0')),
      },
    },
  ],
};

const field = (
  key: string,
  value: string | null,
  normalized: NormalizedValue | null = null,
): FieldResult => ({
  key,
  value,
  normalized,
  confidence: 0.9,
  page: 1,
  box,
  source: 'test',
  alternatives: [],
  needs_review: false,
});
const cell = (value: string, normalized: NormalizedValue | null) => ({
  value,
  normalized,
  confidence: 0.9,
  page: 1,
  box,
});

function result(
  fields: FieldResult[],
  rows: Record<string, ReturnType<typeof cell>>[] = [],
): ExtractionResult {
  return {
    layout_matched: true,
    fields,
    tables: [
      {
        key: 'line_items',
        rows: rows.map((cells) => ({ page: 1, cells })),
        confidence: 0.9,
        source: 'test',
        needs_review: false,
      },
    ],
    needs_review: false,
    pages: 1,
    text_source: 'pdf',
    ocr_confidence: null,
  };
}

test('a date is right when its ISO date is, whatever its text', () => {
  const t = truth.fields.invoice_date;
  assert.equal(sameValue({ value: '27 Nov 2026', normalized: { type: 'date', iso: '2026-11-27' } }, t), true);
  assert.equal(sameValue({ value: '27/11/2026', normalized: { type: 'date', iso: '2026-12-27' } }, t), false);
  // Read with the wrong day/month order: wrong.
  assert.equal(sameValue({ value: '27/11/2026', normalized: { type: 'date', iso: '2027-03-11' } }, t), false);
});

test('an amount is right by its minor units, a comma decimal read as a thousands separator is wrong', () => {
  const t = truth.fields.total;
  assert.equal(sameValue({ value: '1.471,60', normalized: kes('147160') }, t), true);
  assert.equal(sameValue({ value: '1.471,60', normalized: kes('1471') }, t), false);
  assert.equal(sameValue({ value: '1.471,60', normalized: { type: 'text', text: '1.471,60' } }, t), false);
});

test('text compares up to case and spacing; a missing normalized form falls back to the text', () => {
  const t = truth.fields.vendor_name;
  assert.equal(
    sameValue(
      { value: 'KILIMANI  Print Works', normalized: { type: 'text', text: 'KILIMANI  Print Works' } },
      t,
    ),
    true,
  );
  assert.equal(sameValue({ value: 'Kilimani Print Works', normalized: null }, t), true);
  assert.equal(sameValue({ value: 'Kilimani Print', normalized: null }, t), false);
  assert.equal(sameValue({ value: null, normalized: null }, t), false);
  assert.equal(sameValue({ value: '  ', normalized: null }, t), false);
});

test('a document: predicted, correct and missing fields give precision and recall', () => {
  const score = scoreDocument(
    result([
      field('invoice_number', 'INV-2026-0001', { type: 'text', text: 'INV-2026-0001' }),
      field('invoice_date', '27/11/2026', { type: 'date', iso: '2026-11-27' }),
      field('total', '1.471,60', kes('147')), // wrong
      field('vendor_name', null), // not found
    ]),
    truth,
  );
  assert.deepEqual(
    [
      score.fields.invoice_number.correct,
      score.fields.invoice_date.correct,
      score.fields.total.predicted,
      score.fields.total.correct,
    ],
    [1, 1, 1, 0],
  );
  assert.equal(score.fields.vendor_name.predicted, 0);
  const tally = new Tally();
  tally.add(score);
  const all = tally.allFields();
  assert.deepEqual(all, { truth: 10, predicted: 3, correct: 2 });
  assert.deepEqual(rates(all), { precision: 2 / 3, recall: 0.2, f1: (2 * (2 / 3) * 0.2) / (2 / 3 + 0.2) });
});

test('line-item rows: a row counts only when every cell is right, each truth row matched once', () => {
  const good = {
    description: cell('Cement 50kg bag', { type: 'text', text: 'Cement 50kg bag' }),
    quantity: cell('2', { type: 'number', value: '2' }),
    unit_price: cell('634,31', kes('63431')),
    amount: cell('1.268,62', kes('126862')),
  };
  const badQuantity = {
    description: cell('Delivery', { type: 'text', text: 'Delivery' }),
    quantity: cell('15', { type: 'number', value: '15' }),
    unit_price: cell('0,00', kes('0')),
    amount: cell('0,00', kes('0')),
  };
  // The good row twice (a duplicate): only one of them matches.
  const score = scoreDocument(result([], [good, good, badQuantity]), truth);
  assert.deepEqual(score.rows, { truth: 2, predicted: 3, correct: 1 });
  const f1 = rates(score.rows).f1 as number;
  assert.ok(Math.abs(f1 - (2 * (1 / 3) * 0.5) / (1 / 3 + 0.5)) < 1e-12);
  // No table at all: nothing predicted, recall 0, F1 0.
  const none = scoreDocument({ ...result([]), tables: [] }, truth);
  assert.deepEqual(none.rows, { truth: 2, predicted: 0, correct: 0 });
  assert.equal(rates(none.rows).f1, 0);
});

test('a number column accepts 1.5 written as 1,5 once normalized', () => {
  const q = truth.line_items[1]?.cells.quantity as ValueTruth;
  assert.equal(sameValue({ value: '1,5', normalized: { type: 'number', value: '1.5' } }, q), true);
  assert.equal(sameValue({ value: '1,5', normalized: { type: 'number', value: '1.50' } }, q), true);
  assert.equal(sameValue({ value: '15', normalized: { type: 'number', value: '15' } }, q), false);
});

test('readable: a value counts when the words inside its box read its text exactly', () => {
  const token = (text: string, x0: number, x1: number) => ({
    page: 1,
    text,
    box: { x0, y0: 0.1, x1, y1: 0.12 },
    confidence: 0.9,
    source: 'ocr' as const,
  });
  const doc = {
    pages: [{ page: 1, width: 595, height: 842 }],
    // Only the vendor's name box (0.1..0.2) holds words: "Kilimani Print Works" split in three.
    tokens: [token('Kilimani', 0.1, 0.13), token('Print', 0.135, 0.16), token('Works', 0.165, 0.2)],
  };
  const r = readable(doc, truth);
  // Every field shares the same box here: only vendor_name's text matches.
  assert.deepEqual(r.fields, { truth: 10, predicted: 10, correct: 1 });
  const misread = {
    ...doc,
    tokens: [token('Kilimani', 0.1, 0.13), token('Prlnt', 0.135, 0.16), token('Works', 0.165, 0.2)],
  };
  assert.equal(readable(misread, truth).fields.correct, 0);
  assert.deepEqual(r.cells, { truth: 8, predicted: 8, correct: 0 });
});
