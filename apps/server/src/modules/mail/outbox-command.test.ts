import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTestMember, createTestOrganization } from '../../../test/organization-fixture.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { createPublicCall, uniqueEmail, waitForEmail } from '../onboarding/onboarding-test-support.ts';
import { parseOutboxArgs } from './outbox-command.ts';

const serverRoot = path.resolve(import.meta.dirname, '../../..');
let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  // PGlite on disk (not in memory), as `npm start` keeps it, unless DATABASE_URL is set.
  dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-outbox-command-'));
  server = await startTestServer({}, { dataDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `npm run outbox -- …` as the operator runs it: the server's configuration, its own process. */
async function outboxCommand(...args: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'src/modules/mail/outbox-command.ts', ...args],
    {
      cwd: serverRoot,
      env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: serverRoot, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    },
  );
  return stdout;
}

describe('npm run outbox (the server operator reads e-mails without SMTP)', () => {
  it("prints a multi-organization user's reset link, read while the server runs", async () => {
    const email = uniqueEmail('operator-read');
    const first = await createTestOrganization(server, 'First');
    await addTestMember(server, first, { email });
    await addTestMember(server, await createTestOrganization(server, 'Second'), { email });
    await createPublicCall(server)('POST', '/api/users/onboarding/forgot-password', { email });
    const mail = await waitForEmail(server, email, 'Reset your Counterpart password');

    const printed = await outboxCommand('--to', email.toUpperCase(), '--limit', '5');
    expect(printed).toContain(`to ${email}`);
    expect(printed).toContain('Subject: Reset your Counterpart password');
    expect(printed).toContain(`/auth/reset-password?token=${mail.token}`);
    expect(await outboxCommand('--to', uniqueEmail('nobody'))).toMatch(/^No e-mail to /);
  }, 90_000);

  it('refuses options it does not know', () => {
    expect(parseOutboxArgs([])).toEqual({ limit: 20 });
    expect(() => parseOutboxArgs(['--limit', '0'])).toThrow('--limit must be a whole number above 0');
    expect(() => parseOutboxArgs(['--to'])).toThrow('--to needs a value');
    expect(() => parseOutboxArgs(['--all'])).toThrow('Unknown option --all');
  });
});
