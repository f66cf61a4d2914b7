import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/test-server.ts';

const dist = mkdtempSync(path.join(tmpdir(), 'counterpart-web-'));
let server: TestServer;

beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Counterpart</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'theme-init.js'), '/* theme */');
  server = await startTestServer({ WEB_DIST: dist }, { serveWeb: true });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('serving the web app', () => {
  it('answers a deep link with index.html, never cached, so the router decides', async () => {
    const res = await fetch(`${server.url}/workflows/executions/42`, { headers: html });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year', async () => {
    const res = await fetch(`${server.url}/assets/index-Ab12Cd34.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates unhashed files', async () => {
    const res = await fetch(`${server.url}/theme-init.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('keeps a JSON 404 for a missing asset and for the API', async () => {
    const asset = await fetch(`${server.url}/assets/missing.js`, { headers: html });
    expect(asset.status).toBe(404);
    const api = await fetch(`${server.url}/api/nothing`, { headers: html });
    expect(api.status).toBe(401);
  });
});
