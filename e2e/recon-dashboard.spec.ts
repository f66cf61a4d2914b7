import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The reconciliation dashboard: a bank table and a ledger table seeded through the API (dated July
 * 2025, a month no other journey uses), the default rules run through the API; the dashboard
 * filtered to that month through its date inputs shows the match rate and the counts per status the
 * API reports; a manual match and an accepted suggestion in the workspace move the dashboard's
 * counts; the bank table's grid shows each row's status and filters on it. Screenshots (light/dark ×
 * desktop/mobile) in SHOTS_DIR (default /tmp/shots-recon-dash).
 *
 * The rows are e2e/fixtures/recon-*.csv's; with the default settings the default rules make 3
 * reconciled, 1 partial (KES 15 short), 2 suggested and 2 unreconciled rows per side (as in recon.spec.ts).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-recon-dash';
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 180_000 });

const BANK: Array<Record<string, string>> = [
  { Date: '2025-07-05', Description: 'Payment Acme Ltd', Reference: 'INV-1001', Amount: '12000.00' },
  { Date: '2025-07-06', Description: 'Transfer Baraka Traders', Reference: 'INV-1002', Amount: '8450.00' },
  { Date: '2025-07-08', Description: 'Cheque Chui Hardware', Reference: 'INV-1003', Amount: '25000.00' },
  { Date: '2025-07-09', Description: 'EFT Duma Supplies', Reference: 'INV-1004', Amount: '3300.00' },
  { Date: '2025-07-10', Description: 'Mpesa paybill', Reference: '', Amount: '7800.00' },
  { Date: '2025-07-12', Description: 'Cash deposit', Reference: '', Amount: '6100.00' },
  { Date: '2025-07-14', Description: 'Cheque deposit', Reference: 'DEP-77812', Amount: '4850.00' },
  { Date: '2025-07-15', Description: 'Interest earned', Reference: '', Amount: '120.00' },
];
const LEDGER: Array<Record<string, string>> = [
  { Date: '2025-07-03', Invoice: 'INV-1001', Customer: 'Acme Ltd', Amount: '12000.00' },
  { Date: '2025-07-04', Invoice: 'INV-1002', Customer: 'Baraka Traders', Amount: '8450.00' },
  { Date: '2025-07-05', Invoice: 'INV-1003', Customer: 'Chui Hardware', Amount: '25000.00' },
  { Date: '2025-07-06', Invoice: 'INV-1004', Customer: 'Duma Supplies', Amount: '3315.00' },
  { Date: '2025-07-07', Invoice: 'INV-1005', Customer: 'Elimu Academy', Amount: '7800.00' },
  { Date: '2025-07-10', Invoice: 'INV-1006', Customer: 'Faraja Bakery', Amount: '6100.00' },
  { Date: '2025-07-13', Invoice: 'INV-1008', Customer: 'Kilimo Motors', Amount: '5000.00' },
  { Date: '2025-07-15', Invoice: 'INV-1009', Customer: 'Zawadi Stores', Amount: '9999.00' },
];

type Counts = { reconciled: number; partial: number; suggested: number; unreconciled: number };
const LABELS = {
  reconciled: 'Reconciled',
  partial: 'Partial',
  suggested: 'Suggested',
  unreconciled: 'Unreconciled',
};

// biome-ignore lint/suspicious/noExplicitAny: JSON answers of the seeding calls
type Json = any;

async function api(
  page: Page,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await page.request.fetch(path, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { data: JSON.stringify(body) }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Json;
}

async function createTable(
  page: Page,
  headers: Record<string, string>,
  name: string,
  text: string[],
  rows: Array<Record<string, string>>,
): Promise<string> {
  const table = await api(page, headers, 'POST', `${TABLES}/`, {
    name,
    columns: [
      { name: 'Date', type: 'date' },
      ...text.map((column) => ({ name: column, type: 'text' })),
      { name: 'Amount', type: 'currency' },
    ],
  });
  await api(page, headers, 'POST', `${TABLES}/${table.id}/items/bulk_create`, {
    items: rows.map((values) => ({ values })),
  });
  return table.id;
}

/** The statistics' card of a status says its count. */
async function expectDashboard(page: Page, counts: Counts, rate: string) {
  const stats = page.getByRole('region', { name: 'Statistics' });
  await expect(stats.getByRole('region', { name: 'Match rate' })).toContainText(rate);
  for (const [status, count] of Object.entries(counts) as Array<[keyof Counts, number]>) {
    await expect(stats.getByRole('region', { name: LABELS[status], exact: true }), status).toContainText(
      `${count}${count === 1 ? 'item' : 'items'}`,
    );
  }
}

test('the reconciliation dashboard follows a run and the decisions taken in the workspace', async ({
  page,
}) => {
  const stamp = Date.now();
  const bankName = `Dash bank ${stamp}`;
  const ledgerName = `Dash ledger ${stamp}`;
  await page.setViewportSize(DESKTOP);
  const headers = watchApiHeaders(page);
  await signIn(page, 'admin@demo.test');
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
  await expect.poll(() => headers.Authorization).toBeTruthy();

  // Seed through the API: two tables, then the default rules, and the counts the API reports.
  const bank = await createTable(page, headers, bankName, ['Description', 'Reference'], BANK);
  const ledger = await createTable(page, headers, ledgerName, ['Invoice', 'Customer'], LEDGER);
  const started = await api(page, headers, 'POST', '/api/recon/v1/recon/runs', {
    left_table_id: bank,
    right_table_id: ledger,
  });
  await expect
    .poll(async () => (await api(page, headers, 'GET', `/api/recon/v1/recon/runs/${started.id}`)).status, {
      timeout: 60_000,
    })
    .toBe('succeeded');
  const summary = await api(
    page,
    headers,
    'GET',
    `/api/recon/v1/recon/workspace?left_table_id=${bank}&right_table_id=${ledger}`,
  );
  const fromApi = (s: keyof Counts) => summary.left.counts[s] + summary.right.counts[s];
  const afterRun: Counts = { reconciled: 6, partial: 2, suggested: 4, unreconciled: 4 };
  for (const s of Object.keys(afterRun) as Array<keyof Counts>) expect(fromApi(s), s).toBe(afterRun[s]);

  // The dashboard, narrowed to July 2025 with its date inputs (kept in the URL).
  await page.goto('/reconciliation/dashboard');
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2025-07-01');
  await page.getByLabel('To', { exact: true }).fill('2025-07-31');
  await expect(page).toHaveURL(/from=2025-07-01/);
  await expect(page).toHaveURL(/to=2025-07-31/);
  await page.getByLabel('Table', { exact: true }).selectOption({ label: bankName });
  await expect(page).toHaveURL(new RegExp(`table_id=${bank}`));
  await page.getByLabel('Table', { exact: true }).selectOption({ label: 'All reconciled tables' });
  await expect(page).not.toHaveURL(/table_id=/);
  await expect(page.getByText('16 items dated 2025-07-01 to 2025-07-31')).toBeVisible();

  // Collapsed by default (minimize_recon_stats): one line of counts; opened, a card per status.
  const toggle = page.getByRole('button', { name: 'Show details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide details' })).toHaveAttribute('aria-expanded', 'true');
  await expectDashboard(page, afterRun, '50%');
  // Each side's reconciled amount on its own (45,450 each), never the two added (90,900).
  const reconciledCard = page.getByRole('region', { name: 'Reconciled', exact: true });
  await expect(reconciledCard.locator('[data-side="left"]')).toHaveText(`${bankName}KES 45,450.00`);
  await expect(reconciledCard.locator('[data-side="right"]')).toHaveText(`${ledgerName}KES 45,450.00`);
  await expect(reconciledCard).not.toContainText('90,900');
  await expect(page.getByRole('img', { name: /^Trend over 31 days: 16 items, 8 matched/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Open items by age' })).toContainText('8 items');
  await expect(page.getByRole('table', { name: 'By source' })).toContainText('Automatic (runs)');
  await shootThemes(page, shotsDir, 'dashboard');
  // The panel's state survives a reload (localStorage).
  await page.reload();
  await expect(page.getByRole('button', { name: 'Hide details' })).toBeVisible();

  // In the workspace (from the dashboard's pair link): a manual match and an accepted suggestion.
  await page.getByRole('link', { name: `Open ${bankName} ↔ ${ledgerName} in the workspace` }).click();
  await expect(page.getByRole('heading', { name: `${bankName} ↔ ${ledgerName}` })).toBeVisible();
  const left = page.getByRole('listbox', { name: `${bankName} (left)` });
  const right = page.getByRole('listbox', { name: `${ledgerName} (right)` });
  await page.getByLabel('Status of left rows').selectOption('unreconciled');
  await page.getByLabel('Status of right rows').selectOption('unreconciled');
  await left.getByRole('option', { name: /Cheque deposit/ }).click();
  await right.getByRole('option', { name: /INV-1008/ }).click();
  await page.keyboard.press('m');
  const match = page.getByRole('dialog', { name: 'Match the selected rows?' });
  await match.getByRole('button', { name: 'Confirm match' }).click();
  await page
    .getByRole('dialog', { name: 'Manual match' })
    .getByRole('button', { name: 'Close dialog' })
    .click();
  await page.getByLabel('Status of left rows').selectOption('suggested');
  await left.getByRole('option', { name: /Cash deposit/ }).click();
  const group = page.getByRole('dialog').filter({ hasText: 'Why these rows match' });
  await group.getByRole('button', { name: 'Accept' }).click();
  await expect(group.getByText('Reconciled', { exact: true })).toBeVisible();
  await group.getByRole('button', { name: 'Close dialog' }).click();

  // Back on the dashboard: 2 more partial (the manual match), 2 suggested now reconciled.
  await page.goto('/reconciliation/dashboard?from=2025-07-01&to=2025-07-31');
  const afterDecisions: Counts = { reconciled: 8, partial: 4, suggested: 2, unreconciled: 2 };
  await expectDashboard(page, afterDecisions, '75%');
  await expect(page.getByRole('table', { name: 'By source' })).toContainText('Manual matches');

  // The bank table's grid: each row's status; the dashboard's link opens it filtered on a status.
  await page.getByLabel('Table', { exact: true }).selectOption({ label: bankName });
  await page.getByRole('link', { name: 'View unreconciled rows' }).click();
  await expect(page).toHaveURL(new RegExp(`/tables/${bank}\\?status=unreconciled`));
  const grid = page.getByRole('grid', { name: bankName });
  await expect(grid.getByRole('columnheader', { name: 'Recon status' })).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(grid.getByRole('row').nth(1)).toContainText('Interest earned');
  await expect(grid.getByRole('row').nth(1)).toContainText('unreconciled');
  await page.getByRole('button', { name: 'Remove filter Status is any of unreconciled' }).click();
  await expect(grid.getByRole('row', { name: /Cheque deposit/ })).toContainText('partial');
  await expect(grid.getByRole('row', { name: /Cash deposit/ })).toContainText('reconciled');
  // The status filter built in the grid's filter bar.
  await page.getByLabel('Filter column').selectOption({ label: 'Status (reconciliation)' });
  await page.getByRole('checkbox', { name: 'suggested', exact: true }).check();
  await page.getByRole('button', { name: 'Apply filter' }).click();
  await expect(grid.getByRole('row')).toHaveCount(2);
  await shootThemes(page, shotsDir, 'table-status');
});
