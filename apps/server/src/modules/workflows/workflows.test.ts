import { newWorkflowGraph } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createPermissionCast,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

const BASE = '/api/workflow/rule_workflows';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let admin: string;
let reconciler: string;
let viewer: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({
    org,
    otherOrg,
    tokens: { admin, viewer, stranger: other },
  } = await createPermissionCast(server, 'Workflows'));
  reconciler = await (await addTestMember(server, org, { group: 'Reconcilers' })).token();
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

/** Home → Upload ×2 → Parse ×2 → Reconcile → Write to table. */
function morningGraph() {
  const node = (id: string, type: string, x: number, parameters: Record<string, unknown> = {}) => ({
    id,
    type,
    typeVersion: 1,
    position: { x, y: 0 },
    parameters,
    on_error: 'stop',
  });
  const edge = (source: string, sh: string, target: string, th: string) => ({
    id: `${source}-${target}-${th}`,
    source,
    source_handle: sh,
    target,
    target_handle: th,
  });
  return {
    schemaVersion: 1,
    nodes: [
      node('home', 'home', 0),
      node('bank', 'upload_document', 200, { label: 'Bank statement' }),
      node('ledger', 'upload_document', 200, { label: 'Ledger' }),
      node('parse_bank', 'parse_file', 400),
      node('parse_ledger', 'parse_file', 400),
      node('match', 'reconcile', 600, { rule_set: 'default' }),
      node('write', 'write_to_table', 800, { table_name: 'Morning results' }),
    ],
    edges: [
      edge('home', 'start', 'bank', 'start'),
      edge('home', 'start', 'ledger', 'start'),
      edge('bank', 'file', 'parse_bank', 'file'),
      edge('ledger', 'file', 'parse_ledger', 'file'),
      edge('parse_bank', 'rows', 'match', 'left'),
      edge('parse_ledger', 'rows', 'match', 'right'),
      edge('match', 'unmatched', 'write', 'rows'),
    ],
  };
}

describe('workflows', () => {
  it('serves the block catalog with ports, parameters and availability', async () => {
    const res = await call('GET', '/api/workflow/blocks', reconciler, org.id);
    expect(res.status).toBe(200);
    const types = res.body.nodes.map((b: Json) => b.type);
    expect(types).toEqual(
      expect.arrayContaining(['home', 'upload_document', 'parse_file', 'reconcile', 'dashboard', 'notify']),
    );
    const reconcile = res.body.nodes.find((b: Json) => b.type === 'reconcile');
    expect(reconcile.inputs.map((p: Json) => [p.name, p.kind])).toEqual([
      ['left', 'table'],
      ['right', 'table'],
    ]);
    expect(res.body.nodes.find((b: Json) => b.type === 'integration')).toMatchObject({
      available: false,
      unavailable_reason: 'Connect an ERP under Integrations first',
    });
  });

  it('creates a workflow from a new Home graph, lists it, and reads it by id as data[0]', async () => {
    const created = await asAdmin('POST', BASE, {
      workflow_name: 'Empty start',
      workflow_description: 'Just Home',
      graph: newWorkflowGraph(),
      state: 'draft',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ workflow_name: 'Empty start', version: 1, state: 'draft' });
    const id = created.body.data.workflow_id;

    const one = await asAdmin('GET', `${BASE}?workflow_id=${id}`);
    expect(one.status).toBe(200);
    expect(one.body.data[0].graph).toEqual(newWorkflowGraph());

    const page = await asAdmin('GET', `${BASE}?page_no=1&page_size=20`);
    expect(page.body).toMatchObject({ page_no: 1, page_size: 20 });
    expect(page.body.data.map((w: Json) => w.workflow_name)).toContain('Empty start');
  });

  it('refuses a duplicate name (any case) and an invalid graph, naming the problem', async () => {
    await asAdmin('POST', BASE, { workflow_name: 'Morning bank run', graph: morningGraph() });
    const duplicate = await asAdmin('POST', BASE, {
      workflow_name: 'MORNING BANK RUN',
      graph: morningGraph(),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe(
      'A workflow named "MORNING BANK RUN" already exists: choose another name',
    );

    const graph = morningGraph();
    graph.edges.push({
      id: 'bad',
      source: 'bank',
      source_handle: 'file',
      target: 'match',
      target_handle: 'left',
    });
    const invalid = await asAdmin('POST', BASE, { workflow_name: 'Broken', graph });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details['graph.bad']).toBe('File gives a file, but Left of "Reconcile" takes rows');

    const twoHomes = morningGraph();
    twoHomes.nodes.push({ ...twoHomes.nodes[0], id: 'home2' } as never);
    const refused = await asAdmin('POST', BASE, { workflow_name: 'Two homes', graph: twoHomes });
    expect(refused.body.details['graph.home2']).toBe('A workflow has one Home block: remove this one');
  });

  it('every saved graph is a version; restoring an old one makes a new version', async () => {
    const created = await asAdmin('POST', BASE, { workflow_name: 'Versioned', graph: morningGraph() });
    const id = created.body.data.workflow_id;
    const changed = morningGraph();
    changed.nodes[6] = { ...changed.nodes[6], parameters: { table_name: 'Exceptions' } } as never;

    const saved = await call('PUT', `${BASE}?workflow_id=${id}`, reconciler, org.id, {
      workflow_name: 'Versioned',
      workflow_description: 'Now writes the exceptions',
      graph: changed,
      state: 'active',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ version: 2, state: 'active' });
    // Saving the same graph again (a rename) keeps the version.
    const renamed = await asAdmin('PUT', `${BASE}?workflow_id=${id}`, {
      workflow_name: 'Versioned run',
      graph: changed,
      state: 'active',
    });
    expect(renamed.body.data.version).toBe(2);

    const restored = await asAdmin('POST', `${BASE}/restore?workflow_id=${id}`, { version: 1 });
    expect(restored.body.data.version).toBe(3);
    expect(restored.body.data.graph).toEqual(
      (await asAdmin('GET', `${BASE}/versions/1?workflow_id=${id}`)).body.graph,
    );
    const versions = await asAdmin('GET', `${BASE}/versions?workflow_id=${id}`);
    expect(versions.body.data.map((v: Json) => [v.version, v.restored_from])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
  });

  it('checks the schedule', async () => {
    const bad = await asAdmin('POST', BASE, {
      workflow_name: 'Scheduled',
      graph: newWorkflowGraph(),
      schedule: { cron: 'every morning', time_zone: 'Africa/Nairobi' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details['schedule.cron']).toMatch(/5 fields/);
    const zone = await asAdmin('POST', BASE, {
      workflow_name: 'Scheduled',
      graph: newWorkflowGraph(),
      schedule: { cron: '0 6 * * 1-5', time_zone: 'Mars/Olympus' },
    });
    expect(zone.body.message).toBe('Unknown time zone "Mars/Olympus"');
    const ok = await asAdmin('POST', BASE, {
      workflow_name: 'Scheduled',
      graph: newWorkflowGraph(),
      schedule: { cron: '0 6 * * 1-5', time_zone: 'Africa/Nairobi' },
    });
    expect(ok.body.data.schedule).toEqual({ cron: '0 6 * * 1-5', time_zone: 'Africa/Nairobi' });
  });

  it('checks permissions, and another organization sees nothing', async () => {
    const created = await asAdmin('POST', BASE, { workflow_name: 'Private', graph: newWorkflowGraph() });
    const id = created.body.data.workflow_id;
    // Viewers have no workflow-read.
    expect((await call('GET', BASE, viewer, org.id)).status).toBe(403);
    expect((await call('GET', '/api/workflow/blocks', viewer, org.id)).status).toBe(403);
    expect(
      (await call('POST', BASE, viewer, org.id, { workflow_name: 'Nope', graph: newWorkflowGraph() })).status,
    ).toBe(403);

    expect((await call('GET', `${BASE}?workflow_id=${id}`, other, otherOrg.id)).status).toBe(404);
    const theirs = await call('GET', BASE, other, otherOrg.id);
    expect(theirs.body.total).toBe(0);
    const put = await call('PUT', `${BASE}?workflow_id=${id}`, other, otherOrg.id, {
      workflow_name: 'Taken over',
      graph: newWorkflowGraph(),
    });
    expect(put.status).toBe(404);
    // Someone of this organization asking with the other organization's header is refused.
    expect((await call('GET', BASE, admin, otherOrg.id)).status).toBe(403);
  });
});
