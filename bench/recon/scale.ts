/**
 * Scale of the engine alone with the default rule set: N invoices against their generated payments
 * (about N per side), for N = 10k, 100k, 1M by default. Each size runs in its own child process so
 * that memory figures do not mix; prints one JSON line per size: wall time of run() (generation
 * excluded) and its CPU time (user + system: on a shared, loaded machine wall time overstates), the
 * exact pass alone, per-pass times and comparisons, peak RSS (process-wide maximum,
 * which includes the generated input) and heap used at the end of the run.
 *
 *   npx tsx bench/recon/scale.ts
 *   SIZES=10000,100000 npx tsx bench/recon/scale.ts
 *   REPEAT=3 SIZES=1000000 npx tsx bench/recon/scale.ts   (three runs on the same input, one line each)
 *   (1M: the child is started with --max-old-space-size=8192 and --max-semi-space-size=128, as the CLI;
 *   SEMI_SPACE_MB=16 gives Node's default young generation)
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defaultRuleSet, run } from '../../packages/recon-engine/src/index.ts';
import { generate } from '../../packages/recon-engine/src/testdata/generate.ts';

const mb = (bytes: number) => Math.round(bytes / 1_048_576);

function measure(size: number, repeat: number): void {
  const generateStarted = performance.now();
  const data = generate({ seed: 2026, invoices: size });
  const generationMs = Math.round(performance.now() - generateStarted);
  for (let round = 0; round < repeat; round++) measureRun(size, data, generationMs);
}

function measureRun(size: number, data: ReturnType<typeof generate>, generationMs: number): void {
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let heapPeak = process.memoryUsage().heapUsed;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let preparationMs = 0;
  const result = run(data.left, data.right, defaultRuleSet(), {
    onPass: (index, count, passId) => {
      if (index === 0) preparationMs = Math.round(performance.now() - started);
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      if (process.env.VERBOSE)
        console.error(`${Math.round(performance.now() - started)} ms: pass ${index + 1}/${count} ${passId}`);
    },
  });
  const wallMs = Math.round(performance.now() - started);
  const cpu = process.cpuUsage(cpuBefore);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const exact = result.stats.find((pass) => pass.pass_id === 'exact');
  console.log(
    JSON.stringify({
      size,
      left: data.left.length,
      right: data.right.length,
      generation_ms: generationMs,
      wall_ms: wallMs,
      preparation_ms: preparationMs,
      cpu_ms: Math.round((cpu.user + cpu.system) / 1000),
      load_average: os.loadavg().map((value) => Math.round(value * 10) / 10),
      exact_ms: exact?.ms,
      groups: result.groups.length,
      left_open: result.left_open.length,
      right_open: result.right_open.length,
      rss_before_run_mb: mb(rssBefore),
      peak_rss_before_run_mb: mb(peakBefore),
      peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
      peak_heap_used_mb: mb(heapPeak),
      passes: result.stats.map(({ pass_id, ms, comparisons, groups }) => ({
        pass_id,
        ms,
        comparisons,
        groups,
      })),
    }),
  );
}

const childSize = process.env.RECON_SCALE_CHILD;
if (childSize) {
  measure(Number(childSize), Number(process.env.REPEAT ?? 1));
} else {
  const sizes = (process.env.SIZES ?? '10000,100000,1000000').split(',').map(Number);
  const self = fileURLToPath(import.meta.url);
  for (const size of sizes) {
    const child = spawnSync(
      process.execPath,
      [
        '--max-old-space-size=8192',
        // 128 MB semi-spaces, as the CLI and the server's run thread give the engine (see
        // bin/counterpart-recon.mjs): fewer scavenges, and fewer short-lived objects promoted.
        `--max-semi-space-size=${process.env.SEMI_SPACE_MB ?? 128}`,
        '--expose-gc',
        '--import',
        'tsx',
        self,
      ],
      { env: { ...process.env, RECON_SCALE_CHILD: String(size) }, stdio: 'inherit', timeout: 15 * 60_000 },
    );
    if (child.status !== 0) console.log(JSON.stringify({ size, failed: child.status ?? child.signal }));
  }
}
