import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { acceptCookies, postJson, watchApiHeaders } from './journey-kit.ts';
import { landOnDashboard, signIn as signInOnce } from './sign-in.ts';

/**
 * Words and small behaviours (issue 19): the Execution History names its workflow and opens a run from
 * anywhere on its row (click, or Enter on the focused row); an Export file block's output is its file to
 * download, not JSON; a user's page names them once; a viewer's breadcrumb never leads to a page they
 * cannot open; the welcome page promises nothing it does not show. Screenshots (light/dark × 1366x900
 * and 390x844) land in SHOTS_DIR (default /tmp/shots-uiwords).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-uiwords';
const SIZES = [
  ['desktop', { width: 1366, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
] as const;
const TABLES = '/api/tables/storage/counterpart_tables';
/** Pages load slowly on a busy machine (2 cores, several servers): a longer wait than the config's. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs in; when the dashboard is slow to come (a busy machine), waits for it once more. */
async function signIn(page: Page, email: string) {
  try {
    await signInOnce(page, email);
  } catch {
    await landOnDashboard(page);
  }
}

test.describe.configure({ timeout: 420_000 });

/** Light and dark (stored, then the page opened again) at both sizes; `open` brings the page back. */
async function shoot(page: Page, name: string, open: () => Promise<void>, fullPage = true) {
  mkdirSync(shotsDir, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => {
      const saved = JSON.parse(localStorage.getItem('counterpart-ui') ?? '{"state":{},"version":0}');
      saved.state = { ...saved.state, theme: dark };
      localStorage.setItem('counterpart-ui', JSON.stringify(saved));
    }, theme === 'dark');
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await open();
      await page.screenshot({
        path: `${shotsDir}/${name}-${size}-${theme}.png`,
        fullPage,
        animations: 'disabled',
      });
    }
  }
  await page.setViewportSize(SIZES[0][1]);
}

const node = (id: string, type: string, parameters: Record<string, unknown>) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}-${target}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});

test('the Execution History names its workflow, opens a run from its row, and an export is a file to download', async ({
  page,
}) => {
  const stamp = Date.now();
  const workflowName = `Daily M-Pesa recon ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(SIZES[0][1]);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  const table = await postJson(page, headers, `${TABLES}/`, {
    name: `Words bank ${stamp}`,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'text' },
    ],
  });
  const tableId = String(table.id);
  await postJson(page, headers, `${TABLES}/${tableId}/items/bulk_create`, {
    items: [{ values: { Reference: 'INV-1', Amount: '1,000.00' } }],
  });
  const created = await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: workflowName,
    graph: {
      schemaVersion: 1,
      nodes: [
        node('home', 'home', {}),
        node('bank', 'table', { table_id: tableId }),
        node('export', 'export_file', { format: 'csv', file_name: 'mpesa-export' }),
      ],
      edges: [edge('home', 'start', 'bank', 'start'), edge('bank', 'rows', 'export', 'data')],
    },
  });
  const workflowId = String((created.data as { workflow_id: string }).workflow_id);
  await postJson(page, headers, '/api/workflow/workflows/workflow/execution', {
    workflow_id: workflowId,
    inputs: {},
  });

  const history = `/workflows/executions/${workflowId}`;
  await page.goto(history);
  await expect(
    page.getByRole('heading', { level: 1, name: `Execution history — ${workflowName}` }),
  ).toBeVisible();
  const executions = page.getByRole('table', { name: 'Executions' });
  const runRow = executions.getByRole('row').nth(1);
  await expect(runRow).toContainText('Succeeded', { timeout: 60_000 });

  // A click anywhere on the row opens the run, not only on its date.
  await runRow.getByRole('cell').nth(3).click();
  await expect(page).toHaveURL(/\?execution=[0-9a-f-]{36}$/);
  const executionId = new URL(page.url()).searchParams.get('execution');
  await expect(page.getByRole('region', { name: 'Execution details' })).toBeVisible();

  // Enter on the focused row opens it too.
  await page.goto(history);
  await expect(runRow).toContainText('Succeeded');
  await runRow.focus();
  await expect(runRow).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${history}?execution=${executionId}`);
  await shoot(page, 'execution-history', async () => {
    await page.goto(`${history}?execution=${executionId}`);
    await expect(page.getByRole('region', { name: 'Execution details' })).toBeVisible();
  });

  // The Export file block's File output: the file's name and size and a link to download it.
  const openFile = async () => {
    await page.goto(`${history}?execution=${executionId}`);
    const details = page.getByRole('region', { name: 'Execution details' });
    await details
      .getByRole('listitem', { name: 'Export file' })
      .getByRole('button', { name: 'File output of Export file' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Export file: File' });
    await expect(dialog.getByRole('link', { name: 'Download mpesa-export.csv' })).toBeVisible();
    return dialog;
  };
  const dialog = await openFile();
  const link = dialog.getByRole('link', { name: 'Download mpesa-export.csv' });
  await expect(link).toHaveAttribute('href', /\/api\/workflow\/execution-file\?execution_id=/);
  await expect(dialog).toContainText(/1 row · \d+ B · CSV/);
  await expect(dialog).not.toContainText('download_path');
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('mpesa-export.csv');
  await shoot(page, 'export-file-output', async () => void (await openFile()), false);

  // The viewer's user page names them once (the heading), with their e-mail below.
  await page.goto('/my-team');
  await page.getByRole('link', { name: 'Victor Mwangi' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Victor Mwangi' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Victor Mwangi', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('main').getByText('viewer@demo.test', { exact: true })).toBeVisible();
  const userPage = page.url();
  await shoot(page, 'user-page', async () => {
    await page.goto(userPage);
    await expect(page.getByRole('heading', { level: 1, name: 'Victor Mwangi' })).toBeVisible();
  });

  // The welcome page says what it shows: the modules, no recent work it does not list.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Your modules' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(/where you left off|recent/i);
  await shoot(page, 'welcome', async () => {
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your modules' })).toBeVisible();
  });
});

test('a viewer reads a table, and its breadcrumb never leads to the list they may not open', async ({
  browser,
  page,
}) => {
  // The admin makes a table the viewer may read (viewers read tables' records, not the list).
  const admin = await (await browser.newContext()).newPage();
  const headers = watchApiHeaders(admin);
  await signIn(admin, 'admin@demo.test');
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  const stamp = Date.now();
  const table = await postJson(admin, headers, `${TABLES}/`, {
    name: `Words viewer ${stamp}`,
    columns: [{ name: 'Reference', type: 'text' }],
  });
  const tableId = String(table.id);
  await admin.context().close();

  await page.setViewportSize(SIZES[0][1]);
  await signIn(page, 'viewer@demo.test');
  await acceptCookies(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The spec puts the tables list under read on workflow, which viewers do not have.
  await expect(nav.getByRole('link', { name: 'Tables' })).toHaveCount(0);
  await page.goto(`/tables/${tableId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Words viewer ${stamp}` })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByText('Tables', { exact: true })).toBeVisible();
  await expect(crumbs.getByRole('link', { name: 'Tables' })).toHaveCount(0);
  await shoot(page, 'viewer-table', async () => {
    await page.goto(`/tables/${tableId}`);
    await expect(crumbs.getByText('Tables', { exact: true })).toBeVisible();
  });
});
