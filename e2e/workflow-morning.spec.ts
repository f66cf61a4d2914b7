import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import {
  acceptCookies,
  canvasHandle,
  canvasNode,
  connectHandles,
  DESKTOP,
  shootThemes,
  watchApiHeaders,
} from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The morning workflow, built from an empty canvas in the editor: Home → Upload document ×2 →
 * Parse file ×2 → Clean currency → Reconcile → Write to table + Dashboard; saved; a copy with the
 * same name refused; run from the editor with two uploaded files while its nodes show their
 * progress (read from the server: it survives a reload); then its Execution History, its
 * dashboard and a block's output. Screenshots in SHOTS_DIR (/tmp/shots-morning).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-morning';

test.describe.configure({ timeout: 180_000 });

const settings = (page: Page) => page.getByRole('complementary', { name: 'Block settings' });

/** Adds a block from the palette by its name (searching it first). */
async function addBlock(page: Page, name: string) {
  const palette = page.getByRole('navigation', { name: 'Blocks' });
  await palette.getByRole('searchbox', { name: 'Search blocks' }).fill(name);
  await palette.getByRole('button', { name: `Add ${name}`, exact: true }).click();
}

/** Selects a block on the canvas (keyboard: focus it, Enter) so its settings open. */
async function select(page: Page, id: string) {
  await canvasNode(page, id).focus();
  await page.keyboard.press('Enter');
}

test('the morning workflow is built in the editor, run with two files, and followed to its dashboard', async ({
  page,
}) => {
  const stamp = Date.now();
  const workflowName = `Morning built ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  // An empty canvas: Home alone. (A wide screen, so that nine blocks fit at a readable zoom.)
  await page.setViewportSize({ width: 2200, height: 1100 });
  await page.goto('/workflows/manage-workflow');
  await expect(canvasNode(page, 'home')).toContainText('Home');
  await expect(page.locator('.react-flow__node')).toHaveCount(1);

  for (const name of [
    'Upload document',
    'Upload document',
    'Parse file',
    'Parse file',
    'Clean currency',
    'Reconcile',
    'Write to table',
    'Dashboard',
  ]) {
    await addBlock(page, name);
  }
  // Blocks outside the view are not drawn: fit them all in.
  await page.locator('.react-flow__controls-fitview').click();
  await expect(page.locator('.react-flow__node')).toHaveCount(9);

  // Each block set up in its side panel.
  await select(page, 'upload_document');
  await settings(page).getByLabel('Label').fill('Bank file');
  await settings(page).getByLabel('What to upload').fill('Bank statement');
  await settings(page).getByLabel('Accepted files').selectOption('csv');
  await select(page, 'upload_document_2');
  await settings(page).getByLabel('Label').fill('Ledger file');
  await settings(page).getByLabel('What to upload').fill('Ledger export');
  await settings(page).getByLabel('Accepted files').selectOption('csv');
  await select(page, 'parse_file');
  await settings(page).getByLabel('Label').fill('Read bank');
  await select(page, 'parse_file_2');
  await settings(page).getByLabel('Label').fill('Read ledger');
  await select(page, 'clean_currency');
  // What Parse file gives is only known when it runs: the amount column is named.
  await settings(page).getByLabel('Amount columns').fill('Amount');
  await select(page, 'reconcile');
  await expect(settings(page).getByLabel('Rule set')).toHaveValue('default');
  await select(page, 'write_to_table');
  await settings(page).getByLabel('Label').fill('Open items');
  await settings(page).getByLabel('New table name').fill(`Open items ${stamp}`);
  await select(page, 'dashboard');
  await settings(page).getByLabel('Label').fill('Morning dashboard');
  await settings(page).getByLabel('Title').fill('Morning');

  // Reconcile is wide: the block placed after it is moved aside, by dragging it, to free its outputs.
  const spot = await canvasNode(page, 'write_to_table').boundingBox();
  if (!spot) throw new Error('Write to table is not on screen');
  await page.mouse.move(spot.x + 40, spot.y + 12);
  await page.mouse.down();
  await page.mouse.move(spot.x + 240, spot.y + 12, { steps: 10 });
  await page.mouse.up();

  // Connected by dragging handles, each connection type-checked.
  const wire = async (from: string, out: string, to: string, into: string) => {
    const before = await page.locator('.react-flow__edge').count();
    await connectHandles(
      page,
      canvasHandle(page, from, 'source', out),
      canvasHandle(page, to, 'target', into),
    );
    await expect(page.locator('.react-flow__edge')).toHaveCount(before + 1);
  };
  await wire('home', 'start', 'upload_document', 'start');
  await wire('home', 'start', 'upload_document_2', 'start');
  await wire('upload_document', 'file', 'parse_file', 'file');
  await wire('upload_document_2', 'file', 'parse_file_2', 'file');
  await wire('parse_file', 'rows', 'clean_currency', 'rows');
  // A file cannot feed rows: refused with the reason, nothing added.
  await connectHandles(
    page,
    canvasHandle(page, 'upload_document_2', 'source', 'file'),
    canvasHandle(page, 'reconcile', 'target', 'right'),
  );
  await expect(page.getByRole('status', { name: 'Editor status' })).toContainText('Connection refused');
  await expect(page.locator('.react-flow__edge')).toHaveCount(5);
  await wire('clean_currency', 'rows', 'reconcile', 'left');
  await wire('parse_file_2', 'rows', 'reconcile', 'right');
  await wire('reconcile', 'unmatched', 'write_to_table', 'rows');
  await wire('reconcile', 'matched', 'dashboard', 'results');
  await wire('reconcile', 'suggested', 'dashboard', 'results');

  // Laid out left to right, then saved.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('button', { name: /Auto-layout/ }).click();
  await page.locator('.react-flow__controls-fitview').click();
  await expect(canvasNode(page, 'dashboard')).toBeVisible();
  const home = await canvasNode(page, 'home').boundingBox();
  const board = await canvasNode(page, 'dashboard').boundingBox();
  expect(home && board && home.x < board.x).toBe(true);
  await page.getByLabel('Name', { exact: true }).fill(workflowName);
  await page.getByLabel('Description').fill('Every morning: M-Pesa/bank file against the ledger');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workflow saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/workflows\/manage-workflow\/[0-9a-f-]{36}$/);
  const editorUrl = page.url();
  const workflowId = editorUrl.split('/').at(-1) as string;
  await shootThemes(page, shotsDir, 'morning-built');

  // A copy with the same name is refused.
  await page.goto('/workflows/manage-workflow');
  await expect(canvasNode(page, 'home')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(workflowName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('You cannot add a new rule with duplicate name', { exact: true }),
  ).toBeVisible();

  // Run from the editor with two files; the nodes show the run as it goes, without leaving the page.
  await page.goto(editorUrl);
  await expect(canvasNode(page, 'dashboard')).toBeVisible();
  await page.getByRole('button', { name: `Run ${workflowName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${workflowName}` });
  const choose = async (label: RegExp, file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: label }).click();
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures', file));
    await expect(dialog.getByRole('status').filter({ hasText: file })).toBeVisible();
  };
  await choose(/Bank statement/, 'recon-bank.csv');
  await choose(/Ledger export/, 'recon-ledger.csv');
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Run started')).toBeVisible();
  await expect(page).toHaveURL(editorUrl);
  const latest = page.getByRole('region', { name: 'Latest run' });
  await expect(latest).toBeVisible();
  const succeeded = page.locator('.react-flow [data-run-status="succeeded"]');
  await expect(succeeded).toHaveCount(9, { timeout: 60_000 });
  await expect(latest).toContainText('Succeeded');
  await expect(canvasNode(page, 'parse_file').locator('[data-run-status]')).toHaveText(/8 rows/);
  await expect(canvasNode(page, 'write_to_table').locator('[data-run-status]')).toHaveText(/4 rows/);
  // Read from the server: a reload shows the same.
  await page.reload();
  await expect(succeeded).toHaveCount(9);
  await shootThemes(page, shotsDir, 'morning-run-in-editor');

  // Its Execution History, the run coloured by block status, the dashboard, a block's output.
  await latest.getByRole('link', { name: 'Open in Execution History' }).click();
  await expect(page).toHaveURL(new RegExp(`/workflows/executions/${workflowId}\\?execution=`));
  const details = page.getByRole('region', { name: 'Execution details' });
  await expect(details.getByRole('link', { name: 'recon-bank.csv' })).toBeVisible();
  await expect(
    details.getByRole('region', { name: 'Graph of the run' }).locator('[data-run-status="succeeded"]'),
  ).toHaveCount(9);
  const match = details.getByRole('listitem', { name: 'Reconcile' });
  await match.getByRole('button', { name: /Matched output of Reconcile/ }).click();
  const matched = page.getByRole('dialog', { name: /Reconcile: Matched/ });
  await expect(matched.getByRole('table')).toContainText('INV-1001');
  await page.keyboard.press('Escape');

  await details.getByRole('link', { name: 'Dashboards' }).click();
  await page.getByRole('table', { name: 'Dashboards' }).getByRole('link', { name: 'Morning' }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    '',
    'Workflows',
    'Execution History',
    'Dashboards',
    'Detail',
  ]);
  await expect(page.getByRole('definition').first()).toHaveText('37.5%');
  await expect(
    page.getByRole('table', { name: 'Per status' }).getByRole('row', { name: /Reconciled/ }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unreconciled items' })).toContainText('left');
  await shootThemes(page, shotsDir, 'morning-dashboard');
});
