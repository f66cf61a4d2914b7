// Gzipped size of the JavaScript the shell loads first: the entry chunk of the built index.html
// and every chunk it statically imports (modulepreload). Lazily loaded pages are not counted.
//   npm run build && node bench/initial-js-size.mjs
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
let js = 0;
let css = 0;
for (const file of new Set(files)) {
  const gz = gzipSync(readFileSync(path.join(dist, file))).length;
  if (file.endsWith('.js')) js += gz;
  else css += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `initial JS gzipped: ${(js / 1024).toFixed(1)} KB (target <= 200 KB); CSS gzipped: ${(css / 1024).toFixed(1)} KB`,
);
