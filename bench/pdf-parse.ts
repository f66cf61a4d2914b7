/**
 * Text PDF parsing: pages per second on a 100-page invoice-like PDF (a header, an address and a
 * 30-row table of line items per page, written by the tests' PDF writer), parsed by the documents
 * module's parser exactly as the processing job does — text runs → lines and words with boxes →
 * tables. Runs ROUNDS times after one warm-up and prints JSON (median and best).
 *
 *   npx tsx bench/pdf-parse.ts
 *   PAGES=300 ROUNDS=5 npx tsx bench/pdf-parse.ts
 */
import { openPdf } from '@counterpart/files';
import { invoicePage, samplePdf } from '../apps/server/src/modules/documents/sample-pdf.ts';

const PAGES = Number(process.env.PAGES ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 3);

const bytes = samplePdf(Array.from({ length: PAGES }, (_, i) => invoicePage(i + 1)));

async function parseAll(): Promise<{ seconds: number; lines: number; tables: number }> {
  const started = performance.now();
  const pdf = await openPdf(new Uint8Array(bytes));
  let lines = 0;
  let tables = 0;
  for (let page = 1; page <= pdf.pageCount; page++) {
    const parsed = await pdf.page(page);
    lines += parsed.lines.length;
    tables += parsed.tables.length;
  }
  await pdf.close();
  return { seconds: (performance.now() - started) / 1000, lines, tables };
}

await parseAll(); // warm-up: loads pdfjs and its fonts
const runs = [];
for (let round = 0; round < ROUNDS; round++) runs.push(await parseAll());
const rates = runs.map((r) => PAGES / r.seconds).sort((a, b) => a - b);
const first = runs[0] as { lines: number; tables: number };
console.log(
  JSON.stringify(
    {
      benchmark: 'pdf-parse',
      pages: PAGES,
      pdf_bytes: bytes.length,
      lines: first.lines,
      tables: first.tables,
      rounds: ROUNDS,
      pages_per_second_median: Math.round(rates[Math.floor(rates.length / 2)] as number),
      pages_per_second_best: Math.round(rates.at(-1) as number),
      node: process.version,
    },
    null,
    2,
  ),
);
