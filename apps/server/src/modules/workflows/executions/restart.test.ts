import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../../test/organization-fixture.ts';
import { serverOnData, startServerProcess } from '../../../../test/server-process.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { accessTokenFor } from '../../../../test/tokens.ts';
import type { Database } from '../../../db/database.ts';
import { upload, waitForDocument } from '../../documents/documents-test-support.ts';
import { CRASHED_ERROR } from './executions.service.ts';

const WORKFLOWS = '/api/workflow/rule_workflows';
const EXECUTION = '/api/workflow/workflows/workflow/execution';
/** One issuer for every server of a test, so a token signed through one is good on the next. */
const PUBLIC_URL = 'http://127.0.0.1:9';
const LEDGER = ['Date,Invoice,Amount', '2024-03-01,INV-1,100.00', '2024-03-02,INV-2,250.50'].join('\r\n');

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A folder that outlives each server of a test: PGlite's files (on PostgreSQL, the uploads). */
function keptFolder(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-exec-restart-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

function startServer(dataDir: string, env: Record<string, string> = {}, workers = true) {
  return startTestServer({ PUBLIC_URL, ...env }, { dataDir, workers });
}

type Caller = (method: string, route: string, body?: unknown) => Promise<{ status: number; body: Json }>;

function caller(url: string, token: string, organization: string): Caller {
  return async (method, route, body) => {
    const res = await fetch(`${url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        organization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}

interface Setup {
  organization: string;
  token: string;
  workflowId: string;
  documentId: string;
}

/** An organization with an admin, a processed CSV and a workflow that reads it (Parse file). */
async function prepare(server: TestServer): Promise<Setup> {
  const org = await createTestOrganization(server, 'Restarts');
  const member = await addTestMember(server, org, { group: 'Administrators' });
  const token = await accessTokenFor(server, member.email);
  const uploaded = await upload(server, token, org.id, [
    { name: 'ledger.csv', bytes: LEDGER, type: 'text/csv' },
  ]);
  expect(uploaded.status).toBe(201);
  const documentId: string = uploaded.body.data[0].id;
  expect((await waitForDocument(server, token, org.id, documentId)).status).toBe('processed');
  const node = (id: string, type: string, parameters: Record<string, unknown> = {}) => ({
    id,
    type,
    typeVersion: 1,
    position: { x: 0, y: 0 },
    parameters,
    on_error: 'stop',
  });
  const edge = (source: string, sh: string, target: string, th: string) => ({
    id: `${source}-${target}`,
    source,
    source_handle: sh,
    target,
    target_handle: th,
  });
  const graph = {
    schemaVersion: 1,
    nodes: [
      node('home', 'home'),
      node('ledger', 'upload_document', { label: 'Ledger', accept: 'csv' }),
      node('read', 'parse_file'),
    ],
    edges: [edge('home', 'start', 'ledger', 'start'), edge('ledger', 'file', 'read', 'file')],
  };
  const call = caller(server.url, token, org.id);
  const created = await call('POST', WORKFLOWS, { workflow_name: 'Read the ledger', graph });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { organization: org.id, token, workflowId: created.body.data.workflow_id, documentId };
}

/** Parse file waits (up to 5 minutes) for a document the drop box has not processed: a run held in flight. */
async function setDocumentStatus(database: Database, id: string, status: 'pending' | 'processed') {
  await database.query('update documents set status = $1 where id = $2', [status, id]);
}

async function startRun(call: Caller, setup: Setup): Promise<string> {
  const started = await call('POST', EXECUTION, {
    workflow_id: setup.workflowId,
    inputs: { ledger: setup.documentId },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return started.body.data.execution_id;
}

/** Polls one execution until `done` says so; returns it. */
async function waitForExecution(call: Caller, id: string, done: (execution: Json) => boolean): Promise<Json> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await call('GET', `${EXECUTION}/one?execution_id=${id}`);
    expect(res.status).toBe(200);
    if (done(res.body.data)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`Execution ${id} is still ${res.body.data.status}`);
    await sleep(150);
  }
}

const readBlock = (execution: Json) => execution.blocks.find((b: Json) => b.node_id === 'read');
const heldInParseFile = (execution: Json) =>
  execution.status === 'running' && readBlock(execution)?.status === 'running';
const ended = (execution: Json) => !['queued', 'running'].includes(execution.status);

async function expectCrashed(call: Caller, id: string) {
  const crashed = await waitForExecution(call, id, ended);
  expect(crashed).toMatchObject({ status: 'crashed', error: CRASHED_ERROR });
  expect(readBlock(crashed)).toMatchObject({ status: 'cancelled', error: 'The server stopped' });
}

async function expectRetrySucceeds(call: Caller, id: string) {
  const again = await call('POST', `${EXECUTION}/retry`, { execution_id: id });
  expect(again.status, JSON.stringify(again.body)).toBe(202);
  expect(again.body.data).toMatchObject({ trigger: 'retry', retry_of: id });
  const retried = await waitForExecution(call, again.body.data.execution_id, ended);
  expect(retried.status, retried.error).toBe('succeeded');
}

describe('an execution across a server restart', () => {
  it('is recorded crashed (not cancelled, not left running) when the server shuts down while it runs, and a retry runs it', {
    timeout: 60_000,
  }, async () => {
    const dataDir = keptFolder();
    const before = await startServer(dataDir);
    const setup = await prepare(before);
    await setDocumentStatus(before.database, setup.documentId, 'pending');
    const id = await startRun(caller(before.url, setup.token, setup.organization), setup);
    await waitForExecution(caller(before.url, setup.token, setup.organization), id, heldInParseFile);
    // A normal shutdown: the run gets the workers' grace period, then is stopped and says so.
    await before.close();

    const after = await startServer(dataDir);
    cleanups.push(() => after.close());
    const call = caller(after.url, setup.token, setup.organization);
    await expectCrashed(call, id);
    await setDocumentStatus(after.database, setup.documentId, 'processed');
    await expectRetrySucceeds(call, id);
  });

  it('after a killed server, its run in flight becomes crashed and can be retried, and a run queued meanwhile runs', {
    timeout: 90_000,
  }, async () => {
    const dataDir = keptFolder();
    const first = await startServer(dataDir);
    const setup = await prepare(first);
    await setDocumentStatus(first.database, setup.documentId, 'pending');
    await first.close();

    // The real server in a process of its own, so that it can really die (no shutdown, no last write).
    const doomed = await startServerProcess(serverOnData(dataDir, { PUBLIC_URL, LOG_LEVEL: 'warn' }));
    cleanups.push(() => doomed.stop());
    const inFlight = await startRun(caller(doomed.url, setup.token, setup.organization), setup);
    await waitForExecution(caller(doomed.url, setup.token, setup.organization), inFlight, heldInParseFile);
    const exited = new Promise((resolve) => doomed.child.once('exit', resolve));
    doomed.child.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    // No worker anywhere: a server without workers takes a run, which waits queued.
    const apiOnly = await startServer(dataDir, {}, false);
    const apiCall = caller(apiOnly.url, setup.token, setup.organization);
    const queued = await startRun(apiCall, setup);
    expect((await apiCall('GET', `${EXECUTION}/one?execution_id=${queued}`)).body.data.status).toBe('queued');
    // Nothing has noticed the dead process yet.
    expect((await apiCall('GET', `${EXECUTION}/one?execution_id=${inFlight}`)).body.data.status).toBe(
      'running',
    );
    await setDocumentStatus(apiOnly.database, setup.documentId, 'processed');
    await apiOnly.close();

    // A's last heartbeat is older than the threshold when B starts, so B's first look finds it.
    await sleep(Math.max(0, killedAt + 6_000 - Date.now()));
    const after = await startServer(dataDir, { EXECUTION_STALE_SECONDS: '5' });
    cleanups.push(() => after.close());
    const call = caller(after.url, setup.token, setup.organization);
    await expectCrashed(call, inFlight);
    const ran = await waitForExecution(call, queued, ended);
    expect(ran.status, ran.error).toBe('succeeded');
    expect(readBlock(ran)).toMatchObject({ status: 'succeeded', rows_out: 2 });
    await expectRetrySucceeds(call, inFlight);
  });
});
