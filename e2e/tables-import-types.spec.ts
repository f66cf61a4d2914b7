import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Data that is not corrupted on the way in: an invoice list with customer phones (`0716 103 413`,
 * `+254…`, `254…`), account numbers with leading zeros, a `VAT %` column and amounts with a decimal
 * comma. The mapping step proposes the phones and accounts as Text and says why, VAT as a Number
 * that it calls a percentage, the amounts as Currency with the detected decimal comma (changeable);
 * the grid then shows every digit as written, and a phone column changed to Currency by mistake
 * comes back as `0716 103 413` when it is made Text again. Screenshots in SHOTS_DIR
 * (/tmp/shots-import-types).
 */
const outDir = process.env.SHOTS_DIR ?? '/tmp/shots-import-types';

test.describe.configure({ timeout: 150_000 });

const CSV = [
  'Invoice No;Customer Phone;Account No;Net Amount;VAT %;Total',
  'INV-001;0716 103 413;00123456;1.000,00;16%;1.160,00',
  'INV-002;+254722000111;00987654;500,00;16%;580,00',
  'INV-003;254733123456;01234567;250,00;8%;270,00',
].join('\r\n');

async function chooseFile(page: Page, name: string, content: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
}

async function retype(page: Page, column: string, type: 'currency' | 'text') {
  await page.getByRole('button', { name: new RegExp(`^${column}, `) }).click();
  await page
    .getByRole('menu', { name: `${column} column menu` })
    .getByRole('menuitem', { name: 'Change type…' })
    .click();
  const dialog = page.getByRole('dialog', { name: `Change type of ${column}` });
  await dialog.getByLabel('New type').selectOption(type);
  await dialog.getByRole('button', { name: 'Preview change' }).click();
  await dialog.getByRole('button', { name: /^Change type/ }).click();
  await expect(dialog).toBeHidden();
}

test('phones, accounts and percentages keep their text, amounts read with the detected decimal comma, and a wrong type is undone losslessly', async ({
  page,
}) => {
  const name = `Invoices with phones ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await page.goto('/tables/create?from=file');
  await chooseFile(page, 'invoices-phones.csv', CSV);
  await expect(page.getByRole('heading', { name: 'invoices-phones.csv' })).toBeVisible();

  // The proposal: identifiers are text and say why; VAT is a percentage; money is money.
  await expect(page.getByLabel('Customer Phone type')).toHaveValue('text');
  await expect(page.getByText('Phone numbers: kept as text, digits and spaces as written')).toBeVisible();
  await expect(page.getByLabel('Account No type')).toHaveValue('text');
  await expect(page.getByText('Leading zeros: kept as text so no digit is lost')).toBeVisible();
  await expect(page.getByLabel('VAT % type')).toHaveValue('number');
  await expect(page.getByText('Percentages: 16% is kept as the number 16')).toBeVisible();
  await expect(page.getByLabel('Net Amount type')).toHaveValue('currency');
  await expect(page.getByLabel('Total type')).toHaveValue('currency');

  // The decimal separator of each amount column: detected, shown, changeable.
  const totalSeparator = page.getByLabel('Decimal separator of Total');
  await expect(totalSeparator).toHaveValue(',');
  await expect(page.getByText('Detected: decimal comma').first()).toBeVisible();
  await totalSeparator.selectOption('.');
  await expect(totalSeparator).toHaveValue('.');
  await totalSeparator.selectOption(',');
  await page.getByLabel('Table name').fill(name);
  await shootThemes(page, outDir, 'import-types-mapping');

  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText('3 rows');
  await page.getByRole('button', { name: 'Open table' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  const grid = page.getByRole('grid', { name });
  const first = grid.getByRole('row', { name: /INV-001/ });
  await expect(first).toContainText('0716 103 413');
  await expect(first).toContainText('00123456');
  await expect(first).toContainText('KES 1,160.00');
  await expect(first).toContainText('16');
  await expect(grid.getByRole('row', { name: /INV-002/ })).toContainText('+254722000111');
  await expect(grid.getByRole('row', { name: /INV-003/ })).toContainText('254733123456');

  // A wrong type by hand: the phone becomes an amount, then text again — every digit comes back.
  await retype(page, 'Customer Phone', 'currency');
  await expect(first).toContainText('KES 716,103,413.00');
  await shootThemes(page, outDir, 'import-types-phone-as-currency');
  await retype(page, 'Customer Phone', 'text');
  await expect(first).toContainText('0716 103 413');
  await expect(first).not.toContainText('716,103,413');
  await shootThemes(page, outDir, 'import-types-table');
});

test('an M-Pesa statement gets the payer phone and name in their own columns, and no empty Value date column', async ({
  page,
}) => {
  const name = `M-Pesa payers ${Date.now()}`;
  const statement = [
    'Receipt No.,Completion Time,Initiation Time,Details,Transaction Status,Paid In,Withdrawn,Balance',
    'RKA1B2C3D4,2026-03-01 10:00:00,2026-03-01 10:00:00,Pay Bill from 2547******413 - JANE WANJIKU Acc. INV-1001,Completed,"1,160.00",,"1,160.00"',
    'RKA1B2C3D5,2026-03-02 11:30:00,2026-03-02 11:30:00,Pay Bill from 254722000111 - PETER OTIENO Acc. INV-1002,Completed,580.00,,"1,740.00"',
  ].join('\r\n');
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await page.goto('/tables/create?from=file');
  await chooseFile(page, 'paybill.csv', statement);
  await expect(page.getByTestId('detected-format')).toContainText('Bank statement (M-Pesa)');

  // The value date no M-Pesa line has is offered unchecked, and says why; the payer gets columns.
  await expect(page.getByLabel('Import Value date as')).toHaveValue('skip');
  await expect(page.getByText('Empty in every transaction of this file: skipped')).toBeVisible();
  await expect(page.getByLabel('Import Counterparty phone as')).toHaveValue('new');
  await expect(page.getByLabel('Import Counterparty as')).toHaveValue('new');
  await page.getByLabel('Table name').fill(name);
  await shootThemes(page, outDir, 'import-mpesa-mapping');
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Open table' }).click();

  const grid = page.getByRole('grid', { name });
  await expect(grid.getByRole('button', { name: /^Counterparty phone, Text column/ })).toBeVisible();
  await expect(grid.getByRole('button', { name: /^Value date, / })).toHaveCount(0);
  const jane = grid.getByRole('row', { name: /RKA1B2C3D4/ });
  await expect(jane).toContainText('2547******413');
  await expect(jane).toContainText('JANE WANJIKU');
  await expect(jane).toContainText('KES 1,160.00');
  await expect(grid.getByRole('row', { name: /RKA1B2C3D5/ })).toContainText('254722000111');
  await shootThemes(page, outDir, 'import-mpesa-table');
});
