#!/usr/bin/env node
/**
 * counterpart-recon's launcher: plain JavaScript, so it runs from any folder after `npm ci`. It
 * registers tsx resolved from its own location (not the current folder's node_modules) and runs the
 * CLI's TypeScript source. Everything the CLI does is in ../src/cli.ts.
 *
 * Node's default heap limit (about 4 GB) is below what a run of a million records a side may need;
 * when the limit is lower than three quarters of the machine's memory (at most 16 GB), the launcher
 * runs itself once more with that limit (`COUNTERPART_RECON_HEAP_MB` sets it; 0 never re-runs).
 * It also gives the run 128 MB semi-spaces (Node's default is 16 MB): the engine makes short-lived
 * objects by the million, and the larger young generation collects them with fewer scavenges and
 * promotes fewer to be marked later. A 1M × 1M run (scale.ts, same code, back to back): CPU 58.5 →
 * 53.1 s, peak RSS 3.26 → 3.75 GB (64 MB: 57.5 s, 3.35 GB).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

const MB = 1024 * 1024;
const setting = process.env.COUNTERPART_RECON_HEAP_MB;
const wanted =
  setting === undefined ? Math.min(Math.floor((os.totalmem() / MB) * 0.75), 16_384) : Number(setting);
const limit = v8.getHeapStatistics().heap_size_limit / MB;
const SEMI_SPACE_MB = 128;
const youngSet = process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size'));

if (!process.env.COUNTERPART_RECON_CHILD && wanted > 0 && (limit < wanted * 0.9 || !youngSet)) {
  const child = spawnSync(
    process.execPath,
    [
      `--max-old-space-size=${Math.max(wanted, Math.ceil(limit))}`,
      ...(youngSet ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`]),
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit', env: { ...process.env, COUNTERPART_RECON_CHILD: '1' } },
  );
  if (child.error) {
    console.error(`counterpart-recon: ${child.error.message}`);
    process.exitCode = 1;
  } else if (child.signal) {
    process.kill(process.pid, child.signal);
  } else {
    process.exitCode = child.status ?? 1;
  }
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { runCommandLine } = await import('../src/cli.ts');
  process.exitCode = await runCommandLine(process.argv.slice(2));
}
