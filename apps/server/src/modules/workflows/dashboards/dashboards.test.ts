import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';

const TABLES = '/api/tables/storage/counterpart_tables';
const WORKFLOWS = '/api/workflow/rule_workflows';
const EXECUTION = '/api/workflow/workflows/workflow/execution';
const OUTPUT = '/api/workflow/block-output';
const DASHBOARDS = '/api/workflow/dashboards';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: string;
let viewer: string;
let other: string;
let workflowId: string;
let first: Json;
let second: Json;

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

const node = (id: string, type: string, parameters: Record<string, unknown> = {}) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (id: string, source: string, sh: string, target: string, th: string) => ({
  id,
  source,
  source_handle: sh,
  target,
  target_handle: th,
});

async function table(name: string, columns: string[], rows: string[][]): Promise<string> {
  const created = await asAdmin('POST', `${TABLES}/`, {
    name: `${name} ${Date.now()}`,
    columns: columns.map((column) => ({ name: column, type: 'text' })),
  });
  expect(created.status).toBe(201);
  const seeded = await asAdmin('POST', `${TABLES}/${created.body.id}/items/bulk_create`, {
    items: rows.map((row) => ({ values: Object.fromEntries(columns.map((c, i) => [c, row[i]])) })),
  });
  expect(seeded.status).toBe(201);
  return created.body.id;
}

async function run(): Promise<Json> {
  const started = await asAdmin('POST', EXECUTION, { workflow_id: workflowId, inputs: {} });
  expect(started.status).toBe(202);
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await asAdmin('GET', `${EXECUTION}/one?execution_id=${started.body.data.execution_id}`);
    if (!['queued', 'running'].includes(res.body.data.status)) {
      expect(res.body.data.status, res.body.data.error).toBe('succeeded');
      return res.body.data;
    }
    if (Date.now() > deadline) throw new Error(`Execution still ${res.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Dashboards');
  otherOrg = await createTestOrganization(server, 'Dashboards elsewhere');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
  viewer = await (await addTestMember(server, org, { group: 'Viewers' })).token();
  other = await (await addTestMember(server, otherOrg, { group: 'Administrators' })).token();
  const bank = await table(
    'Bank',
    ['Date', 'Details', 'Reference', 'Amount'],
    [
      ['2026-01-05', 'Payment Acme Ltd', 'INV-1001', '12,000.00'],
      ['2026-01-06', 'Transfer Baraka Traders', 'INV-1002', '8,450.00'],
      ['2026-01-12', 'Cash deposit', '', '6,100.00'],
      ['2026-01-14', 'Interest earned', '', '120.00'],
    ],
  );
  const ledger = await table(
    'Ledger',
    ['Date', 'Invoice', 'Customer', 'Amount'],
    [
      ['2026-01-03', 'INV-1001', 'Acme Ltd', '12,000.00'],
      ['2026-01-04', 'INV-1002', 'Baraka Traders', '8,450.00'],
      ['2026-01-10', 'INV-1006', 'Faraja Bakery', '6,100.00'],
      ['2026-01-13', 'INV-1008', 'Kilimo Motors', '5,000.00'],
    ],
  );
  const created = await asAdmin('POST', WORKFLOWS, {
    workflow_name: `Dashboards ${Date.now()}`,
    graph: {
      schemaVersion: 1,
      nodes: [
        node('home', 'home'),
        node('bank', 'table', { table_id: bank }),
        node('ledger', 'table', { table_id: ledger }),
        { ...node('match', 'reconcile', { rule_set: 'default' }), label: 'Bank to ledger' },
        node('board', 'dashboard', { title: 'January' }),
      ],
      edges: [
        edge('home-bank', 'home', 'start', 'bank', 'start'),
        edge('home-ledger', 'home', 'start', 'ledger', 'start'),
        edge('bank-match', 'bank', 'rows', 'match', 'left'),
        edge('ledger-match', 'ledger', 'rows', 'match', 'right'),
        edge('matched-board', 'match', 'matched', 'board', 'results'),
        edge('suggested-board', 'match', 'suggested', 'board', 'results'),
      ],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  workflowId = created.body.data.workflow_id;
  first = await run();
  second = await run();
});
afterAll(() => server.close());

describe('execution dashboards', () => {
  it('lists the dashboards of every execution of the workflow, newest first, or of one execution', async () => {
    const list = await asAdmin('GET', `${DASHBOARDS}?workflow_id=${workflowId}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.data.map((d: Json) => d.execution_id)).toEqual([
      second.execution_id,
      first.execution_id,
    ]);
    expect(list.body.data[0]).toMatchObject({
      dashboard_id: `${second.execution_id}.board`,
      workflow_id: workflowId,
      execution_status: 'succeeded',
      version: 1,
      node_id: 'board',
      title: 'January',
      match_rate: 50,
      records: 8,
      unreconciled: 2,
    });
    expect(list.body.data[0].created_at).toEqual(
      second.blocks.find((b: Json) => b.node_id === 'board').finished_at,
    );

    const paged = await asAdmin('GET', `${DASHBOARDS}?workflow_id=${workflowId}&page_no=2&page_size=1`);
    expect(paged.body).toMatchObject({ total: 2, page_no: 2, page_size: 1 });
    expect(paged.body.data.map((d: Json) => d.execution_id)).toEqual([first.execution_id]);

    const one = await asAdmin(
      'GET',
      `${DASHBOARDS}?workflow_id=${workflowId}&execution_id=${first.execution_id}`,
    );
    expect(one.body.total).toBe(1);
    expect(one.body.data[0].dashboard_id).toBe(`${first.execution_id}.board`);
  });

  it('gives one dashboard with its statuses and where its unreconciled items page', async () => {
    const id = `${first.execution_id}.board`;
    const res = await asAdmin('GET', `${DASHBOARDS}/one?dashboard_id=${encodeURIComponent(id)}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      dashboard_id: id,
      title: 'January',
      match_rate: 50,
      records: 8,
      unreconciled: 2,
      statuses: [
        { status: 'reconciled', groups: 2, records: 4, amount: '40900.00' },
        { status: 'suggested', groups: 1, records: 2, amount: '12200.00' },
        { status: 'unreconciled', groups: 0, records: 2, amount: '5120.00' },
      ],
      unreconciled_sources: [{ node_id: 'match', handle: 'unmatched', label: 'Bank to ledger', rows: 2 }],
    });

    const source = res.body.data.unreconciled_sources[0];
    const page = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${first.execution_id}&node_id=${source.node_id}&handle=${source.handle}&page_size=1&page_no=2`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ kind: 'rows', total: 2, page_no: 2 });
    expect(page.body.data).toEqual([expect.objectContaining({ side: 'right', Amount: '5,000.00' })]);
  });

  it('refuses a malformed dashboard id with 400 and an unknown one with 404', async () => {
    for (const bad of ['nope', `${first.execution_id}`, `${first.execution_id}.bo/ard`, 'x.board']) {
      const res = await asAdmin('GET', `${DASHBOARDS}/one?dashboard_id=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/Not a valid dashboard id/);
    }
    const unknownNode = await asAdmin('GET', `${DASHBOARDS}/one?dashboard_id=${first.execution_id}.match`);
    expect(unknownNode.status).toBe(404);
    const unknownRun = await asAdmin(
      'GET',
      `${DASHBOARDS}/one?dashboard_id=00000000-0000-4000-8000-000000000000.board`,
    );
    expect(unknownRun.status).toBe(404);
    expect(unknownRun.body.message).toBe('Dashboard not found');
    expect(
      (await asAdmin('GET', `${DASHBOARDS}?workflow_id=00000000-0000-4000-8000-000000000000`)).status,
    ).toBe(404);
    expect((await asAdmin('GET', `${DASHBOARDS}?workflow_id=nope`)).status).toBe(400);
  });

  it('keeps other organizations out and needs workflow read', async () => {
    const id = `${first.execution_id}.board`;
    expect((await call('GET', `${DASHBOARDS}/one?dashboard_id=${id}`, other, otherOrg.id)).status).toBe(404);
    expect((await call('GET', `${DASHBOARDS}?workflow_id=${workflowId}`, other, otherOrg.id)).status).toBe(
      404,
    );
    const foreignExecution = await call(
      'GET',
      `${DASHBOARDS}?workflow_id=${workflowId}&execution_id=${first.execution_id}`,
      other,
      otherOrg.id,
    );
    expect(foreignExecution.status).toBe(404);
    expect((await call('GET', `${DASHBOARDS}/one?dashboard_id=${id}`, viewer, org.id)).status).toBe(403);
    expect((await call('GET', `${DASHBOARDS}?workflow_id=${workflowId}`, viewer, org.id)).status).toBe(403);
  });
});
