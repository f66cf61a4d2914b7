/**
 * The generator's truth is where it says: every field's and cell's text is the text the PDF's own
 * text layer holds inside its box. Same seed, same bytes. Run: `npx tsx --test bench/extraction/generator.test.ts`.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { openPdf } from '@counterpart/files';
import { generateSet } from './generator.ts';
import type { ValueTruth } from './invoice-data.ts';
import { A4 } from './pdf-writer.ts';
import { render } from './renditions.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

test('every truth value is the text the PDF holds inside its box', async () => {
  const set = await generateSet(3, 'small');
  assert.ok(set.length >= 6 * 7 + 2);
  const layouts = new Set(set.map((d) => d.truth.layout));
  assert.equal(layouts.size, 7);
  assert.ok(
    set.some((d) => d.truth.pages >= 2),
    'some invoice spills to a second page',
  );
  for (const doc of set) {
    const pdf = await openPdf(doc.pdf);
    const words: { page: number; text: string; cx: number; cy: number }[] = [];
    for (let p = 1; p <= pdf.pageCount; p++)
      for (const line of (await pdf.page(p)).lines)
        for (const w of line.words)
          words.push({
            page: p,
            text: w.text,
            cx: (w.x + w.width / 2) / A4.width,
            cy: (w.y + w.height / 2) / A4.height,
          });
    await pdf.close();
    const inside = (v: ValueTruth) =>
      words
        .filter(
          (w) =>
            w.page === v.page && w.cx >= v.box.x0 && w.cx <= v.box.x1 && w.cy >= v.box.y0 && w.cy <= v.box.y1,
        )
        .map((w) => w.text)
        .join(' ');
    for (const [key, v] of Object.entries(doc.truth.fields))
      assert.equal(inside(v), v.text, `${doc.truth.id} ${key}`);
    for (const [i, row] of doc.truth.line_items.entries())
      for (const [key, v] of Object.entries(row.cells))
        assert.equal(inside(v), v.text, `${doc.truth.id} row ${i} ${key}`);
    // Money adds up: VAT 16 % of the subtotal, the total their sum.
    const minor = (v: ValueTruth) => (v.normalized.type === 'amount' ? BigInt(v.normalized.minor) : -1n);
    const f = doc.truth.fields;
    assert.equal(minor(f.total), minor(f.subtotal) + minor(f.vat), doc.truth.id);
    assert.equal(
      minor(f.subtotal),
      doc.truth.line_items.reduce((s, r) => s + minor(r.cells.amount), 0n),
      doc.truth.id,
    );
  }
});

test('the same seed gives the same invoices, scans and photos', async () => {
  const [a, b] = [await generateSet(5, 'small'), await generateSet(5, 'small')];
  assert.deepEqual(
    a.map((d) => sha(d.pdf)),
    b.map((d) => sha(d.pdf)),
  );
  const other = await generateSet(6, 'small');
  assert.notEqual(sha((a[0] as (typeof a)[0]).pdf), sha((other[0] as (typeof a)[0]).pdf));
  const doc = a[0] as (typeof a)[0];
  for (const name of ['scan', 'photo'] as const) {
    const [x, y] = [await render(name, doc.pdf, doc.truth, 42), await render(name, doc.pdf, doc.truth, 42)];
    assert.equal(sha(x.bytes), sha(y.bytes), name);
    assert.deepEqual(x.truth, y.truth);
    assert.notDeepEqual(x.truth.fields.total.box, doc.truth.fields.total.box, `${name} moves the boxes`);
  }
});
