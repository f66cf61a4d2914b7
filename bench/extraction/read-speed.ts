/**
 * Reading speed of the extraction engine's readDocumentTokens (packages/extraction/src/read):
 * - text: the generated invoices' text PDFs read again and again (at least PAGES pages a round), pages/s;
 * - ocr:  OCR_DOCS one-page scans (300 DPI A4 PNG, turned ±2°, blurred, noisy: renditions.ts), then as
 *         many phone photos (JPEG, ~150 DPI, perspective, uneven light), read with an OCR pool of WORKERS
 *         workers all at once: wall-clock and CPU seconds per page, and the share of the text layer's
 *         words that OCR read exactly (a sanity figure, not the benchmark's field accuracy).
 * Prints JSON with the peak RSS and the load average beside the timings, and the OCR's CPU time per page
 * (on a shared machine wall time mostly measures the neighbours).
 *
 *   npx tsx bench/extraction/read-speed.ts
 *   PAGES=300 ROUNDS=5 OCR_DOCS=8 WORKERS=2 npx tsx bench/extraction/read-speed.ts
 *   ONLY=text npx tsx bench/extraction/read-speed.ts      # or ONLY=ocr (scans), ONLY=photo
 */
import os from 'node:os';
import { createOcrPool, readDocumentTokens } from '@counterpart/extraction';
import { openPdf } from '@counterpart/files';
import { generateSet } from './generator.ts';
import { photo, scan } from './renditions.ts';

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

if (!ONLY || ONLY === 'text') {
  // The engine's reader, and (A/B in the same run) the documents module's parser on the same files.
  const readAll = async (reader: 'tokens' | 'house') => {
    let pages = 0;
    let tokens = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    while (pages < PAGES) {
      for (const doc of set) {
        if (reader === 'tokens') {
          const read = await readDocumentTokens(doc.pdf);
          pages += read.pages.length;
          tokens += read.tokens.length;
        } else {
          const pdf = await openPdf(doc.pdf.slice());
          for (let page = 1; page <= pdf.pageCount; page++) tokens += (await pdf.page(page)).lines.length;
          pages += pdf.pageCount;
          await pdf.close();
        }
      }
    }
    const used = process.cpuUsage(cpu);
    return {
      pages,
      tokens,
      seconds: (performance.now() - started) / 1000,
      cpu: (used.user + used.system) / 1e6,
    };
  };
  await readAll('tokens'); // warm-up: pdfjs and its fonts
  const runs = [];
  const house = [];
  for (let round = 0; round < ROUNDS; round++) {
    runs.push(await readAll('tokens'));
    house.push(await readAll('house'));
  }
  const rates = runs.map((r) => r.pages / r.seconds).sort((a, b) => a - b);
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  result.text = {
    documents: set.length,
    pages_per_round: runs[0]?.pages,
    tokens_per_round: runs[0]?.tokens,
    rounds: ROUNDS,
    pages_per_second_median: Math.round(rates[Math.floor(rates.length / 2)] as number),
    pages_per_second_best: Math.round(rates.at(-1) as number),
    pages_per_cpu_second_median: Math.round(median(runs.map((r) => r.pages / r.cpu))),
    house_parser_pages_per_second_median: Math.round(median(house.map((r) => r.pages / r.seconds))),
    house_parser_pages_per_cpu_second_median: Math.round(median(house.map((r) => r.pages / r.cpu))),
    load_average: load(),
  };
}

/** Reads the renditions all at once with a pool of WORKERS, timing wall and CPU, and counts the words read. */
async function ocrRun(name: 'scan' | 'photo') {
  const onePage = set.filter((d) => d.truth.pages === 1).slice(0, OCR_DOCS);
  const make = name === 'scan' ? scan : photo;
  const renditions = await Promise.all(onePage.map((d, i) => make(d.pdf, d.truth, 7919 + i)));
  const words = await Promise.all(
    onePage.map(async (d) => (await readDocumentTokens(d.pdf)).tokens.map((t) => t.text)),
  );
  const ocr = createOcrPool({ workers: WORKERS });
  // Warm-up: the workers load the model (about a second each), not counted.
  await Promise.all(
    Array.from({ length: WORKERS }, () => readDocumentTokens(renditions[0]?.bytes as Uint8Array, { ocr })),
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  const read = await Promise.all(renditions.map((r) => readDocumentTokens(r.bytes, { ocr })));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  await ocr.close();
  let found = 0;
  let expected = 0;
  for (const [i, doc] of read.entries()) {
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
  }
  const size = read[0]?.pages[0];
  return {
    pages: read.length,
    format: renditions[0]?.format,
    size_px: size ? `${size.width}×${size.height}` : null,
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

if (ONLY !== 'text' && ONLY !== 'photo') result.ocr_scan = await ocrRun('scan');
if (ONLY !== 'text' && ONLY !== 'ocr') result.ocr_photo = await ocrRun('photo');

result.peak_rss_mb = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(JSON.stringify(result, null, 2));
