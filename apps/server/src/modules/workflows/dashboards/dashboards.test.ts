import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApiCall, Json } from '../../../../test/api-call.ts';
import type { TestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import {
  type AdminCall,
  createReconcileGraph,
  createWorkflow,
  OUTPUT,
  runWorkflow,
  setUpWorkflowTest,
} from '../workflow-test-kit.ts';

const DASHBOARDS = '/api/workflow/dashboards';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let viewer: string;
let other: string;
let asAdmin: AdminCall;
let workflowId: string;
let first: Json;
let second: Json;

async function run(): Promise<Json> {
  const done = await runWorkflow(asAdmin, workflowId);
  expect(done.status, done.error).toBe('succeeded');
  return done;
}

beforeAll(async () => {
  server = await startTestServer();
  ({ call, org, otherOrg, viewer, other, asAdmin } = await setUpWorkflowTest(server, 'Dashboards'));
  const graph = await createReconcileGraph(asAdmin, {
    title: 'January',
    matchLabel: 'Bank to ledger',
    boardReads: ['matched', 'suggested'],
  });
  workflowId = await createWorkflow(asAdmin, `Dashboards ${Date.now()}`, graph);
  first = await run();
  second = await run();
});
afterAll(() => server.close());

/** Each side's own money in (nothing went out in these tables): the two sides are never added. */
const kes = (left: string, right: string) => ({
  left: { in: left, out: '0.00' },
  right: { in: right, out: '0.00' },
});

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
        { status: 'reconciled', groups: 2, records: 4, sides: kes('20450.00', '20450.00') },
        { status: 'suggested', groups: 1, records: 2, sides: kes('6100.00', '6100.00') },
        { status: 'unreconciled', groups: 0, records: 2, sides: kes('120.00', '5000.00') },
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
