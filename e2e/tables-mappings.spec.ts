import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Association mappings from a table's Associations panel: a bank table's Reference paired with a
 * ledger's Invoice no is saved through the mapping dialog, listed with its pair, edited (renamed, a
 * second pair added), seen from the other table too, and deleted after a confirmation. Screenshots
 * of the panel with its mapping in light and dark, desktop and 375 px, in test-results/tables-mappings/.
 */
const outDir = path.join(import.meta.dirname, '../test-results/tables-mappings');
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 90_000 });

/** A pair's text ("↔" is hidden from screen readers, which hear "paired with"). */
const BOTH_PAIRS = [/^Reference.*paired with Invoice no$/, /^Amount.*paired with Total$/];

test('an association mapping is saved, listed, edited and deleted from the panel', async ({ page }) => {
  const stamp = Date.now();
  const bankName = `Bank ${stamp}`;
  const ledgerName = `Ledger ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  const bank = await postJson(page, headers, `${TABLES}/`, {
    name: bankName,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
    ],
  });
  const ledger = await postJson(page, headers, `${TABLES}/`, {
    name: ledgerName,
    columns: [
      { name: 'Invoice no', type: 'text' },
      { name: 'Total', type: 'currency' },
    ],
  });

  const openPanel = async (tableId: unknown, tableName: string) => {
    await page.goto(`/tables/${String(tableId)}`);
    await expect(page.getByRole('heading', { name: tableName })).toBeVisible();
    await page.getByRole('button', { name: 'Associations' }).click();
    const panel = page.getByRole('dialog', { name: `Associations of ${tableName}` });
    await expect(panel).toBeVisible();
    return panel;
  };
  const pairs = (panel: ReturnType<Page['getByRole']>, mapping: string) =>
    panel.getByRole('listitem', { name: mapping }).getByRole('listitem');

  // Save a new mapping through the dialog.
  let panel = await openPanel(bank.id, bankName);
  await expect(panel).toContainText(`No mapping involves ${bankName} yet.`);
  await panel.getByRole('button', { name: 'New mapping' }).click();
  let editor = page.getByRole('dialog', { name: 'New association mapping' });
  // A mapping with nothing chosen is refused in place.
  await editor.getByRole('button', { name: 'Save mapping' }).click();
  await expect(editor.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  await editor.getByLabel('Name').fill('Bank to ledger');
  await editor.getByLabel('Other table').selectOption({ label: ledgerName });
  await editor.getByLabel(`Pair 1: ${bankName} column`).selectOption({ label: 'Reference' });
  await editor.getByLabel(`Pair 1: ${ledgerName} column`).selectOption({ label: 'Invoice no' });
  await editor.getByRole('button', { name: 'Save mapping' }).click();
  await expect(editor).toBeHidden();

  // Listed with its tables and its pair.
  panel = page.getByRole('dialog', { name: `Associations of ${bankName}` });
  const saved = panel.getByRole('listitem', { name: 'Bank to ledger' });
  await expect(saved).toContainText(`${bankName} ↔ ${ledgerName}`);
  await expect(pairs(panel, 'Bank to ledger')).toHaveText([/^Reference.*paired with Invoice no$/]);

  // Edit: renamed, a second pair added.
  await panel.getByRole('button', { name: 'Edit Bank to ledger' }).click();
  editor = page.getByRole('dialog', { name: 'Edit Bank to ledger' });
  await expect(editor.getByLabel('Name')).toHaveValue('Bank to ledger');
  await expect(editor.getByLabel(`Pair 1: ${ledgerName} column`).locator('option:checked')).toHaveText(
    'Invoice no',
  );
  await editor.getByLabel('Name').fill('Bank ↔ ledger by reference');
  await editor.getByRole('button', { name: 'Add pair' }).click();
  await editor.getByLabel(`Pair 2: ${bankName} column`).selectOption({ label: 'Amount' });
  await editor.getByLabel(`Pair 2: ${ledgerName} column`).selectOption({ label: 'Total' });
  await editor.getByRole('button', { name: 'Save mapping' }).click();
  await expect(editor).toBeHidden();
  const renamed = 'Bank ↔ ledger by reference';
  await expect(panel.getByRole('listitem', { name: 'Bank to ledger' })).toHaveCount(0);
  await expect(pairs(panel, renamed)).toHaveText(BOTH_PAIRS);
  await shootThemes(page, outDir, 'associations-panel', {
    still: true,
    reopen: async () => {
      panel = await openPanel(bank.id, bankName);
      await expect(pairs(panel, renamed)).toHaveCount(2);
    },
  });

  // The other table lists it too.
  panel = await openPanel(ledger.id, ledgerName);
  await expect(pairs(panel, renamed)).toHaveText(BOTH_PAIRS);

  // Delete, after a confirmation naming it.
  await panel.getByRole('button', { name: `Delete ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
  await confirm.getByRole('button', { name: 'Delete mapping' }).click();
  await expect(confirm).toBeHidden();
  panel = page.getByRole('dialog', { name: `Associations of ${ledgerName}` });
  await expect(panel).toContainText(`No mapping involves ${ledgerName} yet.`);
});
