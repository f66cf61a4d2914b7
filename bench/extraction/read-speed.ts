/**
 * Reading speed of the extraction engine's readDocumentTokens (packages/extraction/src/read):
 * - text: the generated invoices' text PDFs read again and again (at least PAGES pages a round), pages/s;
 * - ocr:  OCR_DOCS one-page scans (300 DPI A4, turned ±2°, blurred, noisy: renditions.ts) read with an OCR
 *         pool of WORKERS workers all at once, wall-clock seconds per page; plus the share of the text
 *         layer's words that OCR read exactly (a sanity figure, not the benchmark's accuracy).
 * Prints JSON with the peak RSS and the load average beside the timings, and the OCR's CPU time per page
 * (on a shared machine wall time mostly measures the neighbours).
 *
 *   npx tsx bench/extraction/read-speed.ts
 *   PAGES=300 ROUNDS=5 OCR_DOCS=8 WORKERS=2 npx tsx bench/extraction/read-speed.ts
 *   ONLY=text npx tsx bench/extraction/read-speed.ts
 */
import os from 'node:os';
import { createOcrPool, readDocumentTokens } from '@counterpart/extraction';
import { generateSet } from './generator.ts';
import { scan } from './renditions.ts';

const PAGES = Number(process.env.PAGES ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const OCR_DOCS = Number(process.env.OCR_DOCS ?? 6);
const WORKERS = Number(process.env.WORKERS ?? 2);
const ONLY = process.env.ONLY;
const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

const set = await generateSet(1, 'medium');
const result: Record<string, unknown> = {
  benchmark: 'extraction-read-speed',
  node: process.version,
  cores: os.availableParallelism(),
};

if (ONLY !== 'ocr') {
  const readAll = async () => {
    let pages = 0;
    let tokens = 0;
    const started = performance.now();
    while (pages < PAGES) {
      for (const doc of set) {
        const read = await readDocumentTokens(doc.pdf);
        pages += read.pages.length;
        tokens += read.tokens.length;
      }
    }
    return { pages, tokens, seconds: (performance.now() - started) / 1000 };
  };
  await readAll(); // warm-up: pdfjs and its fonts
  const runs = [];
  for (let round = 0; round < ROUNDS; round++) runs.push(await readAll());
  const rates = runs.map((r) => r.pages / r.seconds).sort((a, b) => a - b);
  result.text = {
    documents: set.length,
    pages_per_round: runs[0]?.pages,
    tokens_per_round: runs[0]?.tokens,
    rounds: ROUNDS,
    pages_per_second_median: Math.round(rates[Math.floor(rates.length / 2)] as number),
    pages_per_second_best: Math.round(rates.at(-1) as number),
    load_average: load(),
  };
}

if (ONLY !== 'text') {
  const onePage = set.filter((d) => d.truth.pages === 1).slice(0, OCR_DOCS);
  const scans = await Promise.all(onePage.map((d, i) => scan(d.pdf, d.truth, 7919 + i)));
  const words = await Promise.all(
    onePage.map(async (d) => (await readDocumentTokens(d.pdf)).tokens.map((t) => t.text)),
  );
  const ocr = createOcrPool({ workers: WORKERS });
  // Warm-up: the workers load the model (about a second each), not counted.
  await Promise.all(
    Array.from({ length: WORKERS }, () => readDocumentTokens(scans[0]?.bytes as Uint8Array, { ocr })),
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  const read = await Promise.all(scans.map((s) => readDocumentTokens(s.bytes, { ocr })));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  await ocr.close();
  let found = 0;
  let expected = 0;
  read.forEach((doc, i) => {
    const left = new Map<string, number>();
    for (const t of doc.tokens) left.set(t.text, (left.get(t.text) ?? 0) + 1);
    for (const word of words[i] as string[]) {
      expected++;
      const n = left.get(word) ?? 0;
      if (n > 0) {
        found++;
        left.set(word, n - 1);
      }
    }
  });
  result.ocr = {
    pages: read.length,
    format: scans[0]?.format,
    size_px: read[0]?.pages[0] ? `${read[0].pages[0].width}×${read[0].pages[0].height}` : null,
    workers: WORKERS,
    seconds_per_page: Math.round((seconds / read.length) * 100) / 100,
    // CPU time (all threads) per page, and what it means for wall time with the workers on idle cores:
    // a figure that the other processes on a shared machine do not distort.
    cpu_seconds_per_page: Math.round((cpuSeconds / read.length) * 100) / 100,
    idle_machine_seconds_per_page:
      Math.round((cpuSeconds / read.length / Math.min(WORKERS, os.availableParallelism())) * 100) / 100,
    text_layer_words_read_exactly: Math.round((found / expected) * 1000) / 10,
    load_average: load(),
  };
}

result.peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify(result, null, 2));
