/**
 * Backup and restore times of an instance holding a 1,000,000-row, 10-column table: `createBackup`
 * (what `npm run backup` runs) while the server runs, then `restoreBackup` (`npm run restore`) into
 * an empty instance, then the first start on the restored data and a count of its rows.
 *
 *   npx tsx bench/backup-restore.ts                                  # PGlite in a folder
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npx tsx bench/backup-restore.ts
 *   ROWS=100000 npx tsx bench/backup-restore.ts
 *
 * On PostgreSQL the restore goes into a new database beside DATABASE_URL's (dropped at the end).
 * The rows are made with one INSERT … SELECT FROM generate_series (bench-kit), not an import.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { createBackup } from '../apps/server/src/operations/backup.ts';
import { restoreBackup } from '../apps/server/src/operations/restore.ts';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { adminApi, fillTenColumnTable, log, TEN_COLUMNS } from './bench-kit.ts';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const sourceUrl = process.env.DATABASE_URL;
const scratch = mkdtempSync(path.join(tmpdir(), 'cp-bench-backup-'));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

async function onAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: sourceUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const figures: Record<string, string> = { database: sourceUrl ? 'PostgreSQL' : 'PGlite', rows: String(ROWS) };
/** Each figure is printed as soon as it is measured, so a later failure keeps it. */
const note = (name: string, value: string) => {
  figures[name] = value;
  log(`${name} = ${value}`);
};
try {
  const source = await startTestServer({}, { dataDir: path.join(scratch, 'source') });
  const { call, refresh } = await adminApi(source);
  const table = await call('POST', '/api/tables/storage/counterpart_tables/', {
    name: `Backup bench ${ROWS} rows`,
    columns: TEN_COLUMNS,
  });
  log(`inserting ${ROWS} rows`);
  let started = performance.now();
  await fillTenColumnTable(source, table, ROWS);
  note('fill_s', seconds(started));
  if (sourceUrl) {
    const size = await source.database.query<{ bytes: string }>(
      'select pg_database_size(current_database()) as bytes',
    );
    note('database_mb', mb(Number(size.rows[0]?.bytes)));
  }

  log('backing up (the server keeps running)');
  const file = path.join(scratch, 'backup.zip');
  started = performance.now();
  const backup = await createBackup(source.config, file);
  note('backup_s', seconds(started));
  note('backup_mb', mb(statSync(file).size));
  note('backup_source', backup.source);
  // The server answered while (and after) its database was copied (a fresh token: the fill is long).
  await refresh();
  await call('GET', `/api/tables/storage/counterpart_tables/${table.id}/items?page_size=1`);
  await source.close();

  let targetUrl: string | undefined;
  if (sourceUrl) {
    const name = `counterpart_bench_restore_${randomUUID().slice(0, 8)}`;
    await onAdmin((client) => client.query(`create database ${name}`));
    const url = new URL(sourceUrl);
    url.pathname = `/${name}`;
    targetUrl = url.toString();
  }
  log('restoring into an empty instance');
  const targetDir = path.join(scratch, 'target');
  started = performance.now();
  await restoreBackup(loadConfig({ DATA_DIR: targetDir, DATABASE_URL: targetUrl }), file);
  note('restore_s', seconds(started));

  started = performance.now();
  const target = await startTestServer({ DATABASE_URL: targetUrl ?? '' }, { dataDir: targetDir });
  note('first_start_s', seconds(started));
  const counted = await target.database.query<{ n: string }>(
    `select count(*) as n from table_items where table_id = '${table.id}'`,
  );
  note('rows_after_restore', String(counted.rows[0]?.n));
  await target.close();
  if (targetUrl) {
    const name = new URL(targetUrl).pathname.slice(1);
    await onAdmin((client) => client.query(`drop database ${name} with (force)`));
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(JSON.stringify(figures));
