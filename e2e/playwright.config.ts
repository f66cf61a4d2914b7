import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8390);
export const baseURL = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-e2e-'));

/** The built app started as a user starts it (`npm run serve` after `npm run build`), on a fresh data dir. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: Number(process.env.E2E_EXPECT_TIMEOUT ?? 10_000) },
  reporter: [['list']],
  outputDir: path.join(import.meta.dirname, '../test-results'),
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npm run serve',
    cwd: path.join(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    timeout: Number(process.env.E2E_SERVER_TIMEOUT ?? 120_000),
    reuseExistingServer: false,
    env: { PORT: String(port), PUBLIC_URL: baseURL, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  },
});
