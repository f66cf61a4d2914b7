/**
 * Renders the set's pages to PNG, to look at the designs (pdfjs-dist + @napi-rs/canvas).
 *
 *   npx tsx bench/extraction-unseen/render.ts /tmp/extraction-unseen [inv-001 inv-002 ...]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

const [dir, ...ids] = process.argv.slice(2);
if (!dir) {
  console.error('usage: render.ts <folder> [ids...]');
  process.exit(1);
}
const files =
  ids.length > 0 ? ids.map((id) => `${id}.pdf`) : readdirSync(dir).filter((f) => f.endsWith('.pdf'));
for (const file of files) {
  const pdf = await getDocument({ data: new Uint8Array(readFileSync(join(dir, file))), standardFontDataUrl })
    .promise;
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1.4 });
    const canvas = createCanvas(viewport.width, viewport.height);
    const context = canvas.getContext('2d');
    context.fillStyle = 'white';
    context.fillRect(0, 0, viewport.width, viewport.height);
    await page.render({ canvasContext: context, viewport, canvas }).promise;
    const out = join(dir, `${file.replace(/\.pdf$/, '')}-p${n}.png`);
    writeFileSync(out, canvas.toBuffer('image/png'));
    console.log(out);
  }
}
