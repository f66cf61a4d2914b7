import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { accessTokenFor } from '../../test/tokens.ts';
import { loadConfig } from '../config.ts';
import { DROP_BOX, upload, waitForDocument } from '../modules/documents/documents-test-support.ts';
import {
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  runAndWait,
  TABLES,
  useTestSettings,
  V1,
} from '../modules/recon/shared/recon-test-support.ts';
import { createBackup } from './backup.ts';
import { openOperatorSocket, operatorSocketAnswers, operatorSocketPath } from './operator-socket.ts';
import { restoreBackup } from './restore.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'cp-backup-'));
const sourceUrl = process.env.DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  rmSync(scratch, { recursive: true, force: true });
});

/** Runs `npm run backup|restore` the way an operator does (same script, its own process). */
async function runScript(
  script: 'backup' | 'restore',
  file: string,
  env: Record<string, string | undefined>,
) {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, file], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, INIT_CWD: repoRoot },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = await once(child, 'exit');
  return { code: code as number, output };
}

/** On PostgreSQL, a new empty database beside the test database (dropped at the end). */
async function emptyDatabase(): Promise<string | undefined> {
  if (!sourceUrl) return undefined;
  const name = `counterpart_restore_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: sourceUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function readBack(server: TestServer, email: string, organizationId: string, tables: string[]) {
  const token = await accessTokenFor(server, email);
  const get = async (url: string) => {
    const res = await fetch(`${server.url}${url}`, {
      headers: { authorization: `Bearer ${token}`, organization: organizationId },
    });
    expect(res.status, url).toBe(200);
    return res;
  };
  const items = [];
  for (const id of tables) {
    const page: Json = await (await get(`${TABLES}/${id}/items?page_size=100`)).json();
    items.push(...page.data.map((item: Json) => [item.id, item.values]));
  }
  const documents: Json = await (await get(`${DROP_BOX}?page_size=100`)).json();
  const originals = [];
  for (const document of documents.data) {
    originals.push([document.id, await (await get(`${DROP_BOX}/${document.id}/original`)).text()]);
  }
  const groups: Json = await (await get(`${V1}/groups?page_size=100`)).json();
  const tableList: Json = await (await get(`${TABLES}/?page_size=100`)).json();
  return {
    tables: tableList.data.map((t: Json) => [t.id, t.name]).sort(),
    items: items.sort(),
    documents: documents.data.map((d: Json) => [d.id, d.file_name, d.status]).sort(),
    originals: originals.sort(),
    groups: groups.data.map((g: Json) => [g.id, g.status, g.left_total, g.right_total]).sort(),
  };
}

let source: TestServer;
beforeAll(async () => {
  // PGlite: the server's own database (in memory here, a folder in production) and its files.
  source = await startTestServer();
  cleanups.push(() => source.close());
});

describe('backup and restore', () => {
  // PGlite only: a PostgreSQL server has no operator socket.
  it.skipIf(sourceUrl)(
    'a second server on the same data folder leaves the running one its operator socket',
    async () => {
      const socketPath = operatorSocketPath(source.config.dataDir);
      expect(await openOperatorSocket(source.config.dataDir, source.database, source.app.log)).toBeNull();
      expect(await operatorSocketAnswers(socketPath)).toBe(true);
    },
  );

  it('restores into an empty instance every table, item, document and match group, taken while the server runs', async () => {
    const o = await createReconOrg(source, 'Backup');
    await useTestSettings(o);
    const bank = await createSide(o, 'Bank', BANK);
    const ledger = await createSide(o, 'Ledger', LEDGER);
    const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
    expect(run.status).toBe('succeeded');
    const uploaded = await upload(source, o.admin, o.org.id, [
      { name: 'payments.csv', bytes: 'Date,Reference,Amount\n2026-11-01,INV-1,"1,200.00"\n' },
    ]);
    expect(uploaded.status).toBe(201);
    await waitForDocument(source, o.admin, o.org.id, uploaded.body.data[0].id);
    const before = await readBack(source, o.adminEmail, o.org.id, [bank.id, ledger.id]);
    expect(before.items).toHaveLength(BANK.length + LEDGER.length);
    expect(before.groups).toHaveLength(3);
    expect(before.documents).toHaveLength(1);

    const file = path.join(scratch, 'counterpart.zip');
    const backup = await createBackup(source.config, file);
    expect(backup).toMatchObject({ source: sourceUrl ? 'pg_dump' : 'running server', files: 2 });
    // The server kept serving while its database was copied.
    expect((await fetch(`${source.url}/readyz`)).status).toBe(200);
    await source.close();

    const targetDir = path.join(scratch, 'target');
    const targetUrl = await emptyDatabase();
    const targetConfig = loadConfig({ DATA_DIR: targetDir, DATABASE_URL: targetUrl });
    expect(await restoreBackup(targetConfig, file)).toMatchObject({ files: 2 });
    await expect(restoreBackup(targetConfig, file)).rejects.toThrow(
      /already holds 2 files: restore into an empty/,
    );

    const target = await startTestServer({ DATABASE_URL: targetUrl ?? '' }, { dataDir: targetDir });
    cleanups.push(() => target.close());
    expect(await readBack(target, o.adminEmail, o.org.id, [bank.id, ledger.id])).toEqual(before);
  }, 90_000); // a second server starts on the restored data

  it('npm run restore refuses a file that is not a backup, naming it', async () => {
    const notBackup = path.join(repoRoot, 'package.json');
    const restore = await runScript('restore', notBackup, {
      DATA_DIR: path.join(scratch, 'never'),
      DATABASE_URL: sourceUrl,
    });
    expect(restore.code).toBe(1);
    expect(restore.output).toContain(`Restore failed: ${notBackup} is not a backup file`);
    expect(existsSync(path.join(scratch, 'never', 'pglite'))).toBe(false);
  });
});
