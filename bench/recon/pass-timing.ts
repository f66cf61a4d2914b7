/**
 * Each pass of the default rule set timed on its own, several times on the same state, in one process:
 * the 1M run's wall time swings by seconds between runs on a shared machine, a pass repeated in place
 * shows what a change to it is worth. Generates the data (seed 2026), prepares once, then for each pass
 * in order: notes the open flags, runs the pass REPS times from those flags (each time over fresh
 * copies of the prepared sides, so that per-run caches — typo index, amount order, identifier chunks —
 * are built again as in a real run, and the accepted pairs the payer index learns from reset), prints the
 * times, and goes on from the last repetition's state. (bench/recon/pass-ab.ts compares two engines.)
 *
 *   node --max-old-space-size=8192 --expose-gc --import tsx bench/recon/pass-timing.ts [invoices] [reps]
 */
import { defaultRuleSet } from '../../packages/recon-engine/src/index.ts';
import { type Prepared, prepare } from '../../packages/recon-engine/src/prepare.ts';
import { runPass } from '../../packages/recon-engine/src/run.ts';
import { generate } from '../../packages/recon-engine/src/testdata/generate.ts';

const invoices = Number(process.argv[2] ?? 1_000_000);
const reps = Number(process.argv[3] ?? 3);
const data = generate({ seed: 2026, invoices });
const nothing = { left: new Set<string>(), right: new Set<string>() };
let started = performance.now();
const prepared = prepare(data.left, data.right, nothing);
console.log(JSON.stringify({ invoices, preparation_ms: Math.round(performance.now() - started) }));

/**
 * The same run with fresh side objects (and so fresh per-run caches), its open flags reset to `open` and
 * its accepted pairs to `links` (a repetition's own would otherwise be learned again by the next one).
 */
function fresh(base: Prepared, open: { left: Uint8Array; right: Uint8Array }, links: number[]): Prepared {
  base.left.open.set(open.left);
  base.right.open.set(open.right);
  return {
    ...base,
    left: { ...base.left, idChunkCache: new Array(base.left.records.length), acceptedLinks: links.slice() },
    right: { ...base.right, idChunkCache: new Array(base.right.records.length) },
  };
}

for (const pass of defaultRuleSet().passes) {
  const open = { left: prepared.left.open.slice(), right: prepared.right.open.slice() };
  const links = prepared.left.acceptedLinks.slice();
  const times: number[] = [];
  let groups = 0;
  for (let rep = 0; rep < reps; rep++) {
    const state = fresh(prepared, open, links);
    // The next pass goes on from this repetition's accepted pairs.
    prepared.left.acceptedLinks = state.left.acceptedLinks;
    globalThis.gc?.();
    started = performance.now();
    groups = runPass(state, pass).groups.length;
    times.push(Math.round(performance.now() - started));
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(JSON.stringify({ pass: pass.id, groups, median_ms: sorted[sorted.length >> 1], ms: times }));
}
