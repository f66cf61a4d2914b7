import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in.ts';

/**
 * Background processes end to end, against a server of this spec's own (E2E_PORT + 1, fresh data) so
 * it can be stopped and started again on the same data: an export's progress over the socket, its
 * file downloading itself, its notification, Clear, and a tab catching up after a restart.
 */
const port = Number(process.env.E2E_PORT ?? 8390) + 1;
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-e2e-realtime-'));
const root = path.join(import.meta.dirname, '..');
const today = new Date().toISOString().slice(0, 10);
const csvName = `notifications-${today}.csv`;

test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let server: ChildProcess | null = null;

async function startServer(listenPort = port): Promise<void> {
  const child = spawn('npm', ['run', 'serve'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    // PUBLIC_URL stays the app's address wherever it listens: tokens name that issuer.
    env: {
      ...process.env,
      PORT: String(listenPort),
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  });
  server = child;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`http://localhost:${listenPort}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not get ready in 120 s');
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await startServer();
});

test.afterAll(stopServer);

interface Frame {
  id?: string;
  source?: string;
  info?: { status?: string; progress?: number; message?: string; url?: string };
}

/** Every message the app's socket receives, and the token it connected with. */
function watchSocket(page: Page) {
  const seen = { frames: [] as Frame[], token: '', organizationId: '' };
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws/notifications/')) return;
    const query = new URL(socket.url()).searchParams;
    seen.token = query.get('token') ?? '';
    seen.organizationId = query.get('organization_id') ?? '';
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload === 'string' && payload.startsWith('{'))
        seen.frames.push(JSON.parse(payload) as Frame);
    });
  });
  return seen;
}

/** Signed in as the demo admin with the socket open (its first catch-up request has come back). */
async function signInWithSocket(page: Page) {
  const seen = watchSocket(page);
  const caughtUp = page.waitForResponse((r) => r.url().includes('/api/notifications') && r.ok(), {
    timeout: 30_000,
  });
  await signIn(page, 'admin@demo.test');
  await caughtUp;
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
  return seen;
}

const bell = (page: Page) => page.getByRole('button', { name: 'Notifications', exact: true });
const panel = (page: Page) => page.getByRole('dialog');
const showTab = (page: Page, name: 'Processes' | 'Notifications') =>
  panel(page)
    .getByRole('tab', { name: new RegExp(name) })
    .click();

function expectRising(values: number[], strictly: boolean) {
  for (let i = 1; i < values.length; i++) {
    if (strictly) expect(values[i]).toBeGreaterThan(values[i - 1] ?? 0);
    else expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] ?? 0);
  }
}

async function openPanel(page: Page) {
  if ((await bell(page).getAttribute('aria-expanded')) !== 'true') await bell(page).click();
  await expect(panel(page).getByRole('tablist')).toBeVisible();
}

/** Notifications → Export → CSV or Excel; returns the job id and the download. */
async function runExport(page: Page, format: 'CSV' | 'Excel') {
  await openPanel(page);
  await showTab(page, 'Notifications');
  await panel(page).getByRole('button', { name: 'Export' }).click();
  const started = page.waitForResponse((r) => r.url().endsWith('/api/exports') && r.status() === 202);
  const download = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('menuitem', { name: format }).click();
  const { id } = (await (await started).json()) as { id: string };
  await expect(panel(page).getByRole('tab', { name: /Processes/ })).toHaveAttribute('aria-selected', 'true');
  return { id, download: await download };
}

test('an export shows its progress, downloads itself and leaves a notification the badge counts', async ({
  page,
}) => {
  const seen = await signInWithSocket(page);
  await page.evaluate(() => {
    const texts: string[] = [];
    (window as unknown as { processCards: string[] }).processCards = texts;
    new MutationObserver(() => {
      for (const card of Array.from(document.querySelectorAll('[data-process-id]'))) {
        const text = `${card.getAttribute('data-process-id')} ${card.textContent}`;
        if (texts.at(-1) !== text) texts.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const first = await runExport(page, 'CSV');
  await expect(page.getByText('Downloading...')).toBeVisible();
  expect(first.download.suggestedFilename()).toBe(csvName);
  const firstCsv = readFileSync(await first.download.path(), 'utf8');
  expect(firstCsv).toBe('\uFEFFCreated at,Event,Status,Message,Read\r\n');

  // The card showed (with its percent, never going back) before the completion removed it.
  const cards = await page.evaluate(() => (window as unknown as { processCards: string[] }).processCards);
  const shown = cards
    .filter((text) => text.startsWith(`${first.id} `))
    .map((text) => Number(/(\d+)%/.exec(text)?.[1]));
  expect(shown.length).toBeGreaterThan(0);
  expectRising(shown, false);
  await expect(panel(page).locator(`[data-process-id="${first.id}"]`)).toHaveCount(0);

  // The socket carried the job's progress in order, up to the completion with its download URL.
  const mine = seen.frames.filter((frame) => frame.id === first.id);
  const percents = mine.map((frame) => frame.info?.progress ?? 0);
  expect(percents.length).toBeGreaterThanOrEqual(3);
  expectRising(percents, true);
  expect(mine.at(-1)?.info).toMatchObject({
    status: 'completed',
    progress: 100,
    message: `Export ready: ${csvName}`,
  });
  expect(mine.at(-1)?.info?.url).toMatch(
    new RegExp(`^/api/exports/[\\w-]+/${csvName.replaceAll('.', '\\.')}$`),
  );

  // Its notification arrives over the socket too, and the badge counts it.
  await showTab(page, 'Notifications');
  await expect(panel(page).getByText(`Export ready: ${csvName}`)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleDescription('1');

  // A second export holds the first one's notification: the file's content is the list.
  const second = await runExport(page, 'CSV');
  const secondCsv = readFileSync(await second.download.path(), 'utf8').split('\r\n');
  expect(secondCsv[0]).toBe('\uFEFFCreated at,Event,Status,Message,Read');
  expect(secondCsv[1]).toMatch(
    new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,export_document,completed,Export ready: ${csvName},`),
  );
  await expect(bell(page)).toHaveAccessibleDescription('2');

  const excel = await runExport(page, 'Excel');
  expect(excel.download.suggestedFilename()).toBe(`notifications-${today}.xlsx`);
  const workbook = readFileSync(await excel.download.path());
  expect(workbook.subarray(0, 2).toString()).toBe('PK');
  await expect(bell(page)).toHaveAccessibleDescription('3');
});

test('Clear empties the active tab, shows its empty state, and cleared notifications stay gone', async ({
  page,
}) => {
  await signInWithSocket(page);
  await openPanel(page);
  await expect(panel(page).getByText('No background processes')).toBeVisible();
  await showTab(page, 'Notifications');
  await expect(panel(page).getByText(`Export ready: ${csvName}`).first()).toBeVisible();
  const cleared = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().endsWith('/api/notifications'),
  );
  await panel(page).getByRole('button', { name: 'Clear' }).click();
  await expect(panel(page).getByText('All caught up')).toBeVisible();
  expect((await cleared).ok()).toBe(true);
  await expect(bell(page)).not.toHaveAttribute('aria-describedby');

  await page.reload();
  await openPanel(page);
  await showTab(page, 'Notifications');
  await expect(panel(page).getByText('All caught up')).toBeVisible();
});

test('a restart drops the socket; the tab reconnects and shows what finished while it was away', async ({
  page,
}) => {
  const seen = await signInWithSocket(page);
  const { token, organizationId } = seen;
  expect(token).not.toBe('');
  await expect(bell(page)).not.toHaveAttribute('aria-describedby');

  // Down, then up on another port the tab does not know, where an export runs and finishes.
  await stopServer();
  const aside = port + 100;
  await startServer(aside);
  const headers = {
    Authorization: `Bearer ${token}`,
    Organization: organizationId,
    'Content-Type': 'application/json',
  };
  const started = await fetch(`http://localhost:${aside}/api/exports`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ area: 'notifications', format: 'csv' }),
  });
  expect(started.status).toBe(202);
  await expect
    .poll(
      async () => {
        const list = await fetch(`http://localhost:${aside}/api/notifications`, { headers });
        return ((await list.json()) as { total: number }).total;
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await stopServer();

  // Back where the tab expects it: it reconnects and asks for what it missed.
  const catchUp = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/notifications', {
    timeout: 60_000,
  });
  await startServer();
  await catchUp;
  await expect(bell(page)).toHaveAccessibleDescription('1', { timeout: 30_000 });
  await openPanel(page);
  await showTab(page, 'Notifications');
  const missed = panel(page)
    .getByRole('listitem')
    .filter({ hasText: `Export ready: ${csvName}` });
  await expect(missed).toBeVisible();
  await expect(missed.getByRole('button', { name: `Download ${csvName}` })).toBeVisible();
});
