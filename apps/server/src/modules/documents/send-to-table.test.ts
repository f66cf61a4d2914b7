import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { tableImports } from '../../db/schema.ts';
import { DROP_BOX, PNG_BYTES, upload, waitForDocument } from './documents-test-support.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Send to table');
  adminToken = await (await addTestMember(server, org, { group: 'Administrators' })).token();
  viewerToken = await (await addTestMember(server, org, { group: 'Viewers' })).token();
});
afterAll(() => server.close());

async function processed(name: string, bytes: Buffer | string) {
  const res = await upload(server, adminToken, org.id, [{ name, bytes }]);
  return waitForDocument(server, adminToken, org.id, res.body.data[0].id);
}

describe('send to table', () => {
  it("creates a table import from a CSV document, with the import module's mapping proposal", async () => {
    const doc = await processed('bank lines.csv', 'Date,Reference,Amount\n2026-11-01,INV-1,"1,200.00"\n');
    const res = await call('POST', `${DROP_BOX}/${doc.id}/send_to_table`, adminToken, org.id);
    expect(res.status).toBe(201);
    const importId = res.body.import_id;
    const [row] = await server.database.db.select().from(tableImports).where(eq(tableImports.id, importId));
    expect(row).toMatchObject({
      organizationId: org.id,
      fileName: 'bank lines.csv',
      format: 'csv',
      status: 'uploaded',
      tableId: null,
      documentId: doc.id,
    });
    const proposal = row?.proposal as { columns: { header: string }[] };
    expect(proposal.columns.map((c) => c.header)).toEqual(['Date', 'Reference', 'Amount']);
    // The import has its own copy: deleting the document leaves the import's file in place.
    expect((await call('DELETE', `${DROP_BOX}/${doc.id}`, adminToken, org.id)).status).toBe(204);
    expect(existsSync(path.join(server.config.dataDir, 'files', row?.filePath ?? 'missing'))).toBe(true);
  });

  it('refuses an image, and a user who may not create tables', async () => {
    const image = await processed('scan.png', PNG_BYTES);
    const refused = await call('POST', `${DROP_BOX}/${image.id}/send_to_table`, adminToken, org.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Only CSV, XLSX and bank statement documents can be sent to a table');

    const csv = await processed('ok.csv', 'a,b\n1,2\n');
    const denied = await call('POST', `${DROP_BOX}/${csv.id}/send_to_table`, viewerToken, org.id);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('You need the counterpart_table-create permission in this organization');
  });
});
