/**
 * The learned model measured on the second, unseen invoice set (bench/extraction-unseen, issue 20). That
 * set was written without reading the engine and is never tuned on: this script only measures.
 *
 * 1. Writes the set (bench/extraction-unseen/generator.ts) into a folder under /tmp.
 * 2. Reads every PDF's tokens with the engine's reader and, for training documents, builds the
 *    annotations a user would draw by finding each truth value's printed words among the tokens: dates
 *    and amounts by meaning (readDate / readAmount of 1–4 consecutive tokens), text by a case-insensitive
 *    word-sequence match (a wrapped line-item description may skip the words of other cells between its
 *    lines). A value not found on the page is left unannotated and counted.
 * 3. Per design, learns from its first TRAIN invoices and extracts from the others; and one model learned
 *    from every design's first TRAIN invoices together, run on all the others. Scores with score.ts's
 *    comparison by meaning: per field precision/recall (a truth of null counts only against precision
 *    when the engine gives a value), and line-item rows (all four cells right) F1.
 *
 *   npx tsx bench/extraction/unseen-eval.ts                    # --count 120 --seed 1 --train 5
 *   npx tsx bench/extraction/unseen-eval.ts --seed 2 --count 200 --train 5
 */
import { execFileSync, execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type {
  Annotation,
  Box,
  CellResult,
  DocumentTokens,
  ExtractionResult,
  ModelConfiguration,
  NormalizedValue,
  Token,
} from '@counterpart/contracts';
import {
  extract,
  type LearnedModel,
  learnModel,
  type ModelDefinition,
  readAmount,
  readDate,
  readDocumentTokens,
} from '@counterpart/extraction';
import type { ValueTruth } from './invoice-data.ts';
import { configuration, LABELS, TABLE_KEY } from './labels.ts';
import { addCounts, type Counts, emptyCounts, percent, rates, sameValue } from './score.ts';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '120' },
    train: { type: 'string', default: '5' },
    out: { type: 'string' },
    /** Prints the annotations located on this design's training invoices, each with the words left of it. */
    show: { type: 'string' },
  },
});
const SEED = Number(args.seed);
const COUNT = Number(args.count);
const TRAIN = Number(args.train);
if (!Number.isInteger(SEED) || SEED < 0)
  throw new Error(`--seed must be a non-negative integer, got "${args.seed}"`);
if (!Number.isInteger(COUNT) || COUNT < 1)
  throw new Error(`--count must be a positive integer, got "${args.count}"`);
if (!Number.isInteger(TRAIN) || TRAIN < 1)
  throw new Error(`--train must be a positive integer, got "${args.train}"`);
const OUT = args.out ?? `/tmp/extraction-unseen-eval-${SEED}-${COUNT}`;

const uptime = () => execSync('uptime').toString().trim();
const log = (message: string) =>
  process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${message}\n`);

// ------------------------------------------------------------------------------------------------
// The unseen set's truth (bench/extraction-unseen/README.md).
interface Money {
  minor: string;
  currency: string;
}
interface UnseenTruth {
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  vendor_name: string;
  vendor_kra_pin: string | null;
  customer_name: string;
  subtotal: Money;
  vat: Money;
  total: Money;
  currency: string;
  line_items: { description: string; quantity: string; unit_price: Money; amount: Money }[];
}
interface Manifest {
  documents: { id: string; pdf: string; truth: string; design: string }[];
}

const FIELDS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'vendor_name',
  'vendor_kra_pin',
  'customer_name',
  'subtotal',
  'vat',
  'total',
] as const;
type Field = (typeof FIELDS)[number];
const COLUMNS = ['description', 'quantity', 'unit_price', 'amount'] as const;
type Column = (typeof COLUMNS)[number];
const KIND: Record<Field | Column, 'text' | 'date' | 'amount' | 'number'> = {
  invoice_number: 'text',
  invoice_date: 'date',
  due_date: 'date',
  vendor_name: 'text',
  vendor_kra_pin: 'text',
  customer_name: 'text',
  subtotal: 'amount',
  vat: 'amount',
  total: 'amount',
  description: 'text',
  quantity: 'number',
  unit_price: 'amount',
  amount: 'amount',
};

/** The model's labels: the nine fields and the line-items table (the first set's label definitions). */
const labels = LABELS.filter((l) => (FIELDS as readonly string[]).includes(l.key) || l.key === TABLE_KEY);

/** A truth value as score.ts's sameValue compares it (page and box are not used there). */
function valueTruth(kind: (typeof KIND)[Field], v: string | Money): ValueTruth {
  const box = { x0: 0, y0: 0, x1: 0, y1: 0 };
  let normalized: NormalizedValue;
  if (typeof v !== 'string') normalized = { type: 'amount', minor: v.minor, currency: v.currency };
  else if (kind === 'date') normalized = { type: 'date', iso: v };
  else if (kind === 'number') normalized = { type: 'number', value: v };
  else normalized = { type: 'text', text: v };
  return { text: typeof v === 'string' ? v : v.minor, normalized, page: 1, box };
}

// ------------------------------------------------------------------------------------------------
// Locating a truth value's printed words among the tokens.
interface Found {
  start: number;
  end: number; // inclusive
  tokens: Token[];
}
const words = (s: string) => s.normalize('NFKC').toLowerCase().split(/\s+/).filter(Boolean);
const bare = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[,.:;]+$/, '');

function sameMeaning(kind: 'date' | 'amount' | 'number', text: string, v: string | Money): boolean {
  if (kind === 'date') {
    const d = readDate(text, 'DMY');
    return !!d && !d.partial && d.iso === v;
  }
  if (kind === 'amount') {
    const m = v as Money;
    for (const decimal of ['.', ','] as const) {
      const a = readAmount(text, { decimal, currency: m.currency });
      if (a && !a.partial && BigInt(a.minor) === BigInt(m.minor)) return true;
    }
    return false;
  }
  const n = Number(text.replace(',', '.'));
  return Number.isFinite(n) && Math.abs(n - Number(v)) < 1e-9;
}

/**
 * Every place in tokens[from..to) where the value is printed: dates, amounts and numbers as 1–4
 * consecutive tokens on one page whose reading means the value (fewest tokens first at each start);
 * text as its words in order, case-insensitive, allowing up to `skip` other tokens between words.
 */
function locate(
  tokens: Token[],
  kind: 'text' | 'date' | 'amount' | 'number',
  v: string | Money,
  from = 0,
  to = tokens.length,
  skip = 0,
): Found[] {
  const found: Found[] = [];
  if (kind !== 'text') {
    for (let i = from; i < to; i++)
      for (let n = 1; n <= 4 && i + n <= to; n++) {
        const run = tokens.slice(i, i + n);
        if (run.some((t) => t.page !== run[0]!.page)) break;
        if (sameMeaning(kind, run.map((t) => t.text).join(' '), v)) {
          found.push({ start: i, end: i + n - 1, tokens: run });
          break;
        }
      }
    return found;
  }
  const want = words(v as string);
  if (want.length === 0) return found;
  for (let i = from; i < to; i++) {
    if (bare(tokens[i]!.text) !== bare(want[0]!)) continue;
    const run = [tokens[i]!];
    let j = i + 1;
    let w = 1;
    let skipped = 0;
    while (w < want.length && j < to && tokens[j]!.page === tokens[i]!.page) {
      if (bare(tokens[j]!.text) === bare(want[w]!)) {
        run.push(tokens[j]!);
        w++;
      } else if (++skipped > skip) break;
      j++;
    }
    if (w === want.length) found.push({ start: i, end: j - 1, tokens: run });
  }
  return found;
}

const unionBox = (tokens: Token[]): Box => ({
  x0: Math.min(...tokens.map((t) => t.box.x0)),
  y0: Math.min(...tokens.map((t) => t.box.y0)),
  x1: Math.max(...tokens.map((t) => t.box.x1)),
  y1: Math.max(...tokens.map((t) => t.box.y1)),
});
const annotation = (f: Found, label_key: string): Annotation => ({
  label_key,
  page: f.tokens[0]!.page,
  box: unionBox(f.tokens),
  value: f.tokens.map((t) => t.text).join(' '),
});

interface Located {
  annotations: Annotation[];
  /** Values the truth holds, not found on the page, and found more than once (first or last taken). */
  values: number;
  missing: string[];
  ambiguous: number;
}

/**
 * The annotations a user would draw on a training invoice. Header fields take their first place,
 * totals their last (a one-line invoice prints its amount in the table and again as subtotal); a
 * line-item row is its description, then its other cells among the tokens up to the next row's
 * description.
 */
function annotate(doc: DocumentTokens, truth: UnseenTruth): Located {
  const t = doc.tokens;
  const out: Located = { annotations: [], values: 0, missing: [], ambiguous: 0 };
  for (const key of FIELDS) {
    const v = truth[key];
    if (v === null) continue;
    out.values++;
    const places = locate(t, KIND[key], v);
    if (places.length === 0) {
      out.missing.push(key);
      continue;
    }
    if (places.length > 1) out.ambiguous++;
    const last = key === 'subtotal' || key === 'vat' || key === 'total';
    out.annotations.push(annotation((last ? places.at(-1) : places[0])!, key));
  }
  // Line items: descriptions in order, each searched after the previous one.
  let cursor = 0;
  const starts: (Found | null)[] = truth.line_items.map((row) => {
    const place = locate(t, 'text', row.description, cursor, t.length, 12)[0] ?? null;
    if (place) cursor = place.start + 1;
    return place;
  });
  truth.line_items.forEach((row, index) => {
    const desc = starts[index];
    out.values += COLUMNS.length;
    if (!desc) {
      out.missing.push(...COLUMNS.map((c) => `line.${c}`));
      return;
    }
    const next = starts.slice(index + 1).find((s) => s !== null);
    const limit = Math.min(next ? next.start : t.length, desc.end + 40);
    const cells: Annotation[] = [{ ...annotation(desc, TABLE_KEY), row: index, column: 'description' }];
    let from = desc.start;
    for (const column of ['quantity', 'unit_price', 'amount'] as const) {
      // Quantity and price may sit before the description's wrapped second line: search from its start,
      // skipping the description's own words.
      const places = locate(t, KIND[column], row[column], from, limit).filter(
        (p) => !desc.tokens.some((d) => p.tokens.includes(d)),
      );
      const place = places[0];
      if (!place) {
        out.missing.push(`line.${column}`);
        continue;
      }
      cells.push({ ...annotation(place, TABLE_KEY), row: index, column });
      from = place.end + 1;
    }
    out.annotations.push(...cells);
  });
  return out;
}

// ------------------------------------------------------------------------------------------------
// Scoring.
interface Score {
  fields: Map<Field, Counts>;
  rows: Counts;
  documents: number;
}
const emptyScore = (): Score => ({
  fields: new Map(FIELDS.map((f) => [f, emptyCounts()])),
  rows: emptyCounts(),
  documents: 0,
});

/** Every wrong or missed value, written beside the set (eval-misses.json) to look at. */
const misses: { model: string; id: string; key: string; found: string | null; expected: string }[] = [];

function merge(into: Score, from: Score): void {
  into.documents += from.documents;
  for (const f of FIELDS) addCounts(into.fields.get(f)!, from.fields.get(f)!);
  addCounts(into.rows, from.rows);
}

function score(into: Score, result: ExtractionResult, truth: UnseenTruth, model: string, id: string): void {
  into.documents++;
  for (const key of FIELDS) {
    const found = result.fields.find((f) => f.key === key);
    const predicted = !!found && found.value !== null && found.value.trim() !== '';
    const v = truth[key];
    const correct = v !== null && sameValue(found, valueTruth(KIND[key], v));
    addCounts(into.fields.get(key)!, {
      truth: v === null ? 0 : 1,
      predicted: predicted ? 1 : 0,
      correct: correct ? 1 : 0,
    });
    if (!correct && (predicted || v !== null))
      misses.push({
        model,
        id,
        key,
        found: found?.value ?? null,
        expected: v === null ? '(none)' : typeof v === 'string' ? v : v.minor,
      });
  }
  const table = result.tables.find((x) => x.key === TABLE_KEY);
  const rows = (table?.rows ?? []).filter((r) =>
    Object.values(r.cells).some((c) => c.value !== null && c.value.trim() !== ''),
  );
  const used = new Set<number>();
  let correct = 0;
  for (const row of truth.line_items) {
    const match = rows.findIndex(
      (r, i) =>
        !used.has(i) &&
        COLUMNS.every((c) => sameValue(r.cells[c] as CellResult | undefined, valueTruth(KIND[c], row[c]))),
    );
    if (match >= 0) {
      used.add(match);
      correct++;
    } else
      misses.push({
        model,
        id,
        key: 'line_items',
        found: null,
        expected: COLUMNS.map((c) => (typeof row[c] === 'string' ? row[c] : (row[c] as Money).minor)).join(
          ' | ',
        ),
      });
  }
  if (rows.length && correct < truth.line_items.length)
    misses.push({
      model,
      id,
      key: 'line_items (found rows)',
      found: rows
        .slice(0, 3)
        .map((r) => COLUMNS.map((c) => r.cells[c]?.value ?? '∅').join(' | '))
        .join(' // '),
      expected: '',
    });
  addCounts(into.rows, { truth: truth.line_items.length, predicted: rows.length, correct });
}

// ------------------------------------------------------------------------------------------------
log(`writing ${COUNT} invoices, seed ${SEED}, into ${OUT}; ${uptime()}`);
const here = import.meta.dirname;
execFileSync(
  'npx',
  [
    'tsx',
    path.join(here, '../extraction-unseen/generator.ts'),
    '--seed',
    String(SEED),
    '--count',
    String(COUNT),
    '--out',
    OUT,
  ],
  { stdio: ['ignore', 'ignore', 'inherit'] },
);
const manifest = JSON.parse(readFileSync(path.join(OUT, 'manifest.json'), 'utf8')) as Manifest;

interface Doc {
  id: string;
  design: string;
  truth: UnseenTruth;
  tokens: DocumentTokens;
  train: boolean;
}
const docs: Doc[] = [];
const seenPerDesign = new Map<string, number>();
const readStarted = performance.now();
for (const entry of manifest.documents) {
  const n = seenPerDesign.get(entry.design) ?? 0;
  seenPerDesign.set(entry.design, n + 1);
  docs.push({
    id: entry.id,
    design: entry.design,
    truth: JSON.parse(readFileSync(path.join(OUT, entry.truth), 'utf8')) as UnseenTruth,
    tokens: await readDocumentTokens(new Uint8Array(readFileSync(path.join(OUT, entry.pdf)))),
    train: n < TRAIN,
  });
}
log(
  `read ${docs.length} documents in ${((performance.now() - readStarted) / 1000).toFixed(1)} s; ${uptime()}`,
);

const designs = [...seenPerDesign.keys()];
const examples = new Map<string, { doc: DocumentTokens; annotations: Annotation[] }>();
const located = { values: 0, missing: 0, ambiguous: 0, byKey: new Map<string, number>() };
for (const d of docs.filter((x) => x.train)) {
  const l = annotate(d.tokens, d.truth);
  located.values += l.values;
  located.missing += l.missing.length;
  located.ambiguous += l.ambiguous;
  for (const k of l.missing)
    located.byKey.set(`${d.design}:${k}`, (located.byKey.get(`${d.design}:${k}`) ?? 0) + 1);
  examples.set(d.id, { doc: d.tokens, annotations: l.annotations });
  if (args.show === d.design)
    for (const a of l.annotations.filter((x) => x.row === undefined)) {
      const mid = (a.box.y0 + a.box.y1) / 2;
      const left = d.tokens.tokens
        .filter((t) => t.page === a.page && t.box.x1 <= a.box.x0 && t.box.y0 <= mid && t.box.y1 >= mid)
        .map((t) => t.text)
        .join(' ');
      log(
        `${d.id} ${a.label_key}: "${a.value}" p${a.page} y=${mid.toFixed(3)} x=${a.box.x0.toFixed(3)}; left: ${left}`,
      );
    }
}

/** A design's model: its configuration as a user would set it (a decimal comma on the European design). */
const configFor = (design: string | null): ModelConfiguration =>
  configuration(design === 'euro-subsidiary' ? { decimal_separator: ',' } : {});

function learnAndScore(name: string, train: Doc[], test: Doc[], config: ModelConfiguration) {
  const started = performance.now();
  const learned: LearnedModel = learnModel(
    labels,
    config,
    train.map((d) => examples.get(d.id)!),
  );
  const seconds = (performance.now() - started) / 1000;
  const model: ModelDefinition = { kind: 'ai', configuration: config, labels, rules: [], learned };
  const s = emptyScore();
  // Test invoices of a vendor trained on in that design, and of a vendor never trained on in that design.
  const vendorOf = (d: Doc) => `${d.design}|${d.truth.vendor_name}`;
  const vendors = new Set(train.map(vendorOf));
  const byVendor = { seen: emptyScore(), unseen: emptyScore() };
  for (const d of test) {
    const one = emptyScore();
    score(one, extract(model, d.tokens), d.truth, name, d.id);
    merge(s, one);
    merge(vendors.has(vendorOf(d)) ? byVendor.seen : byVendor.unseen, one);
  }
  const tableLearned = [learned.generic, ...learned.layouts].some((l) =>
    l.tables.some((t) => t.key === TABLE_KEY),
  );
  log(`${name}: learned from ${train.length} in ${seconds.toFixed(1)} s, tested on ${test.length}`);
  return { name, score: s, byVendor, tableLearned };
}

const results: ReturnType<typeof learnAndScore>[] = [];
for (const design of designs) {
  const mine = docs.filter((d) => d.design === design);
  results.push(
    learnAndScore(
      design,
      mine.filter((d) => d.train),
      mine.filter((d) => !d.train),
      configFor(design),
    ),
  );
}
const perDesignAll = emptyScore();
const perDesignVendor = { seen: emptyScore(), unseen: emptyScore() };
for (const r of results) {
  merge(perDesignAll, r.score);
  merge(perDesignVendor.seen, r.byVendor.seen);
  merge(perDesignVendor.unseen, r.byVendor.unseen);
}
const pooled = learnAndScore(
  'one model, all designs',
  docs.filter((d) => d.train),
  docs.filter((d) => !d.train),
  configFor(null),
);

// ------------------------------------------------------------------------------------------------
// Report.
const pr = (c: Counts) => {
  const r = rates(c);
  return `${percent(r.precision)}/${percent(r.recall)}`;
};
const allFields = (s: Score) => {
  const all = emptyCounts();
  for (const c of s.fields.values()) addCounts(all, c);
  return all;
};
const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
const out: string[] = [];
out.push(
  `Unseen set: seed ${SEED}, ${docs.length} invoices, ${designs.length} designs; learned from the first ${TRAIN} of each design, tested on the other ${docs.filter((d) => !d.train).length}`,
);
out.push(
  `Annotations located: ${located.values - located.missing} of ${located.values} truth values on the ${examples.size} training invoices (${located.missing} not found, left unannotated; ${located.ambiguous} fields printed more than once)`,
);
if (located.byKey.size)
  out.push(
    `  not found: ${[...located.byKey]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ')}`,
  );
out.push('', '### Fields micro-averaged (precision/recall, %) and line-item rows (all four cells right)', '');
out.push(line(['model', 'tested', 'fields P/R', 'row F1', 'rows P/R', 'table learned']));
out.push(line(['---', '---', '---', '---', '---', '---']));
const rowOf = (name: string, s: Score, tableLearned: boolean | string) =>
  line([
    name,
    String(s.documents),
    pr(allFields(s)),
    percent(rates(s.rows).f1),
    pr(s.rows),
    String(tableLearned),
  ]);
for (const r of results) out.push(rowOf(r.name, r.score, r.tableLearned));
out.push(
  rowOf(
    'per-design models, together',
    perDesignAll,
    `${results.filter((r) => r.tableLearned).length}/${results.length}`,
  ),
);
out.push(rowOf('  vendor trained on in its design', perDesignVendor.seen, ''));
out.push(rowOf('  vendor not trained on in its design', perDesignVendor.unseen, ''));
out.push(rowOf(pooled.name, pooled.score, pooled.tableLearned));
out.push(rowOf('  vendor trained on in its design', pooled.byVendor.seen, ''));
out.push(rowOf('  vendor not trained on in its design', pooled.byVendor.unseen, ''));
out.push('', '### Per field (precision/recall, %)', '');
out.push(line(['field', 'per-design models', 'one model', ...results.map((r) => r.name)]));
out.push(line(['---', '---', '---', ...results.map(() => '---')]));
for (const f of FIELDS)
  out.push(
    line([
      f,
      pr(perDesignAll.fields.get(f)!),
      pr(pooled.score.fields.get(f)!),
      ...results.map((r) => pr(r.score.fields.get(f)!)),
    ]),
  );
out.push('', uptime());
console.log(out.join('\n'));
writeFileSync(path.join(OUT, 'eval-misses.json'), `${JSON.stringify(misses, null, 1)}\n`);
log(`misses in ${path.join(OUT, 'eval-misses.json')}`);
