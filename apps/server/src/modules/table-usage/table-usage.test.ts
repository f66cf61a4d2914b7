import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import {
  BANK,
  createReconOrg,
  createSide,
  LEDGER,
  type ReconOrg,
  RULES,
  runAndWait,
  TABLES,
  useTestSettings,
} from '../recon/shared/recon-test-support.ts';

let server: TestServer;
let o: ReconOrg;

beforeAll(async () => {
  server = await startTestServer();
  o = await createReconOrg(server, 'Table usage');
  await useTestSettings(o);
});
afterAll(() => server.close());

const WORKFLOWS = '/api/workflow/rule_workflows';

describe('what uses a table, and deleting it', () => {
  it('names the mappings, workflows, rule sets and match groups, then deletes the table with its own in one go', async () => {
    const bank = await createSide(o, 'Usage bank', BANK);
    const ledger = await createSide(o, 'Usage ledger', LEDGER);
    const mapping = await o.call('POST', `${TABLES}/association/mapping`, {
      name: 'Bank to ledger',
      left_table_id: bank.id,
      right_table_id: ledger.id,
      pairs: [{ left_column_id: bank.col.Reference, right_column_id: ledger.col.Reference }],
    });
    expect(mapping.status).toBe(201);
    const graph = {
      schemaVersion: 1,
      nodes: [
        {
          id: 'home',
          type: 'home',
          typeVersion: 1,
          position: { x: 0, y: 0 },
          parameters: {},
          on_error: 'stop',
        },
        {
          id: 'bank',
          type: 'table',
          typeVersion: 1,
          position: { x: 0, y: 0 },
          parameters: { table_id: bank.id },
          on_error: 'stop',
        },
      ],
      edges: [{ id: 'e', source: 'home', source_handle: 'start', target: 'bank', target_handle: 'start' }],
    };
    const workflow = await o.call('POST', WORKFLOWS, { workflow_name: 'Morning bank', graph });
    expect(workflow.status, JSON.stringify(workflow.body)).toBe(201);
    const rule = await o.call('POST', RULES, {
      name: 'Bank vs ledger',
      passes: [
        {
          id: 'exact',
          kind: 'exact',
          keys: ['reference', 'amount'],
          date_window: { days_before: 3, days_after: 3 },
        },
      ],
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const run = await runAndWait(o, {
      left_table_id: bank.id,
      right_table_id: ledger.id,
      rule_id: rule.body.id,
    });
    expect(run.status).toBe('succeeded');
    const groups = Object.values(run.summary.groups as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(groups).toBeGreaterThan(0);

    const usage = await o.call('GET', `${TABLES}/${bank.id}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      rows: 4,
      mappings: [{ id: mapping.body.id, name: 'Bank to ledger' }],
      workflows: [{ id: workflow.body.data.workflow_id, name: 'Morning bank' }],
      rule_sets: [{ id: rule.body.id, name: 'Bank vs ledger' }],
      match_groups: groups,
    });
    // The ledger is not in the workflow.
    const ledgerUsage = await o.call('GET', `${TABLES}/${ledger.id}/usage`);
    expect(ledgerUsage.body).toMatchObject({ workflows: [], match_groups: groups });

    expect((await o.call('DELETE', `${TABLES}/${bank.id}`)).status).toBe(204);
    expect((await o.call('GET', `${TABLES}/${bank.id}`)).status).toBe(404);
    expect((await o.call('GET', `${TABLES}/${bank.id}/usage`)).status).toBe(404);
    // Its mapping and match groups went with it; the ledger's rows and the workflow stay.
    const after = await o.call('GET', `${TABLES}/${ledger.id}/usage`);
    expect(after.body).toMatchObject({ rows: 4, mappings: [], match_groups: 0 });
    const kept = await o.call('GET', `${WORKFLOWS}?workflow_id=${workflow.body.data.workflow_id}`);
    expect(kept.body.data).toHaveLength(1);
  });

  it('answers usage only with read on tables, and only in the table’s organization', async () => {
    const side = await createSide(o, 'Usage guarded', BANK);
    const call = createApiCall(server);
    const noRoles = await (await addTestMember(server, o.org, {})).token();
    expect((await call('GET', `${TABLES}/${side.id}/usage`, noRoles, o.org.id)).status).toBe(403);
    const viewer = await (await addTestMember(server, o.org, { group: 'Viewers' })).token();
    expect((await call('GET', `${TABLES}/${side.id}/usage`, viewer, o.org.id)).status).toBe(200);
    expect((await call('DELETE', `${TABLES}/${side.id}`, viewer, o.org.id)).status).toBe(403);
    const elsewhere = await createTestOrganization(server, 'Table usage elsewhere');
    const stranger = await (await addTestMember(server, elsewhere, { group: 'Administrators' })).token();
    expect((await call('GET', `${TABLES}/${side.id}/usage`, stranger, elsewhere.id)).status).toBe(404);
    expect((await call('DELETE', `${TABLES}/${side.id}`, stranger, elsewhere.id)).status).toBe(404);
    expect((await o.call('GET', `${TABLES}/${side.id}/usage`)).body.rows).toBe(4);
  });
});
