import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import { invoiceModelInput, M, MODEL, uploadCsv, uploadInvoicePdf } from '../../../test/model-fixture.ts';
import { createPermissionCast, type TestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let admin: string;
let pdfId: string;
let csvId: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  const cast = await createPermissionCast(server, 'Models');
  org = cast.org;
  admin = cast.tokens.admin;
  pdfId = await uploadInvoicePdf(server, admin, org.id);
  csvId = await uploadCsv(server, admin, org.id);
});
afterAll(() => server.close());

const as = (method: string, path: string, body?: unknown) => call(method, path, admin, org.id, body);

async function newModel(name: string, kind: 'rule_based' | 'ai' = 'rule_based'): Promise<Json> {
  const res = await as('POST', MODEL, invoiceModelInput(name, kind));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('models: create, read, list, change, delete', () => {
  it('creates a rule-based model with its labels in order, default configuration, as a draft', async () => {
    const model = await newModel(`Acme invoices ${Date.now()}`);
    expect(model).toMatchObject({
      kind: 'rule_based',
      document_type: 'invoice',
      state: 'draft',
      state_reason: 'Add a rule for each required field: Invoice number',
      training_documents: 0,
      executions: 0,
      last_execution_at: null,
    });
    expect(model.configuration).toEqual({
      confidence_threshold: 0.8,
      ocr_language: 'eng',
      date_order: 'DMY',
      decimal_separator: '.',
      currency: 'KES',
      target_table_id: null,
      selection: { mode: 'any', keywords: [], exclude: [] },
    });
    expect(model.labels.map((l: Json) => [l.key, l.position, l.required])).toEqual([
      ['invoice_number', 0, true],
      ['total', 1, false],
      ['items', 2, false],
    ]);
    const read = await as('GET', `${MODEL}/${model.id}`);
    expect(read.body).toEqual(model);
  });

  it('lists one page with search, kind and state filters and sorting by name', async () => {
    const tag = `list${Date.now()}`;
    await newModel(`${tag} Beta`);
    await newModel(`${tag} Alpha`, 'ai');
    const page = await as('GET', `${MODEL}?search=${tag}&sort=name&order=asc&page_size=1`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ page_no: 1, page_size: 1, total: 2 });
    expect(page.body.data[0].name).toBe(`${tag} Alpha`);
    const ai = await as('GET', `${MODEL}?search=${tag}&kind=ai`);
    expect(ai.body.data.map((m: Json) => m.name)).toEqual([`${tag} Alpha`]);
    const ready = await as('GET', `${MODEL}?search=${tag}&state=ready`);
    expect(ready.body.total).toBe(0);
  });

  it('renames a model and refuses a name another model has (any case)', async () => {
    const first = await newModel(`Dup ${Date.now()}`);
    const second = await newModel(`Other ${Date.now()}`);
    const renamed = await as('PUT', `${MODEL}/${second.id}`, { name: 'Renamed', document_type: 'receipt' });
    expect(renamed.body).toMatchObject({ name: 'Renamed', document_type: 'receipt' });
    const clash = await as('PUT', `${MODEL}/${second.id}`, { name: first.name.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('already exists');
    const again = await as('POST', MODEL, invoiceModelInput(first.name));
    expect(again.status).toBe(409);
  });

  it('deletes a model with its labels and training documents; the document stays', async () => {
    const model = await newModel(`Gone ${Date.now()}`);
    const training = await as('POST', `${M}/training_documents`, { model_id: model.id, document_id: pdfId });
    expect(training.status).toBe(201);
    expect((await as('DELETE', `${MODEL}/${model.id}`)).status).toBe(204);
    expect((await as('GET', `${MODEL}/${model.id}`)).status).toBe(404);
    expect((await as('GET', `${M}/labels?model_id=${model.id}`)).status).toBe(404);
    expect((await as('PUT', `${M}/training_documents/${training.body.id}`, { annotations: [] })).status).toBe(
      404,
    );
    expect((await as('GET', `/api/documents/file_handler/drop_box/${pdfId}`)).status).toBe(200);
  });
});

describe('models: bad input is a clear 400', () => {
  it.each([
    ['no name', { kind: 'ai', name: '  ' }, 'name'],
    ['an unknown kind', { kind: 'neural', name: 'x' }, 'kind'],
    [
      'a label key with spaces',
      { kind: 'ai', name: 'x', labels: [{ key: 'Invoice No', name: 'n', type: 'text' }] },
      'labels',
    ],
    [
      'a table label without columns',
      { kind: 'ai', name: 'x', labels: [{ key: 'items', name: 'n', type: 'table' }] },
      'labels',
    ],
    ['a bad currency', { kind: 'ai', name: 'x', configuration: { currency: 'shillings' } }, 'currency'],
    [
      'a threshold above 1',
      { kind: 'ai', name: 'x', configuration: { confidence_threshold: 2 } },
      'confidence_threshold',
    ],
  ])('refuses a model with %s', async (_name, body, field) => {
    const res = await as('POST', MODEL, body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(field);
  });

  it('refuses two labels with one key, columns on a single value, and an unknown target table', async () => {
    const twice = { key: 'total', name: 'Total', type: 'amount' };
    const dup = await as('POST', MODEL, { kind: 'ai', name: `D ${Date.now()}`, labels: [twice, twice] });
    expect(dup.status).toBe(400);
    expect(dup.body.message).toBe('Two labels have the key "total"');
    const columns = await as('POST', MODEL, {
      kind: 'ai',
      name: `C ${Date.now()}`,
      labels: [{ ...twice, columns: [{ key: 'a', name: 'A', type: 'text' }] }],
    });
    expect(columns.status).toBe(400);
    expect(columns.body.message).toContain('Only a line-items');
    const table = await as('POST', MODEL, {
      kind: 'ai',
      name: `T ${Date.now()}`,
      configuration: { target_table_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(table.status).toBe(400);
    expect(table.body.message).toBe('The target table was not found');
  });

  it('answers 404 for ids that are not ids', async () => {
    for (const path of [`${MODEL}/nope`, `${M}/labels?model_id=nope`, `${M}/r_b/label/filters/nope`]) {
      expect((await as('GET', path)).status, path).toBe(404);
    }
  });
});

describe('models: configuration', () => {
  it('replaces the configuration, defaults filling what is left out', async () => {
    const model = await newModel(`Config ${Date.now()}`);
    const path = `${M}/r_b/model/configurations/${model.id}`;
    const put = await as('PUT', path, {
      decimal_separator: ',',
      date_order: 'MDY',
      currency: 'USD',
      selection: { mode: 'all', keywords: ['ACME LTD', 'Invoice'] },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      decimal_separator: ',',
      date_order: 'MDY',
      currency: 'USD',
      confidence_threshold: 0.8,
      selection: { mode: 'all', keywords: ['ACME LTD', 'Invoice'], exclude: [] },
    });
    expect((await as('GET', path)).body).toEqual(put.body);
    expect((await as('GET', `${MODEL}/${model.id}`)).body.configuration).toEqual(put.body);
    const bad = await as('PUT', path, { date_order: 'DDMMYY' });
    expect(bad.status).toBe(400);
  });
});

describe('models: labels, rules and filters', () => {
  it('adds, changes and removes labels; a duplicate key is a 409', async () => {
    const model = await newModel(`Labels ${Date.now()}`);
    const added = await as('POST', `${M}/labels`, {
      model_id: model.id,
      key: 'due_date',
      name: 'Due date',
      type: 'date',
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ key: 'due_date', position: 3, required: false, columns: [] });
    const dup = await as('POST', `${M}/labels`, {
      model_id: model.id,
      key: 'total',
      name: 'T',
      type: 'amount',
    });
    expect(dup.status).toBe(409);
    const changed = await as('PUT', `${M}/labels/${added.body.id}`, {
      key: 'due_on',
      name: 'Due on',
      type: 'date',
      required: true,
    });
    expect(changed.body).toMatchObject({ key: 'due_on', required: true, position: 3 });
    const list = await as('GET', `${M}/labels?model_id=${model.id}`);
    expect(list.body.data.map((l: Json) => l.key)).toEqual(['invoice_number', 'total', 'items', 'due_on']);
    expect((await as('DELETE', `${M}/labels/${added.body.id}`)).status).toBe(204);
    expect((await as('GET', `${M}/labels?model_id=${model.id}`)).body.data).toHaveLength(3);
  });

  it('becomes ready when every required label has a rule, and draft again without', async () => {
    const model = await newModel(`Rules ${Date.now()}`);
    const labelOf = (key: string) => model.labels.find((l: Json) => l.key === key);
    const rule = await as('PUT', `${M}/r_b/label/${labelOf('total').id}`, {
      rules: [{ method: 'anchor', anchor: 'Total', value_pattern: '[0-9,.]+' }],
      pick: 'last',
      filters: [{ kind: 'amount' }],
    });
    expect(rule.status).toBe(200);
    expect(rule.body).toMatchObject({
      label_key: 'total',
      pick: 'last',
      rules: [
        {
          method: 'anchor',
          anchor: 'Total',
          anchor_match: 'contains',
          direction: 'right',
          max_distance: 0.4,
        },
      ],
      filters: [{ kind: 'amount' }],
    });
    expect((await as('GET', `${MODEL}/${model.id}`)).body.state).toBe('draft');
    const number = await as('PUT', `${M}/r_b/label/${labelOf('invoice_number').id}`, {
      rules: [{ method: 'regex', pattern: 'Invoice\\s+No\\.?\\s*(\\S+)' }],
    });
    expect(number.status).toBe(200);
    const ready = (await as('GET', `${MODEL}/${model.id}`)).body;
    expect([ready.state, ready.state_reason]).toEqual(['ready', null]);
    const rules = await as('GET', `${M}/r_b/label?model_id=${model.id}`);
    expect(rules.body.data.map((r: Json) => [r.label_key, r.rules.length])).toEqual([
      ['invoice_number', 1],
      ['total', 1],
      ['items', 0],
    ]);
    await as('PUT', `${M}/r_b/label/${labelOf('invoice_number').id}`, { rules: [] });
    expect((await as('GET', `${MODEL}/${model.id}`)).body.state).toBe('draft');
  });

  it('refuses rules that do not fit the label, bad patterns and empty zones', async () => {
    const model = await newModel(`Bad rules ${Date.now()}`);
    const [number, , items] = model.labels;
    const cases: [string, unknown, string][] = [
      [
        number.id,
        { rules: [{ method: 'regex', pattern: '([0-9]+' }] },
        'rules.0.pattern: not a valid regular expression',
      ],
      [
        number.id,
        { rules: [{ method: 'table', columns: [{ key: 'amount', header: 'Amount' }] }] },
        'Invoice number is a single value',
      ],
      [items.id, { rules: [{ method: 'static', value: 'x' }] }, 'Line items is a line-items field'],
      [
        items.id,
        { rules: [{ method: 'table', columns: [{ key: 'vat', header: 'VAT' }] }] },
        'Line items has no column "vat"',
      ],
      [
        number.id,
        { rules: [{ method: 'zone', box: { x0: 0.5, y0: 0.1, x1: 0.2, y1: 0.3 } }] },
        'A zone needs x0 < x1',
      ],
      [number.id, { rules: [], filters: [{ kind: 'regex', pattern: '[' }] }, 'filters.0.pattern'],
    ];
    for (const [id, body, message] of cases) {
      const res = await as('PUT', `${M}/r_b/label/${id}`, body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const unknownMethod = await as('PUT', `${M}/r_b/label/${number.id}`, { rules: [{ method: 'magic' }] });
    expect(unknownMethod.status).toBe(400);
    expect(
      (await as('GET', `${M}/r_b/label?model_id=${model.id}`)).body.data.every(
        (r: Json) => r.rules.length === 0,
      ),
    ).toBe(true);
  });

  it("reads and replaces a label's filters; an AI model has no rules to set (409)", async () => {
    const model = await newModel(`Filters ${Date.now()}`);
    const path = `${M}/r_b/label/filters/${model.labels[0].id}`;
    expect((await as('GET', path)).body).toEqual({ filters: [] });
    const filters = [
      { kind: 'trim' },
      { kind: 'replace', find: 'O', replace: '0' },
      { kind: 'ocr_confusions', shape: 'digits' },
    ];
    const put = await as('PUT', path, { filters });
    expect(put.body.filters).toEqual([filters[0], { ...filters[1], regex: false }, filters[2]]);
    expect((await as('GET', path)).body).toEqual(put.body);
    const ai = await newModel(`AI filters ${Date.now()}`, 'ai');
    const refused = await as('PUT', `${M}/r_b/label/filters/${ai.labels[0].id}`, { filters });
    expect(refused.status).toBe(409);
    const rule = await as('PUT', `${M}/r_b/label/${ai.labels[0].id}`, { rules: [] });
    expect(rule.status).toBe(409);
  });

  it("refuses to change a label's type when its rules would no longer fit", async () => {
    const model = await newModel(`Retype ${Date.now()}`);
    const total = model.labels[1];
    await as('PUT', `${M}/r_b/label/${total.id}`, { rules: [{ method: 'static', value: '1' }] });
    const res = await as('PUT', `${M}/labels/${total.id}`, {
      key: 'total',
      name: 'Total',
      type: 'table',
      columns: [{ key: 'a', name: 'A', type: 'text' }],
    });
    expect(res.status).toBe(409);
  });
});

describe('models: training documents', () => {
  it('adds a PDF of the drop box once, annotates it, lists and removes it', async () => {
    const model = await newModel(`Training ${Date.now()}`, 'ai');
    expect(model).toMatchObject({ state: 'draft', state_reason: 'Annotate at least one training document' });
    const added = await as('POST', `${M}/training_documents`, { model_id: model.id, document_id: pdfId });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      model_id: model.id,
      document_id: pdfId,
      document_name: 'invoice.pdf',
      page_count: 2,
      annotations: [],
      origin: 'annotated',
    });
    const twice = await as('POST', `${M}/training_documents`, { model_id: model.id, document_id: pdfId });
    expect(twice.status).toBe(409);
    const annotations = [
      { label_key: 'invoice_number', page: 1, box: { x0: 0.1, y0: 0.1, x1: 0.3, y1: 0.12 }, value: 'INV-1' },
      {
        label_key: 'items',
        page: 2,
        box: { x0: 0.1, y0: 0.3, x1: 0.4, y1: 0.32 },
        value: 'Widget',
        row: 0,
        column: 'description',
      },
    ];
    const put = await as('PUT', `${M}/training_documents/${added.body.id}`, { annotations });
    expect(put.status).toBe(200);
    expect(put.body.annotations).toEqual(annotations);
    const page = await as('GET', `${M}/training_documents?model_id=${model.id}`);
    expect(page.body).toMatchObject({ total: 1, data: [{ id: added.body.id, annotations }] });
    expect((await as('GET', `${MODEL}/${model.id}`)).body.training_documents).toBe(1);
    expect((await as('DELETE', `${M}/training_documents/${added.body.id}`)).status).toBe(204);
    const after = (await as('GET', `${MODEL}/${model.id}`)).body;
    expect([after.training_documents, after.state]).toEqual([0, 'draft']);
  });

  it('refuses a CSV, an unknown document and annotations that do not fit the labels', async () => {
    const model = await newModel(`Training bad ${Date.now()}`, 'ai');
    const csv = await as('POST', `${M}/training_documents`, { model_id: model.id, document_id: csvId });
    expect(csv.status).toBe(400);
    expect(csv.body.message).toContain('is not a PDF or an image');
    const missing = await as('POST', `${M}/training_documents`, {
      model_id: model.id,
      document_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.status).toBe(404);
    const added = await as('POST', `${M}/training_documents`, { model_id: model.id, document_id: pdfId });
    const box = { x0: 0.1, y0: 0.1, x1: 0.2, y1: 0.2 };
    const cases: [unknown, string][] = [
      [{ label_key: 'vendor', page: 1, box, value: 'x' }, 'The model has no label "vendor"'],
      [{ label_key: 'total', page: 3, box, value: '1' }, "Page 3 is past the document's 2 pages"],
      [{ label_key: 'total', page: 1, box, value: '1', row: 0 }, 'Total is a single value'],
      [
        { label_key: 'items', page: 1, box, value: 'x', row: 0, column: 'vat' },
        'Line items is a line-items field',
      ],
      [
        { label_key: 'total', page: 1, box: { x0: 0.5, y0: 0.1, x1: 0.2, y1: 0.2 }, value: '1' },
        'A box needs',
      ],
    ];
    for (const [annotation, message] of cases) {
      const res = await as('PUT', `${M}/training_documents/${added.body.id}`, { annotations: [annotation] });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const outside = await as('PUT', `${M}/training_documents/${added.body.id}`, {
      annotations: [{ label_key: 'total', page: 1, box: { x0: 0, y0: 0, x1: 1.5, y1: 1 }, value: '1' }],
    });
    expect(outside.status).toBe(400);
    const page = await as('GET', `${M}/training_documents?model_id=${model.id}`);
    expect(page.body.data[0].annotations).toEqual([]);
  });
});

describe('models: the text the engine reads', () => {
  it("answers a PDF's words with pages and boxes, read once and kept", async () => {
    const path = `${M}/document_data_extraction/document/${pdfId}/tokens`;
    const res = await as('GET', path);
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p: Json) => [p.page, p.width, p.height])).toEqual([
      [1, 595, 842],
      [2, 595, 842],
    ]);
    const invoice = res.body.tokens.find((t: Json) => t.text === 'INV-2026-0002');
    expect(invoice).toMatchObject({ page: 2, source: 'pdf', confidence: 1 });
    // "Invoice INV-2026-0002" starts 50 pt from the left, 64 pt from the top of an A4 page.
    expect(invoice.box.x0).toBeGreaterThan(50 / 595);
    expect(invoice.box.y1).toBeGreaterThan(52 / 842);
    expect(invoice.box.y0).toBeLessThan(66 / 842);
    const cached = await server.database.query<{ n: string }>(
      'select count(*)::text as n from document_tokens where document_id = $1',
      [pdfId],
    );
    expect(cached.rows[0]?.n).toBe('1');
    expect((await as('GET', path)).body).toEqual(res.body);
  });

  it('refuses a CSV (400) and an unknown document (404)', async () => {
    const csv = await as('GET', `${M}/document_data_extraction/document/${csvId}/tokens`);
    expect(csv.status).toBe(400);
    const unknown = await as('GET', `${M}/document_data_extraction/document/nope/tokens`);
    expect(unknown.status).toBe(404);
  });
});
