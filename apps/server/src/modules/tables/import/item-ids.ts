import { randomBytes } from 'node:crypto';

let lastMs = 0;

/**
 * `count` time-ordered UUIDs (version 7, RFC 9562: 48-bit milliseconds, a 12-bit counter in
 * rand_a, 62 random bits) for imported rows. Made here rather than by gen_random_uuid(): on
 * PGlite that call is a large part of an insert's cost, and ordered ids keep the primary key's
 * index appending at its right edge.
 */
export function timeOrderedIds(count: number): string[] {
  const start = Math.max(Date.now(), lastMs + 1);
  const random = randomBytes(count * 8).toString('hex');
  const ids = new Array<string>(count);
  for (let i = 0; i < count; i += 1) {
    const ms = start + Math.floor(i / 4096);
    const time = ms.toString(16).padStart(12, '0');
    const counter = (i % 4096).toString(16).padStart(3, '0');
    const r = random.slice(i * 16, i * 16 + 16);
    const variant = ((Number.parseInt(r[0] ?? '0', 16) & 0x3) | 0x8).toString(16);
    ids[i] = `${time.slice(0, 8)}-${time.slice(8)}-7${counter}-${variant}${r.slice(1, 4)}-${r.slice(4, 16)}`;
    lastMs = ms;
  }
  return ids;
}
