import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  createReconcileGraph,
  createTextTable,
  setUpWorkflowTest,
  WORKFLOWS,
  type WorkflowTestSetup,
} from './workflow-test-kit.ts';

const RULES = '/api/recon/recon_engine/api/rules';
const exactPass = {
  id: 'exact',
  kind: 'exact',
  keys: ['reference', 'amount'],
  date_window: { days_before: 3, days_after: 3 },
};

let server: TestServer;
let t: WorkflowTestSetup;
let theirTable: string;
let theirRule: string;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
  t = await setUpWorkflowTest(server, 'Workflow references');
  const asOther = (method: string, path: string, body?: unknown) =>
    t.call(method, path, t.other, t.otherOrg.id, body);
  theirTable = await createTextTable(asOther, 'Theirs', ['Reference'], [['X']]);
  const rule = await asOther('POST', RULES, { name: 'Their rules', passes: [exactPass] });
  expect(rule.status).toBe(201);
  theirRule = rule.body.id;
});
afterAll(() => server.close());

describe('a workflow naming what the organization does not have', () => {
  it("refuses another organization's table at save, naming the block and the field", async () => {
    const graph = await createReconcileGraph(t.asAdmin, { title: 'Refs' });
    const bank = graph.nodes.find((n) => n.id === 'bank');
    if (bank) bank.parameters = { table_id: theirTable };
    const res = await t.asAdmin('POST', WORKFLOWS, { workflow_name: 'Borrowed table', graph });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The workflow cannot be saved: block "Table": Table is not a table of this organization',
      details: { 'graph.bank.table_id': 'is not a table of this organization' },
    });
  });

  it("refuses another organization's rule set, on create and on update", async () => {
    const graph = await createReconcileGraph(t.asAdmin, { title: 'Refs', matchLabel: 'Match' });
    const saved = await t.asAdmin('POST', WORKFLOWS, { workflow_name: 'Own rules', graph });
    expect(saved.status).toBe(201);
    const match = graph.nodes.find((n) => n.id === 'match');
    if (match) match.parameters = { rule_set: theirRule };
    const res = await t.asAdmin('PUT', `${WORKFLOWS}?workflow_id=${saved.body.data.workflow_id}`, {
      workflow_name: 'Own rules',
      graph,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'The workflow cannot be saved: block "Match": Rule set is not a rule set of this organization',
      details: { 'graph.match.rule_set': 'is not a rule set of this organization' },
    });
    const created = await t.asAdmin('POST', WORKFLOWS, { workflow_name: 'Borrowed rules', graph });
    expect(created.body.details).toEqual({
      'graph.match.rule_set': 'is not a rule set of this organization',
    });
  });
});
