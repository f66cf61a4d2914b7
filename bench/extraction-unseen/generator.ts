/**
 * Writes an unseen set of invoice PDFs (text PDFs) with one ground-truth JSON per document and a manifest.
 * Written from a description of real East African invoices, without reading the extraction engine: never
 * tune on it (README.md).
 *
 *   npx tsx bench/extraction-unseen/generator.ts                       # 40 invoices, seed 1, /tmp/extraction-unseen
 *   npx tsx bench/extraction-unseen/generator.ts --seed 7 --count 200 --out /tmp/unseen-7
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Canvas } from './canvas.ts';
import { designs } from './designs/index.ts';
import { planInvoice } from './plan.ts';
import { createRandom } from './random.ts';
import { type Truth, truthOf } from './truth.ts';

export interface ManifestEntry {
  id: string;
  pdf: string;
  truth: string;
  design: string;
  pages: number;
  vendor_kind: string;
  line_items: number;
}

export interface Manifest {
  set: 'extraction-unseen';
  seed: number;
  count: number;
  designs: { name: string; summary: string }[];
  documents: ManifestEntry[];
}

/** Draws document `index` of the set for `seed`: its PDF bytes, truth and manifest row. */
export async function generateDocument(
  seed: number,
  index: number,
): Promise<{ pdf: Uint8Array; truth: Truth; entry: ManifestEntry }> {
  const design = designs[index % designs.length]!;
  const rng = createRandom(seed * 100_003 + index * 7919 + 1);
  const { plan: options, look } = design.choose(rng);
  const plan = planInvoice(rng, options);
  const id = `inv-${String(index + 1).padStart(3, '0')}`;
  const canvas = await Canvas.create(`Invoice ${plan.invoiceNumber}`);
  design.draw(canvas, plan, look, rng);
  const pdf = await canvas.doc.save({ useObjectStreams: false });
  return {
    pdf,
    truth: truthOf(plan),
    entry: {
      id,
      pdf: `${id}.pdf`,
      truth: `${id}.json`,
      design: design.name,
      pages: canvas.doc.getPageCount(),
      vendor_kind: plan.vendor.kind,
      line_items: plan.lines.length,
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seed: { type: 'string', default: '1' },
      count: { type: 'string', default: '40' },
      out: { type: 'string', default: '/tmp/extraction-unseen' },
    },
  });
  const seed = Number(values.seed);
  const count = Number(values.count);
  if (!Number.isInteger(seed) || seed < 0)
    throw new Error(`--seed must be a non-negative integer, got "${values.seed}"`);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`--count must be a positive integer, got "${values.count}"`);
  mkdirSync(values.out, { recursive: true });
  const manifest: Manifest = {
    set: 'extraction-unseen',
    seed,
    count,
    designs: designs.map((d) => ({ name: d.name, summary: d.summary })),
    documents: [],
  };
  for (let i = 0; i < count; i++) {
    const { pdf, truth, entry } = await generateDocument(seed, i);
    writeFileSync(join(values.out, entry.pdf), pdf);
    writeFileSync(join(values.out, entry.truth), `${JSON.stringify(truth, null, 2)}\n`);
    manifest.documents.push(entry);
  }
  writeFileSync(join(values.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const pages = manifest.documents.reduce((s, d) => s + d.pages, 0);
  const multi = manifest.documents.filter((d) => d.pages > 1).length;
  console.log(`${count} invoices (${pages} pages, ${multi} on more than one page) in ${values.out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
