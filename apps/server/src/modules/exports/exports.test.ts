import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { exportFiles } from '../../db/schema.ts';
import { hashToken } from './exports.service.ts';

let server: TestServer;
let org: TestOrganization;
let otherOrg: TestOrganization;
let owner: TestMember;
let colleague: TestMember;
let noRoles: TestMember;
let ownerToken: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await createTestOrganization(server, 'Exports');
  otherOrg = await createTestOrganization(server, 'Exports elsewhere');
  owner = await addTestMember(server, org, { group: 'Viewers' });
  await addTestMember(server, otherOrg, { email: owner.email, group: 'Administrators' });
  colleague = await addTestMember(server, org, { group: 'Administrators' });
  noRoles = await addTestMember(server, org);
  ownerToken = await owner.token();
});
afterAll(() => server.close());

// biome-ignore lint/suspicious/noExplicitAny: responses are checked field by field below
type Json = any;
const headers = (token: string, organization: string) => ({ authorization: `Bearer ${token}`, organization });

async function startExport(token: string, organization: string, body: unknown) {
  const res = await fetch(`${server.url}/api/exports`, {
    method: 'POST',
    headers: { ...headers(token, organization), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer: Json = await res.json();
  return { status: res.status, body: answer };
}

async function notificationsOf(token: string, organization: string): Promise<Json[]> {
  const res = await fetch(`${server.url}/api/notifications?page_size=200`, {
    headers: headers(token, organization),
  });
  const page: Json = await res.json();
  return page.data;
}

/**
 * Starts an export through the API and waits, through the real queue, for the completion
 * notification its owner receives; returns the download URL it carries.
 */
async function exportThroughQueue(token: string, organization: string, body: unknown): Promise<string> {
  const seen = new Set((await notificationsOf(token, organization)).map((n) => n.id));
  const started = await startExport(token, organization, body);
  expect(started).toEqual({ status: 202, body: { id: expect.any(String), source: 'export_document' } });
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline) {
    const fresh = (await notificationsOf(token, organization)).find(
      (n) => !seen.has(n.id) && n.source === 'export_document',
    );
    if (fresh?.info.status === 'error') throw new Error(`Export failed: ${fresh.info.message}`);
    if (fresh) {
      expect(fresh.info).toMatchObject({ status: 'completed', progress: 100 });
      expect(fresh.info.message).toBe(`Export ready: ${fresh.info.url.split('/').at(-1)}`);
      return fresh.info.url;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The export did not finish in 25 s');
}

const fetchFile = (url: string, token: string, organization: string) =>
  fetch(`${server.url}${url}`, { headers: headers(token, organization) });

const today = () => new Date().toISOString().slice(0, 10);
const tokenOf = (url: string) => url.split('/')[3]!;

describe('POST /api/exports → job → GET the URL', () => {
  let url: string;

  beforeAll(async () => {
    url = await exportThroughQueue(ownerToken, org.id, { area: 'members', format: 'csv' });
  });

  it('finishes with an unguessable URL naming the file, which downloads it for its owner', async () => {
    expect(url).toMatch(new RegExp(`^/api/exports/[A-Za-z0-9_-]{43}/members-${today()}\\.csv$`));
    const res = await fetchFile(url, ownerToken, org.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="members-${today()}.csv"; filename*=UTF-8''members-${today()}.csv`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text.replace('\uFEFF', '').split('\r\n')[0]).toBe('E-mail,Full name,Groups,Joined at');
    for (const member of [owner, colleague, noRoles]) expect(text).toContain(member.email);
  });

  it('stores only the SHA-256 of the token, never the token', async () => {
    const token = tokenOf(url);
    const rows = await server.database.db.select().from(exportFiles).where(eq(exportFiles.userId, owner.id));
    expect(JSON.stringify(rows)).not.toContain(token);
    const row = rows.find((r) => r.tokenHash === hashToken(token));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(ttl - 3600_000)).toBeLessThan(30_000);
  });

  it('is "not found" for another user, another organization, another name or a guessed token', async () => {
    const other = await fetchFile(url, await colleague.token(), org.id);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ message: 'Export not found' });
    expect((await fetchFile(url, ownerToken, otherOrg.id)).status).toBe(404);
    expect((await fetchFile(url.replace(/[^/]+$/, 'other.csv'), ownerToken, org.id)).status).toBe(404);
    const guessed = `/api/exports/${'A'.repeat(43)}/members-${today()}.csv`;
    expect((await fetchFile(guessed, ownerToken, org.id)).status).toBe(404);
    expect((await fetch(`${server.url}${url}`)).status).toBe(401);
  });
});

describe('POST /api/exports', () => {
  it('exports the members only for callers who may read the team', async () => {
    const refused = await startExport(await noRoles.token(), org.id, { area: 'members', format: 'csv' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/team-users-read/);
  });

  it('exports one’s own notifications with membership alone, to XLSX', async () => {
    const token = await noRoles.token();
    const url = await exportThroughQueue(token, org.id, { area: 'notifications', format: 'xlsx' });
    expect(url).toMatch(new RegExp(`/notifications-${today()}\\.xlsx$`));
    const res = await fetchFile(url, token, org.id);
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  });

  it('refuses an unknown area or format', async () => {
    expect((await startExport(ownerToken, org.id, { area: 'salaries', format: 'csv' })).status).toBe(400);
    expect((await startExport(ownerToken, org.id, { area: 'members', format: 'pdf' })).status).toBe(400);
  });
});

describe('expiry', () => {
  it('answers 410 to the owner after expiry (404 to anyone else), and the next export deletes the file', async () => {
    const url = await exportThroughQueue(ownerToken, otherOrg.id, { area: 'members', format: 'csv' });
    const hash = hashToken(tokenOf(url));
    const [before] = await server.database.db
      .select()
      .from(exportFiles)
      .where(eq(exportFiles.tokenHash, hash));
    const file = path.join(server.config.dataDir, 'files', before!.storagePath);
    expect(existsSync(file)).toBe(true);

    await server.database.db
      .update(exportFiles)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(exportFiles.tokenHash, hash));
    const expired = await fetchFile(url, ownerToken, otherOrg.id);
    expect(expired.status).toBe(410);
    const answer: Json = await expired.json();
    expect(answer.message).toMatch(/expired/);
    const stranger = await addTestMember(server, otherOrg, { group: 'Administrators' });
    expect((await fetchFile(url, await stranger.token(), otherOrg.id)).status).toBe(404);
    expect((await fetchFile(url, ownerToken, org.id)).status).toBe(404);

    await exportThroughQueue(ownerToken, otherOrg.id, { area: 'notifications', format: 'csv' });
    expect(existsSync(file)).toBe(false);
    const [after] = await server.database.db
      .select()
      .from(exportFiles)
      .where(eq(exportFiles.tokenHash, hash));
    expect(after?.storagePath).toBe('');
    expect((await fetchFile(url, ownerToken, otherOrg.id)).status).toBe(410);
  });
});
