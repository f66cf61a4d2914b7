import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LOGO_MAX_BYTES } from '@counterpart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { pacedMultipartUpload } from '../../../test/paced-upload.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
let org: TestOrganization;
let adminToken: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await createTestOrganization(server, 'Logo limit');
  adminToken = await (await addTestMember(server, org, { group: 'Administrators' })).token();
});
afterAll(() => server.close());

const BOUNDARY = 'logo-limit-boundary';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const logos = () => {
  try {
    return readdirSync(path.join(server.config.dataDir, 'files', 'logos'));
  } catch {
    return [];
  }
};

describe('an oversize logo', () => {
  it('is refused with 413 even when the client’s chunks end exactly at the limit (never stored cut)', async () => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    // A "PNG" of limit + 100 KB: the first piece ends exactly at the limit, the rest follows.
    const upToLimit = Buffer.concat([PNG_MAGIC, Buffer.alloc(LOGO_MAX_BYTES - PNG_MAGIC.length, 0x41)]);
    const rest = Buffer.concat([Buffer.alloc(100 * 1024, 0x41), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const before = logos();
    const res = await pacedMultipartUpload({
      url: `${server.url}/api/users/organization/logo?kind=mark`,
      headers: { authorization: `Bearer ${adminToken}`, organization: org.id },
      boundary: BOUNDARY,
      pieces: [Buffer.concat([head, upToLimit]), rest],
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('The logo is larger than 512 KB: upload a smaller file');
    expect(logos()).toEqual(before);
  });
});
