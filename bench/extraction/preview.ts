/**
 * Draws the ground truth's boxes (red: fields, blue: line-item cells) over each page of chosen
 * invoices in each rendition, to check by eye that the truth sits on the values.
 *
 *   IDS=classic-v1-001,long-v2-002 npx tsx bench/extraction/preview.ts   # → bench/extraction/out/preview/
 *   RENDITIONS=text IDS=compact-v1-001 npx tsx bench/extraction/preview.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { generateSet, sizeFromEnv } from './generator.ts';
import { RENDITIONS, rasterise, render } from './renditions.ts';

const seed = Number(process.env.SEED ?? 1);
const ids = (process.env.IDS ?? 'classic-v1-001').split(',');
const out = path.join(import.meta.dirname, 'out', 'preview');
mkdirSync(out, { recursive: true });
const set = await generateSet(seed, sizeFromEnv());
for (const id of ids) {
  const doc = set.find((d) => d.truth.id === id);
  if (!doc) throw new Error(`no invoice ${id} in this set (ids: ${set.map((d) => d.truth.id).join(', ')})`);
  for (const name of RENDITIONS.filter((r) =>
    (process.env.RENDITIONS ?? 'text,scan,photo').split(',').includes(r),
  )) {
    const r = await render(name, doc.pdf, doc.truth, seed * 7919 + set.indexOf(doc));
    const pages =
      r.format === 'pdf'
        ? await rasterise(r.bytes, name === 'text' ? 110 : 60)
        : [await loadImage(Buffer.from(r.bytes))];
    for (const [i, page] of pages.entries()) {
      const { createCanvas } = await import('@napi-rs/canvas');
      const scale = Math.min(1, 900 / page.width);
      const canvas = createCanvas(Math.round(page.width * scale), Math.round(page.height * scale));
      const ctx = canvas.getContext('2d');
      ctx.drawImage(page, 0, 0, canvas.width, canvas.height);
      const draw = (box: { x0: number; y0: number; x1: number; y1: number }, colour: string) => {
        ctx.strokeStyle = colour;
        ctx.lineWidth = 1.5;
        ctx.strokeRect(
          box.x0 * canvas.width,
          box.y0 * canvas.height,
          (box.x1 - box.x0) * canvas.width,
          (box.y1 - box.y0) * canvas.height,
        );
      };
      for (const v of Object.values(r.truth.fields)) if (v.page === i + 1) draw(v.box, '#e00');
      for (const row of r.truth.line_items)
        for (const c of Object.values(row.cells)) if (c.page === i + 1) draw(c.box, '#06f');
      const file = path.join(out, `${id}-${name}-p${i + 1}.png`);
      writeFileSync(file, await canvas.encode('png'));
      console.log(file, `${r.format} ${(r.bytes.length / 1024).toFixed(0)} KiB`);
    }
  }
}
