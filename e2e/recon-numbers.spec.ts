import { expect, type Page, test } from '@playwright/test';
import {
  acceptCookies,
  DESKTOP,
  postJson,
  requestJson,
  shootThemes,
  watchApiHeaders,
} from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Numbers that agree: an M-Pesa-like statement (receipts and a withdrawal) against invoices, dated
 * February 2024 (a month no other journey uses), run from the workspace. The run's toast counts
 * groups and says so; the workspace header counts items and says so, and shows the open money in and
 * money out apart (never netted); the dashboard shows each side's reconciled amount on its own,
 * never the two sides added; the sidebar's Reconcile opens the pair again. Screenshots (light/dark × desktop/mobile) in SHOTS_DIR (default
 * /tmp/shots-recon-numbers).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-recon-numbers';
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 180_000 });

const STATEMENT = [
  { Date: '2024-02-05', Reference: 'INV-3001', Amount: '12000.00' },
  { Date: '2024-02-06', Reference: 'INV-3002', Amount: '8450.00' },
  { Date: '2024-02-07', Reference: 'Withdrawal to bank', Amount: '-5000.00' },
  { Date: '2024-02-20', Reference: 'Walk-in receipt', Amount: '333.00' },
];
const INVOICES = [
  { Date: '2024-02-04', Reference: 'INV-3001', Amount: '12000.00' },
  { Date: '2024-02-05', Reference: 'INV-3002', Amount: '8450.00' },
  { Date: '2024-02-01', Reference: 'INV-3003', Amount: '70000.00' },
];

async function createTable(
  page: Page,
  headers: Record<string, string>,
  name: string,
  rows: Array<Record<string, string>>,
): Promise<string> {
  const table = await postJson(page, headers, `${TABLES}/`, {
    name,
    columns: [
      { name: 'Date', type: 'date' },
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
    ],
  });
  await postJson(page, headers, `${TABLES}/${table.id}/items/bulk_create`, {
    items: rows.map((values) => ({ values })),
  });
  return String(table.id);
}

test('the run toast counts groups, the workspace counts items and never nets, the dashboard counts each side once', async ({
  page,
}) => {
  const stamp = Date.now();
  const statementName = `M-Pesa Feb ${stamp}`;
  const invoicesName = `Invoices Feb ${stamp}`;
  await page.setViewportSize(DESKTOP);
  const headers = watchApiHeaders(page);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization).toBeTruthy();
  const statement = await createTable(page, headers, statementName, STATEMENT);
  const invoices = await createTable(page, headers, invoicesName, INVOICES);

  await page.goto(`/reconciliation/workspace?left_table_id=${statement}&right_table_id=${invoices}`);
  await expect(page.getByRole('heading', { name: `${statementName} ↔ ${invoicesName}` })).toBeVisible();
  const leftCounts = page.getByRole('list', { name: `Counts of ${statementName}` });
  // Before any run: 4 items open, 12,000 + 8,450 + 333 in and 5,000 out (not "KES 15,783.00").
  await expect(leftCounts.locator('[data-status="unreconciled"]')).toHaveText(
    'Unreconciled 4 items KES 20,783.00 in · KES 5,000.00 out',
  );

  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  const runDialog = page.getByRole('dialog', { name: 'Run reconciliation' });
  await runDialog.getByRole('button', { name: 'Start run' }).click();
  await expect(runDialog.getByTestId('run-status')).toHaveText('Finished', { timeout: 60_000 });
  // What the run made, from the server: the two invoices paid by reference, nothing else.
  const summary = await requestJson(
    page,
    headers,
    `/api/recon/v1/recon/workspace?left_table_id=${statement}&right_table_id=${invoices}`,
  );
  expect((summary.left as { counts: unknown }).counts).toEqual({
    reconciled: 2,
    partial: 0,
    suggested: 0,
    unreconciled: 2,
  });
  await expect(
    page
      .getByRole('status', { name: 'Notifications', exact: true })
      .getByText('2 groups: 2 reconciled, 0 partial, 0 suggested'),
  ).toBeVisible();
  await runDialog.getByRole('button', { name: 'Close', exact: true }).click();

  await expect(leftCounts.locator('[data-status="reconciled"]')).toHaveText(
    'Reconciled 2 items KES 20,450.00',
  );
  await expect(leftCounts.locator('[data-status="unreconciled"]')).toHaveText(
    'Unreconciled 2 items KES 333.00 in · KES 5,000.00 out',
  );
  await expect(
    page.getByRole('list', { name: `Counts of ${invoicesName}` }).locator('[data-status="unreconciled"]'),
  ).toHaveText('Unreconciled 1 item KES 70,000.00');
  await shootThemes(page, shotsDir, 'workspace', { fullPage: false });

  // The dashboard over February 2024: each side's reconciled amount on its own.
  await page.goto('/reconciliation/dashboard?from=2024-02-01&to=2024-02-29');
  await expect(page.getByText('7 items dated 2024-02-01 to 2024-02-29')).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Show details' });
  if (await toggle.isVisible()) await toggle.click();
  const reconciled = page.getByRole('region', { name: 'Reconciled', exact: true });
  await expect(reconciled).toContainText('4items');
  await expect(reconciled.locator('[data-side="left"]')).toHaveText(`${statementName}KES 20,450.00`);
  await expect(reconciled.locator('[data-side="right"]')).toHaveText(`${invoicesName}KES 20,450.00`);
  await expect(reconciled).not.toContainText('40,900');
  const open = page.getByRole('region', { name: 'Unreconciled', exact: true });
  await expect(open.locator('[data-side="left"]')).toHaveText(
    `${statementName}KES 333.00 in · KES 5,000.00 out`,
  );
  await expect(page.getByRole('list', { name: 'Open items by age' })).toContainText(
    `3 items · ${statementName}: KES 333.00 in · KES 5,000.00 out · ${invoicesName}: KES 70,000.00`,
  );
  await shootThemes(page, shotsDir, 'dashboard');

  // The sidebar's Reconcile opens the pair last worked on, not an empty picker.
  await page.setViewportSize(DESKTOP);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reconcile' }).click();
  await expect(page.getByRole('heading', { name: `${statementName} ↔ ${invoicesName}` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`left_table_id=${statement}&right_table_id=${invoices}`));

  // One default, named once: with a default rule set, the run dialog offers it once as the default
  // (no "Default rules" beside "… (default)"). Taken out again so other journeys keep the built-in one.
  const RULES = '/api/recon/recon_engine/api/rules';
  const defaults = await requestJson(page, headers, `${RULES}/defaults`);
  const ruleName = `Paybill vs invoices ${stamp}`;
  const rule = await postJson(page, headers, RULES, {
    name: ruleName,
    passes: defaults.passes,
    is_default: true,
  });
  try {
    await page.getByRole('button', { name: 'Run reconciliation' }).click();
    const ruleSet = runDialog.getByLabel('Rule set');
    await expect(ruleSet.locator('option').first()).toHaveText(`${ruleName} (default)`);
    await expect(ruleSet.locator('option', { hasText: ruleName })).toHaveCount(1);
    await expect(ruleSet.locator('option', { hasText: 'Default rules' })).toHaveCount(0);
    await runDialog.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    const removed = await page.request.delete(`${RULES}?rule_id=${String(rule.id)}`, { headers });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
});
