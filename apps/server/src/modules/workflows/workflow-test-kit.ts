import { expect } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import type { TestServer } from '../../../test/test-server.ts';

export const TABLES = '/api/tables/storage/counterpart_tables';
export const WORKFLOWS = '/api/workflow/rule_workflows';
export const EXECUTION = '/api/workflow/workflows/workflow/execution';
export const OUTPUT = '/api/workflow/block-output';

/** A JSON call as the first organization's administrator. */
export type AdminCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Json }>;

export interface WorkflowTestSetup {
  call: ReturnType<typeof createApiCall>;
  org: TestOrganization;
  otherOrg: TestOrganization;
  adminMember: TestMember;
  /** Tokens: an administrator and a viewer of `org`, an administrator of `otherOrg`. */
  admin: string;
  viewer: string;
  other: string;
  asAdmin: AdminCall;
}

/** Two organizations on the server ("<name>" and "<name> elsewhere") and the members the tests sign in as. */
export async function setUpWorkflowTest(server: TestServer, name: string): Promise<WorkflowTestSetup> {
  const call = createApiCall(server);
  const org = await createTestOrganization(server, name);
  const otherOrg = await createTestOrganization(server, `${name} elsewhere`);
  const adminMember = await addTestMember(server, org, { group: 'Administrators' });
  const admin = await adminMember.token();
  const viewer = await (await addTestMember(server, org, { group: 'Viewers' })).token();
  const other = await (await addTestMember(server, otherOrg, { group: 'Administrators' })).token();
  const asAdmin: AdminCall = (method, path, body) => call(method, path, admin, org.id, body);
  return { call, org, otherOrg, adminMember, admin, viewer, other, asAdmin };
}

/** A block of a graph, stopping the run on error. */
export const node = (id: string, type: string, parameters: Record<string, unknown> = {}, label?: string) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
  ...(label ? { label } : {}),
});

/** A link from one block's output handle to another's input handle (its id names all four). */
export const edge = (source: string, sh: string, target: string, th: string) => ({
  id: `${source}-${sh}-${target}-${th}`,
  source,
  source_handle: sh,
  target,
  target_handle: th,
});

/** A table of text columns (its name made unique), seeded with the rows given; answers its id. */
export async function createTextTable(
  asAdmin: AdminCall,
  name: string,
  columns: string[],
  rows: string[][],
): Promise<string> {
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

/** Rows of a table of text columns, in the order of its columns. */
type Rows = string[][];

/**
 * January's bank lines (Date, Details, Reference, Amount): two pay invoices by reference, the cash
 * deposit pays one by its amount alone (a suggestion), the interest pays none.
 */
const JANUARY_BANK: Rows = [
  ['2026-01-05', 'Payment Acme Ltd', 'INV-1001', '12,000.00'],
  ['2026-01-06', 'Transfer Baraka Traders', 'INV-1002', '8,450.00'],
  ['2026-01-12', 'Cash deposit', '', '6,100.00'],
  ['2026-01-14', 'Interest earned', '', '120.00'],
];

/** January's ledger (Date, Invoice, Customer, Amount): the three invoices the bank pays and one nobody paid. */
const JANUARY_LEDGER: Rows = [
  ['2026-01-03', 'INV-1001', 'Acme Ltd', '12,000.00'],
  ['2026-01-04', 'INV-1002', 'Baraka Traders', '8,450.00'],
  ['2026-01-10', 'INV-1006', 'Faraja Bakery', '6,100.00'],
  ['2026-01-13', 'INV-1008', 'Kilimo Motors', '5,000.00'],
];

export interface ReconcileGraphOptions {
  /** The title of the dashboard block. */
  title: string;
  /** The label of the reconcile block (none by default). */
  matchLabel?: string;
  /** The outputs of the reconcile block that the dashboard reads. */
  boardReads?: Array<'matched' | 'suggested'>;
  /** The rows of the Bank and Ledger tables; January's by default. */
  bank?: Rows;
  ledger?: Rows;
}

/**
 * Creates a Bank and a Ledger table and answers the graph that reconciles them: home → bank and
 * ledger → match (left, right) → board, a dashboard of the rows `boardReads` names. A test adds its
 * own blocks and links after these.
 */
export async function createReconcileGraph(asAdmin: AdminCall, options: ReconcileGraphOptions) {
  const {
    title,
    matchLabel,
    boardReads = ['matched'],
    bank = JANUARY_BANK,
    ledger = JANUARY_LEDGER,
  } = options;
  const bankTable = await createTextTable(asAdmin, 'Bank', ['Date', 'Details', 'Reference', 'Amount'], bank);
  const ledgerTable = await createTextTable(
    asAdmin,
    'Ledger',
    ['Date', 'Invoice', 'Customer', 'Amount'],
    ledger,
  );
  return {
    schemaVersion: 1,
    nodes: [
      node('home', 'home'),
      node('bank', 'table', { table_id: bankTable }),
      node('ledger', 'table', { table_id: ledgerTable }),
      node('match', 'reconcile', { rule_set: 'default' }, matchLabel),
      node('board', 'dashboard', { title }),
    ],
    edges: [
      edge('home', 'start', 'bank', 'start'),
      edge('home', 'start', 'ledger', 'start'),
      edge('bank', 'rows', 'match', 'left'),
      edge('ledger', 'rows', 'match', 'right'),
      ...boardReads.map((handle) => edge('match', handle, 'board', 'results')),
    ],
  };
}

/** Saves a workflow with the graph given; answers its id. */
export async function createWorkflow(asAdmin: AdminCall, name: string, graph: unknown): Promise<string> {
  const res = await asAdmin('POST', WORKFLOWS, { workflow_name: name, graph });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.workflow_id;
}

/** Polls an execution until it is neither queued nor running, and answers it. */
export async function waitForExecution(asAdmin: AdminCall, executionId: string): Promise<Json> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await asAdmin('GET', `${EXECUTION}/one?execution_id=${executionId}`);
    expect(res.status).toBe(200);
    if (!['queued', 'running'].includes(res.body.data.status)) return res.body.data;
    if (Date.now() > deadline) throw new Error(`Execution still ${res.body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Runs the workflow with no inputs and waits for the end of the run. */
export async function runWorkflow(asAdmin: AdminCall, workflowId: string): Promise<Json> {
  const started = await asAdmin('POST', EXECUTION, { workflow_id: workflowId, inputs: {} });
  expect(started.status).toBe(202);
  return waitForExecution(asAdmin, started.body.data.execution_id);
}

/** One block's record in an execution. */
export const block = (execution: Json, nodeId: string) =>
  execution.blocks.find((b: Json) => b.node_id === nodeId);
