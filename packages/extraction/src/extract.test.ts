import { extractionResultSchema } from '@counterpart/contracts';
import { describe, expect, it } from 'vitest';
import { extract } from './extract.ts';
import { learnModel } from './learned/learn-model.ts';
import { anchor, CONFIGURATION, label, labelRule, regex, ruleModel } from './test-support/models.ts';
import { doc, phrase, word } from './test-support/tokens.ts';

const amountAfter = { value_pattern: '[\\d.,]+' };

const invoice = (confidence = 1) =>
  doc([
    ...phrase('ACME SUPPLIES LTD', 50, 40, 1, confidence),
    ...phrase('Invoice No:', 50, 100, 1, confidence),
    word('INV-2041', 200, 100, 1, confidence),
    ...phrase('Invoice Date', 350, 100, 1, confidence),
    word('12/03/2026', 350, 115, 1, confidence),
    ...phrase('Description', 50, 200),
    word('Amount', 480, 200),
    ...phrase('Chairs', 50, 220),
    word('9,000.00', 480, 220),
    ...phrase('Total', 350, 700, 1, confidence),
    word('9,000.00', 480, 700, 1, confidence),
    ...phrase('Total VAT', 350, 715, 1, confidence),
    word('1.440,00', 480, 715, 1, confidence),
  ]);

const labels = [
  label('invoice_number', 'text', { required: true }),
  label('invoice_date', 'date'),
  label('total', 'amount'),
  label('vendor', 'text'),
  label('po_number', 'text', { required: true }),
  label('items', 'table', {
    columns: [
      { key: 'description', name: 'Description', type: 'text' },
      { key: 'amount', name: 'Amount', type: 'amount' },
    ],
  }),
];

const rules = [
  labelRule('invoice_number', [regex('no such (\\d+)'), anchor('Invoice No')], 'first', [
    { kind: 'ocr_confusions', shape: 'alphanumeric' },
  ]),
  labelRule('invoice_date', [anchor('Invoice Date', 'below')]),
  labelRule('total', [anchor('Total', 'right', amountAfter)], 'first'),
  labelRule('vendor', [{ method: 'static', value: 'Acme Supplies' }]),
  labelRule('po_number', [regex('PO\\s*(\\d+)')]),
  labelRule('items', [
    {
      method: 'table',
      columns: [
        { key: 'description', header: 'Description' },
        { key: 'amount', header: 'Amount' },
      ],
    },
  ]),
];

describe('extract with a rule-based model', () => {
  it('finds each field with its place, types it and marks a missing required label for review', () => {
    const result = extractionResultSchema.parse(extract(ruleModel(labels, rules), invoice()));
    const field = (key: string) => result.fields.find((f) => f.key === key)!;
    expect(result.layout_matched).toBe(true);
    expect(field('invoice_number')).toMatchObject({
      value: 'INV-2041',
      normalized: { type: 'text', text: 'INV-2041' },
      confidence: 1,
      page: 1,
      source: 'anchor "Invoice No" → right',
      needs_review: false,
    });
    expect(field('invoice_date').normalized).toEqual({ type: 'date', iso: '2026-03-12' });
    expect(field('total')).toMatchObject({
      value: '9,000.00',
      normalized: { type: 'amount', minor: '900000', currency: 'KES' },
    });
    // The second "Total" (Total VAT) is offered as an alternative, read with the other separator.
    expect(field('total').alternatives).toMatchObject([{ value: '1.440,00', confidence: 0.9, page: 1 }]);
    expect(field('vendor')).toMatchObject({ value: 'Acme Supplies', page: null, box: null, confidence: 1 });
    expect(field('po_number')).toMatchObject({ value: null, confidence: 0, needs_review: true });
    expect(result.tables[0]!.rows.map((r) => r.cells.description!.value)).toEqual(['Chairs']);
    expect(result.needs_review).toBe(true);
    expect(result).toMatchObject({ pages: 1, text_source: 'pdf', ocr_confidence: null });
  });

  it('picks the last or the sum, and reviews values read with doubt', () => {
    const last = extract(
      ruleModel(labels, [labelRule('total', [anchor('Total', 'right', amountAfter)], 'last')]),
      invoice(),
    );
    const total = last.fields.find((f) => f.key === 'total')!;
    expect(total).toMatchObject({ value: '1.440,00', confidence: 0.9, needs_review: false });
    const strict = extract(
      ruleModel(labels, [labelRule('total', [anchor('Total', 'right', amountAfter)], 'sum')], {
        confidence_threshold: 0.95,
      }),
      invoice(),
    );
    expect(strict.fields.find((f) => f.key === 'total')).toMatchObject({
      value: '10440.00',
      normalized: { type: 'amount', minor: '1044000', currency: 'KES' },
      needs_review: true,
    });
  });

  it('lowers confidence by the OCR words and reports the OCR text source', () => {
    const result = extract(ruleModel(labels, rules), invoice(0.6));
    expect(result.fields.find((f) => f.key === 'invoice_number')).toMatchObject({
      confidence: 0.6,
      needs_review: true,
    });
    expect(result.text_source).toBe('mixed');
    expect(result.ocr_confidence).toBeCloseTo(0.6, 6);
  });

  it('extracts nothing from a document that is not the layout', () => {
    const model = ruleModel(labels, rules, {
      selection: { mode: 'all', keywords: ['ACME'], exclude: ['credit note'] },
    });
    expect(extract(model, invoice()).layout_matched).toBe(true);
    const other = extract(model, doc(phrase('CREDIT NOTE from ACME', 50, 50)));
    expect(other).toMatchObject({ layout_matched: false, fields: [], tables: [], needs_review: false });
  });

  it('marks a typed value that cannot be read for review', () => {
    const result = extract(
      ruleModel([label('total', 'amount')], [labelRule('total', [anchor('Invoice No')])]),
      invoice(),
    );
    expect(result.fields[0]).toMatchObject({
      value: 'INV-2041',
      normalized: null,
      confidence: 0.5,
      needs_review: true,
    });
  });

  it('says an AI model cannot run before it has learned, and runs what it learned', () => {
    expect(() => extract({ ...ruleModel(labels, []), kind: 'ai' }, invoice())).toThrow(/has not learned yet/);
    const fields = [label('invoice_number', 'text')];
    const annotated = invoice();
    const value = annotated.tokens.find((t) => t.text === 'INV-2041')!;
    const learned = learnModel(fields, CONFIGURATION, [
      {
        doc: annotated,
        annotations: [{ label_key: 'invoice_number', page: 1, box: value.box, value: 'INV-2041' }],
      },
    ]);
    const model = { ...ruleModel(fields, []), kind: 'ai' as const, learned };
    expect(extract(model, invoice()).fields[0]).toMatchObject({ key: 'invoice_number', value: 'INV-2041' });
  });
});
