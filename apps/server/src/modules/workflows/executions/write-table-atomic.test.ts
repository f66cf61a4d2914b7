import type { GraphNode } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { createFileStore } from '../../../storage/file-store.ts';
import { createBlockRunner } from './execution-blocks.ts';

/* "Write to table" replacing a table's rows is one transaction: a failure after the clear leaves the rows. */

const TABLES = '/api/tables/storage/counterpart_tables';
let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: { id: string };
let member: { id: string; email: string };
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  const organization = await createTestOrganization(server, 'Write block');
  org = organization;
  const admin = await addTestMember(server, organization, { group: 'Administrators' });
  member = admin;
  token = await admin.token();
});
afterAll(() => server.close());

async function tableOfTwo(name: string): Promise<string> {
  const table = await call('POST', `${TABLES}/`, token, org.id, {
    name,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'number' },
    ],
  });
  await call('POST', `${TABLES}/${table.body.id}/items/bulk_create`, token, org.id, {
    items: [{ values: { Reference: 'A', Amount: 1 } }, { values: { Reference: 'B', Amount: 2 } }],
  });
  return table.body.id;
}

function replaceInto(tableId: string, columns: string[], rows: Array<Record<string, string>>) {
  const run = createBlockRunner({
    db: server.database.db,
    organizationId: org.id,
    actor: { userId: member.id, email: member.email },
    inputs: {},
    store: createFileStore(server.config.dataDir),
  });
  const node = { id: 'write', type: 'write_to_table', parameters: { table_id: tableId, mode: 'replace' } };
  return run({
    node: node as unknown as GraphNode,
    inputs: { rows: [{ columns, rows }] },
    attempt: 1,
    signal: new AbortController().signal,
  });
}

const references = async (tableId: string) =>
  (await call('GET', `${TABLES}/${tableId}/items`, token, org.id)).body.data.map(
    (item: Json) => Object.values(item.values)[0],
  );

describe('Write to table, replacing the rows', () => {
  it('keeps the old rows when a new one is refused after the clear', async () => {
    const tableId = await tableOfTwo('Replace refused');
    await expect(
      replaceInto(tableId, ['Reference', 'Amount'], [{ Reference: 'C', Amount: 'many' }]),
    ).rejects.toThrow();
    expect(await references(tableId)).toEqual(['A', 'B']);
    expect((await call('GET', `${TABLES}/${tableId}`, token, org.id)).body.row_count).toBe(2);
  });

  it('keeps the old rows when a column is missing', async () => {
    const tableId = await tableOfTwo('Replace missing');
    await expect(replaceInto(tableId, ['Nope'], [{ Nope: 'x' }])).rejects.toThrow(
      'The table has no column "Nope"',
    );
    expect(await references(tableId)).toEqual(['A', 'B']);
  });

  it('replaces them when all goes in', async () => {
    const tableId = await tableOfTwo('Replace done');
    await replaceInto(tableId, ['Reference', 'Amount'], [{ Reference: 'C', Amount: '3' }]);
    expect(await references(tableId)).toEqual(['C']);
    expect((await call('GET', `${TABLES}/${tableId}`, token, org.id)).body.row_count).toBe(1);
  });
});
