import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extract } from './extract.ts';
import { readDocumentTokens } from './read/read-document.ts';
import { anchor, label, labelRule, regex, ruleModel } from './test-support/models.ts';

type Text = [text: string, x: number, top: number];

/** An A4 PDF with each text drawn at x and `top` points from the page top (10 pt Helvetica). */
async function invoicePdf(pages: Text[][]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const texts of pages) {
    const page = pdf.addPage([595, 842]);
    for (const [text, x, top] of texts) page.drawText(text, { x, y: 842 - top, size: 10, font });
  }
  return pdf.save();
}

const itemsLabel = label('items', 'table', {
  columns: [
    { key: 'description', name: 'Description', type: 'text' },
    { key: 'qty', name: 'Qty', type: 'number' },
    { key: 'amount', name: 'Amount', type: 'amount' },
  ],
});

const model = ruleModel(
  [
    label('invoice_number', 'text', { required: true }),
    label('invoice_date', 'date'),
    label('total', 'amount'),
    itemsLabel,
  ],
  [
    labelRule('invoice_number', [regex('Invoice\\s+No\\.?:?\\s*([A-Z]+-\\d+)')]),
    labelRule('invoice_date', [anchor('Date', 'below')]),
    labelRule('total', [anchor('Total Due', 'right', { value_pattern: '[\\d.,]+' })], 'last'),
    labelRule('items', [
      {
        method: 'table',
        columns: [
          { key: 'description', header: 'Description' },
          { key: 'qty', header: 'Qty' },
          { key: 'amount', header: 'Amount' },
        ],
      },
    ]),
  ],
  { decimal_separator: ',', selection: { mode: 'all', keywords: ['Mwangi Hardware'], exclude: [] } },
);

describe('extract on a text PDF read by readDocumentTokens', () => {
  it('finds fields and line items across two pages where they were drawn', async () => {
    const bytes = await invoicePdf([
      [
        ['Mwangi Hardware Ltd', 50, 50],
        ['Invoice No: MH-0042', 50, 90],
        ['Date', 400, 90],
        ['05.03.2026', 400, 104],
        ['Description', 50, 200],
        ['Qty', 320, 200],
        ['Amount', 480, 200],
        ['Cement 50kg bags', 50, 220],
        ['12', 322, 220],
        ['9.600,00', 480, 220],
        ['delivered to site', 50, 232],
        ['Page 1 of 2', 260, 810],
      ],
      [
        ['Mwangi Hardware Ltd, continued', 50, 50],
        ['Steel bars Y12', 50, 100],
        ['40', 322, 100],
        ['1.471,60', 480, 100],
        ['Total Due', 380, 140],
        ['11.071,60', 480, 140],
      ],
    ]);
    const doc = await readDocumentTokens(bytes);
    const result = extract(model, doc);
    expect(result.layout_matched).toBe(true);
    const field = (key: string) => result.fields.find((f) => f.key === key)!;
    expect(field('invoice_number')).toMatchObject({
      value: 'MH-0042',
      confidence: 1,
      page: 1,
      needs_review: false,
    });
    // The box is the word's: from x 50 + width of "Invoice No: " to the baseline 90 pt from the top.
    expect(field('invoice_number').box!.y1).toBeCloseTo(90 / 842, 2);
    expect(field('invoice_number').box!.x0).toBeGreaterThan(100 / 595);
    expect(field('invoice_date').normalized).toEqual({ type: 'date', iso: '2026-03-05' });
    expect(field('total')).toMatchObject({
      value: '11.071,60',
      normalized: { type: 'amount', minor: '1107160', currency: 'KES' },
      page: 2,
    });
    const rows = result.tables[0]!.rows;
    expect(
      rows.map((r) => [r.page, r.cells.description!.value, r.cells.qty!.value, r.cells.amount!.normalized]),
    ).toEqual([
      [1, 'Cement 50kg bags delivered to site', '12', { type: 'amount', minor: '960000', currency: 'KES' }],
      [2, 'Steel bars Y12', '40', { type: 'amount', minor: '147160', currency: 'KES' }],
    ]);
    expect(result).toMatchObject({ needs_review: false, pages: 2, text_source: 'pdf', ocr_confidence: null });
  });
});
