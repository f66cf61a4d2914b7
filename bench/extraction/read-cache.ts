/**
 * Reading renditions into tokens through the engine, a few at a time on one OCR pool, with a disk
 * cache (bench/extraction/.cache) keyed by the bytes and the engine's read/ sources: a rerun after a
 * change elsewhere does not OCR again, a change to the reader does.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DocumentTokens } from '@counterpart/contracts';
import { type OcrPool, readDocumentTokens } from '@counterpart/extraction';
import type { InvoiceTruth } from './invoice-data.ts';
import { type Rendition, type RenditionName, render } from './renditions.ts';

const READ_DIR = path.join(import.meta.dirname, '..', '..', 'packages', 'extraction', 'src', 'read');
const CACHE = path.join(import.meta.dirname, '.cache');

/** A hash of the reader's sources (tests left out). */
function readerVersion(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(READ_DIR).sort())
    if (file.endsWith('.ts') && !file.endsWith('.test.ts'))
      hash.update(file).update(readFileSync(path.join(READ_DIR, file)));
  return hash.digest('hex').slice(0, 16);
}

export interface ReadTiming {
  /** Seconds spent reading (not from the cache), wall clock. */
  seconds: number;
  pages: number;
  cached: number;
}

export function tokenReader(ocr: OcrPool, useCache = process.env.CACHE !== '0') {
  const version = readerVersion();
  mkdirSync(CACHE, { recursive: true });
  const timing: ReadTiming = { seconds: 0, pages: 0, cached: 0 };
  async function read(bytes: Uint8Array): Promise<DocumentTokens> {
    const key = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const file = path.join(CACHE, `${key}-${version}.json`);
    // READER=any: tokens read by any version of the reader will do (rescoring models quickly).
    const older =
      useCache && process.env.READER === 'any' && !existsSync(file)
        ? readdirSync(CACHE)
            .filter((f) => f.startsWith(`${key}-`))
            .map((f) => path.join(CACHE, f))
            .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]
        : undefined;
    if (useCache && (existsSync(file) || older)) {
      timing.cached++;
      return JSON.parse(readFileSync(older ?? file, 'utf8')) as DocumentTokens;
    }
    const doc = await readDocumentTokens(bytes, { ocr });
    if (useCache) writeFileSync(file, JSON.stringify(doc));
    return doc;
  }
  /** Reads all, `concurrency` at a time (an OCR worker each); timing covers the uncached ones. */
  async function readAll(items: Uint8Array[], concurrency: number): Promise<DocumentTokens[]> {
    const out: DocumentTokens[] = new Array(items.length);
    let next = 0;
    const started = performance.now();
    let fresh = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < items.length) {
          const i = next++;
          const before = timing.cached;
          out[i] = await read(items[i] as Uint8Array);
          if (timing.cached === before) fresh += (out[i] as DocumentTokens).pages.length;
        }
      }),
    );
    if (fresh > 0) {
      timing.seconds += (performance.now() - started) / 1000;
      timing.pages += fresh;
    }
    return out;
  }
  return { readAll, timing };
}

const SOURCES = [
  'generator.ts',
  'layouts.ts',
  'invoice-data.ts',
  'formats.ts',
  'pdf-writer.ts',
  'renditions.ts',
  'random.ts',
  'truth-recorder.ts',
];

/**
 * A rendition from the disk cache when the same invoice (its PDF bytes), rendition and seed were
 * rendered by the same sources before; rendered and stored otherwise. Scans and photos take seconds
 * a page to make.
 */
export async function cachedRendition(
  name: RenditionName,
  pdf: Uint8Array,
  truth: InvoiceTruth,
  seed: number,
): Promise<Rendition> {
  if (name === 'text' || process.env.CACHE === '0') return render(name, pdf, truth, seed);
  const hash = createHash('sha256').update(name).update(String(seed)).update(pdf);
  for (const file of SOURCES) hash.update(readFileSync(path.join(import.meta.dirname, file)));
  const key = hash.digest('hex').slice(0, 32);
  const dir = path.join(CACHE, 'renditions');
  mkdirSync(dir, { recursive: true });
  const bytesFile = path.join(dir, `${key}.bin`);
  const metaFile = path.join(dir, `${key}.json`);
  if (existsSync(bytesFile) && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as Omit<Rendition, 'bytes'>;
    return { ...meta, bytes: new Uint8Array(readFileSync(bytesFile)) };
  }
  const r = await render(name, pdf, truth, seed);
  writeFileSync(bytesFile, r.bytes);
  writeFileSync(metaFile, JSON.stringify({ name: r.name, format: r.format, truth: r.truth }));
  return r;
}
