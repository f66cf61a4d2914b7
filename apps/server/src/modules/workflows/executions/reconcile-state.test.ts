import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../../../../test/api-call.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import {
  createReconOrg,
  createSide,
  MANUAL,
  type ReconOrg,
  runAndWait,
  type Side,
  useTestSettings,
  V1,
} from '../../recon/shared/recon-test-support.ts';
import { block, createWorkflow, edge, node, OUTPUT, runWorkflow } from '../workflow-test-kit.ts';

/*
 * Issue 19, "Numbers that agree": a workflow's Reconcile block over two tables starts from their items'
 * state in the workspace (accepted, manual and written-off matches, refused pairs), as an incremental
 * run does, so its dashboard's match rate is the workspace's and the recon dashboard's. It writes
 * nothing back.
 */

let server: TestServer;
let o: ReconOrg;
let bank: Side;
let ledger: Side;

/**
 * Bank (left) against ledger (right): INV-1 matches by itself; the cheque was matched by hand to
 * INV-7 (the engine alone matches nothing of it: another amount, no shared reference, weeks apart);
 * the deposit was matched by hand to INV-3 and its 5.00 short written off; interest and INV-9 stay open;
 * the run's suggestion of INV-1003 for the ACME payment was refused (never proposed again).
 */
const BANK: Array<[string, string, string]> = [
  ['INV-1', '1000.00', '2026-03-02'],
  ['Cheque 4411', '730.00', '2026-03-20'],
  ['Deposit counter 2', '395.00', '2026-03-10'],
  ['Interest', '1.20', '2026-03-31'],
  ['Payment INV-1O03 ACME', '3300.00', '2026-03-06'],
];
const LEDGER: Array<[string, string, string]> = [
  ['INV-1', '1000.00', '2026-03-01'],
  ['INV-7', '2190.00', '2026-02-01'],
  ['INV-3', '400.00', '2026-03-01'],
  ['INV-9', '42.00', '2026-03-15'],
  ['INV-1003', '3350.00', '2026-03-04'],
];

async function workflowOver(left: Side, right: Side): Promise<string> {
  const graph = {
    schemaVersion: 1,
    nodes: [
      node('home', 'home'),
      node('bank', 'table', { table_id: left.id }),
      node('ledger', 'table', { table_id: right.id }),
      node('match', 'reconcile', { rule_set: 'default' }),
      node('board', 'dashboard', { title: 'March' }),
    ],
    edges: [
      edge('home', 'start', 'bank', 'start'),
      edge('home', 'start', 'ledger', 'start'),
      edge('bank', 'rows', 'match', 'left'),
      edge('ledger', 'rows', 'match', 'right'),
      edge('match', 'matched', 'board', 'results'),
      edge('match', 'partial', 'board', 'results'),
      edge('match', 'suggested', 'board', 'results'),
    ],
  };
  return createWorkflow(o.call, `Numbers that agree ${Math.random().toString(36).slice(2, 8)}`, graph);
}

async function dashboardOfRun(workflowId: string): Promise<{ execution: Json; board: Json }> {
  const execution = await runWorkflow(o.call, workflowId);
  expect(execution.status, execution.error).toBe('succeeded');
  const output = await o.call(
    'GET',
    `${OUTPUT}?execution_id=${execution.execution_id}&node_id=board&handle=dashboard`,
  );
  expect(output.status).toBe(200);
  return { execution, board: output.body.value };
}

async function groupCount(): Promise<number> {
  const res = await o.call('GET', `${V1}/groups?page_size=100`);
  expect(res.status).toBe(200);
  return res.body.total;
}

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Numbers that agree');
  await useTestSettings(o);
  bank = await createSide(o, `Bank ${Date.now()}`, BANK);
  ledger = await createSide(o, `Ledger ${Date.now()}`, LEDGER);
  // By hand: the cheque pays INV-7's first instalment … recorded as one match of a different amount.
  const cheque = await o.call('POST', MANUAL, {
    left_item_ids: [bank.item['Cheque 4411']],
    right_item_ids: [ledger.item['INV-7']],
    note: 'First of three instalments',
  });
  expect(cheque.status, JSON.stringify(cheque.body)).toBe(201);
  // … and the deposit pays INV-3 less 5.00 of charges, written off.
  const deposit = await o.call('POST', MANUAL, {
    left_item_ids: [bank.item['Deposit counter 2']],
    right_item_ids: [ledger.item['INV-3']],
  });
  expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
  const adjusted = await o.call('POST', `${V1}/adjustment`, {
    group_id: deposit.body.data.id,
    reason: 'Bank charges',
    account: '6100 Bank charges',
  });
  expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(201);
  const run = await runAndWait(o, { left_table_id: bank.id, right_table_id: ledger.id });
  expect(run.status).toBe('succeeded');
  const suggested = await o.call('GET', `${V1}/groups?run_id=${run.id}&status=suggested`);
  expect(suggested.body.data).toHaveLength(1);
  const refused = await o.call('POST', `${MANUAL}/reject`, { group_ids: [suggested.body.data[0].id] });
  expect(refused.body.changed).toHaveLength(1);
}, 180_000);
afterAll(() => server.close());

describe('the Reconcile block starts from the items’ current state', () => {
  it('gives the workspace’s and the recon dashboard’s match rate, and writes nothing', async () => {
    const workspace = await o.call(
      'GET',
      `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`,
    );
    expect(workspace.status).toBe(200);
    // INV-1 (run), the cheque (manual) and the deposit (written off): 6 of 10 items.
    expect(workspace.body.match_rate).toBe(0.6);
    const analytics = await o.call('GET', '/api/recon/v1/analytics?from=2026-01-01&to=2026-03-31');
    expect(analytics.status).toBe(200);
    expect(analytics.body.match_rate).toBe(0.6);

    const before = await groupCount();
    const workflowId = await workflowOver(bank, ledger);
    const { execution, board } = await dashboardOfRun(workflowId);
    expect(board).toMatchObject({ records: 10, match_rate: 60, unreconciled: 4 });
    expect(board.match_rate / 100).toBe(workspace.body.match_rate);
    // INV-1 and the written-off deposit are reconciled; the cheque, matched by hand short, is partial.
    expect(board.statuses.reconciled).toMatchObject({ groups: 2, records: 4 });
    expect(board.statuses.partial).toMatchObject({ groups: 1, records: 2 });
    // The refused suggestion is not proposed again.
    expect(board.statuses.suggested).toBeUndefined();

    // The rows of the matches made in the workspace say so; the open rows are the two left.
    const rowsOf = async (handle: string) =>
      (
        await o.call(
          'GET',
          `${OUTPUT}?execution_id=${execution.execution_id}&node_id=match&handle=${handle}&page_size=50`,
        )
      ).body.data as Json[];
    const cheque = (await rowsOf('partial')).find((row) => row.reference === 'Cheque 4411');
    expect(cheque).toMatchObject({
      status: 'partial',
      side: 'left',
      amount: '730.00',
      difference: '-1460.00',
    });
    expect(cheque?.explanation).toBe('Already matched in the workspace: kept as it is');
    const written = (await rowsOf('matched')).find((row) => row.reference === 'Deposit counter 2');
    expect(written).toMatchObject({ status: 'reconciled', difference: '-5.00', row: '3' });
    const open = await o.call(
      'GET',
      `${OUTPUT}?execution_id=${execution.execution_id}&node_id=match&handle=unmatched&page_size=50`,
    );
    expect(open.body.data.map((row: Json) => row.Reference).sort()).toEqual([
      'INV-1003',
      'INV-9',
      'Interest',
      'Payment INV-1O03 ACME',
    ]);
    // The item id travels hidden: not a column of any output.
    expect(open.body.columns).not.toContain('__item_id');
    expect(open.body.data[0]).not.toHaveProperty('__item_id');
    expect(block(execution, 'match').status).toBe('succeeded');

    // Nothing written back: the workspace has the same groups and rate.
    expect(await groupCount()).toBe(before);
    const again = await o.call('GET', `${V1}/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`);
    expect(again.body.match_rate).toBe(0.6);
  }, 60_000);

  it('agrees when the workflow reads the tables the other way round', async () => {
    const { board } = await dashboardOfRun(await workflowOver(ledger, bank));
    expect(board).toMatchObject({ records: 10, match_rate: 60, unreconciled: 4 });
  }, 60_000);
});
