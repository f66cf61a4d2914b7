import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApiCall, Json } from '../../../../test/api-call.ts';
import type { TestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { workflowExecutions } from '../../../db/schema.ts';
import type { JobQueue } from '../../../jobs/job-types.ts';
import { createFileStore } from '../../../storage/file-store.ts';
import { upload } from '../../documents/documents-test-support.ts';
import {
  type AdminCall,
  block,
  createReconcileGraph,
  createWorkflow,
  EXECUTION,
  edge,
  node,
  OUTPUT,
  runWorkflow,
  setUpWorkflowTest,
  TABLES,
  WORKFLOWS,
  waitForExecution,
} from '../workflow-test-kit.ts';
import { runExecution } from './execution-job.ts';
import { markCrashedExecutions } from './executions.service.ts';
import { startDueSchedules } from './scheduler.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: string;
let viewer: string;
let other: string;
let asAdmin: AdminCall;
let bankTable: string;
let jobs: JobQueue;

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      defineJobs(queue) {
        jobs = queue;
      },
    },
  );
  ({ call, org, otherOrg, admin, viewer, other, asAdmin } = await setUpWorkflowTest(server, 'Executions'));
  const table = await asAdmin('POST', `${TABLES}/`, {
    name: 'Bank lines',
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'text' },
    ],
  });
  expect(table.status).toBe(201);
  bankTable = table.body.id;
  const rows = [
    ['INV-1', '1,000.00'],
    ['INV-2', '(250.50)'],
    ['inv-1', '1,000.00'],
    ['INV-3', 'KES 1,200'],
    ['INV-4', '1 234.50-'],
  ];
  for (let i = 5; i <= 2_504; i++) rows.push([`BULK-${i}`, `${i}.25`]);
  const seeded = await asAdmin('POST', `${TABLES}/${bankTable}/items/bulk_create`, {
    items: rows.map(([Reference, Amount]) => ({ values: { Reference, Amount } })),
  });
  expect(seeded.status).toBe(201);
});
afterAll(() => server.close());

/** Home → Table → Deduplicate → Clean currency → Filter (amount > 0) → Write to table. */
function cleaningGraph(filterColumn = 'Amount') {
  return {
    schemaVersion: 1,
    nodes: [
      node('home', 'home', { inputs: [{ name: 'period', label: 'Period' }] }),
      node('bank', 'table', { table_id: bankTable }),
      node('dedupe', 'deduplicate', { columns: ['Reference'] }),
      node('clean', 'clean_currency', { columns: ['Amount'], currency: 'KES' }),
      node('paid', 'filter_rows', { column: filterColumn, operator: 'greater_than', value: '0' }),
      node('write', 'write_to_table', { table_name: `Cleaned ${filterColumn} ${Date.now()}` }),
    ],
    edges: [
      edge('home', 'start', 'bank', 'start'),
      edge('bank', 'rows', 'dedupe', 'rows'),
      edge('dedupe', 'rows', 'clean', 'rows'),
      edge('clean', 'rows', 'paid', 'rows'),
      edge('paid', 'rows', 'write', 'rows'),
    ],
  };
}

describe('workflow executions', () => {
  it('describes the run inputs, refuses a run without them, then runs every block and records each', async () => {
    const workflowId = await createWorkflow(asAdmin, 'Clean the bank lines', cleaningGraph());
    const inputs = await asAdmin('GET', `/api/workflow/workflows/workflow/inputs?workflow_id=${workflowId}`);
    expect(inputs.status).toBe(200);
    expect(inputs.body.data).toMatchObject({
      version: 1,
      inputs: [{ name: 'period', label: 'Period', required: true }],
    });

    const refused = await asAdmin('POST', EXECUTION, { workflow_id: workflowId, inputs: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual({ 'inputs.period': 'Required' });

    const started = await asAdmin('POST', EXECUTION, {
      workflow_id: workflowId,
      inputs: { period: '2026-01' },
    });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ version: 1, trigger: 'manual', inputs: { period: '2026-01' } });
    const done = await waitForExecution(asAdmin, started.body.data.execution_id);
    expect(done.status, done.error).toBe('succeeded');
    expect(done.started_by_email).toMatch(/@/);
    expect(done.duration_ms).toBeGreaterThanOrEqual(0);
    expect(block(done, 'bank')).toMatchObject({ status: 'succeeded', rows_out: 2_505, outputs: ['rows'] });
    expect(block(done, 'dedupe')).toMatchObject({ rows_in: 2_505, rows_out: 2_505 });
    expect(block(done, 'dedupe').outputs).toEqual(['duplicates', 'rows']);
    // rows_out counts every output: INV-2 (-250.50) and INV-4 (-1234.50) go out of "Other rows".
    expect(block(done, 'paid')).toMatchObject({ rows_in: 2_504, rows_out: 2_504 });
    expect(block(done, 'write')).toMatchObject({ status: 'succeeded', rows_out: 2_502 });

    // The cleaned amounts, exact, a page at a time.
    const page = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=clean&handle=rows&page_no=1&page_size=4`,
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ kind: 'rows', columns: ['Reference', 'Amount'], total: 2_504 });
    expect(page.body.data).toEqual([
      { Reference: 'INV-1', Amount: '1000.00' },
      { Reference: 'INV-2', Amount: '-250.50' },
      { Reference: 'INV-3', Amount: '1200.00' },
      { Reference: 'INV-4', Amount: '-1234.50' },
    ]);
    // A page that straddles two stored chunks (1,000 rows each).
    const straddle = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=clean&handle=rows&page_no=143&page_size=7`,
    );
    expect(straddle.body.data).toHaveLength(7);
    expect(straddle.body.data[0].Reference).toBe('BULK-995');
    expect(straddle.body.data[6].Reference).toBe('BULK-1001');
    const duplicates = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=dedupe&handle=duplicates`,
    );
    expect(duplicates.body.data).toEqual([{ Reference: 'inv-1', Amount: '1,000.00' }]);

    // The rows were written into a new table.
    const tables = await asAdmin('GET', `${TABLES}/?search=Cleaned Amount`);
    const written = tables.body.data.find((t: Json) => t.name.startsWith('Cleaned Amount'));
    expect(written.row_count).toBe(2_502);

    const listed = await asAdmin('GET', `${WORKFLOWS}?workflow_id=${workflowId}`);
    expect(listed.body.data[0].last_execution).toMatchObject({ id: done.execution_id, status: 'succeeded' });
    const history = await asAdmin('GET', `${EXECUTION}?workflow_id=${workflowId}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(1);
    expect(history.body.data[0].execution_id).toBe(done.execution_id);
  });

  it('fails at the block that fails, names it, and retries from it with the blocks before it cached', async () => {
    const workflowId = await createWorkflow(
      asAdmin,
      'Filters a column that is not there',
      cleaningGraph('Amount due'),
    );
    const started = await asAdmin('POST', EXECUTION, { workflow_id: workflowId, inputs: { period: 'x' } });
    const failed = await waitForExecution(asAdmin, started.body.data.execution_id);
    expect(failed.status).toBe('failed');
    expect(failed.failed_node_id).toBe('paid');
    expect(failed.error).toMatch(/Amount due/);
    expect(block(failed, 'paid')).toMatchObject({ status: 'failed' });
    expect(block(failed, 'write')).toMatchObject({ status: 'skipped' });

    const again = await asAdmin('POST', `${EXECUTION}/retry`, {
      execution_id: failed.execution_id,
      from: 'failed',
    });
    expect(again.status).toBe(202);
    expect(again.body.data).toMatchObject({ trigger: 'retry', retry_of: failed.execution_id });
    const retried = await waitForExecution(asAdmin, again.body.data.execution_id);
    expect(retried.status).toBe('failed');
    expect(block(retried, 'bank')).toMatchObject({ status: 'succeeded', cached: true });
    expect(block(retried, 'clean')).toMatchObject({ status: 'succeeded', cached: true });
    expect(block(retried, 'paid')).toMatchObject({ status: 'failed', cached: false });
    // The cached outputs were copied: this execution's pages read without the first one.
    const page = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${retried.execution_id}&node_id=clean&handle=rows&page_size=1`,
    );
    expect(page.body.data).toEqual([{ Reference: 'INV-1', Amount: '1000.00' }]);

    const ended = await asAdmin('POST', `${EXECUTION}/cancel`, { execution_id: failed.execution_id });
    expect(ended.status).toBe(409);
  });

  it('runs up to a chosen block, then again from a chosen block with the rest cached', async () => {
    const workflowId = await createWorkflow(asAdmin, 'Partial runs', cleaningGraph());
    const upTo = await asAdmin('POST', EXECUTION, {
      workflow_id: workflowId,
      inputs: { period: 'x' },
      until_node_id: 'clean',
    });
    expect(upTo.status).toBe(202);
    const partial = await waitForExecution(asAdmin, upTo.body.data.execution_id);
    expect(partial.status).toBe('succeeded');
    expect(partial.blocks.map((b: Json) => b.node_id).sort()).toEqual(['bank', 'clean', 'dedupe', 'home']);

    const fromNode = await asAdmin('POST', `${EXECUTION}/retry`, {
      execution_id: partial.execution_id,
      from: 'node',
      node_id: 'paid',
    });
    expect(fromNode.status).toBe(202);
    const rest = await waitForExecution(asAdmin, fromNode.body.data.execution_id);
    expect(rest.status, rest.error).toBe('succeeded');
    expect(block(rest, 'clean')).toMatchObject({ cached: true });
    expect(block(rest, 'paid')).toMatchObject({ cached: false, rows_in: 2_504 });
    expect(block(rest, 'write')).toMatchObject({ status: 'succeeded', rows_out: 2_502 });

    const unknown = await asAdmin('POST', EXECUTION, {
      workflow_id: workflowId,
      inputs: { period: 'x' },
      until_node_id: 'nowhere',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ until_node_id: 'No such block' });
  });

  it('marks a run whose worker died as crashed; a retry from the start runs it', async () => {
    const workflowId = await createWorkflow(asAdmin, 'Crashes', cleaningGraph());
    const [row] = await server.database.db
      .insert(workflowExecutions)
      .values({
        organizationId: org.id,
        workflowId,
        version: 1,
        status: 'running',
        inputs: { period: 'x' },
        startedAt: new Date(Date.now() - 120_000),
        heartbeatAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const id = row?.id as string;
    expect(await markCrashedExecutions(server.database.db)).toBeGreaterThanOrEqual(1);
    const crashed = await asAdmin('GET', `${EXECUTION}/one?execution_id=${id}`);
    expect(crashed.body.data).toMatchObject({ status: 'crashed' });
    expect(crashed.body.data.error).toMatch(/server stopped/);
    const again = await asAdmin('POST', `${EXECUTION}/retry`, { execution_id: id });
    expect(again.status).toBe(202);
    expect((await waitForExecution(asAdmin, again.body.data.execution_id)).status).toBe('succeeded');
  });

  it('reconciles two tables into matched, suggested and unmatched rows, and a dashboard of them', async () => {
    const graph = await createReconcileGraph(asAdmin, {
      title: 'January',
      boardReads: ['matched', 'suggested'],
    });
    graph.nodes.push(node('open', 'write_to_table', { table_name: `Open items ${Date.now()}` }));
    graph.edges.push(edge('match', 'unmatched', 'open', 'rows'));
    const workflowId = await createWorkflow(asAdmin, 'Morning reconciliation', graph);
    const done = await runWorkflow(asAdmin, workflowId);
    expect(done.status, done.error).toBe('succeeded');
    expect(block(done, 'match')).toMatchObject({ rows_in: 8 });

    const page = (nodeId: string, handle: string) =>
      asAdmin(
        'GET',
        `${OUTPUT}?execution_id=${done.execution_id}&node_id=${nodeId}&handle=${handle}&page_size=50`,
      );
    const matched = (await page('match', 'matched')).body;
    expect(matched.total).toBe(4);
    expect(matched.data.filter((r: Json) => r.side === 'left').map((r: Json) => r.reference)).toEqual([
      'INV-1001',
      'INV-1002',
    ]);
    expect(matched.data[0]).toMatchObject({ status: 'reconciled', amount: '12000.00', difference: '0.00' });
    const suggested = (await page('match', 'suggested')).body;
    expect(suggested.data.map((r: Json) => r.amount)).toEqual(['6100.00', '6100.00']);
    expect(suggested.data[0].explanation).toMatch(/amount/);
    const unmatched = (await page('match', 'unmatched')).body;
    expect(unmatched.data.map((r: Json) => [r.side, r.Amount])).toEqual([
      ['left', '120.00'],
      ['right', '5,000.00'],
    ]);

    const board = (await page('board', 'dashboard')).body;
    expect(board.kind).toBe('value');
    expect(board.value).toMatchObject({
      title: 'January',
      records: 8,
      match_rate: 50,
      unreconciled: 2,
      statuses: {
        // Each side on its own, never added: 20,450.00 on each side, not 40,900.00.
        reconciled: {
          groups: 2,
          records: 4,
          sides: { left: { in: '20450.00', out: '0.00' }, right: { in: '20450.00', out: '0.00' } },
        },
        suggested: {
          groups: 1,
          records: 2,
          sides: { left: { in: '6100.00', out: '0.00' }, right: { in: '6100.00', out: '0.00' } },
        },
      },
    });
    expect(block(done, 'open')).toMatchObject({ status: 'succeeded', rows_out: 2 });
  });

  it('reads two uploaded documents (an M-Pesa statement and a ledger CSV) and reconciles them', async () => {
    const statement = readFileSync(
      path.join(
        import.meta.dirname,
        '../../../../../../packages/statements/fixtures/mpesa/business-statement.csv',
      ),
    );
    const ledgerCsv = [
      'Date,Invoice,Customer,Amount',
      '2024-03-01,INV-1168,Mercy Kiprotich,"5,475.00"',
      '2024-02-29,INV-4126,David Achieng,"112,057.61"',
      '2024-03-01,INV-4297,Mercy Chebet,"63,820.00"',
      '2024-03-02,INV-9999,Nobody Ltd,"1,000.00"',
    ].join('\r\n');
    const uploaded = await upload(server, admin, org.id, [
      { name: 'mpesa.csv', bytes: statement, type: 'text/csv' },
      { name: 'ledger.csv', bytes: ledgerCsv, type: 'text/csv' },
    ]);
    expect(uploaded.status).toBe(201);
    const [mpesaDoc, ledgerDoc] = uploaded.body.data.map((d: Json) => d.id as string);
    const graph = {
      schemaVersion: 1,
      nodes: [
        node('home', 'home'),
        node('mpesa', 'upload_document', { label: 'M-Pesa statement', accept: 'statement' }),
        node('ledger', 'upload_document', { label: 'Open invoices', accept: 'csv' }),
        node('read_mpesa', 'parse_file'),
        node('read_ledger', 'parse_file'),
        node('match', 'reconcile', { rule_set: 'default' }),
      ],
      edges: [
        edge('home', 'start', 'mpesa', 'start'),
        edge('home', 'start', 'ledger', 'start'),
        edge('mpesa', 'file', 'read_mpesa', 'file'),
        edge('ledger', 'file', 'read_ledger', 'file'),
        edge('read_mpesa', 'rows', 'match', 'left'),
        edge('read_ledger', 'rows', 'match', 'right'),
      ],
    };
    const workflowId = await createWorkflow(asAdmin, 'M-Pesa against invoices', graph);
    const inputs = await asAdmin('GET', `/api/workflow/workflows/workflow/inputs?workflow_id=${workflowId}`);
    expect(inputs.body.data.inputs).toEqual([
      { name: 'mpesa', label: 'M-Pesa statement', required: true, kind: 'document', accept: 'statement' },
      { name: 'ledger', label: 'Open invoices', required: true, kind: 'document', accept: 'csv' },
    ]);
    const unknown = await asAdmin('POST', EXECUTION, {
      workflow_id: workflowId,
      inputs: { mpesa: mpesaDoc, ledger: '7d1f0000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ 'inputs.ledger': 'No such document: upload it first' });

    const started = await asAdmin('POST', EXECUTION, {
      workflow_id: workflowId,
      inputs: { mpesa: mpesaDoc, ledger: ledgerDoc },
    });
    expect(started.status).toBe(202);
    const done = await waitForExecution(asAdmin, started.body.data.execution_id);
    expect(done.status, done.error).toBe('succeeded');
    const statementRows = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=read_mpesa&handle=rows&page_size=3`,
    );
    expect(statementRows.body.columns).toEqual([
      'Date',
      'Value date',
      'Amount',
      'Currency',
      'Reference',
      'Counterparty',
      'Narrative',
      'Bank reference',
      'Counterparty phone',
    ]);
    expect(statementRows.body.data[0]).toMatchObject({ Amount: '-42746.00', 'Bank reference': 'SCS8DCYXZQ' });
    const ledgerRows = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=read_ledger&handle=rows`,
    );
    expect(ledgerRows.body.total).toBe(4);
    expect(ledgerRows.body.data[1]).toEqual({
      Date: '2024-02-29',
      Invoice: 'INV-4126',
      Customer: 'David Achieng',
      Amount: '112,057.61',
    });
    const matched = await asAdmin(
      'GET',
      `${OUTPUT}?execution_id=${done.execution_id}&node_id=match&handle=matched&page_size=50`,
    );
    const pairs = matched.body.data.filter((r: Json) => r.side === 'right').map((r: Json) => r.reference);
    expect(pairs.sort()).toEqual(['INV-1168', 'INV-4126', 'INV-4297']);
  });

  it('stops an execution that runs past its time limit and says so', async () => {
    const workflowId = await createWorkflow(asAdmin, 'Too slow', cleaningGraph());
    const [row] = await server.database.db
      .insert(workflowExecutions)
      .values({ organizationId: org.id, workflowId, version: 1, inputs: { period: 'x' } })
      .returning();
    const id = row?.id as string;
    const store = createFileStore(server.config.dataDir);
    const outcome = await runExecution(
      server.database,
      store,
      id,
      new AbortController().signal,
      undefined,
      1,
    );
    expect(outcome).toBe('failed');
    const ended = await asAdmin('GET', `${EXECUTION}/one?execution_id=${id}`);
    expect(ended.body.data.status).toBe('failed');
    expect(ended.body.data.error).toMatch(/the time limit of an execution/);
    // Nothing was written: the run stopped before the last block.
    expect(block(ended.body.data, 'write')?.status).not.toBe('succeeded');
  });

  it('starts an active scheduled workflow once at its minute, in its time zone', async () => {
    const graph = cleaningGraph();
    graph.nodes[0] = node('home', 'home', { inputs: [] });
    const create = await asAdmin('POST', WORKFLOWS, {
      workflow_name: 'Every weekday at six',
      graph,
      state: 'active',
      schedule: { cron: '0 6 * * 1-5', time_zone: 'Africa/Nairobi' },
    });
    expect(create.status).toBe(201);
    const workflowId = create.body.data.workflow_id;
    const needsInputs = await asAdmin('POST', WORKFLOWS, {
      workflow_name: 'Scheduled but asks for a period',
      graph: cleaningGraph(),
      state: 'active',
      schedule: { cron: '0 6 * * 1-5', time_zone: 'Africa/Nairobi' },
    });
    // Monday 06:00 in Nairobi is 03:00 UTC; 06:00 UTC is not the minute.
    const db = server.database.db;
    expect(await startDueSchedules(db, jobs, new Date('2026-11-23T06:00:10Z'))).toBe(0);
    expect(await startDueSchedules(db, jobs, new Date('2026-11-23T03:00:10Z'))).toBeGreaterThanOrEqual(1);
    // A second process (or tick) in the same minute starts nothing more.
    expect(await startDueSchedules(db, jobs, new Date('2026-11-23T03:00:40Z'))).toBe(0);
    const history = await asAdmin('GET', `${EXECUTION}?workflow_id=${workflowId}`);
    expect(history.body.total).toBe(1);
    expect(history.body.data[0].trigger).toBe('schedule');
    expect((await waitForExecution(asAdmin, history.body.data[0].execution_id)).status).toBe('succeeded');
    const refused = await asAdmin('GET', `${EXECUTION}?workflow_id=${needsInputs.body.data.workflow_id}`);
    expect(refused.body.data[0]).toMatchObject({ trigger: 'schedule', status: 'failed' });
    expect(refused.body.data[0].error).toMatch(/cannot ask for "Period"/);
  });

  it('checks the permission and keeps other organizations out', async () => {
    const workflowId = await createWorkflow(asAdmin, 'Private', cleaningGraph());
    const started = await asAdmin('POST', EXECUTION, { workflow_id: workflowId, inputs: { period: 'x' } });
    const id = started.body.data.execution_id;
    await waitForExecution(asAdmin, id);
    expect((await call('GET', `${EXECUTION}/one?execution_id=${id}`, viewer, org.id)).status).toBe(403);
    expect(
      (await call('POST', EXECUTION, viewer, org.id, { workflow_id: workflowId, inputs: { period: 'x' } }))
        .status,
    ).toBe(403);
    expect((await call('GET', `${EXECUTION}/one?execution_id=${id}`, other, otherOrg.id)).status).toBe(404);
    expect(
      (await call('GET', `${OUTPUT}?execution_id=${id}&node_id=bank&handle=rows`, other, otherOrg.id)).status,
    ).toBe(404);
    expect((await call('GET', `${EXECUTION}?workflow_id=${workflowId}`, other, otherOrg.id)).status).toBe(
      404,
    );
    expect(
      (await call('POST', EXECUTION, other, otherOrg.id, { workflow_id: workflowId, inputs: {} })).status,
    ).toBe(404);
    const missing = await asAdmin('GET', `${OUTPUT}?execution_id=${id}&node_id=bank&handle=nothing`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/no output "nothing"/);
  });
});
