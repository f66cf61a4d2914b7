import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiCall, type Json } from '../../../test/api-call.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { auditLog, organizations } from '../../db/schema.ts';

let server: TestServer;
let call: ReturnType<typeof createApiCall>;
let org: TestOrganization;
let other: TestOrganization;
let adminToken: string;
let viewerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  call = createApiCall(server);
  org = await createTestOrganization(server, 'Theme');
  other = await createTestOrganization(server, 'Other theme');
  const admin = await addTestMember(server, org, { group: 'Administrators' });
  const viewer = await addTestMember(server, org, { group: 'Viewers' });
  adminToken = await admin.token();
  viewerToken = await viewer.token();
});
afterAll(() => server.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0rest')]);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#123456"/></svg>';
const HOSTILE_SVG =
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
  '<script>alert(document.cookie)</script><foreignObject><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(2)"/></foreignObject>' +
  '<a href="javascript:alert(3)"><rect width="1" onclick="alert(4)" style="fill:url(https://evil.example/t)"/></a>' +
  '<image xlink:href="https://evil.example/pixel.png"/><style>@import "https://evil.example/x.css";</style></svg>';

const profile = (token: string, organization: string | null, body: unknown) =>
  call('PUT', '/api/users/organization/profile', token, organization, body);

async function attributesOf(organizationId: string) {
  const [row] = await server.database.db
    .select({ name: organizations.name, attributes: organizations.attributes })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

async function upload(
  token: string | null,
  organization: string | null,
  query: string,
  file: { bytes: Buffer | string; name?: string; type?: string; field?: string },
): Promise<{ status: number; body: Json }> {
  const form = new FormData();
  form.append(
    file.field ?? 'file',
    new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
    file.name ?? 'logo',
  );
  const res = await fetch(`${server.url}/api/users/organization/logo${query}`, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(organization ? { organization } : {}),
    },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

const served = (url: string) => fetch(`${server.url}${url}`);

describe('PUT /api/users/organization/profile', () => {
  it('sets the name and theme as one-item lists, answers the profile and writes the audit log', async () => {
    const res = await profile(adminToken, org.id, {
      name: '  Acme Kenya ',
      primary_color: '#1A2B3C',
      authenticator: 'Acme',
      logo_text_url: 'https://cdn.acme.example/logo.svg',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      company_id: org.id,
      name: 'Acme Kenya',
      attributes: {
        primary_color: ['#1a2b3c'],
        authenticator: ['Acme'],
        logo_text_url: ['https://cdn.acme.example/logo.svg'],
      },
      member_count: 2,
    });
    const read = await call('GET', '/api/users/organization/profile', adminToken, org.id);
    expect(read.body.attributes).toEqual(res.body.attributes);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.profile_updated')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'organization', targetId: org.id });
    expect(audit[0]?.details).toMatchObject({ changes: { name: 'Acme Kenya', primary_color: '#1a2b3c' } });
  });

  it('leaves fields not sent as they are and clears an attribute sent as null', async () => {
    await profile(adminToken, org.id, { primary_color: '#40ba58', authenticator: 'Before' });
    const res = await profile(adminToken, org.id, { authenticator: null });
    expect(res.status).toBe(200);
    expect(res.body.attributes.primary_color).toEqual(['#40ba58']);
    expect(res.body.attributes).not.toHaveProperty('authenticator');
    expect(res.body.name).toBe('Acme Kenya');
  });

  it('accepts the path of an uploaded logo as a logo URL', async () => {
    const path = `/files/logos/${'a'.repeat(64)}.svg`;
    const res = await profile(adminToken, org.id, { logo_mark_url: path });
    expect(res.status).toBe(200);
    expect(res.body.attributes.logo_mark_url).toEqual([path]);
  });

  it.each([
    [{ primary_color: 'red' }, 'primary_color', 'must be a hex colour like #40ba58'],
    [{ primary_color: '#12345' }, 'primary_color', 'must be a hex colour like #40ba58'],
    [
      { logo_text_url: 'http://cdn.example/logo.png' },
      'logo_text_url',
      'must be an https:// URL or an uploaded logo',
    ],
    [
      { logo_mark_url: 'javascript:alert(1)' },
      'logo_mark_url',
      'must be an https:// URL or an uploaded logo',
    ],
    [
      { logo_mark_url: '/files/logos/../../secret.svg' },
      'logo_mark_url',
      'must be an https:// URL or an uploaded logo',
    ],
    [
      { logo_mark_url: 'https://user:pw@cdn.example/a.png' },
      'logo_mark_url',
      'must be an https:// URL or an uploaded logo',
    ],
    [{ authenticator: '   ' }, 'authenticator', 'must not be empty'],
    [{ authenticator: 'x'.repeat(61) }, 'authenticator', 'must be at most 60 characters'],
    [{ name: '' }, 'name', 'must not be empty'],
  ])('refuses %j with a message naming the field', async (body, field, message) => {
    const before = await attributesOf(org.id);
    const res = await profile(adminToken, org.id, body);
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ [field]: message });
    expect(res.body.message).toBe(`Invalid request: ${field}: ${message}`);
    expect(await attributesOf(org.id)).toEqual(before);
  });

  it('refuses a field it does not know', async () => {
    const res = await profile(adminToken, org.id, { colour: '#fff' });
    expect(res.status).toBe(400);
  });

  it('refuses a member without settings-update (Viewers) and changes nothing', async () => {
    const before = await attributesOf(org.id);
    const res = await profile(viewerToken, org.id, { primary_color: '#000000' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You need the settings-update permission in this organization');
    expect(await attributesOf(org.id)).toEqual(before);
  });

  it('changes only the organization of the Organization header; another one is refused and untouched', async () => {
    const before = await attributesOf(other.id);
    await profile(adminToken, org.id, { primary_color: '#abcdef' });
    const res = await profile(adminToken, other.id, { primary_color: '#000000', name: 'Taken over' });
    expect(res.status).toBe(403);
    expect(await attributesOf(other.id)).toEqual(before);
  });
});

describe('POST /api/users/organization/logo', () => {
  it.each([
    ['PNG', PNG, 'png', 'image/png'],
    ['JPEG', JPEG, 'jpg', 'image/jpeg'],
  ])(
    'stores a %s by its content hash, sets the attribute and serves it publicly',
    async (_l, bytes, ext, type) => {
      const res = await upload(adminToken, org.id, '?kind=mark', {
        bytes,
        name: 'whatever.gif',
        type: 'text/html',
      });
      expect(res.status).toBe(200);
      const hash = createHash('sha256').update(bytes).digest('hex');
      expect(res.body).toEqual({ url: `/files/logos/${hash}.${ext}` });
      expect((await attributesOf(org.id))?.attributes.logo_mark_url).toEqual([res.body.url]);

      const file = await served(res.body.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(type);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    },
  );

  it('stores an SVG as the text logo and serves it with headers that let it only be drawn', async () => {
    const res = await upload(adminToken, org.id, '?kind=text', {
      bytes: SVG,
      name: 'logo.png',
      type: 'image/png',
    });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/^\/files\/logos\/[0-9a-f]{64}\.svg$/);
    expect((await attributesOf(org.id))?.attributes.logo_text_url).toEqual([res.body.url]);

    const file = await served(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await file.text()).toBe(SVG);

    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organizationId, org.id), eq(auditLog.action, 'organization.logo_uploaded')));
    expect(audit.map((row) => row.details)).toContainEqual({ changes: { logo_text_url: res.body.url } });
  });

  it('cleans a hostile SVG before storing it', async () => {
    const res = await upload(adminToken, org.id, '?kind=mark', { bytes: HOSTILE_SVG, type: 'image/svg+xml' });
    expect(res.status).toBe(200);
    const stored = await (await served(res.body.url)).text();
    expect(stored).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" style=""/><image/><style/></svg>',
    );
  });

  it('refuses a file over 512 KB with 413 and keeps the logo', async () => {
    const before = await attributesOf(org.id);
    const big = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    const res = await upload(adminToken, org.id, '?kind=mark', { bytes: big, type: 'image/png' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The logo is larger than 512 KB: upload a smaller file');
    expect(await attributesOf(org.id)).toEqual(before);
  });

  it.each([
    ['HTML named as a PNG', '<html><script>alert(1)</script></html>', 'evil.png', 'image/png'],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00'), 'logo.gif', 'image/gif'],
    ['binary that is not UTF-8', Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x81]), 'logo.svg', 'image/svg+xml'],
    ['an empty file', Buffer.alloc(0), 'logo.png', 'image/png'],
  ])('refuses %s with 415', async (_label, bytes, name, type) => {
    const res = await upload(adminToken, org.id, '?kind=text', { bytes, name, type });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('The logo must be a PNG, JPEG or SVG image');
  });

  it('refuses an SVG that is not well-formed, saying why', async () => {
    const res = await upload(adminToken, org.id, '?kind=text', { bytes: '<svg><g></svg>' });
    expect(res.status).toBe(415);
    expect(res.body.message).toMatch(/^The logo must be a PNG, JPEG or SVG image: the SVG could not be read/);
  });

  it('refuses a file in another field, a body that is not multipart and a missing kind', async () => {
    const field = await upload(adminToken, org.id, '?kind=text', { bytes: PNG, field: 'logo' });
    expect(field.status).toBe(400);
    expect(field.body.message).toBe('Send the logo in the field "file", not "logo"');

    const json = await call('POST', '/api/users/organization/logo?kind=text', adminToken, org.id, {
      file: 'x',
    });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe('Send the logo as multipart/form-data in the field "file"');

    const noKind = await upload(adminToken, org.id, '', { bytes: PNG });
    expect(noKind.status).toBe(400);
    expect(noKind.body.details).toHaveProperty('kind');
  });

  it('refuses Viewers and callers without a token', async () => {
    const before = await attributesOf(org.id);
    const viewer = await upload(viewerToken, org.id, '?kind=mark', { bytes: PNG });
    expect(viewer.status).toBe(403);
    const anonymous = await upload(null, org.id, '?kind=mark', { bytes: PNG });
    expect(anonymous.status).toBe(401);
    expect(await attributesOf(org.id)).toEqual(before);
  });
});

describe('GET /files/logos/:file', () => {
  it('answers 404 for an unknown logo and for any name that is not a content hash', async () => {
    for (const name of [`${'0'.repeat(64)}.png`, 'x.png', '..%2F..%2Fdatabase', `${'a'.repeat(64)}.html`]) {
      const res = await served(`/files/logos/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});
