/**
 * Import of a generated 10-column CSV (text, number, currency, date, boolean…) into a new table
 * through the real HTTP API: upload (streamed), confirm, wait for the background job. Prints
 * rows per second of the import job and the process's peak RSS (sampled every 100 ms) for each
 * size, so "memory flat in file size" can be read off two sizes, plus the process's CPU seconds
 * during the import (wall-clock figures depend on what else the machine runs) — on PostgreSQL also
 * the CPU seconds of this database's server backends, when the server runs on this machine (read
 * from /proc). The server runs
 * in-process, on PGlite in a temporary folder (as `npm start` does) or on DATABASE_URL's server.
 *
 *   npx tsx bench/table-import.ts                      # 100,000 and 1,000,000 rows
 *   npx tsx bench/table-import.ts --rows 200000        # one size (or several: 1000,20000)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/table-import.ts
 */

import { once } from 'node:events';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addTestMember, createTestOrganization } from '../apps/server/test/organization-fixture.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';

const BASE = '/api/tables/storage/counterpart_tables/imports';
const argRows = process.argv.indexOf('--rows');
const sizes =
  argRows > 0
    ? String(process.argv[argRows + 1])
        .split(',')
        .map(Number)
    : [100_000, 1_000_000];

const dir = mkdtempSync(path.join(tmpdir(), 'counterpart-import-bench-'));

/** Writes `rows` lines of bank-like data, 10 columns, with the spec's currency forms. */
async function writeCsv(rows: number): Promise<string> {
  const file = path.join(dir, `bench-${rows}.csv`);
  const out = createWriteStream(file);
  out.write('Date,Reference,Description,Amount,Fee,Quantity,Cleared,Account,Value date,Note\n');
  const amounts = ['1,234.50', '(99.10)', '12', '1 234.50-', '$7.25', 'KES 1,200'];
  for (let i = 0; i < rows; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    const line =
      `2024-03-${day},REF-${i},"Payment ${i % 977}, batch ${i % 13}",${JSON.stringify(amounts[i % 6])},` +
      `${(i % 500) / 100},${i % 1000},${i % 3 === 0 ? 'yes' : 'no'},ACC-${i % 50},${day}/03/2024,note ${i % 7}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return file;
}

// PGlite on disk under a folder of the bench's (as `npm start` runs it), or DATABASE_URL's server.
const server = await startTestServer(
  { LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' },
  { dataDir: path.join(dir, 'data') },
);
const org = await createTestOrganization(server, 'Import bench');
const token = await (await addTestMember(server, org, { group: 'Administrators' })).token();
const headers = { authorization: `Bearer ${token}`, organization: org.id };

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

/** CPU seconds so far of each backend of this database seen (a backend's /proc entry goes with it). */
const backendCpu = new Map<number, number>();
async function sampleBackends(): Promise<void> {
  if (server.database.kind !== 'postgres') return;
  const { rows } = await server.database.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database()',
  );
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime, in clock ticks (100 per second on Linux).
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      backendCpu.set(pid, Math.max(backendCpu.get(pid) ?? 0, seconds));
    } catch {
      // Not on this machine, or the backend has ended.
    }
  }
}
const backendSeconds = () => [...backendCpu.values()].reduce((sum, seconds) => sum + seconds, 0);
const backendSampler = setInterval(() => void sampleBackends().catch(() => {}), 500);
const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

const results = [];
for (const rows of sizes) {
  const file = await writeCsv(rows);
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  let t = performance.now();
  const form = new FormData();
  form.append('file', await openAsBlob(file), path.basename(file));
  const upload = await fetch(`${server.url}${BASE}`, { method: 'POST', headers, body: form });
  const uploaded = (await upload.json()) as {
    id: string;
    proposal: { mapping: unknown[] };
    message?: string;
  };
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${uploaded.message}`);
  const uploadMs = performance.now() - t;

  t = performance.now();
  await sampleBackends();
  const backendBefore = backendSeconds();
  const cpuBefore = process.cpuUsage();
  const confirm = await api('POST', `${BASE}/${uploaded.id}/confirm`, {
    target: { new_table: { name: `Bench ${rows}` } },
    mapping: uploaded.proposal.mapping,
  });
  if (confirm.status !== 202) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  let done: { status: string; inserted_rows: number; failed_rows: number; error_message: string | null };
  for (;;) {
    done = (await api('GET', `${BASE}/${uploaded.id}`)).body;
    if (done.status === 'succeeded' || done.status === 'failed') break;
    if (process.env.VERBOSE) {
      const { status, inserted_rows, failed_rows } = done;
      console.error(JSON.stringify({ status, inserted_rows, failed_rows }));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const importMs = performance.now() - t;
  const cpu = process.cpuUsage(cpuBefore);
  await sampleBackends();
  const backendCpuSeconds = backendSeconds() - backendBefore;
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  if (done.status !== 'succeeded' || done.inserted_rows !== rows) {
    throw new Error(
      `import ${done.status}: ${done.inserted_rows} rows, ${done.failed_rows} failed, ${done.error_message}`,
    );
  }
  results.push({
    rows,
    file_mb: mb(statSync(file).size),
    upload_and_proposal_s: Number((uploadMs / 1000).toFixed(2)),
    import_s: Number((importMs / 1000).toFixed(2)),
    rows_per_s: Math.round(rows / (importMs / 1000)),
    // CPU of this process during the import (server, job and, on PGlite, the database itself):
    // a figure that a busy machine does not distort as much as the wall-clock one.
    process_cpu_s: Number(cpuSeconds.toFixed(2)),
    rows_per_process_cpu_s: Math.round(rows / cpuSeconds),
    ...(server.database.kind === 'postgres'
      ? { database_backends_cpu_s: Number(backendCpuSeconds.toFixed(2)) }
      : {}),
    rss_before_mb: mb(rssBefore),
    peak_rss_mb: mb(peakRss),
  });
  rmSync(file, { force: true });
}
clearInterval(sampler);
clearInterval(backendSampler);
const [load] = await import('node:os').then((os) => os.loadavg());
console.log(JSON.stringify({ database: server.database.kind, load_average_1m: load, results }, null, 2));
await server.close();
rmSync(dir, { recursive: true, force: true });
