import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../../test/api-call.ts';
import { addTestMember, createTestOrganization } from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { BASE, IMPORTS, rowsByName, uploadFile, waitForImport } from './import-test-kit.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: { id: string };
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  const organization = await createTestOrganization(server, 'Import batches');
  org = organization;
  admin = await (await addTestMember(server, organization, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const ROWS = 12_000;
const BAD = 7_500;

/** Keys R0…R10999 (R0…R999 twice, across batches), one bad amount, notes with a tab and a backslash. */
function bigCsv(): string {
  const lines = ['Reference,Amount,Note'];
  for (let i = 0; i < ROWS; i += 1) {
    const amount = i === BAD ? 'twelve' : `${i}.25`;
    lines.push(`R${i % 11_000},${amount},"tab\there back\\slash ${i}"`);
  }
  return `${lines.join('\n')}\n`;
}

describe('importing a CSV of several batches', () => {
  it('keeps file order, counts duplicates across batches and names a refused line', async () => {
    const upload = await uploadFile(server, admin, org.id, 'big.csv', bigCsv());
    expect(upload.status).toBe(201);
    const confirm = await call('POST', `${IMPORTS}/${upload.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'Big' } },
      mapping: upload.body.proposal.mapping,
      options: { key_source: 0 },
    });
    expect(confirm.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, upload.body.id);
    expect(done).toMatchObject({
      status: 'succeeded',
      total_rows: ROWS,
      inserted_rows: ROWS - 1_000 - 1,
      duplicate_rows: 1_000,
      failed_rows: 1,
    });
    expect(done.errors).toEqual([
      expect.objectContaining({ line: BAD + 2, column: 'Amount', value: 'twelve' }),
    ]);
    const tableId = done.table_id;
    expect((await call('GET', `${BASE}/${tableId}`, admin, org.id)).body.row_count).toBe(ROWS - 1_001);
    const rows = await rowsByName(call, admin, org.id, tableId);
    expect(rows.slice(0, 500).map((r) => r.Reference)).toEqual(
      Array.from({ length: 500 }, (_, i) => `R${i}`),
    );
    expect(rows[3]?.Note).toBe('tab\there back\\slash 3');
  });

  it('copies tabs, backslashes, line breaks and quotes exactly when the rows go straight in (no key)', async () => {
    const note = 'a\tb \\ c\\N "q"\nnext';
    const csv = `Reference,Note\nR1,"${note.replaceAll('"', '""')}"\nR2,\\\n`;
    const upload = await uploadFile(server, admin, org.id, 'plain.csv', csv);
    expect(upload.status).toBe(201);
    const confirm = await call('POST', `${IMPORTS}/${upload.body.id}/confirm`, admin, org.id, {
      target: { new_table: { name: 'Plain' } },
      mapping: upload.body.proposal.mapping,
    });
    expect(confirm.status).toBe(202);
    const done = await waitForImport(call, admin, org.id, upload.body.id);
    expect(done).toMatchObject({ status: 'succeeded', inserted_rows: 2, duplicate_rows: 0 });
    const rows = await rowsByName(call, admin, org.id, done.table_id);
    expect(rows).toEqual([
      { Reference: 'R1', Note: note },
      { Reference: 'R2', Note: '\\' },
    ]);
  });
});
