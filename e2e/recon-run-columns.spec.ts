import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The run dialog says what it compares: a ledger with Net Amount (ex-VAT), VAT and Total against a
 * bank statement that received the totals. The dialog proposes Total (not the first money column),
 * shows per side the amount, date, counterparty and reference columns; a dry run on Net Amount finds
 * nothing and says it read Net Amount; back on Total it reconciles all four; the run's result repeats
 * the columns, and the next run of this pair proposes them again. Screenshots in SHOTS_DIR.
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-run-columns';
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 180_000 });

const LEDGER = [
  ['2026-03-02', 'INV-3001', 'Acme Ltd', '10000.00', '1600.00', '11600.00'],
  ['2026-03-03', 'INV-3002', 'Baraka Traders', '5000.00', '800.00', '5800.00'],
  ['2026-03-04', 'INV-3003', 'Chui Hardware', '2500.00', '400.00', '2900.00'],
  ['2026-03-05', 'INV-3004', 'Duma Supplies', '7250.00', '1160.00', '8410.00'],
];
const BANK = [
  ['2026-03-04', 'Payment Acme Ltd', 'INV-3001', '11600.00'],
  ['2026-03-05', 'Transfer Baraka Traders', 'INV-3002', '5800.00'],
  ['2026-03-06', 'EFT Chui Hardware', 'INV-3003', '2900.00'],
  ['2026-03-07', 'Cheque Duma Supplies', 'INV-3004', '8410.00'],
];

async function seed(page: Page, headers: Record<string, string>, stamp: number) {
  const ledger = await postJson(page, headers, `${TABLES}/`, {
    name: `Invoices VAT ${stamp}`,
    columns: [
      { name: 'Due Date', type: 'date' },
      { name: 'Invoice Date', type: 'date' },
      { name: 'Invoice No', type: 'text' },
      { name: 'Customer', type: 'text' },
      { name: 'Net Amount', type: 'currency' },
      { name: 'VAT 16%', type: 'currency' },
      { name: 'Total', type: 'currency' },
    ],
  });
  await postJson(page, headers, `${TABLES}/${ledger.id}/items/bulk_create`, {
    items: LEDGER.map(([date, invoice, customer, net, vat, total]) => ({
      values: {
        'Due Date': '2026-04-30',
        'Invoice Date': date,
        'Invoice No': invoice,
        Customer: customer,
        'Net Amount': net,
        'VAT 16%': vat,
        Total: total,
      },
    })),
  });
  const bank = await postJson(page, headers, `${TABLES}/`, {
    name: `Bank VAT ${stamp}`,
    columns: [
      { name: 'Date', type: 'date' },
      { name: 'Description', type: 'text' },
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
    ],
  });
  await postJson(page, headers, `${TABLES}/${bank.id}/items/bulk_create`, {
    items: BANK.map(([date, description, reference, amount]) => ({
      values: { Date: date, Description: description, Reference: reference, Amount: amount },
    })),
  });
  return { bank: String(bank.id), ledger: String(ledger.id) };
}

test('the run dialog proposes, changes and repeats the columns each side is compared on', async ({
  page,
}) => {
  const stamp = Date.now();
  await page.setViewportSize(DESKTOP);
  const headers = watchApiHeaders(page);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization).toBeTruthy();
  const { bank, ledger } = await seed(page, headers, stamp);
  const bankName = `Bank VAT ${stamp}`;
  const ledgerName = `Invoices VAT ${stamp}`;

  await page.goto(`/reconciliation/workspace?left_table_id=${bank}&right_table_id=${ledger}`);
  await expect(page.getByRole('heading', { name: `${bankName} ↔ ${ledgerName}` })).toBeVisible();
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Run reconciliation' });
  const columns = dialog.getByRole('region', { name: 'Columns compared' });

  // Proposed: Total (not Net Amount, the first money column), the invoice date (not the due date), the customer.
  const ledgerAmount = columns.getByLabel(`Amount column of ${ledgerName}`);
  await expect(ledgerAmount.locator('option:checked')).toHaveText('Total');
  await expect(columns.getByLabel(`Date column of ${ledgerName}`).locator('option:checked')).toHaveText(
    'Invoice Date',
  );
  await expect(
    columns.getByLabel(`Counterparty column of ${ledgerName}`).locator('option:checked'),
  ).toHaveText('Customer');
  await expect(columns.getByLabel(`Amount column of ${bankName}`).locator('option:checked')).toHaveText(
    'Amount',
  );
  await expect(columns.getByLabel(`Invoice No (reference of ${ledgerName})`)).toBeChecked();
  await expect(columns.getByLabel(`Reference (reference of ${bankName})`)).toBeChecked();
  await shootThemes(page, shotsDir, 'run-dialog-columns', {
    fullPage: false,
    dialog: {
      close: () => dialog.getByRole('button', { name: 'Cancel' }).click(),
      open: () => page.getByRole('button', { name: 'Run reconciliation' }).click(),
    },
  });
  await page.setViewportSize(DESKTOP);

  // On Net Amount nothing reconciles, and the dry run says which column it read.
  await ledgerAmount.selectOption({ label: 'Net Amount' });
  await dialog.getByRole('button', { name: 'Preview (dry run)' }).click();
  const dryRun = dialog.getByRole('region', { name: 'Dry run' });
  await expect(dryRun.getByTestId('dry-run-reconciled')).toHaveAttribute('data-count', '0', {
    timeout: 60_000,
  });
  await expect(dryRun.getByTestId('compared-columns')).toContainText(
    `${ledgerName}:amount Net Amount · date Invoice Date`,
  );

  // Back on Total: all four reconcile; the run's result repeats the columns.
  await ledgerAmount.selectOption({ label: 'Total' });
  await expect(dryRun).toBeHidden();
  await dialog.getByRole('button', { name: 'Start run' }).click();
  await expect(dialog.getByTestId('run-status')).toHaveText('Finished', { timeout: 60_000 });
  await expect(dialog.getByTestId('compared-columns')).toContainText(
    `${ledgerName}:amount Total · date Invoice Date · reference Invoice No`,
  );
  await expect(dialog.getByTestId('compared-columns')).toContainText('counterparty Customer');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  const counts = page.getByRole('list', { name: `Counts of ${ledgerName}` });
  await expect(counts.locator('[data-status="reconciled"]')).toHaveAttribute('data-count', '4');

  // The pair remembers: the next run proposes what this one read (here: no counterparty on the ledger).
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(ledgerAmount.locator('option:checked')).toHaveText('Total');
  await columns.getByLabel(`Counterparty column of ${ledgerName}`).selectOption({ label: 'None' });
  await dialog.getByRole('button', { name: 'Preview (dry run)' }).click();
  await expect(dryRun.getByTestId('compared-columns')).not.toContainText('counterparty Customer', {
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(
    columns.getByLabel(`Counterparty column of ${ledgerName}`).locator('option:checked'),
  ).toHaveText('None');
});
