/**
 * Old engine against new, pass by pass, in one process: each engine prepares the same generated data
 * (seed 2026) once, then runs the default rule set's passes in order as `run()` does (the payer index
 * caught up before a payer pass) on fresh copies of its prepared sides, ROUNDS times, the two engines
 * alternating which goes first. Prints each pass's CPU time (user + system of the process) old and new,
 * and whether its groups hash the same. The old engine is a copy of packages/recon-engine/src from
 * another commit, inside this repository so that its workspace imports resolve:
 *
 *   git archive <commit> packages/recon-engine/src | tar -x -C .ab-old
 *   OLD=.ab-old/packages/recon-engine/src node --max-old-space-size=12000 --expose-gc --import tsx \
 *     bench/recon/pass-ab.ts [invoices] [rounds]
 *   (NEW_FIRST=1 loads and prepares the new engine first.)
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultRuleSet } from '../../packages/recon-engine/src/index.ts';
import { generate } from '../../packages/recon-engine/src/testdata/generate.ts';

const invoices = Number(process.argv[2] ?? 300_000);
const rounds = Number(process.argv[3] ?? 2);
const newDir = path.resolve(import.meta.dirname, '../../packages/recon-engine/src');
const oldDir = process.env.OLD ? path.resolve(process.env.OLD) : undefined;

interface Engine {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: two versions of the engine's internal types
  prepare: (...args: any[]) => any;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  runPass: (...args: any[]) => { groups: unknown[] };
  // biome-ignore lint/suspicious/noExplicitAny: as above
  payerIndexOf: (...args: any[]) => unknown;
}

async function load(name: string, dir: string): Promise<Engine> {
  const at = (file: string) => import(pathToFileURL(path.join(dir, file)).href);
  const [prepareModule, runModule, payerModule] = await Promise.all([
    at('prepare.ts'),
    at('run.ts'),
    at('payer-index.ts'),
  ]);
  return {
    name,
    prepare: prepareModule.prepare,
    runPass: runModule.runPass,
    payerIndexOf: payerModule.payerIndexOf,
  };
}

// NEW_FIRST=1: the new engine is loaded and prepared first (the second one's CPU times read higher in a
// run of one engine against a copy of itself, so compare both orders).
const engines: Engine[] = [];
if (oldDir) engines.push(await load('old', oldDir));
engines.push(await load('new', newDir));
if (process.env.NEW_FIRST) engines.reverse();

const data = generate({ seed: 2026, invoices });
const nothing = { left: new Set<string>(), right: new Set<string>() };
const load1 = () => os.loadavg()[0]!.toFixed(1);

// biome-ignore lint/suspicious/noExplicitAny: an engine's Prepared
const bases: any[] = [];
for (const engine of engines) {
  const cpu = process.cpuUsage();
  const base = engine.prepare(data.left, data.right, nothing);
  const used = process.cpuUsage(cpu);
  bases.push({ base, open: { left: base.left.open.slice(), right: base.right.open.slice() } });
  console.log(
    JSON.stringify({
      engine: engine.name,
      invoices,
      preparation_cpu_ms: Math.round((used.user + used.system) / 1000),
    }),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: an engine's Prepared
function fresh(base: any, open: { left: Uint8Array; right: Uint8Array }): any {
  base.left.open.set(open.left);
  base.right.open.set(open.right);
  const side = (s: typeof base.left) => ({
    ...s,
    idChunkCache: new Array(s.records.length),
    acceptedLinks: [],
  });
  return { ...base, left: side(base.left), right: side(base.right) };
}

const passes = defaultRuleSet().passes;
const cpuMs: Record<string, number[][]> = {};
const hashes: Record<string, string[]> = {};
for (const engine of engines) cpuMs[engine.name] = passes.map(() => []);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? engines.map((_, i) => i) : engines.map((_, i) => engines.length - 1 - i);
  for (const e of order) {
    const engine = engines[e]!;
    const state = fresh(bases[e].base, bases[e].open);
    const passHashes: string[] = [];
    passes.forEach((pass, p) => {
      globalThis.gc?.();
      const cpu = process.cpuUsage();
      if ('blocking' in pass && (pass.blocking as readonly string[]).includes('payer'))
        engine.payerIndexOf(state);
      const outcome = engine.runPass(state, pass);
      const used = process.cpuUsage(cpu);
      cpuMs[engine.name]![p]!.push(Math.round((used.user + used.system) / 1000));
      passHashes.push(
        createHash('sha256')
          .update(
            JSON.stringify(outcome.groups, (_, value) =>
              typeof value === 'bigint' ? value.toString() : value,
            ),
          )
          .digest('hex')
          .slice(0, 12),
      );
    });
    if (hashes[engine.name] && hashes[engine.name]!.join() !== passHashes.join())
      console.log(`${engine.name}: round ${round} differs from its first round`);
    hashes[engine.name] = passHashes;
    console.log(
      JSON.stringify({
        round,
        engine: engine.name,
        load: load1(),
        cpu_ms: passes.map((pass, p) => `${pass.id} ${cpuMs[engine.name]![p]!.at(-1)}`).join(', '),
      }),
    );
  }
}
passes.forEach((pass, p) => {
  const row: Record<string, unknown> = { pass: pass.id };
  for (const engine of engines) row[engine.name] = cpuMs[engine.name]![p]!.join(' / ');
  if (oldDir) row.same_groups = hashes.old![p] === hashes.new![p];
  console.log(JSON.stringify(row));
});
