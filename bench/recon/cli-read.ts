/**
 * What the CLI's reading costs against the matching: N generated invoices and their payments written
 * as two CSV ledgers (amounts with thousands separators, quoted), then, in a fresh process per size,
 * the CLI's readSide on each file (time, RSS and heap after reading) and run() on what was read
 * (time, peak RSS at the end). One JSON line per size.
 *
 *   npx tsx bench/recon/cli-read.ts
 *   SIZES=100000 npx tsx bench/recon/cli-read.ts
 *   (children run with --max-old-space-size=8192; files go to os.tmpdir() and are removed)
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromMinorUnits } from '../../packages/domain/src/index.ts';
import { quoteCsvField } from '../../packages/files/src/csv/index.ts';
import { readSide } from '../../packages/recon-engine/src/cli/read-side.ts';
import { defaultRuleSet, type EngineRecord, run } from '../../packages/recon-engine/src/index.ts';
import { generate } from '../../packages/recon-engine/src/testdata/generate.ts';

const mb = (bytes: number) => Math.round(bytes / 1_048_576);
const DAY_MS = 86_400_000;

function grouped(minor: bigint): string {
  const [integer = '', fraction = ''] = fromMinorUnits(minor).split('.');
  const sign = integer.startsWith('-') ? '-' : '';
  return `${sign}${integer.replace('-', '').replace(/\B(?=(\d{3})+$)/g, ',')}.${fraction}`;
}

function writeLedger(file: string, records: readonly EngineRecord[]): void {
  const fd = openSync(file, 'w');
  let pending = 'id,amount,currency,date,reference,counterparty,text\n';
  for (const record of records) {
    pending += `${[
      record.id,
      grouped(record.amount),
      record.currency,
      new Date(record.date * DAY_MS).toISOString().slice(0, 10),
      record.reference,
      record.counterparty ?? '',
      record.text ?? '',
    ]
      .map(quoteCsvField)
      .join(',')}\n`;
    if (pending.length > 1_000_000) {
      writeSync(fd, pending);
      pending = '';
    }
  }
  writeSync(fd, pending);
  closeSync(fd);
}

async function measure(left: string, right: string): Promise<void> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const l = await readSide(left, { currency: 'KES' });
  const leftMs = performance.now() - started;
  const r = await readSide(right, { currency: 'KES' });
  const readMs = performance.now() - started;
  const readCpu = process.cpuUsage(cpuBefore);
  const afterRead = process.memoryUsage();
  const peakAfterRead = process.resourceUsage().maxRSS * 1024;
  const runStarted = performance.now();
  const runCpuBefore = process.cpuUsage();
  const result = run(l.records, r.records, defaultRuleSet());
  const runMs = performance.now() - runStarted;
  const runCpu = process.cpuUsage(runCpuBefore);
  console.log(
    JSON.stringify({
      left: l.records.length,
      right: r.records.length,
      bad_rows: l.badCount + r.badCount,
      read_left_ms: Math.round(leftMs),
      read_ms: Math.round(readMs),
      read_cpu_ms: Math.round((readCpu.user + readCpu.system) / 1000),
      rss_after_read_mb: mb(afterRead.rss),
      heap_after_read_mb: mb(afterRead.heapUsed),
      peak_rss_after_read_mb: mb(peakAfterRead),
      run_ms: Math.round(runMs),
      run_cpu_ms: Math.round((runCpu.user + runCpu.system) / 1000),
      groups: result.groups.length,
      peak_rss_mb: mb(process.resourceUsage().maxRSS * 1024),
      load_average: os.loadavg().map((value) => Math.round(value * 10) / 10),
    }),
  );
}

const [mode, ...args] = process.argv.slice(2);
if (mode === 'write') {
  const data = generate({ seed: 2026, invoices: Number(args[0]) });
  writeLedger(args[1]!, data.left);
  writeLedger(args[2]!, data.right);
} else if (mode === 'measure') {
  await measure(args[0]!, args[1]!);
} else {
  const sizes = (process.env.SIZES ?? '100000,1000000').split(',').map(Number);
  const self = fileURLToPath(import.meta.url);
  for (const size of sizes) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cli-read-'));
    const left = path.join(dir, 'left.csv');
    const right = path.join(dir, 'right.csv');
    try {
      const node = [process.execPath, '--max-old-space-size=8192', '--import', 'tsx', self];
      const write = spawnSync(node[0]!, [...node.slice(1), 'write', String(size), left, right], {
        stdio: 'inherit',
      });
      if (write.status !== 0) throw new Error(`writing ${size} failed`);
      const child = spawnSync(node[0]!, [...node.slice(1), 'measure', left, right], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      process.stdout.write(`{"size":${size},${child.stdout.trim().slice(1)}\n`);
    } finally {
      if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
      else console.error(dir);
    }
  }
}
