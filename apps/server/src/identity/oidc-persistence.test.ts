import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { buildApp } from '../app.ts';
import { expectLocation, redirectParams } from './oidc-test-browser.ts';
import { createSignInFlows } from './oidc-test-flows.ts';
import { createOidcAdapterFactory } from './provider/oidc-adapter.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('identity provider storage', () => {
  it('shares sessions and refresh tokens with another server process on the same database', async () => {
    const flows = createSignInFlows(server.url);
    const { browser, tokens } = await flows.signInWithTokens();

    // A second process: its own provider and caches, the same database; it sits behind the same public URL.
    const second = await buildApp(server.config, { database: server.database, serveWeb: false });
    try {
      await second.listen({ port: 0, host: '127.0.0.1' });
      const { port } = second.server.address() as AddressInfo;
      const otherRealm = `http://127.0.0.1:${port}/realms/production`;
      const proxied = { 'x-forwarded-host': new URL(server.url).host };

      const refresh = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token };
      const refreshed = await flows.tokenRequest(browser, refresh, otherRealm, proxied);
      expect(refreshed.status).toBe(200);

      const silent = await flows.startSignIn(browser, { prompt: 'none' }, otherRealm, proxied);
      expect(redirectParams(expectLocation(silent.response)).get('code')).toEqual(expect.any(String));
    } finally {
      await second.close();
    }
  });

  it('ignores expired payloads, marks consumed ones and revokes by grant', async () => {
    const adapter = createOidcAdapterFactory(server.database)('TestModel');
    const grantId = randomUUID();
    await adapter.upsert('live', { grantId, uid: 'uid-live', userCode: 'CODE-1' }, 60);
    await adapter.upsert('expired', { grantId: 'other' }, 60);
    await server.database.query(
      `update oidc_payloads set expires_at = now() - interval '1 second' where model = 'TestModel' and id = 'expired'`,
    );
    expect(await adapter.find('expired')).toBeUndefined();
    expect(await adapter.find('live')).toMatchObject({ grantId });
    expect(await adapter.findByUid('uid-live')).toMatchObject({ grantId });
    expect(await adapter.findByUserCode('CODE-1')).toMatchObject({ grantId });

    await adapter.consume('live');
    expect((await adapter.find('live'))?.consumed).toEqual(expect.any(Number));

    await adapter.revokeByGrantId(grantId);
    expect(await adapter.find('live')).toBeUndefined();
    await adapter.destroy('expired');
    const { rows } = await server.database.query(`select id from oidc_payloads where model = 'TestModel'`);
    expect(rows).toEqual([]);
  });
});
