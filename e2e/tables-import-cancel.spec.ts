import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, shootPage, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Cancelling an import while it runs: a large CSV goes through the mapping step, the progress shows
 * a "Cancel import" button, and pressing it ends the import as the server answers — cancelled, by
 * whom, nothing added: the new table has no rows. Screenshots in test-results/import-web/.
 */
const outDir = path.join(import.meta.dirname, '../test-results/import-web');
const shoot = (page: Page, name: string) => shootPage(page, outDir, name);

test.describe.configure({ timeout: 180_000 });

function bigCsv(rows: number): string {
  const lines = ['Reference,Amount'];
  for (let i = 0; i < rows; i += 1) lines.push(`REF-${i},${i}.25`);
  return `${lines.join('\n')}\n`;
}

test('a running import is cancelled from its progress: nothing of it is added', async ({ page }) => {
  const name = `Cancelled import ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await page.goto('/tables/create?from=file');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({
    name: 'many-lines.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bigCsv(400_000), 'utf8'),
  });
  await expect(page.getByRole('heading', { name: 'many-lines.csv' })).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Table name').fill(name);
  await page.getByRole('button', { name: 'Import rows' }).click();

  await expect(page.getByRole('progressbar', { name: 'Import of many-lines.csv' })).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Cancel import of many-lines.csv' });
  await expect(cancel).toBeVisible();
  await shoot(page, 'desktop-light-import-cancel');
  await cancel.click();

  await expect(page.getByRole('heading', { name: 'Import cancelled' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText(
    'Cancelled by admin@demo.test. Nothing was added: the table is as it was.',
  );
  await shootThemes(page, outDir, 'import-cancelled');

  // The table made for it holds nothing.
  await page.goto('/tables');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // Columns: Name, Rows, Columns, Updated.
  await expect(row.getByRole('cell').nth(1)).toHaveText('0');
});
