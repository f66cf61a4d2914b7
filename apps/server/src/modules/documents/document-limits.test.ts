import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { upload, waitForDocument } from './documents-test-support.ts';
import { MAX_DOCUMENT_COLUMNS } from './process-document.ts';

let server: TestServer;
let org: TestOrganization;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await createTestOrganization(server, 'Document limits');
  token = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

describe('the drop box limits a sheet’s width', () => {
  it('fails a 1,000,000-column CSV with a reason instead of keeping it', async () => {
    const wide = `${Array.from({ length: 1_000_000 }, (_, i) => `c${i % 10}`).join(',')}\n1,2\n`;
    const res = await upload(server, token, org.id, [{ name: 'wide.csv', bytes: wide, type: 'text/csv' }]);
    expect(res.status).toBe(201);
    const doc = await waitForDocument(server, token, org.id, res.body.data[0].id, 60_000);
    expect(doc).toMatchObject({
      status: 'failed',
      status_reason: `Row 1 has 1,000,000 columns: a document may have at most ${MAX_DOCUMENT_COLUMNS}`,
    });
  });

  it('still reads a CSV of exactly the widest row allowed', async () => {
    const header = Array.from({ length: MAX_DOCUMENT_COLUMNS }, (_, i) => `c${i}`).join(',');
    const res = await upload(server, token, org.id, [
      { name: 'ok.csv', bytes: `${header}\n1\n`, type: 'text/csv' },
    ]);
    const doc = await waitForDocument(server, token, org.id, res.body.data[0].id);
    expect(doc).toMatchObject({ status: 'processed', summary: { columns: MAX_DOCUMENT_COLUMNS } });
  });
});
