import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, shootPage, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * A finance user's table by hand: create it with text, currency and date columns, add rows, edit a
 * cell (a refused value first, then undo), sort, filter, search and clear it. Screenshots of the grid
 * in light and dark, desktop and 375 px, land in e2e/screenshots/.
 */
const outDir = path.join(import.meta.dirname, 'screenshots');

test.describe.configure({ timeout: 90_000 });

async function addRow(page: Page, reference: string, amount: string, date: string) {
  await page.getByRole('button', { name: 'Add row' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add row' });
  await dialog.getByLabel('Reference').fill(reference);
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByLabel('Value date').fill(date);
  await dialog.getByRole('button', { name: 'Add row' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible();
}

/** The References of the grid's rows, top to bottom (read at once, so a re-render cannot split the read). */
function references(grid: Locator): Promise<string[]> {
  return grid
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent ?? ''));
}

const shoot = (page: Page, name: string) => shootPage(page, outDir, name);

test('a table is created, filled, edited with undo, sorted, filtered, searched and cleared', async ({
  page,
}) => {
  const name = `Bank lines ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);

  await page.goto('/tables/create');
  await page.getByLabel('Table name').fill(name);
  await page.getByLabel('Column 1 name').fill('Reference');
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByLabel('Column 2 name').fill('Amount');
  await page.getByLabel('Column 2 type').selectOption('currency');
  await expect(page.getByLabel('Column 2 currency')).toHaveValue('KES');
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByLabel('Column 3 name').fill('Value date');
  await page.getByLabel('Column 3 type').selectOption('date');
  await shootThemes(page, outDir, 'create-table');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page).toHaveURL(/\/tables\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText('0 rows · 3 columns')).toBeVisible();

  await addRow(page, 'INV-001', '1,234.50', '2026-01-15');
  await addRow(page, 'INV-002', 'KES 500', '2026-01-10');
  await addRow(page, 'INV-003', '(75.25)', '2026-01-20');
  const grid = page.getByRole('grid', { name });
  const first = grid.getByRole('row', { name: /INV-001/ });
  await expect(first).toContainText('1,234.50');
  await expect(grid.getByRole('row', { name: /INV-003/ })).toContainText('-');

  // Edit with the keyboard: a value that is not money is refused under the cell, then a good one saves.
  const amount = first.getByRole('gridcell').nth(2);
  await amount.click();
  await page.keyboard.press('Enter');
  const editor = grid.getByLabel('Edit Amount');
  await editor.fill('lots');
  await editor.press('Enter');
  await expect(grid.getByRole('alert')).toBeVisible();
  await editor.fill('1,300.00');
  await editor.press('Enter');
  await expect(first).toContainText('1,300.00');
  await expect(amount).toBeFocused();
  await page.getByRole('button', { name: 'Undo last edit' }).click();
  await expect(first).toContainText('1,234.50');

  // Escape leaves a cell as it was.
  await amount.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await grid.getByLabel('Edit Reference').fill('changed');
  await page.keyboard.press('Escape');
  await expect(first).toContainText('INV-001');

  // Sort by amount from the column menu, both ways.
  await grid.getByRole('button', { name: /^Amount, Currency column/ }).click();
  await page.getByRole('menuitem', { name: 'Sort descending' }).click();
  await expect.poll(() => references(grid)).toEqual(['INV-001', 'INV-002', 'INV-003']);
  await grid.getByRole('button', { name: /^Amount, Currency column/ }).click();
  await page.getByRole('menuitem', { name: 'Sort ascending' }).click();
  await expect.poll(() => references(grid)).toEqual(['INV-003', 'INV-002', 'INV-001']);

  // Filter: value dates from 12 January on.
  await page.getByLabel('Filter column').selectOption({ label: 'Value date' });
  await page.getByLabel('Filter condition').selectOption('between');
  await page.getByLabel('From').fill('2026-01-12');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect.poll(() => references(grid)).toEqual(['INV-003', 'INV-001']);
  await shoot(page, 'table-filtered-desktop-light');
  await page.getByRole('button', { name: /^Remove filter/ }).click();
  await expect.poll(() => references(grid)).toHaveLength(3);

  // Search every column.
  const search = page.getByRole('searchbox', { name: 'Search rows' }).or(page.getByLabel('Search rows'));
  await search.first().fill('INV-002');
  await search.first().press('Enter');
  await expect.poll(() => references(grid)).toEqual(['INV-002']);
  await search.first().fill('');
  await search.first().press('Enter');
  await expect.poll(() => references(grid)).toHaveLength(3);

  await shootThemes(page, outDir, 'table');

  // Column menu and toolbar: add a status column, badge a value, rename, hide and show, delete a row.
  await page.getByRole('button', { name: 'Add column' }).click();
  const addColumn = page.getByRole('dialog', { name: 'Add column' });
  await addColumn.getByLabel('Column 1 name').fill('Status');
  await addColumn.getByLabel('Column 1 type').selectOption('single_select');
  await addColumn.getByLabel('Column 1 options').fill('reconciled, pending');
  await addColumn.getByRole('button', { name: 'Add column' }).click();
  await expect(addColumn).toBeHidden();
  const status = first.getByRole('gridcell').nth(4);
  await status.click();
  await page.keyboard.press('Enter');
  await grid.getByLabel('Edit Status').selectOption('reconciled');
  await grid.getByLabel('Edit Status').press('Enter');
  await expect(status.locator('[data-tone="success"]')).toHaveText('reconciled');

  await grid.getByRole('button', { name: /^Reference, Text column/ }).click();
  await page.getByRole('menuitem', { name: 'Rename column' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Reference' });
  await rename.getByLabel('Column name').fill('Bank reference');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(grid.getByRole('button', { name: /^Bank reference, Text column/ })).toBeVisible();

  await grid.getByRole('button', { name: /^Value date, Date column/ }).click();
  await page.getByRole('menuitem', { name: 'Hide column' }).click();
  await expect(grid.getByRole('button', { name: /^Value date/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Value date' }).click();
  await expect(grid.getByRole('button', { name: /^Value date/ })).toBeVisible();

  await grid
    .getByRole('row', { name: /INV-002/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Delete 1 row' }).click();
  await page
    .getByRole('dialog', { name: 'Delete 1 row?' })
    .getByRole('button', { name: 'Delete 1 row' })
    .click();
  await expect.poll(() => references(grid)).toEqual(['INV-003', 'INV-001']);

  // Clear, behind a confirmation naming the table.
  await page.getByRole('button', { name: 'Clear table' }).click();
  const confirm = page.getByRole('dialog', { name: `Clear ${name}?` });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Clear table' }).click();
  await expect(page.getByText('Table has no records')).toBeVisible();

  await page.goto('/tables');
  const listed = page.getByRole('row', { name: new RegExp(name) });
  await expect(listed).toBeVisible();
  await expect(listed.getByRole('cell').nth(1)).toHaveText('0');
  await shoot(page, 'tables-desktop-light');
});

/** Screenshots of the tables-extras panels go with the test results. */
const resultsDir = path.join(import.meta.dirname, '../test-results');

const shootPanel = (page: Page, name: string) => shootPage(page, resultsDir, name, { fullPage: false });

test('the filtered view exports to a CSV download; a row opens its linked records; associations list', async ({
  page,
}) => {
  const name = `Export lines ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);

  await page.goto('/tables/create');
  await page.getByLabel('Table name').fill(name);
  await page.getByLabel('Column 1 name').fill('Reference');
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByLabel('Column 2 name').fill('Amount');
  await page.getByLabel('Column 2 type').selectOption('currency');
  await page.getByRole('button', { name: 'Add column' }).click();
  await page.getByLabel('Column 3 name').fill('Value date');
  await page.getByLabel('Column 3 type').selectOption('date');
  await page.getByRole('button', { name: 'Create table' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await addRow(page, '=HYPERLINK', '(1,234.50)', '2026-01-15');
  await addRow(page, 'INV-002', 'KES 500', '2026-01-10');
  await addRow(page, 'INV-003', '75.25', '2026-01-20');
  const grid = page.getByRole('grid', { name });

  // Filter (from 12 January), sort by amount descending, then export that view.
  await page.getByLabel('Filter column').selectOption({ label: 'Value date' });
  await page.getByLabel('Filter condition').selectOption('between');
  await page.getByLabel('From').fill('2026-01-12');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await grid.getByRole('button', { name: /^Amount, Currency column/ }).click();
  await page.getByRole('menuitem', { name: 'Sort descending' }).click();
  await expect.poll(() => references(grid)).toEqual(['INV-003', '=HYPERLINK']);

  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export the filtered rows' }).click();
  await page.getByRole('menuitem', { name: 'CSV (filtered view)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^export-lines-\d+-\d{4}-\d\d-\d\d\.csv$/);
  const text = (await readFile(await file.path())).toString('utf8');
  expect(text).toBe(
    '\uFEFFReference,Amount (KES),Value date\r\n' +
      'INV-003,75.25,2026-01-20\r\n' +
      "'=HYPERLINK,-1234.50,2026-01-15\r\n",
  );

  // A row's linked records, opened from the keyboard.
  const link = grid.getByRole('button', { name: 'Linked records of row 1' });
  await link.focus();
  await page.keyboard.press('Enter');
  const related = page.getByRole('dialog', { name: 'Linked records of INV-003' });
  await expect(related).toContainText('This table has no link columns.');
  await expect(related).toContainText('No other table links here.');
  await shootPanel(page, 'tables-relationships-desktop-light');
  await page.keyboard.press('Escape');
  await expect(related).toBeHidden();

  await page.getByRole('button', { name: 'Associations' }).click();
  const associations = page.getByRole('dialog', { name: `Associations of ${name}` });
  await expect(associations).toContainText(`No mapping involves ${name} yet.`);
  await associations.getByRole('button', { name: 'New mapping' }).click();
  const editor = page.getByRole('dialog', { name: 'New association mapping' });
  await expect(editor.getByLabel('Other table')).toBeVisible();
  await shootPanel(page, 'tables-mapping-dialog-desktop-light');
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();
  await expect(associations).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(associations).toBeHidden();

  // A link column (to this same table), then link INV-003 to the other row from its panel.
  await page.getByRole('button', { name: 'Add column' }).click();
  const addLink = page.getByRole('dialog', { name: 'Add column' });
  await addLink.getByLabel('Column 1 name').fill('Settles');
  await addLink.getByLabel('Column 1 type').selectOption('link');
  await addLink.getByLabel('Column 1 linked table').selectOption({ label: name });
  await addLink.getByRole('button', { name: 'Add column' }).click();
  await expect(addLink).toBeHidden();
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(related).toContainText(`Settles → ${name}`);
  await related.getByRole('button', { name: 'Link =HYPERLINK' }).click();
  await expect(related.getByRole('button', { name: 'Unlink =HYPERLINK' })).toBeVisible();
  await related.getByRole('button', { name: 'Close dialog' }).click();
  await expect(related).toBeHidden();
  await grid.getByRole('button', { name: 'Linked records of row 2' }).click();
  const other = page.getByRole('dialog', { name: 'Linked records of =HYPERLINK' });
  await expect(other).toContainText(`${name} · Settles (1)`);
  await expect(other).toContainText('INV-003');
  await other.getByRole('button', { name: 'Close dialog' }).click();
  await expect(other).toBeHidden();

  // Light and dark, desktop and mobile: the associations panel, a row's linked records and the grid.
  const openAssociations = async () => {
    await page.getByRole('button', { name: 'Associations' }).click();
    await expect(associations).toBeVisible();
  };
  const openLinked = async () => {
    await link.focus();
    await page.keyboard.press('Enter');
    await expect(related).toContainText('=HYPERLINK');
  };
  const closeDialog = (dialog: Locator) => async () => {
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await expect(dialog).toBeHidden();
  };
  await openAssociations();
  await shootThemes(page, resultsDir, 'tables-associations', {
    fullPage: false,
    dialog: { close: closeDialog(associations), open: openAssociations },
  });
  await closeDialog(associations)();
  await openLinked();
  await shootThemes(page, resultsDir, 'tables-relationships-linked', {
    fullPage: false,
    dialog: { close: closeDialog(related), open: openLinked },
  });
  await closeDialog(related)();
  await shootThemes(page, resultsDir, 'tables-grid', { fullPage: false });
});
