import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The grid's column menu: a text column of figures is changed to Number after the preview says how many
 * values will not convert, the grid is filtered from that column's menu, a column is moved left and back
 * (its header keeping focus) and removed after a confirmation naming it. Screenshots of the change-type
 * dialog in e2e/screenshots/.
 */
const outDir = path.join(import.meta.dirname, 'screenshots');
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 90_000 });

async function openColumnMenu(page: Page, name: string) {
  await page.getByRole('button', { name: new RegExp(`^${name}, `) }).click();
  return page.getByRole('menu', { name: `${name} column menu` });
}

async function previewRetype(page: Page) {
  await (await openColumnMenu(page, 'Amount')).getByRole('menuitem', { name: 'Change type…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change type of Amount' });
  await expect(dialog.getByLabel('New type')).toBeFocused();
  await expect(dialog.getByLabel('New type')).toHaveValue('number');
  await dialog.getByRole('button', { name: 'Preview change' }).click();
  await expect(dialog.getByText('1 of 4 values will not convert and will be emptied.')).toBeVisible();
  return dialog;
}

test('a column is retyped after its preview, filtered, moved and removed from its menu', async ({ page }) => {
  const stamp = Date.now();
  const name = `Column menu ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  const table = await postJson(page, headers, `${TABLES}/`, {
    name,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'text' },
      { name: 'Note', type: 'text' },
    ],
  });
  const tableId = String(table.id);
  await postJson(page, headers, `${TABLES}/${tableId}/items/bulk_create`, {
    items: [
      ['INV-1', '1200', 'paid'],
      ['INV-2', '350.5', 'partial'],
      ['INV-3', 'n/a', 'disputed'],
      ['INV-4', '75', 'paid'],
    ].map(([Reference, Amount, Note]) => ({ values: { Reference, Amount, Note } })),
  });

  const open = async () => {
    await page.goto(`/tables/${tableId}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
  };
  await open();
  const grid = page.getByRole('grid', { name });
  await expect(grid.getByRole('row', { name: /INV-3/ })).toContainText('n/a');

  // Change type: the preview names the value that will not convert before anything changes.
  let dialog = await previewRetype(page);
  await expect(dialog.getByRole('list', { name: 'Values that will not convert' })).toContainText('n/a');
  await shootThemes(page, outDir, 'tables-retype-dialog', {
    still: true,
    reopen: async () => {
      await open();
      dialog = await previewRetype(page);
    },
  });
  await dialog.getByRole('button', { name: 'Change type, empty 1' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Amount, Number column/ })).toBeVisible();
  await expect(grid.getByRole('row', { name: /INV-3/ })).not.toContainText('n/a');
  await expect(grid.getByRole('row', { name: /INV-2/ })).toContainText('350.5');

  // Filter from the column menu: the filter bar is set to Amount, its condition focused.
  await (await openColumnMenu(page, 'Amount')).getByRole('menuitem', { name: 'Filter…' }).click();
  const condition = page.getByLabel('Filter condition');
  await expect(condition).toBeFocused();
  await expect(page.getByLabel('Filter column')).toHaveValue(/.+/);
  await expect(condition).toHaveValue('between');
  await page.getByLabel('From').fill('100');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Amount from 100');
  await expect(grid.locator('tbody tr', { hasText: 'INV-' })).toHaveCount(2);
  await expect(grid.getByRole('row', { name: /INV-4/ })).toHaveCount(0);

  // Move Note left of Amount and back, by keyboard in its menu. Focus, and the grid's one tab stop,
  // follow Note to its new place each time, so Move can be pressed again.
  const noteButton = page.getByRole('button', { name: /^Note, / });
  const noteMenu = page.getByRole('menu', { name: 'Note column menu' });
  const moveNote = async (direction: 'left' | 'right', header: number) => {
    await noteMenu.getByRole('menuitem', { name: `Move ${direction}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Note moved ${direction}`)).toBeVisible();
    await expect(grid.getByRole('columnheader').nth(header)).toContainText('Note');
    await expect(noteButton).toBeFocused();
    await expect(noteButton).toHaveAttribute('tabindex', '0');
  };
  await noteButton.click();
  await moveNote('left', 2);
  await page.keyboard.press('Enter');
  await moveNote('right', 3);

  // Remove Note after a confirmation naming it.
  await (await openColumnMenu(page, 'Note')).getByRole('menuitem', { name: 'Remove column…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Note?' });
  await confirm.getByRole('button', { name: 'Remove column' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: /^Note, / })).toHaveCount(0);
  await expect(grid.getByRole('row', { name: /INV-1/ })).not.toContainText('paid');
});
