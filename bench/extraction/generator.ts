/**
 * A seeded invoice generator: six layouts used for training and testing (plus one, `compact`, held out
 * of training entirely), four vendors per layout (the fourth held out of the learned model's
 * training), Kenyan details (KRA PIN, VAT 16 %, M-Pesa paybill), several date and amount formats
 * (incl. 1.471,60), line items that spill to a second page. Each invoice is a text PDF (pdf-lib) with
 * its ground truth: every field's printed text, normalized value (ISO date, minor units + currency),
 * page and box.
 *
 *   npx tsx bench/extraction/generator.ts                 # writes bench/extraction/out/text/*.pdf + .json
 *   SIZE=medium SEED=7 OUT=/tmp/inv npx tsx bench/extraction/generator.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AmountStyle, DateStyle } from './formats.ts';
import {
  HELD_OUT_LAYOUT,
  type Invoice,
  type InvoiceTruth,
  invoiceFor,
  LAYOUTS,
  type LayoutName,
  type Vendor,
  vendorsFor,
} from './invoice-data.ts';
import { LAYOUT_WRITERS } from './layouts.ts';
import { PdfWriter } from './pdf-writer.ts';
import { Random } from './random.ts';
import { TruthRecorder } from './truth-recorder.ts';

/** Per layout: its vendors' date styles, the amount style, how many line items. */
export const LAYOUT_SPECS: Record<
  LayoutName,
  { dates: DateStyle[]; amounts: AmountStyle; items: [number, number] }
> = {
  classic: { dates: ['DD/MM/YYYY', 'D MMMM YYYY'], amounts: 'comma', items: [2, 8] },
  stacked: { dates: ['DD-MMM-YYYY', 'DD/MM/YYYY'], amounts: 'comma', items: [2, 7] },
  'two-column': { dates: ['D MMM YYYY', 'DD/MM/YYYY'], amounts: 'comma', items: [2, 6] },
  euro: { dates: ['DD.MM.YYYY'], amounts: 'dot', items: [2, 8] },
  long: { dates: ['YYYY-MM-DD'], amounts: 'comma', items: [40, 55] },
  'tax-invoice': { dates: ['MMM D, YYYY', 'DD-MMM-YYYY'], amounts: 'comma', items: [2, 8] },
  compact: { dates: ['DD/MM/YYYY', 'D MMM YYYY'], amounts: 'plain', items: [2, 6] },
};

export const VENDORS_PER_LAYOUT = 4;
export const TRAIN_PER_LAYOUT = 5;

/** How many test documents: of the training vendors, of the held-out vendor, of the held-out layout. */
export const SIZES = {
  small: { seen: 1, unseenVendor: 1, unseenLayout: 2 },
  medium: { seen: 4, unseenVendor: 2, unseenLayout: 4 },
  large: { seen: 10, unseenVendor: 5, unseenLayout: 10 },
} as const;
export type Size = keyof typeof SIZES;

export type Split = 'train' | 'test-seen' | 'test-unseen-vendor' | 'test-unseen-layout';

export interface GeneratedInvoice {
  truth: InvoiceTruth;
  split: Split;
  pdf: Uint8Array;
}

/** Writes one invoice in its vendor's layout. */
export async function renderInvoice(invoice: Invoice): Promise<{ pdf: Uint8Array; truth: InvoiceTruth }> {
  const writer = await PdfWriter.create(`Invoice ${invoice.number}`);
  const recorder = new TruthRecorder(invoice);
  LAYOUT_WRITERS[invoice.vendor.layout](writer, invoice, recorder);
  const truth = recorder.truth({
    id: invoice.id,
    layout: invoice.vendor.layout,
    vendor_id: invoice.vendor.id,
    held_out_vendor: invoice.vendor.held_out,
    pages: writer.pageNumber,
  });
  return { pdf: await writer.bytes(), truth };
}

/** Every layout's vendors, from the seed. */
export function allVendors(seed: number): Vendor[] {
  const rng = new Random(seed);
  const layouts: LayoutName[] = [...LAYOUTS, HELD_OUT_LAYOUT];
  return layouts.flatMap((layout, i) => {
    const spec = LAYOUT_SPECS[layout];
    return vendorsFor(layout, i, VENDORS_PER_LAYOUT, spec.dates, spec.amounts, rng.fork(i));
  });
}

/**
 * The benchmark set: per training layout 5 training invoices and `seen` test invoices spread over its
 * first three vendors, `unseenVendor` of its fourth; `unseenLayout` invoices of the held-out layout.
 */
export async function generateSet(seed: number, size: Size): Promise<GeneratedInvoice[]> {
  const counts = SIZES[size];
  const vendors = allVendors(seed);
  const out: GeneratedInvoice[] = [];
  const rng = new Random(seed + 1000);
  const add = async (vendor: Vendor, split: Split, n: number) => {
    const spec = LAYOUT_SPECS[vendor.layout];
    const id = `${vendor.id}-${String(n).padStart(3, '0')}`;
    const invoice = invoiceFor(vendor, id, rng.fork(n), spec.items[0], spec.items[1]);
    out.push({ ...(await renderInvoice(invoice)), split });
  };
  for (const layout of LAYOUTS) {
    const mine = vendors.filter((v) => v.layout === layout);
    const seen = mine.filter((v) => !v.held_out);
    const heldOut = mine.find((v) => v.held_out) as Vendor;
    for (let n = 0; n < TRAIN_PER_LAYOUT + counts.seen; n++)
      await add(seen[n % seen.length] as Vendor, n < TRAIN_PER_LAYOUT ? 'train' : 'test-seen', n + 1);
    for (let n = 0; n < counts.unseenVendor; n++) await add(heldOut, 'test-unseen-vendor', n + 1);
  }
  const compact = vendors.filter((v) => v.layout === HELD_OUT_LAYOUT);
  for (let n = 0; n < counts.unseenLayout; n++)
    await add(compact[n % compact.length] as Vendor, 'test-unseen-layout', n + 1);
  return out;
}

export const sizeFromEnv = (): Size => {
  const size = process.env.SIZE ?? 'small';
  if (!(size in SIZES))
    throw new Error(`SIZE must be one of ${Object.keys(SIZES).join(', ')} (got "${size}")`);
  return size as Size;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const seed = Number(process.env.SEED ?? 1);
  const out = process.env.OUT ?? path.join(import.meta.dirname, 'out', 'text');
  mkdirSync(out, { recursive: true });
  const set = await generateSet(seed, sizeFromEnv());
  for (const doc of set) {
    writeFileSync(path.join(out, `${doc.truth.id}.pdf`), doc.pdf);
    writeFileSync(
      path.join(out, `${doc.truth.id}.json`),
      `${JSON.stringify({ split: doc.split, ...doc.truth }, null, 2)}\n`,
    );
  }
  console.log(`${set.length} invoices (${set.reduce((n, d) => n + d.truth.pages, 0)} pages) in ${out}`);
}
