import { randomUUID } from 'node:crypto';
import { SOCKET_CLOSE } from '@counterpart/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { openSocket } from '../../../test/socket-client.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { accessTokenFor } from '../../../test/tokens.ts';
import { memberships } from '../../db/schema.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { workers: false });
});
afterAll(async () => {
  await server?.close();
});

describe('the notifications socket', () => {
  it('connects with a valid token of the organization and answers ping with pong', async () => {
    const org = await createTestOrganization(server, 'Socket');
    const member = await addTestMember(server, org);
    const socket = await openSocket(server.url, org.id, await member.token());
    socket.ws.send('ping');
    await socket.waitForText('pong');
    socket.ws.send('ping');
    await expect.poll(() => socket.texts.filter((t) => t === 'pong').length).toBe(2);
    await socket.close();
  });

  it('refuses, with 1008 and a reason, a token that does not hold the organization', async () => {
    const mine = await createTestOrganization(server, 'Mine');
    const theirs = await createTestOrganization(server, 'Theirs');
    const member = await addTestMember(server, mine);
    const socket = await openSocket(server.url, theirs.id, await member.token());
    expect(await socket.closed).toEqual({
      code: SOCKET_CLOSE.policyViolation,
      reason: 'The token does not hold this organization',
    });
  });

  it('refuses a bad token, a missing token and a missing organization_id with 1008 and a reason', async () => {
    const org = await createTestOrganization(server, 'Refusals');
    const member = await addTestMember(server, org);
    const bad = await openSocket(server.url, org.id, 'not.a-valid.token');
    expect(await bad.closed).toEqual({ code: SOCKET_CLOSE.policyViolation, reason: 'Invalid token' });
    const noToken = await openSocket(server.url, org.id, null);
    expect(await noToken.closed).toEqual({ code: SOCKET_CLOSE.policyViolation, reason: 'Missing token' });
    const noOrganization = await openSocket(server.url, null, await member.token());
    expect(await noOrganization.closed).toEqual({
      code: SOCKET_CLOSE.policyViolation,
      reason: 'Missing organization_id',
    });
  });

  it('refuses a repeated organization_id or token with 1008 and a reason (not 1011)', async () => {
    const org = await createTestOrganization(server, 'Repeated');
    const token = await (await addTestMember(server, org)).token();
    const base = `${server.url.replace(/^http/, 'ws')}/ws/notifications/`;
    const closeOf = (query: string) =>
      new Promise<{ code: number; reason: string }>((resolve) => {
        const ws = new WebSocket(`${base}?${query}`);
        ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
        ws.on('error', () => {});
      });
    const other = randomUUID();
    expect(await closeOf(`organization_id=${org.id}&organization_id=${other}&token=${token}`)).toEqual({
      code: SOCKET_CLOSE.policyViolation,
      reason: 'Send organization_id once',
    });
    expect(await closeOf(`organization_id=${org.id}&token=${token}&token=${token}`)).toEqual({
      code: SOCKET_CLOSE.policyViolation,
      reason: 'Send token once',
    });
  });

  it('refuses a token signed by another key', async () => {
    const org = await createTestOrganization(server, 'Forged');
    const member = await addTestMember(server, org);
    const [header, payload] = (await member.token()).split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    const socket = await openSocket(server.url, org.id, forged);
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.policyViolation, reason: 'Invalid token' });
  });

  it('refuses a removed member whose token still names the organization', async () => {
    const org = await createTestOrganization(server, 'Removed');
    const member = await addTestMember(server, org);
    const token = await member.token();
    await server.database.db.delete(memberships).where(eq(memberships.userId, member.id));
    const socket = await openSocket(server.url, org.id, token);
    expect(await socket.closed).toEqual({
      code: SOCKET_CLOSE.policyViolation,
      reason: 'You are no longer a member of this organization',
    });
  });

  it('closes with 4001 "Token expired" when the token expires, and refuses an expired one the same way', async () => {
    const org = await createTestOrganization(server, 'Expiry');
    const member = await addTestMember(server, org);
    const token = await accessTokenFor(server, member.email, { expiresIn: '2s' });
    const started = Date.now();
    const socket = await openSocket(server.url, org.id, token);
    socket.ws.send('ping');
    await socket.waitForText('pong');
    expect(await socket.closed).toEqual({ code: SOCKET_CLOSE.tokenExpired, reason: 'Token expired' });
    expect(Date.now() - started).toBeLessThan(4_000);

    const stale = await accessTokenFor(server, member.email, {
      expiresIn: Math.floor(Date.now() / 1000) - 60,
    });
    const late = await openSocket(server.url, org.id, stale);
    expect(await late.closed).toEqual({ code: SOCKET_CLOSE.tokenExpired, reason: 'Token expired' });
  });

  it('ignores anything but ping and keeps the socket open', async () => {
    const org = await createTestOrganization(server, 'Chatter');
    const member = await addTestMember(server, org);
    const socket = await openSocket(server.url, org.id, await member.token());
    socket.ws.send('hello');
    socket.ws.send(Buffer.from([1, 2, 3]));
    socket.ws.send('ping');
    await socket.waitForText('pong');
    expect(socket.texts).toEqual(['pong']);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
    await socket.close();
  });
});
