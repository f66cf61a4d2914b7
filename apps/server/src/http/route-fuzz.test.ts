import { newWorkflowGraph } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../test/organization-fixture.ts';
import { type KnownIds, operationsOf, type Probe, probesOf } from '../../test/route-fuzz-values.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { DROP_BOX, upload } from '../modules/documents/documents-test-support.ts';

/**
 * Walks every route of the OpenAPI document as an organization's administrator with values a
 * careless or hostile client sends (NUL, lone surrogates, 1e309, huge and negative numbers, deep
 * nesting, wrong types, empty bodies, arrays for objects, long strings, ids that are not uuids or
 * belong to another organization, truncated multipart): never a 5xx, every 4xx a JSON
 * `{ message }`, and the server still serving afterwards.
 */

const TABLES = '/api/tables/storage/counterpart_tables';
/** Requests in flight at once: enough to finish quickly, few enough for a shared 2-core machine. */
const CONCURRENCY = 4;

let server: TestServer;
let org: TestOrganization;
let admin: string;
const ids: KnownIds = {};
const otherIds: KnownIds = {};

/** A table with a text column and a row, named ids of them under every name the API uses. */
async function seedTable(token: string, organization: TestOrganization, into: KnownIds) {
  const call = createApiCall(server);
  const table = await call('POST', `${TABLES}/`, token, organization.id, {
    name: 'Fuzzed',
    columns: [{ name: 'Reference', type: 'text' }],
  });
  expect(table.status).toBe(201);
  const columnId = table.body.columns[0].id as string;
  const item = await call('POST', `${TABLES}/${table.body.id}/items`, token, organization.id, {
    values: { [columnId]: 'INV-1' },
  });
  expect(item.status).toBe(201);
  for (const name of ['tableId', 'table_id', 'left_table_id', 'right_table_id']) into[name] = table.body.id;
  into.columnId = columnId;
  for (const name of ['itemId', 'item_id']) into[name] = item.body.id;
}

beforeAll(async () => {
  server = await startTestServer();
  org = await createTestOrganization(server, 'Fuzzed');
  const otherOrg = await createTestOrganization(server, 'Fuzzed elsewhere');
  const member = await addTestMember(server, org, { group: 'Administrators' });
  admin = await member.token();
  const other = await (await addTestMember(server, otherOrg, { group: 'Administrators' })).token();
  await seedTable(admin, org, ids);
  await seedTable(other, otherOrg, otherIds);
  ids.userId = member.id;
  // Group routes get the Viewers group, so a request that succeeds never locks the admin out.
  for (const name of ['groupId', 'group_id']) ids[name] = org.groups.Viewers;
  for (const name of ['groupId', 'group_id']) otherIds[name] = otherOrg.groups.Viewers;
  const document = await upload(server, admin, org.id, [
    { name: 'a.csv', bytes: 'a,b\n1,2\n', type: 'text/csv' },
  ]);
  expect(document.status).toBe(201);
  ids.documentId = document.body.data[0].id;
  const otherDocument = await upload(server, other, otherOrg.id, [{ name: 'a.csv', bytes: 'a\n1\n' }]);
  otherIds.documentId = otherDocument.body.data[0].id;
  const call = createApiCall(server);
  const workflow = await call('POST', '/api/workflow/rule_workflows', admin, org.id, {
    workflow_name: 'Fuzzed',
    graph: newWorkflowGraph(),
  });
  expect(workflow.status).toBe(201);
  ids.workflow_id = workflow.body.data.workflow_id;
});
afterAll(() => server.close());

async function send(probe: Probe): Promise<string | null> {
  const res = await fetch(`${server.url}${probe.url}`, {
    method: probe.method,
    headers: {
      authorization: `Bearer ${admin}`,
      organization: org.id,
      ...(probe.contentType ? { 'content-type': probe.contentType } : {}),
    },
    body: probe.body === undefined || ['GET', 'HEAD'].includes(probe.method) ? undefined : probe.body,
  });
  const text = await res.text();
  const where = `${probe.method} ${probe.url.slice(0, 120)} [${probe.label}] → ${res.status}`;
  if (res.status >= 500) return `${where} ${text.slice(0, 200)}`;
  if (res.status >= 400 && probe.url.startsWith('/api/')) {
    let body: Json = null;
    try {
      body = JSON.parse(text);
    } catch {}
    if (typeof body?.message !== 'string' || body.message === '')
      return `${where} without a JSON message: ${text.slice(0, 120)}`;
  }
  return null;
}

/** Runs the probes a few at a time, collecting what did not hold. */
async function runAll(probes: Probe[]): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++] as Probe;
      const failure = await send(probe).catch(
        (error: Error) => `${probe.method} ${probe.url} [${probe.label}] threw ${error.message}`,
      );
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return failures;
}

describe('every route of the OpenAPI document, with bad values', () => {
  it('answers no 5xx, a JSON { message } with every 4xx, and keeps serving', async () => {
    const document = await (await fetch(`${server.url}/api/openapi.json`)).json();
    // Deletions last, so the ids the other routes use still exist while they are probed.
    const operations = operationsOf(document).sort(
      (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
    );
    const probes = operations.flatMap((op) => probesOf(op, ids, otherIds));
    const started = Date.now();
    const failures = await runAll(probes);
    console.info(
      `route fuzz: ${operations.length} routes, ${probes.length} requests, ${probes.length - failures.length} held, ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
    // Still serving: the database answers, the caller and the seeded rows are still there.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const call = createApiCall(server);
    expect((await call('GET', '/api/users/me', admin, org.id)).status).toBe(200);
    expect((await call('GET', DROP_BOX, admin, org.id)).status).toBe(200);
    expect((await call('GET', `${TABLES}/`, admin, org.id)).status).toBe(200);
  }, 300_000);
});
