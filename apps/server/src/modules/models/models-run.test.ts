import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { invoiceModelInput, M, MODEL, uploadCsv, uploadInvoicePdf } from '../../../test/model-fixture.ts';
import {
  createPermissionCast,
  type PermissionCast,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createExecutionJob } from './model-execution.job.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let otherOrg: TestOrganization;
let tokens: PermissionCast['tokens'];
let pdfId: string;
let secondPdfId: string;
let csvId: string;
let strangerPdfId: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  ({ org, otherOrg, tokens } = await createPermissionCast(server, 'Models run'));
  pdfId = await uploadInvoicePdf(server, tokens.admin, org.id);
  secondPdfId = await uploadInvoicePdf(server, tokens.admin, org.id, 3);
  csvId = await uploadCsv(server, tokens.admin, org.id);
  strangerPdfId = await uploadInvoicePdf(server, tokens.stranger, otherOrg.id);
});
afterAll(() => server.close());

const as = (method: string, path: string, body?: unknown) => call(method, path, tokens.admin, org.id, body);

/** A ready rule-based model: the invoice number by a regex, line items by their header columns. */
async function ruleBasedModel(name: string): Promise<Json> {
  const model = (await as('POST', MODEL, invoiceModelInput(name))).body;
  const [number, , items] = model.labels;
  await as('PUT', `${M}/r_b/label/${number.id}`, {
    rules: [{ method: 'regex', pattern: 'Invoice\\s+(INV-[0-9-]+)' }],
  });
  const table = await as('PUT', `${M}/r_b/label/${items.id}`, {
    rules: [
      {
        method: 'table',
        columns: [
          { key: 'description', header: 'Item' },
          { key: 'quantity', header: 'Qty' },
          { key: 'unit_price', header: 'Unit price' },
          { key: 'amount', header: 'Amount' },
        ],
      },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const ready = (await as('GET', `${MODEL}/${model.id}`)).body;
  expect(ready.state).toBe('ready');
  return ready;
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not happen within a minute`);
}

const finished = (execution: Json) => !['queued', 'running'].includes(execution.status);

describe('models: preview', () => {
  it('runs a rule-based model on a PDF: the invoice number with its box, line items from both pages', async () => {
    const model = await ruleBasedModel(`Preview ${Date.now()}`);
    const res = await as('POST', `${MODEL}/${model.id}/preview`, { document_id: pdfId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const number = res.body.fields.find((f: Json) => f.key === 'invoice_number');
    expect(number).toMatchObject({
      value: 'INV-2026-0001',
      page: 1,
      normalized: { type: 'text', text: 'INV-2026-0001' },
    });
    expect(number.box.y0).toBeLessThan(66 / 842);
    const items = res.body.tables.find((t: Json) => t.key === 'items');
    const itemRows = items.rows.filter((r: Json) => /^Item \d-\d+/.test(r.cells.description?.value ?? ''));
    expect(itemRows.map((r: Json) => [r.page, r.cells.description.value])).toEqual([
      ...[1, 2, 3, 4, 5].map((n) => [1, `Item 1-${n} office supplies`]),
      ...[1, 2, 3, 4, 5].map((n) => [2, `Item 2-${n} office supplies`]),
    ]);
    expect(res.body).toMatchObject({
      layout_matched: true,
      pages: 2,
      text_source: 'pdf',
      ocr_confidence: null,
    });
    const executions = await as('GET', `${M}/model/execution?model_id=${model.id}`);
    expect(executions.body.total).toBe(0);
  });

  it("refuses a CSV (400), another organization's document (404) and an AI model that has not learned (409)", async () => {
    const model = await ruleBasedModel(`Preview bad ${Date.now()}`);
    expect((await as('POST', `${MODEL}/${model.id}/preview`, { document_id: csvId })).status).toBe(400);
    expect((await as('POST', `${MODEL}/${model.id}/preview`, { document_id: strangerPdfId })).status).toBe(
      404,
    );
    const ai = (await as('POST', MODEL, invoiceModelInput(`Unlearned ${Date.now()}`, 'ai'))).body;
    const res = await as('POST', `${MODEL}/${ai.id}/preview`, { document_id: pdfId });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Annotate at least one training document');
  });
});

describe('models: executions', () => {
  it('runs a model on documents in the background: one execution each, listed and read, progress to the owner', async () => {
    const model = await ruleBasedModel(`Execute ${Date.now()}`);
    const started = await as('POST', `${M}/model/execute`, {
      model_id: model.id,
      document_ids: [pdfId, secondPdfId],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.source).toBe('document processing');
    expect(started.body.executions).toHaveLength(2);
    const [first, second] = await Promise.all(
      started.body.executions.map((id: string) =>
        waitFor('the execution', async () => (await as('GET', `${M}/model/execution/${id}`)).body, finished),
      ),
    );
    expect(first).toMatchObject({
      document_id: pdfId,
      document_name: 'invoice.pdf',
      process_id: started.body.id,
      corrected: false,
    });
    expect(['succeeded', 'needs_review']).toContain(first.status);
    expect(first.result.fields.find((f: Json) => f.key === 'invoice_number').value).toBe('INV-2026-0001');
    expect(second.result.fields.find((f: Json) => f.key === 'invoice_number').value).toBe('INV-2026-0003');
    const page = await as('GET', `${M}/model/execution?model_id=${model.id}`);
    expect(page.body.total).toBe(2);
    const view = (await as('GET', `${MODEL}/${model.id}`)).body;
    expect(view.executions).toBe(2);
    expect(view.last_execution_at).not.toBeNull();
    const notes = await waitFor(
      'the completion notification',
      async () =>
        (
          await server.database.query<{ info: Json }>(
            `select info from notifications where organization_id = $1 and source = 'document processing'`,
            [org.id],
          )
        ).rows,
      (rows) => rows.some((row) => String(row.info.message ?? '').startsWith(model.name)),
    );
    expect(notes.length).toBeGreaterThan(0);
  });

  it('refuses a draft model (409), a CSV (400) and unknown or foreign documents (404), creating nothing', async () => {
    const draft = (await as('POST', MODEL, invoiceModelInput(`Draft ${Date.now()}`))).body;
    const refused = await as('POST', `${M}/model/execute`, { model_id: draft.id, document_ids: [pdfId] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('cannot run yet: Add a rule for each required field');
    const model = await ruleBasedModel(`Execute bad ${Date.now()}`);
    const csv = await as('POST', `${M}/model/execute`, { model_id: model.id, document_ids: [pdfId, csvId] });
    expect(csv.status).toBe(400);
    const foreign = await as('POST', `${M}/model/execute`, {
      model_id: model.id,
      document_ids: [strangerPdfId],
    });
    expect(foreign.status).toBe(404);
    const empty = await as('POST', `${M}/model/execute`, { model_id: model.id, document_ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('Choose at least one document');
    expect((await as('GET', `${M}/model/execution?model_id=${model.id}`)).body.total).toBe(0);
    const stranger = await call('POST', `${M}/model/execute`, tokens.stranger, otherOrg.id, {
      model_id: model.id,
      document_ids: [strangerPdfId],
    });
    expect(stranger.status).toBe(404);
  });

  it('runs again only what a stopped run left unfinished (the retry after a kill)', async () => {
    const model = await ruleBasedModel(`Retry ${Date.now()}`);
    const started = await as('POST', `${M}/model/execute`, {
      model_id: model.id,
      document_ids: [pdfId, secondPdfId],
    });
    const [done, left] = started.body.executions as [string, string];
    await waitFor(
      'both',
      async () => (await as('GET', `${M}/model/execution?model_id=${model.id}`)).body.data,
      (d: Json[]) => d.every(finished),
    );
    // As if the process died: one finished (its result stays), one left running without a result.
    await server.database.query(
      `update model_executions set status = 'running', result = null, finished_at = null where id = $1`,
      [left],
    );
    const before = (await as('GET', `${M}/model/execution/${done}`)).body;
    const job = createExecutionJob(server.config, server.database);
    const outcome = await job.run({
      id: 'retry',
      data: { modelId: model.id, executionIds: [done, left] },
      owner: { organizationId: org.id, userId: before.created_by },
      progress: async () => {},
      signal: new AbortController().signal,
    });
    expect(outcome.message).toContain('ran on 2 documents: ');
    expect((await as('GET', `${M}/model/execution/${done}`)).body).toEqual(before);
    const rerun = (await as('GET', `${M}/model/execution/${left}`)).body;
    expect(finished(rerun)).toBe(true);
    expect(rerun.result.fields.find((f: Json) => f.key === 'invoice_number').value).toBe('INV-2026-0003');
  });

  it('saves corrections on the execution; refuses unknown fields and line items', async () => {
    const model = await ruleBasedModel(`Correct ${Date.now()}`);
    const started = await as('POST', `${M}/model/execute`, { model_id: model.id, document_ids: [pdfId] });
    const id = started.body.executions[0];
    await waitFor(
      'the execution',
      async () => (await as('GET', `${M}/model/execution/${id}`)).body,
      finished,
    );
    const res = await as('PUT', `${M}/model/execution/${id}/corrections`, {
      fields: [{ key: 'total', value: '1.234,50' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.corrected).toBe(true);
    expect(res.body.result.fields.find((f: Json) => f.key === 'total')).toMatchObject({
      value: '1.234,50',
      source: 'corrected',
      confidence: 1,
      needs_review: false,
    });
    expect((await as('GET', `${M}/model/execution/${id}`)).body).toEqual(res.body);
    for (const key of ['vendor', 'items']) {
      const bad = await as('PUT', `${M}/model/execution/${id}/corrections`, {
        fields: [{ key, value: 'x' }],
      });
      expect(bad.status, key).toBe(400);
    }
    expect((await as('GET', `${M}/training_documents?model_id=${model.id}`)).body.total).toBe(0);
  });
});

describe('models: an AI model learns', () => {
  it('learns from an annotated document, extracts from another, shows insights, and learns from a correction', async () => {
    const model = (await as('POST', MODEL, invoiceModelInput(`Learner ${Date.now()}`, 'ai'))).body;
    const read = await as('GET', `${M}/document_data_extraction/document/${pdfId}/tokens`);
    const token = read.body.tokens.find((t: Json) => t.text === 'INV-2026-0001');
    const training = await as('POST', `${M}/training_documents`, { model_id: model.id, document_id: pdfId });
    const annotated = await as('PUT', `${M}/training_documents/${training.body.id}`, {
      annotations: [{ label_key: 'invoice_number', page: 1, box: token.box, value: 'INV-2026-0001' }],
    });
    expect(annotated.status).toBe(200);
    const ready = await waitFor(
      'learning',
      async () => (await as('GET', `${MODEL}/${model.id}`)).body,
      (m: Json) => m.state !== 'training',
    );
    expect([ready.state, ready.state_reason]).toEqual(['ready', null]);
    const preview = await as('POST', `${MODEL}/${model.id}/preview`, { document_id: secondPdfId });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.fields.find((f: Json) => f.key === 'invoice_number').value).toBe('INV-2026-0003');
    const insights = await as('GET', `${MODEL}/${model.id}/insights`);
    expect(insights.status, JSON.stringify(insights.body)).toBe(200);
    expect(insights.body).toMatchObject({ model_id: model.id, training_documents: 1 });
    expect(insights.body.fields.map((f: Json) => f.key)).toContain('invoice_number');

    const started = await as('POST', `${M}/model/execute`, {
      model_id: model.id,
      document_ids: [secondPdfId],
    });
    const id = started.body.executions[0];
    await waitFor(
      'the execution',
      async () => (await as('GET', `${M}/model/execution/${id}`)).body,
      finished,
    );
    const corrected = await as('PUT', `${M}/model/execution/${id}/corrections`, {
      fields: [{ key: 'invoice_number', value: 'INV-2026-0003' }],
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const set = await as('GET', `${M}/training_documents?model_id=${model.id}`);
    expect(set.body.data.map((d: Json) => [d.document_id, d.origin])).toEqual([
      [pdfId, 'annotated'],
      [secondPdfId, 'correction'],
    ]);
    expect(set.body.data[1].annotations[0]).toMatchObject({
      label_key: 'invoice_number',
      value: 'INV-2026-0003',
      page: 1,
    });
    const relearned = await waitFor(
      'learning again',
      async () => (await as('GET', `${MODEL}/${model.id}`)).body,
      (m: Json) => m.state !== 'training',
    );
    expect(relearned.state).toBe('ready');
    const after = await as('GET', `${MODEL}/${model.id}/insights`);
    expect(after.body.training_documents).toBe(2);
  });

  it('has no insights for a rule-based model or before learning (409)', async () => {
    const model = await ruleBasedModel(`No insights ${Date.now()}`);
    expect((await as('GET', `${MODEL}/${model.id}/insights`)).status).toBe(409);
    const ai = (await as('POST', MODEL, invoiceModelInput(`Not yet ${Date.now()}`, 'ai'))).body;
    expect((await as('GET', `${MODEL}/${ai.id}/insights`)).status).toBe(409);
  });
});
