/**
 * Checks a generated set against itself: the ground truth adds up, and every truth value is printed in its
 * PDF (text read with pdfjs-dist, not with the product's engine), and no text runs off a page or over other text.
 * Exits 1 when any document has a problem.
 *
 *   npx tsx bench/extraction-unseen/check.ts /tmp/extraction-unseen
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Manifest } from './generator.ts';
import type { Truth } from './truth.ts';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

interface Run {
  str: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

async function pdfText(file: string): Promise<{ runs: string[]; layout: string[]; pages: number }> {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(file)), standardFontDataUrl }).promise;
  const runs: Run[] = [];
  const layout: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const [, , pageWidth, pageHeight] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const onPage: Run[] = [];
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const run = {
        str: item.str.trim(),
        page: n,
        x: item.transform[4],
        y: item.transform[5],
        width: item.width,
        height: item.height,
      };
      onPage.push(run);
      if (run.x < 0 || run.x + run.width > pageWidth || run.y < 0 || run.y + run.height > pageHeight) {
        layout.push(`"${run.str}" runs off page ${n}`);
      }
    }
    // Two runs on one line must not overlap: a value drawn over its label or a neighbouring cell.
    for (let i = 0; i < onPage.length; i++) {
      for (let j = i + 1; j < onPage.length; j++) {
        const a = onPage[i]!;
        const b = onPage[j]!;
        const sameLine = Math.abs(a.y - b.y) < Math.min(a.height, b.height) * 0.6;
        const overlap = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        if (sameLine && overlap > 1) layout.push(`"${a.str}" overlaps "${b.str}" on page ${n}`);
      }
    }
    runs.push(...onPage);
  }
  return { runs: runs.map((r) => r.str), layout, pages: pdf.numPages };
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
const digitsOf = (s: string) => s.replace(/\D/g, '');

function problemsOf(truth: Truth, runs: string[], pages: number, expectedPages: number): string[] {
  const problems: string[] = [];
  const all = squash(runs.join(' '));
  const has = (s: string) => all.includes(squash(s));
  const sum = (xs: string[]) => xs.reduce((s, x) => s + BigInt(x), 0n);
  if (sum(truth.line_items.map((l) => l.amount.minor)) !== BigInt(truth.subtotal.minor))
    problems.push('lines do not add up to the subtotal');
  if (BigInt(truth.total.minor) < BigInt(truth.subtotal.minor) + BigInt(truth.vat.minor))
    problems.push('total below subtotal + VAT');
  for (const d of [truth.invoice_date, truth.due_date])
    if (d !== null && !/^\d{4}-\d{2}-\d{2}$/.test(d)) problems.push(`bad date ${d}`);
  if (truth.due_date !== null && truth.due_date < truth.invoice_date) problems.push('due before issue');
  if (truth.vendor_kra_pin !== null && !/^[A-Z]\d{9}[A-Z]$/.test(truth.vendor_kra_pin))
    problems.push('bad KRA PIN');
  if (pages !== expectedPages) problems.push(`manifest says ${expectedPages} pages, PDF has ${pages}`);
  for (const [field, value] of [
    ['invoice_number', truth.invoice_number],
    ['vendor_name', truth.vendor_name],
    ['customer_name', truth.customer_name],
    ['vendor_kra_pin', truth.vendor_kra_pin ?? ''],
  ] as const) {
    if (value && !has(value)) problems.push(`${field} "${value}" not printed`);
  }
  for (const l of truth.line_items)
    if (!has(l.description)) problems.push(`line "${l.description}" not printed`);
  // A money value is printed when some run's digits are its minor units (or whole units for "Ksh 12,500").
  const runDigits = new Set(runs.map(digitsOf));
  const printed = (minor: string) =>
    runDigits.has(minor) || (minor.endsWith('00') && runDigits.has(minor.slice(0, -2)));
  for (const field of ['subtotal', 'vat', 'total'] as const) {
    const minor = truth[field].minor;
    if (minor !== '0' && !printed(minor)) problems.push(`${field} ${minor} not printed`);
  }
  for (const l of truth.line_items) {
    if (!printed(l.amount.minor)) problems.push(`line amount ${l.amount.minor} not printed`);
  }
  return problems;
}

const dir = process.argv[2] ?? '/tmp/extraction-unseen';
const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
let failed = 0;
const perDesign = new Map<string, number>();
for (const doc of manifest.documents) {
  const truth = JSON.parse(readFileSync(join(dir, doc.truth), 'utf8')) as Truth;
  const { runs, layout, pages } = await pdfText(join(dir, doc.pdf));
  const problems = [...problemsOf(truth, runs, pages, doc.pages), ...layout];
  perDesign.set(doc.design, (perDesign.get(doc.design) ?? 0) + 1);
  if (problems.length > 0) {
    failed++;
    console.log(`${doc.id} (${doc.design}): ${problems.join('; ')}`);
  }
}
const multi = manifest.documents.filter((d) => d.pages > 1).length;
console.log(
  `${manifest.documents.length} documents, ${perDesign.size} designs, ${multi} on more than one page, ${failed} with problems`,
);
console.log([...perDesign].map(([d, n]) => `${d} ${n}`).join(', '));
process.exit(failed > 0 ? 1 : 0);
