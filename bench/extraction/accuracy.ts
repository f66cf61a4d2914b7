/**
 * Field-level accuracy of document data extraction on the generated invoices, per rendition (text PDF,
 * scan, phone photo), for (a) rule-based models written as a user would (one per layout,
 * rule-models.ts) and (b) a learned model trained on 5 annotated documents per layout (30 in all, of
 * three vendors per layout), tested on other invoices of those vendors, on a fourth vendor per layout
 * it never saw, and on a layout it never saw. Prints precision and recall per field and overall,
 * line-item row F1, reading speed and peak memory; writes out/accuracy.json.
 *
 *   npx tsx bench/extraction/accuracy.ts                          # SIZE=small, all renditions
 *   RENDITIONS=text npx tsx bench/extraction/accuracy.ts          # text PDFs only (seconds)
 *   SIZE=medium SEED=2 WORKERS=2 npx tsx bench/extraction/accuracy.ts
 *   MODELS=rules,invoice2data …                                  # leave the learned model out (learning takes minutes)
 *   READER=any …                                                # reuse tokens read by an older reader
 *   CACHE=0 …                                                     # OCR again, ignoring .cache/
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentTokens, ExtractionResult } from '@counterpart/contracts';
import { createOcrPool, extract, learnModel, type ModelDefinition } from '@counterpart/extraction';
import { type GeneratedInvoice, generateSet, type Split, sizeFromEnv } from './generator.ts';
import { FIELD_KEYS, type InvoiceTruth, type LAYOUTS } from './invoice-data.ts';
import { runTemplate } from './invoice2data.ts';
import { annotationsOf, configuration, LABELS } from './labels.ts';
import { cachedRendition, tokenReader } from './read-cache.ts';
import { RENDITIONS, type Rendition, type RenditionName } from './renditions.ts';
import { ruleModel } from './rule-models.ts';
import { addCounts, emptyCounts, percent, rates, readable, scoreDocument, Tally } from './score.ts';

const SEED = Number(process.env.SEED ?? 1);
const SIZE = sizeFromEnv();
const WORKERS = Number(process.env.WORKERS ?? 2);
const MODELS = (process.env.MODELS ?? 'rules,learned,invoice2data').split(',');
const WANTED = (process.env.RENDITIONS ?? RENDITIONS.join(',')).split(',') as RenditionName[];
for (const r of WANTED)
  if (!RENDITIONS.includes(r))
    throw new Error(`RENDITIONS: unknown rendition "${r}" (use ${RENDITIONS.join(', ')})`);

const uptime = () => execSync('uptime').toString().trim();
const log = (message: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 200);

/** Where a document is scored: the learned model's test groups. */
const GROUPS: Record<Split, string> = {
  train: 'train',
  'test-seen': 'seen vendors',
  'test-unseen-vendor': 'unseen vendor',
  'test-unseen-layout': 'unseen layout',
};

interface Cell {
  tally: Tally;
  misses: { id: string; key: string; found: string | null; expected: string }[];
}
const results = new Map<string, Cell>();
const cell = (rendition: string, model: string, group: string): Cell => {
  const key = `${rendition}|${model}|${group}`;
  let c = results.get(key);
  if (!c) {
    c = { tally: new Tally(), misses: [] };
    results.set(key, c);
  }
  return c;
};
function record(
  rendition: string,
  model: string,
  groups: string[],
  result: ExtractionResult,
  truth: InvoiceTruth,
) {
  const score = scoreDocument(result, truth);
  for (const group of groups) {
    const c = cell(rendition, model, group);
    c.tally.add(score);
    for (const key of FIELD_KEYS) {
      const f = score.fields[key];
      if (!f.correct) c.misses.push({ id: truth.id, key, found: f.found, expected: f.expected });
    }
  }
}

log(`generating SIZE=${SIZE} SEED=${SEED}; ${uptime()}`);
const set: GeneratedInvoice[] = await generateSet(SEED, SIZE);
const pool = createOcrPool({ workers: WORKERS });
const reader = tokenReader(pool);
/** Per rendition: the share of field values and line-item cells whose words were read exactly. */
const readRight: Record<string, { fields: number | null; cells: number | null }> = {};
const speed: Record<
  string,
  {
    pages: number;
    seconds: number;
    pages_per_second: number | null;
    seconds_per_page: number | null;
    cached: number;
  }
> = {};

try {
  for (const rendition of WANTED) {
    const started = performance.now();
    const docs: Rendition[] = [];
    for (const [i, doc] of set.entries())
      docs.push(await cachedRendition(rendition, doc.pdf, doc.truth, SEED * 7919 + i));
    log(
      `${rendition}: ${docs.length} documents rendered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const before = { ...reader.timing };
    const tokens = await reader.readAll(
      docs.map((d) => d.bytes),
      rendition === 'text' ? 1 : WORKERS,
    );
    const pages = reader.timing.pages - before.pages;
    const seconds = reader.timing.seconds - before.seconds;
    speed[rendition] = {
      pages,
      seconds: Math.round(seconds * 100) / 100,
      pages_per_second: pages ? Math.round((pages / seconds) * 10) / 10 : null,
      seconds_per_page: pages ? Math.round((seconds / pages) * 100) / 100 : null,
      cached: reader.timing.cached - before.cached,
    };
    log(`${rendition}: read ${JSON.stringify(speed[rendition])}; ${uptime()}`);
    const read = { fields: emptyCounts(), cells: emptyCounts() };
    for (const [i, d] of docs.entries()) {
      const r = readable(tokens[i] as DocumentTokens, d.truth);
      addCounts(read.fields, r.fields);
      addCounts(read.cells, r.cells);
    }
    readRight[rendition] = { fields: rates(read.fields).recall, cells: rates(read.cells).recall };

    // (c) invoice2data-style templates (regex per field over the layout text), the comparison.
    for (const [i, doc] of set.entries()) {
      if (doc.truth.layout === 'compact' || !MODELS.includes('invoice2data')) continue;
      const result = runTemplate(doc.truth.layout as (typeof LAYOUTS)[number], tokens[i] as DocumentTokens);
      const groups = doc.split === 'train' ? ['all'] : ['all', 'test', GROUPS[doc.split]];
      record(rendition, 'invoice2data', groups, result, (docs[i] as Rendition).truth);
    }
    // (a) Rule-based: each layout's model on every invoice of that layout.
    for (const [i, doc] of set.entries()) {
      if (doc.truth.layout === 'compact' || !MODELS.includes('rules')) continue;
      const layout = doc.truth.layout as (typeof LAYOUTS)[number];
      const result = extract(ruleModel(layout), tokens[i] as DocumentTokens);
      const groups = doc.split === 'train' ? ['all'] : ['all', 'test', GROUPS[doc.split]];
      record(rendition, 'rules', groups, result, (docs[i] as Rendition).truth);
    }
    // (b) Learned: trained on this rendition's training invoices, tested on the rest.
    if (!MODELS.includes('learned')) continue;
    const examples = set.flatMap((doc, i) =>
      doc.split === 'train'
        ? [
            {
              doc: tokens[i] as DocumentTokens,
              annotations: annotationsOf((docs[i] as (typeof docs)[number]).truth),
            },
          ]
        : [],
    );
    const learnStarted = performance.now();
    const config = configuration();
    const learned = learnModel(LABELS, config, examples);
    log(
      `${rendition}: learned from ${examples.length} documents in ${((performance.now() - learnStarted) / 1000).toFixed(1)} s`,
    );
    const model: ModelDefinition = { kind: 'ai', configuration: config, labels: LABELS, rules: [], learned };
    for (const [i, doc] of set.entries()) {
      if (doc.split === 'train') continue;
      const result = extract(model, tokens[i] as DocumentTokens);
      const groups = doc.split === 'test-unseen-layout' ? [GROUPS[doc.split]] : ['test', GROUPS[doc.split]];
      record(rendition, 'learned', groups, result, (docs[i] as (typeof docs)[number]).truth);
    }
  }
} finally {
  await pool.close();
  clearInterval(sampler);
}

// ------------------------------------------------------------------------------------------------
// Report.
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
const lines: string[] = [];
lines.push(
  `SIZE=${SIZE} SEED=${SEED} WORKERS=${WORKERS}; ${set.length} invoices, ${set.reduce((n, d) => n + d.truth.pages, 0)} pages per rendition`,
);
lines.push('', '### Overall (fields micro-averaged; rows: line-item rows, all cells right)', '');
lines.push(row(['rendition', 'model', 'documents', 'field precision', 'field recall', 'row F1', 'rows P/R']));
lines.push(row(['---', '---', '---', '---', '---', '---', '---']));
const order = ['test', 'seen vendors', 'unseen vendor', 'unseen layout', 'all'];
for (const rendition of WANTED)
  for (const model of ['rules', 'learned', 'invoice2data'])
    for (const group of order) {
      const c = results.get(`${rendition}|${model}|${group}`);
      if (!c) continue;
      const all = rates(c.tally.allFields());
      const rows = rates(c.tally.rows);
      lines.push(
        row([
          rendition,
          `${model} (${group})`,
          String(c.tally.documents),
          percent(all.precision),
          percent(all.recall),
          percent(rows.f1),
          `${percent(rows.precision)}/${percent(rows.recall)}`,
        ]),
      );
    }
lines.push('', '### Per field, on test invoices (seen vendors + unseen vendor): precision/recall', '');
const columns = WANTED.flatMap((r) =>
  ['rules', 'learned', 'invoice2data'].map((m) => `${r}|${m}|test`),
).filter((k) => results.has(k));
lines.push(row(['field', ...columns.map((k) => k.split('|').slice(0, 2).join(' '))]));
lines.push(row(['---', ...columns.map(() => '---')]));
for (const key of FIELD_KEYS)
  lines.push(
    row([
      key,
      ...columns.map((k) => {
        const r = rates(
          (results.get(k) as Cell).tally.fields.get(key) ?? { truth: 0, predicted: 0, correct: 0 },
        );
        return `${percent(r.precision)}/${percent(r.recall)}`;
      }),
    ]),
  );
lines.push('', '### Reading', '');
for (const [rendition, s] of Object.entries(speed))
  lines.push(
    `- ${rendition}: values read letter for letter ${percent(readRight[rendition]?.fields ?? null)} % of fields, ${percent(readRight[rendition]?.cells ?? null)} % of line-item cells (the ceiling for any model); ${s.pages} pages read in ${s.seconds} s (${rendition === 'text' ? `${s.pages_per_second} pages/s` : `${s.seconds_per_page} s/page, ${WORKERS} OCR workers`}), ${s.cached} documents from the cache`,
  );
lines.push(`- peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MiB; ${uptime()}`);
console.log(lines.join('\n'));

const out = path.join(import.meta.dirname, 'out');
mkdirSync(out, { recursive: true });
writeFileSync(
  path.join(out, 'accuracy.json'),
  `${JSON.stringify(
    {
      size: SIZE,
      seed: SEED,
      speed,
      read_right: readRight,
      peak_rss_mib: Math.round(peakRss / 2 ** 20),
      results: Object.fromEntries(
        [...results].map(([k, c]) => [
          k,
          {
            documents: c.tally.documents,
            fields: rates(c.tally.allFields()),
            rows: { ...c.tally.rows, ...rates(c.tally.rows) },
            per_field: Object.fromEntries([...c.tally.fields].map(([f, n]) => [f, { ...n, ...rates(n) }])),
            misses: c.misses,
          },
        ]),
      ),
    },
    null,
    2,
  )}\n`,
);
log(`wrote ${path.join(out, 'accuracy.json')}`);
