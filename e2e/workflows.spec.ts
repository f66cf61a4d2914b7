import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './sign-in.ts';

/**
 * The workflows list: workflows saved through the API (as the signed-in user) are listed with their
 * state, last run and schedule; search, the state filter, Duplicate (a draft under a free name) and
 * Archive work from the row's actions menu, by keyboard too. Screenshots in test-results/workflows-web/.
 */
const outDir = path.join(import.meta.dirname, '../test-results/workflows-web');

async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
}

/** The bearer token and organization the app sends, to set up data through the API as the same user. */
function watchApiHeaders(page: Page) {
  const seen: Record<string, string> = {};
  page.on('request', (request) => {
    const headers = request.headers();
    if (request.url().includes('/api/') && headers.authorization) {
      seen.Authorization = headers.authorization;
      seen.Organization = headers.organization ?? '';
    }
  });
  return seen;
}

const homeOnly = {
  schemaVersion: 1,
  nodes: [{ id: 'home', type: 'home', typeVersion: 1, position: { x: 0, y: 0 }, parameters: {} }],
  edges: [],
};

test('workflows are listed, searched, filtered, duplicated and archived', async ({ page }) => {
  const stamp = Date.now();
  const headers = watchApiHeaders(page);
  await page.setViewportSize({ width: 1366, height: 860 });
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  for (const [name, schedule] of [
    [`Morning M-Pesa ${stamp}`, { cron: '0 6 * * 1-5', time_zone: 'Africa/Nairobi' }],
    [`Month end ${stamp}`, null],
  ] as const) {
    const response = await page.request.post('/api/workflow/rule_workflows', {
      headers: { ...headers, 'Content-Type': 'application/json' },
      data: JSON.stringify({
        workflow_name: name,
        workflow_description: 'Bank against ledger',
        graph: homeOnly,
        state: 'active',
        schedule,
      }),
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  await page.goto('/workflows');
  await page.getByRole('searchbox', { name: 'Search workflows' }).fill(String(stamp));
  const table = page.getByRole('table');
  const rowOf = (name: string) =>
    table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  const morning = rowOf(`Morning M-Pesa ${stamp}`);
  await expect(morning).toBeVisible();
  await expect(morning).toContainText('Active');
  await expect(morning).toContainText('Never run');
  await expect(morning).toContainText('0 6 * * 1-5 (Africa/Nairobi)');
  await expect(rowOf(`Month end ${stamp}`)).toContainText('On demand');
  mkdirSync(outDir, { recursive: true });
  await page.screenshot({ path: path.join(outDir, 'desktop-light-workflows.png'), fullPage: true });

  // Duplicate by keyboard: the copy is a draft named "(copy)".
  await morning.getByRole('button', { name: `Actions for Morning M-Pesa ${stamp}` }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('menuitem', { name: 'Duplicate' }).press('Enter');
  await expect(page.getByText(`“Morning M-Pesa ${stamp} (copy)” created`)).toBeVisible();
  const copy = rowOf(`Morning M-Pesa ${stamp} (copy)`);
  await expect(copy).toContainText('Draft');

  // Archive the original; the state filter shows it under Archived only.
  await morning.getByRole('button', { name: `Actions for Morning M-Pesa ${stamp}` }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(morning).toContainText('Archived');
  await page.getByLabel('State').selectOption('active');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(rowOf(`Month end ${stamp}`)).toBeVisible();
  await page.getByLabel('State').selectOption('archived');
  await expect(morning).toContainText('Archived');
  await expect(table.getByRole('row')).toHaveCount(2);
});
