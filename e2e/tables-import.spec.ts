import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { generateMpesaPersonalStatement, mpesaPersonalStatementPages } from '@counterpart/statements';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { samplePdf } from '../apps/server/src/modules/documents/sample-pdf.ts';
import { acceptCookies, DESKTOP, shootPage, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Importing bank lines from a file: /tables/create → From a file → upload → the mapping step (the
 * server's proposed types checked, one changed) → progress → the rows in the grid with exact amounts,
 * edited, filtered and exported (the filtered view's CSV, then the whole table's, read back from the
 * downloads). Then a file with a bad line: that line is reported by its number, the others go in,
 * and a second import into the same table through its Import action skips the rows already there.
 * Screenshots of the mapping step (light/dark × desktop/mobile) land in test-results/import-web/.
 */
const outDir = path.join(import.meta.dirname, '../test-results/import-web');

test.describe.configure({ timeout: 120_000 });

const shoot = (page: Page, name: string) => shootPage(page, outDir, name);

/** Picks a file through the "Choose a file" button, as a user would. */
async function chooseFile(scope: Page | Locator, page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

/** The grid's cell texts of one column (0 is the selection column), top to bottom. */
function columnTexts(grid: Locator, column: number): Promise<string[]> {
  return grid
    .locator('tbody tr')
    .evaluateAll(
      (rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent?.trim() ?? ''),
      column,
    );
}

/** Exports the grid's view through the Export menu and reads the file the browser receives. */
async function exportCsv(
  page: Page,
  item: 'CSV' | 'CSV (filtered view)',
): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download', { timeout: 60_000 });
  const label = item === 'CSV' ? 'Export all rows' : 'Export the filtered rows';
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  const file = await download;
  return { name: file.suggestedFilename(), text: (await readFile(await file.path())).toString('utf8') };
}

async function startFromFile(page: Page) {
  await page.goto('/tables/create');
  await page.getByRole('link', { name: 'From a file' }).click();
  await expect(page).toHaveURL(/\/tables\/create\?from=file$/);
}

test('a table is created from a CSV of bank lines through the mapping step, then edited, filtered and exported', async ({
  page,
}) => {
  const name = `Imported bank ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await startFromFile(page);

  const csv = [
    'Date,Description,Reference,Amount,Batch',
    '15/01/2026,Rent January,INV-101,"KES 1,200.50",101',
    '16/01/2026,Card refund,INV-102,(350.00),102',
    '20/01/2026,Supplier payment,INV-103,"KES 12,000.00",103',
  ].join('\r\n');
  await shoot(page, 'upload-desktop-light');
  await chooseFile(page, page, 'bank-lines.csv', csv);

  // The mapping step: what the server sniffed, its proposed types, and the table name from the file.
  await expect(page.getByRole('heading', { name: 'bank-lines.csv' })).toBeVisible();
  await expect(page).toHaveURL(/\/tables\/create\?import=[^&]+$/);
  await expect(page.getByTestId('detected-format')).toContainText('CSV');
  await expect(page.getByLabel('Delimiter')).toHaveValue(',');
  await expect(page.getByLabel('First row is a header')).toBeChecked();
  await expect(page.getByLabel('Table name')).toHaveValue(/bank.lines/i);
  await expect(page.getByLabel('Date type')).toHaveValue('date');
  await expect(page.getByLabel('Date layout of Date')).toHaveValue('dd/mm/yyyy');
  await expect(page.getByLabel('Description type')).toHaveValue('text');
  await expect(page.getByLabel('Reference type')).toHaveValue('text');
  await expect(page.getByLabel('Amount type')).toHaveValue('currency');
  await expect(page.getByLabel('Amount currency')).toHaveValue('KES');
  await expect(page.getByLabel('Batch type')).toHaveValue('number');
  const preview = page.getByRole('region', { name: 'Preview of the first rows' });
  await expect(preview.getByRole('row')).toHaveCount(4);
  await expect(preview).toContainText('KES 1,200.50');

  // The user's choices: a batch number is an identifier (text), the date gets a clearer name,
  // and the reference is the key, so importing the same file again adds nothing twice.
  await page.getByLabel('Batch type').selectOption('text');
  await page.getByLabel('Date column name').fill('Value date');
  await page.getByLabel('Table name').fill(name);
  await page.getByLabel('Key column (skip rows already imported)').selectOption({ label: 'Reference' });

  await shootThemes(page, outDir, 'mapping');

  // A bad choice is refused in place before anything is sent.
  await page.getByLabel('Description column name').fill('Reference');
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByText('Another column has this name')).toBeVisible();
  await page.getByLabel('Description column name').fill('Description');

  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(
    page.getByRole('progressbar', { name: 'Import of bank-lines.csv' }).or(page.getByText('Import finished')),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText('3 rows');
  await expect(page.getByText('Refused', { exact: true }).locator('..')).toContainText('0 rows');
  await shoot(page, 'import-result-desktop-light');

  await page.getByRole('button', { name: 'Open table' }).click();
  await expect(page).toHaveURL(/\/tables\/[^/?]+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const grid = page.getByRole('grid', { name });
  await expect(grid.getByRole('button', { name: /^Value date, Date column/ })).toBeVisible();
  await expect(grid.getByRole('button', { name: /^Batch, Text column/ })).toBeVisible();

  // Exact amounts: the spec's currency cleaning, no floats on the way.
  const rent = grid.getByRole('row', { name: /INV-101/ });
  await expect(rent).toContainText('KES 1,200.50');
  await expect(rent).toContainText('2026-01-15');
  await expect(grid.getByRole('row', { name: /INV-102/ })).toContainText('-KES 350.00');
  await expect(grid.getByRole('row', { name: /INV-103/ })).toContainText('KES 12,000.00');

  // Edit a cell with the keyboard.
  const description = rent.getByRole('gridcell').nth(2);
  await description.click();
  await page.keyboard.press('Enter');
  const editor = grid.getByLabel('Edit Description');
  await editor.fill('Rent January 2026');
  await editor.press('Enter');
  await expect(rent).toContainText('Rent January 2026');

  // Filter: value dates from 16 January on.
  await page.getByLabel('Filter column').selectOption({ label: 'Value date' });
  await page.getByLabel('Filter condition').selectOption('between');
  await page.getByLabel('From').fill('2026-01-16');
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect.poll(async () => (await columnTexts(grid, 3)).sort()).toEqual(['INV-102', 'INV-103']);

  // Export that view: the file holds the filtered rows only, amounts exact, in the column order.
  const header = '\uFEFFValue date,Description,Reference,Amount (KES),Batch\r\n';
  const filtered = await exportCsv(page, 'CSV (filtered view)');
  expect(filtered.name).toMatch(/^imported-bank-\d+-\d{4}-\d\d-\d\d\.csv$/);
  expect(filtered.text).toBe(
    header +
      '2026-01-16,Card refund,INV-102,-350.00,102\r\n' +
      '2026-01-20,Supplier payment,INV-103,12000.00,103\r\n',
  );

  // The edited row is outside the filter; without it, the whole table's file carries the new value.
  await page.getByRole('button', { name: /^Remove filter/ }).click();
  await expect
    .poll(async () => (await columnTexts(grid, 3)).sort())
    .toEqual(['INV-101', 'INV-102', 'INV-103']);
  const all = await exportCsv(page, 'CSV');
  expect(all.text).toBe(
    header +
      '2026-01-15,Rent January 2026,INV-101,1200.50,101\r\n' +
      '2026-01-16,Card refund,INV-102,-350.00,102\r\n' +
      '2026-01-20,Supplier payment,INV-103,12000.00,103\r\n',
  );
});

test('a bad line is reported by its line number while the others go in, and a re-import skips known rows', async ({
  page,
}) => {
  const name = `Bank with a bad line ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await startFromFile(page);

  const csv = [
    'Date,Reference,Amount',
    '2026-02-01,PAY-1,"KES 1,000.00"',
    '2026-02-02,PAY-2,twelve',
    '2026-02-03,PAY-3,(45.10)',
  ].join('\n');
  // A refusal shows the server's reason in place, and another file can be picked at once.
  await chooseFile(page, page, 'empty.csv', '');
  await expect(page.getByRole('alert').filter({ hasText: /empty/i })).toBeVisible();
  await expect(page).toHaveURL(/\/tables\/create\?from=file$/);
  await chooseFile(page, page, 'february.csv', csv);
  await expect(page.getByRole('heading', { name: 'february.csv' })).toBeVisible();
  await page.getByLabel('Table name').fill(name);
  // One value in three is not money: whatever the guess, the user says the column is currency.
  await page.getByLabel('Amount type').selectOption('currency');
  await page.getByLabel('Amount currency').fill('KES');
  await page.getByLabel('Key column (skip rows already imported)').selectOption({ label: 'Reference' });
  await page.getByRole('button', { name: 'Import rows' }).click();

  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText('2 rows');
  await expect(page.getByText('Refused', { exact: true }).locator('..')).toContainText('1 row');
  const refused = page.getByRole('table', { name: 'Lines not imported, with the reason' });
  const line = refused.getByRole('row').nth(1).getByRole('cell');
  await expect(line.nth(0)).toHaveText('3');
  await expect(line.nth(1)).toHaveText('Amount');
  await expect(line.nth(2)).toHaveText('twelve');
  await expect(line.nth(3)).not.toBeEmpty();
  await shoot(page, 'refused-lines-desktop-light');

  await page.getByRole('button', { name: 'Open table' }).click();
  const grid = page.getByRole('grid', { name });
  await expect.poll(async () => (await columnTexts(grid, 2)).sort()).toEqual(['PAY-1', 'PAY-3']);
  await expect(grid.getByRole('row', { name: /PAY-3/ })).toContainText('-KES 45.10');

  // The table's Import action: the same file, corrected, maps onto the table's own columns;
  // the rows already there are skipped by their key and the grid refreshes.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Import into ${name}` });
  await chooseFile(dialog, page, 'february-fixed.csv', csv.replace('twelve', '"12.00"'));
  await expect(dialog.getByRole('heading', { name: 'february-fixed.csv' })).toBeVisible();
  await expect(dialog.getByLabel('Import Amount as')).toHaveValue(/^column:/);
  await expect(dialog.getByLabel('Import Reference as')).toHaveValue(/^column:/);
  await dialog.getByLabel('Key column (skip rows already imported)').selectOption({ label: 'Reference' });
  // The dialog closes for the top bar's theme toggle; opened again, it shows the same import being mapped.
  await shootThemes(page, outDir, 'import-dialog', {
    fullPage: false,
    dialog: {
      close: async () => {
        await dialog.getByRole('button', { name: 'Close dialog' }).click();
        await expect(dialog).toBeHidden();
      },
      open: async () => {
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await expect(dialog.getByRole('heading', { name: 'february-fixed.csv' })).toBeVisible();
        await dialog
          .getByLabel('Key column (skip rows already imported)')
          .selectOption({ label: 'Reference' });
      },
    },
  });
  await dialog.getByRole('button', { name: 'Import rows' }).click();
  await expect(dialog.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Inserted', { exact: true }).locator('..')).toContainText('1 row');
  await expect(dialog.getByText('Already imported (skipped)', { exact: true }).locator('..')).toContainText(
    '2 rows',
  );
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await columnTexts(grid, 2)).sort()).toEqual(['PAY-1', 'PAY-2', 'PAY-3']);
  await expect(grid.getByRole('row', { name: /PAY-2/ })).toContainText('KES 12.00');
});

test('an M-Pesa statement is recognised, imported with exact amounts, and a second import adds nothing', async ({
  page,
}) => {
  const name = `M-Pesa ${Date.now()}`;
  const statement = readFileSync(
    path.join(import.meta.dirname, '../packages/statements/fixtures/mpesa/business-statement.csv'),
    'utf8',
  );
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await startFromFile(page);
  await chooseFile(page, page, 'business-statement.csv', statement);

  // A statement, not a generic CSV: the fixed normalised columns, without delimiter or key choices.
  await expect(page.getByRole('heading', { name: 'business-statement.csv' })).toBeVisible();
  await expect(page.getByTestId('detected-format')).toContainText('Bank statement (M-Pesa)');
  await expect(page.getByLabel('Delimiter')).toHaveCount(0);
  await expect(page.getByLabel('Key column (skip rows already imported)')).toHaveCount(0);
  await expect(page.getByLabel('Amount type')).toHaveValue('currency');
  await expect(page.getByLabel('Amount currency')).toHaveValue('KES');
  await expect(page.getByLabel('Bank reference column name')).toHaveValue('Bank reference');
  await page.getByLabel('Table name').fill(name);
  await shoot(page, 'statement-mapping-desktop-light');
  await page.getByRole('button', { name: 'Import rows' }).click();

  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText('36 rows');
  await page.getByRole('button', { name: 'Open table' }).click();
  const grid = page.getByRole('grid', { name });
  await expect(grid.getByRole('row', { name: /SCS8DCYXZQ/ })).toContainText('-KES 42,746.00');
  await expect(grid.getByRole('row', { name: /SC129JXYKI/ }).first()).toBeVisible();

  // The same statement again, through the table's Import action: every transaction is already there.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Import into ${name}` });
  await chooseFile(dialog, page, 'business-statement.csv', statement);
  await expect(dialog.getByLabel('Import Amount as')).toHaveValue(/^column:/);
  await dialog.getByRole('button', { name: 'Import rows' }).click();
  await expect(dialog.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText('Inserted', { exact: true }).locator('..')).toContainText('0 rows');
  await expect(dialog.getByText('Already imported (skipped)', { exact: true }).locator('..')).toContainText(
    '36 rows',
  );
});

test('a password-protected M-Pesa PDF statement asks for its password, refuses a wrong one, then imports', async ({
  page,
}) => {
  const name = `M-Pesa PDF ${Date.now()}`;
  const statement = generateMpesaPersonalStatement(5, 30);
  const completed = statement.rows.filter((row) => row.status === 'COMPLETED');
  const pdf = samplePdf(
    mpesaPersonalStatementPages(statement).map((texts) => ({ texts })),
    { password: '27182818', width: 842, height: 595 },
  );
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await startFromFile(page);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: 'MPESA_Statement.pdf', mimeType: 'application/pdf', buffer: pdf });

  const form = page.getByRole('form', { name: 'Statement password' });
  await expect(form).toContainText('is protected by a password');
  const field = form.getByLabel('Password of MPESA_Statement.pdf');
  await expect(field).toBeFocused();
  await field.fill('00000000');
  await field.press('Enter');
  await expect(form.getByText('The password is not right')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'statement-password-desktop-light');

  await field.fill('27182818');
  await form.getByRole('button', { name: 'Open statement' }).click();
  await expect(page.getByTestId('detected-format')).toContainText('Bank statement (M-Pesa)');
  await page.getByLabel('Table name').fill(name);
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText(
    `${completed.length} rows`,
  );
});
