import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/log-capture.ts';
import { startTestServer, type TestServer } from '../../test/test-server.ts';
import { createSignInFlows } from '../identity/oidc-test-flows.ts';
import { DEMO_PASSWORD } from '../identity/seed.ts';

let server: TestServer;
const logs = captureLogs();

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'trace' }, { logStream: logs.stream });
});
afterAll(() => server.close());

describe('logs', () => {
  it('record requests as JSON but never a password, code or token', async () => {
    const flows = createSignInFlows(server.url);
    const { flow, tokens } = await flows.signInWithTokens();
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    expect((await fetch(`${server.url}/api/users/me`, { headers })).status).toBe(200);
    await fetch(`${server.url}/api/users/me?token=${tokens.access_token}`, { headers });

    const lines = logs.text().trim().split('\n');
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(logs.text()).toContain('/api/users/me');
    for (const secret of [
      DEMO_PASSWORD,
      tokens.access_token,
      tokens.refresh_token,
      tokens.id_token,
      flow.callback.get('code') ?? 'no-code',
      flow.pkce.verifier,
    ]) {
      expect(logs.text()).not.toContain(secret);
    }
  });
});
