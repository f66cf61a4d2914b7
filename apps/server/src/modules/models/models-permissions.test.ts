import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { invoiceModelInput, M, MODEL, uploadInvoicePdf } from '../../../test/model-fixture.ts';
import {
  createPermissionCast,
  type PermissionCast,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let tokens: PermissionCast['tokens'];
let model: Json;
let labelId: string;
let trainingId: string;
let executionId: string;
let pdfId: string;
let strangerPdfId: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({ org, otherOrg, tokens } = await createPermissionCast(server, 'Models permissions'));
  pdfId = await uploadInvoicePdf(server, tokens.admin, org.id);
  strangerPdfId = await uploadInvoicePdf(server, tokens.stranger, otherOrg.id);
  model = (await call('POST', MODEL, tokens.admin, org.id, invoiceModelInput('Guarded'))).body;
  labelId = model.labels[1].id;
  const training = await call('POST', `${M}/training_documents`, tokens.admin, org.id, {
    model_id: model.id,
    document_id: pdfId,
  });
  trainingId = training.body.id;
  await call('PUT', `${M}/r_b/label/${model.labels[0].id}`, tokens.admin, org.id, {
    rules: [{ method: 'regex', pattern: 'Invoice\\s+(\\S+)' }],
  });
  const started = await call('POST', `${M}/model/execute`, tokens.admin, org.id, {
    model_id: model.id,
    document_ids: [pdfId],
  });
  executionId = started.body.executions[0];
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const execution = await call('GET', `${M}/model/execution/${executionId}`, tokens.admin, org.id);
    if (!['queued', 'running'].includes(execution.body.status)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(() => server.close());

const asAdmin = (method: string, path: string) => call(method, path, tokens.admin, org.id);

/** The model, its labels, rules, filters, configuration and training documents. */
async function snapshot(): Promise<Json> {
  const paths = [
    `${MODEL}/${model.id}`,
    `${M}/labels?model_id=${model.id}`,
    `${M}/r_b/label?model_id=${model.id}`,
    `${M}/r_b/label/filters/${labelId}`,
    `${M}/r_b/model/configurations/${model.id}`,
    `${M}/training_documents?model_id=${model.id}`,
    `${M}/model/execution?model_id=${model.id}`,
  ];
  const answers = await Promise.all(paths.map((path) => asAdmin('GET', path)));
  for (const answer of answers) expect(answer.status).toBe(200);
  return { ...answers.map((answer) => answer.body), models: (await asAdmin('GET', MODEL)).body.total };
}

interface ModelCall {
  name: string;
  method: string;
  path: () => string;
  body?: () => unknown;
  permission: 'read' | 'create' | 'update' | 'delete';
}

const label = { key: 'vat', name: 'VAT', type: 'amount' };
const calls: ModelCall[] = [
  { name: 'list models', method: 'GET', path: () => MODEL, permission: 'read' },
  {
    name: 'create a model',
    method: 'POST',
    path: () => MODEL,
    body: () => invoiceModelInput('New one'),
    permission: 'create',
  },
  { name: 'read a model', method: 'GET', path: () => `${MODEL}/${model.id}`, permission: 'read' },
  {
    name: 'rename a model',
    method: 'PUT',
    path: () => `${MODEL}/${model.id}`,
    body: () => ({ name: 'Taken' }),
    permission: 'update',
  },
  { name: 'delete a model', method: 'DELETE', path: () => `${MODEL}/${model.id}`, permission: 'delete' },
  {
    name: 'read its configuration',
    method: 'GET',
    path: () => `${M}/r_b/model/configurations/${model.id}`,
    permission: 'read',
  },
  {
    name: 'replace its configuration',
    method: 'PUT',
    path: () => `${M}/r_b/model/configurations/${model.id}`,
    body: () => ({ currency: 'USD' }),
    permission: 'update',
  },
  {
    name: 'list its labels',
    method: 'GET',
    path: () => `${M}/labels?model_id=${model.id}`,
    permission: 'read',
  },
  {
    name: 'add a label',
    method: 'POST',
    path: () => `${M}/labels`,
    body: () => ({ ...label, model_id: model.id }),
    permission: 'update',
  },
  {
    name: 'change a label',
    method: 'PUT',
    path: () => `${M}/labels/${labelId}`,
    body: () => label,
    permission: 'update',
  },
  { name: 'remove a label', method: 'DELETE', path: () => `${M}/labels/${labelId}`, permission: 'update' },
  {
    name: 'list its rules',
    method: 'GET',
    path: () => `${M}/r_b/label?model_id=${model.id}`,
    permission: 'read',
  },
  {
    name: "replace a label's rules",
    method: 'PUT',
    path: () => `${M}/r_b/label/${labelId}`,
    body: () => ({ rules: [{ method: 'static', value: '1' }] }),
    permission: 'update',
  },
  {
    name: "read a label's filters",
    method: 'GET',
    path: () => `${M}/r_b/label/filters/${labelId}`,
    permission: 'read',
  },
  {
    name: "replace a label's filters",
    method: 'PUT',
    path: () => `${M}/r_b/label/filters/${labelId}`,
    body: () => ({ filters: [{ kind: 'trim' }] }),
    permission: 'update',
  },
  {
    name: "read a document's tokens",
    method: 'GET',
    path: () => `${M}/document_data_extraction/document/${pdfId}/tokens`,
    permission: 'read',
  },
  {
    name: 'list training documents',
    method: 'GET',
    path: () => `${M}/training_documents?model_id=${model.id}`,
    permission: 'read',
  },
  {
    name: 'add a training document',
    method: 'POST',
    path: () => `${M}/training_documents`,
    body: () => ({ model_id: model.id, document_id: pdfId }),
    permission: 'update',
  },
  {
    name: 'annotate a training document',
    method: 'PUT',
    path: () => `${M}/training_documents/${trainingId}`,
    body: () => ({ annotations: [] }),
    permission: 'update',
  },
  {
    name: 'remove a training document',
    method: 'DELETE',
    path: () => `${M}/training_documents/${trainingId}`,
    permission: 'update',
  },
  {
    name: 'preview a model on a document',
    method: 'POST',
    path: () => `${MODEL}/${model.id}/preview`,
    body: () => ({ document_id: pdfId }),
    permission: 'read',
  },
  {
    name: 'read its insights',
    method: 'GET',
    path: () => `${MODEL}/${model.id}/insights`,
    permission: 'read',
  },
  {
    name: 'run it on documents',
    method: 'POST',
    path: () => `${M}/model/execute`,
    body: () => ({ model_id: model.id, document_ids: [pdfId] }),
    permission: 'create',
  },
  {
    name: 'list its executions',
    method: 'GET',
    path: () => `${M}/model/execution?model_id=${model.id}`,
    permission: 'read',
  },
  {
    name: 'read an execution',
    method: 'GET',
    path: () => `${M}/model/execution/${executionId}`,
    permission: 'read',
  },
  {
    name: 'correct an execution',
    method: 'PUT',
    path: () => `${M}/model/execution/${executionId}/corrections`,
    body: () => ({ fields: [{ key: 'total', value: '1' }] }),
    permission: 'update',
  },
];

/** A viewer may read; a member with no roles may not even read. */
const refused = calls.map((c) => ({ ...c, as: c.permission === 'read' ? 'noRoles' : 'viewer' }) as const);

describe('models: permission of each route', () => {
  it.each(refused)('refuses to $name without models-$permission, changing nothing', async (c) => {
    const before = await snapshot();
    const res = await call(c.method, c.path(), tokens[c.as], org.id, c.body?.());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(`You need the models-${c.permission} permission in this organization`);
    expect(await snapshot()).toEqual(before);
  });

  it.each(calls.filter((c) => c.name !== 'list models' && c.name !== 'create a model'))(
    "answers 404 to another organization's $name, changing nothing",
    async (c) => {
      const before = await snapshot();
      const res = await call(c.method, c.path(), tokens.stranger, otherOrg.id, c.body?.());
      expect(res.status).toBe(404);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("does not list another organization's models", async () => {
    const theirs = await call('GET', MODEL, tokens.stranger, otherOrg.id);
    expect(theirs.body.data.map((m: Json) => m.id)).not.toContain(model.id);
  });

  it("refuses another organization's document as a training document (404)", async () => {
    const before = await snapshot();
    const res = await call('POST', `${M}/training_documents`, tokens.admin, org.id, {
      model_id: model.id,
      document_id: strangerPdfId,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Document not found');
    expect(await snapshot()).toEqual(before);
  });

  it('lets a viewer read every read path', async () => {
    for (const c of calls.filter((c) => c.permission === 'read' && c.name !== 'read its insights')) {
      expect((await call(c.method, c.path(), tokens.viewer, org.id, c.body?.())).status, c.name).toBe(200);
    }
  });
});
