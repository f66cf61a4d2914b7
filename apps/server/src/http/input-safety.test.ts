import { newWorkflowGraph } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './input-safety.ts';

const TABLES = '/api/tables/storage/counterpart_tables';

let server: TestServer;
let org: TestOrganization;
let token: string;
let call: ReturnType<typeof createApiCall>;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Input safety');
  token = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const raw = (method: string, path: string, body: string, contentType = 'application/json') =>
  fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, organization: org.id, 'content-type': contentType },
    body,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL in a table name and a lone surrogate in a cell with 400 naming the field', async () => {
    const nul = await call('POST', `${TABLES}/`, token, org.id, { name: 'Led\u0000ger', columns: [] });
    expect(nul).toMatchObject({
      status: 400,
      body: { message: 'Invalid request: name: must not contain the NUL character (\\u0000)' },
    });
    const table = await call('POST', `${TABLES}/`, token, org.id, {
      name: 'Ledger',
      columns: [{ name: 'Reference', type: 'text' }],
    });
    const column = table.body.columns[0].id;
    // JSON.stringify keeps a lone surrogate as the escape \ud800, as a client would send it.
    const cell = await call('POST', `${TABLES}/${table.body.id}/items`, token, org.id, {
      values: { [column]: 'INV\ud800' },
    });
    expect(cell.status).toBe(400);
    expect(cell.body.details).toEqual({
      [`values.${column}`]: 'must not contain a lone surrogate (invalid Unicode)',
    });
    const search = await call('GET', `${TABLES}?search=a%00b`, token, org.id);
    expect(search).toMatchObject({ status: 400, body: { details: { search: expect.any(String) } } });
  });
});

describe('JSON nested too deep', () => {
  it('refuses block parameters nested 100,000 deep with 400 and keeps serving', async () => {
    const graph = newWorkflowGraph();
    const marker = '"__deep__"';
    const node = { ...graph.nodes[0], parameters: { rules: '__deep__' } };
    const body = JSON.stringify({ workflow_name: 'Deep', graph: { ...graph, nodes: [node] } }).replace(
      marker,
      `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    );
    const res = await raw('POST', '/api/workflow/rule_workflows', body);
    expect(res).toMatchObject({
      status: 400,
      body: {
        message: `Invalid request: the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`,
        details: { body: `nests deeper than ${MAX_JSON_DEPTH} levels` },
      },
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds(JSON.stringify({ a: '[[[[[[' }), 3)).toBe(false);
    expect(jsonDepthExceeds(JSON.stringify({ a: 'x\\"[[[[' }), 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[1]]]]', 3)).toBe(true);
  });

  it('still refuses prototype poisoning', async () => {
    const res = await raw('POST', `${TABLES}/`, '{"name":"x","columns":[],"__proto__":{"admin":true}}');
    expect(res.status).toBe(400);
  });
});

describe('a multipart body cut short', () => {
  it('is a 400 with a message on the drop box, the imports and the logo upload', async () => {
    const boundary = 'cut';
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\na,b\n1,2\n`;
    for (const path of [
      '/api/documents/file_handler/drop_box',
      `${TABLES}/imports`,
      '/api/users/organization/logo?kind=mark',
    ]) {
      const res = await raw('POST', path, cut, `multipart/form-data; boundary=${boundary}`);
      expect({ path, ...res }).toEqual({
        path,
        status: 400,
        body: {
          message:
            'The upload is incomplete or not valid multipart/form-data: send the whole file again in the field "file"',
        },
      });
    }
  });
});
