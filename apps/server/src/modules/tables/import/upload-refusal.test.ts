import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../../test/test-server.ts';
import { IMPORTS, uploadFile } from './import-test-kit.ts';

let server: TestServer;
let org: TestOrganization;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({}, { importLimits: { maxUploadBytes: 4096 } });
  org = await createTestOrganization(server, 'Refused uploads');
  admin = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

/** What the organization's import folder holds: one folder per kept upload. */
const importFolders = () => {
  const folder = path.join(server.config.dataDir, 'files', 'imports', org.id);
  return existsSync(folder) ? readdirSync(folder) : [];
};

describe('a refused upload leaves nothing behind', () => {
  it('removes the import folder too: too large, not a spreadsheet, cut short, a NUL in its name', async () => {
    const tooLarge = await uploadFile(server, admin, org.id, 'big.csv', `a,b\n${'1,2\n'.repeat(2000)}`);
    expect(tooLarge.status).toBe(413);
    const binary = await uploadFile(
      server,
      admin,
      org.id,
      'prog.csv',
      Buffer.from('MZ\x90\x00\x03\x00', 'latin1'),
    );
    expect(binary.status).toBe(400);
    const cut = await fetch(`${server.url}${IMPORTS}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        organization: org.id,
        'content-type': 'multipart/form-data; boundary=cut',
      },
      body: '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b\n1,2\n',
    });
    expect(cut.status).toBe(400);
    const named = await uploadFile(server, admin, org.id, 'a\u0000b.csv', 'a,b\n1,2\n');
    expect(named).toMatchObject({ status: 400, body: { details: { file: expect.stringContaining('NUL') } } });
    expect(importFolders()).toEqual([]);
    // An accepted upload still keeps its folder.
    expect((await uploadFile(server, admin, org.id, 'ok.csv', 'a,b\n1,2\n')).status).toBe(201);
    expect(importFolders()).toHaveLength(1);
  });
});
