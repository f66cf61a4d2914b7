import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, requestJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The reconciliation rules editor and settings: two small tables imported from CSV, a rule set made
 * from the default passes with one pass changed and one moved, tested on the two tables (counts per
 * pass, before saving), saved and listed; then the reconciliation settings changed and still there
 * after a reload. Screenshots (light/dark × desktop/mobile) land in SHOTS_DIR (default /tmp/shots-wr).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-wr';

test.describe.configure({ timeout: 180_000 });

/** Imports a CSV as a new table through the UI (/tables/create → From a file → mapping → import). */
async function importTable(page: Page, name: string, fileName: string, csv: string) {
  await page.goto('/tables/create');
  await page.getByRole('link', { name: 'From a file' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(page.getByRole('heading', { name: fileName })).toBeVisible();
  await expect(page.getByLabel('Amount type')).toHaveValue('currency');
  await expect(page.getByLabel('Date type')).toHaveValue('date');
  await page.getByLabel('Table name').fill(name);
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
}

const SETTINGS = '/api/recon/v1/recon/settings';
let restoreSettings: (() => Promise<void>) | undefined;

/**
 * Both journeys change the organization's reconciliation settings (tolerances, maker-checker): the
 * settings found are put back after each, so other journeys (recon.spec.ts) run on what they expect.
 */
async function keepSettings(page: Page, headers: Record<string, string>) {
  const found = await page.request.get(SETTINGS, { headers });
  expect(found.ok(), `${SETTINGS}: ${found.status()}`).toBe(true);
  const { data } = (await found.json()) as { data: unknown };
  restoreSettings = async () => {
    const put = await page.request.put(SETTINGS, {
      headers: { ...headers, 'Content-Type': 'application/json' },
      data: JSON.stringify(data),
    });
    expect(put.ok(), `${SETTINGS}: ${put.status()} ${await put.text()}`).toBe(true);
  };
}

test.afterEach(async () => {
  const restore = restoreSettings;
  restoreSettings = undefined;
  await restore?.();
});

test('a rule set made from the defaults is changed, tested on two tables, saved and listed; settings persist', async ({
  page,
}) => {
  const stamp = Date.now();
  const bank = `Bank ${stamp}`;
  const ledger = `Ledger ${stamp}`;
  const ruleName = `Bank vs ledger ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);

  await importTable(
    page,
    bank,
    'bank.csv',
    [
      'Date,Details,Reference,Amount',
      '2026-01-10,Payment for INV-1001,INV-1001,"1,000.00"',
      '2026-01-11,Payment for INV-1002 less charges,INV-1002,"1,980.00"',
      '2026-01-12,Card fee,FEE-77,"55.00"',
    ].join('\r\n'),
  );
  await importTable(
    page,
    ledger,
    'ledger.csv',
    [
      'Date,Invoice,Customer,Amount',
      '2026-01-08,INV-1001,Acme Ltd,"1,000.00"',
      '2026-01-09,INV-1002,Beta Ltd,"2,000.00"',
      '2026-01-10,INV-1003,Gamma Ltd,"300.00"',
    ].join('\r\n'),
  );

  // No rule set yet: start one from the engine's defaults.
  await page.goto('/reconciliation/rules');
  await expect(page.getByRole('heading', { name: 'Rule sets' })).toBeVisible();
  await page.getByRole('button', { name: 'New rule set' }).first().click();
  await expect(page).toHaveURL(/\/reconciliation\/rules\/new$/);
  const passes = page.getByRole('list', { name: 'Passes, in the order they run' });
  await expect(passes.getByRole('listitem')).toHaveCount(7);
  await expect(passes.getByRole('listitem').nth(1)).toHaveAccessibleName('Pass 2: Same reference and amount');

  await page.getByLabel('Rule set name').fill(ruleName);
  await page.getByRole('switch', { name: 'Use as default' }).click();

  // Change the tolerance pass: KES 25 absolute, in major units (stored as 2,500 minor units).
  const tolerance = passes.getByRole('listitem', { name: /Reference and amount within tolerance/ });
  await tolerance.getByRole('button', { name: /^Pass 3: Reference and amount within tolerance/ }).click();
  await expect(tolerance.getByRole('button', { name: /^Pass 3:/ })).toHaveAttribute('aria-expanded', 'true');
  const absolute = page.getByLabel('Pass 3 amount tolerance', { exact: true });
  await expect(absolute).toHaveValue(/^\d+\.\d\d$/);
  await absolute.fill('25.005');
  await page.getByRole('button', { name: 'Test on current data' }).click();
  await expect(tolerance.getByText('Use at most 2 decimals')).toBeVisible();
  await absolute.fill('25');

  // Keyboard reorder: the fuzzy pass one place up (before bulk payments); focus stays on the card.
  await page.getByRole('button', { name: 'Move Similar records (suggestions) up' }).focus();
  await page.keyboard.press('Enter');
  await expect(passes.getByRole('listitem').nth(5)).toHaveAccessibleName(
    'Pass 6: Similar records (suggestions)',
  );
  await expect(page.getByRole('button', { name: 'Move Similar records (suggestions) up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(passes.getByRole('listitem').nth(4)).toHaveAccessibleName(
    'Pass 5: Similar records (suggestions)',
  );
  await page.getByRole('button', { name: 'Move Similar records (suggestions) down' }).click();
  await page.getByRole('button', { name: 'Move Similar records (suggestions) down' }).click();
  await expect(passes.getByRole('listitem').nth(6)).toHaveAccessibleName(
    'Pass 7: Similar records (suggestions)',
  );

  // Drag and drop: the reversals pass dropped on the second card, then back on the first.
  await page.getByTestId('drag-pass-1').dragTo(passes.getByRole('listitem').nth(1));
  await expect(passes.getByRole('listitem').nth(1)).toHaveAccessibleName('Pass 2: Reversals cancel out');
  await expect(passes.getByRole('listitem').nth(0)).toHaveAccessibleName('Pass 1: Same reference and amount');
  await page.getByTestId('drag-pass-2').dragTo(passes.getByRole('listitem').nth(0));
  await expect(passes.getByRole('listitem').nth(0)).toHaveAccessibleName('Pass 1: Reversals cancel out');

  // Test on current data (a dry run of the unsaved passes): counts per pass and per status.
  await page.getByLabel('Left table (e.g. bank or M-Pesa)').selectOption({ label: `${bank} (3 rows)` });
  await page.getByLabel('Right table (e.g. ledger)').selectOption({ label: `${ledger} (3 rows)` });
  await page.getByRole('button', { name: 'Test on current data' }).click();
  const result = page.getByRole('region', { name: 'Test result' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  const exact = result.getByTestId('pass-result-exact');
  await expect(exact.getByRole('cell').nth(1)).toHaveText('1'); // groups
  await expect(exact.getByRole('cell').nth(2)).toHaveText('1'); // automatic
  // INV-1002 is KES 20 short: inside KES 25, so the tolerance pass takes it.
  await expect(result.getByTestId('pass-result-tolerance').getByRole('cell').nth(1)).toHaveText('1');
  await expect(result.getByTestId('totals-left')).toContainText('1 unreconciled');
  await expect(result.getByTestId('totals-right')).toContainText('1 unreconciled');
  await shootThemes(page, shotsDir, 'rule-editor', { still: true });

  await page.getByRole('button', { name: 'Save rule set' }).click();
  await expect(page.getByText('Rule saved successfully', { exact: true })).toBeVisible();
  await expect(page.getByText(`Rule set ${ruleName}`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/reconciliation\/rules$/);
  const row = page.getByRole('row', { name: new RegExp(ruleName) });
  await expect(row).toContainText('Default');
  await expect(row.getByRole('cell').nth(1)).toHaveText('7');
  await shootThemes(page, shotsDir, 'rules-list', { still: true });

  // Saved as edited: the tolerance in major units, the order kept.
  await row.getByRole('link', { name: ruleName }).click();
  await expect(page.getByLabel('Rule set name')).toHaveValue(ruleName);
  await expect(passes.getByRole('listitem').nth(6)).toHaveAccessibleName(
    'Pass 7: Similar records (suggestions)',
  );
  await passes.getByRole('button', { name: /^Pass 3: Reference and amount within tolerance/ }).click();
  await expect(page.getByLabel('Pass 3 amount tolerance', { exact: true })).toHaveValue('25.00');

  // A second rule set with the same name is refused with the server's message.
  await page.goto('/reconciliation/rules/new');
  await page.getByLabel('Rule set name').fill(ruleName);
  await page.getByRole('button', { name: 'Save rule set' }).click();
  await expect(page.getByLabel('Rule set name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/reconciliation\/rules\/new$/);

  // Delete asks first, naming the rule set.
  await page.goto('/reconciliation/rules');
  await page.getByRole('button', { name: `Delete ${ruleName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete rule set' });
  await expect(confirm).toContainText(ruleName);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row', { name: new RegExp(ruleName) })).toBeVisible();

  // Reconciliation settings under Account Settings, kept after a reload.
  await keepSettings(page, headers);
  await page.goto('/settings');
  const settings = page.getByRole('region', { name: 'Reconciliation' });
  await expect(settings.getByLabel('Default currency')).toHaveValue('KES');
  await settings.getByLabel('Amount tolerance', { exact: true }).fill('750.50');
  await settings.getByLabel('Days after').fill('10');
  await settings.getByLabel('Suggest score').fill('0.95');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(
    settings.getByText('The suggestion score cannot be above the auto-accept score'),
  ).toBeVisible();
  await settings.getByLabel('Suggest score').fill('0.55');
  await settings.getByRole('switch', { name: 'Maker-checker' }).click();
  await settings.getByLabel('Approval threshold').fill('100,000');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reconciliation settings saved')).toBeVisible();
  await shootThemes(page, shotsDir, 'settings-recon', { still: true });

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Reconciliation' });
  await expect(reloaded.getByLabel('Amount tolerance', { exact: true })).toHaveValue('750.50');
  await expect(reloaded.getByLabel('Days after')).toHaveValue('10');
  await expect(reloaded.getByLabel('Suggest score')).toHaveValue('0.55');
  await expect(reloaded.getByRole('switch', { name: 'Maker-checker' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(reloaded.getByLabel('Approval threshold')).toHaveValue('100000.00');

  // The defaults of a new rule set follow the settings (tolerance KES 750.50).
  await page.goto('/reconciliation/rules/new');
  await passes.getByRole('button', { name: /^Pass 3: Reference and amount within tolerance/ }).click();
  await expect(page.getByLabel('Pass 3 amount tolerance', { exact: true })).toHaveValue('750.50');
});

test('maker-checker: my own match waits in the approvals panel; its audit trail reads and exports', async ({
  page,
}) => {
  const stamp = Date.now();
  const bank = `Bank approvals ${stamp}`;
  const ledger = `Ledger approvals ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await importTable(
    page,
    bank,
    'bank-approvals.csv',
    ['Date,Details,Reference,Amount', '2026-02-10,Payment for INV-2002,INV-2002,"1,980.00"'].join('\r\n'),
  );
  await importTable(
    page,
    ledger,
    'ledger-approvals.csv',
    ['Date,Invoice,Customer,Amount', '2026-02-09,INV-2002,Beta Ltd,"2,000.00"'].join('\r\n'),
  );

  // Every manual match of KES 500 or more waits for a second person.
  await keepSettings(page, headers);
  await page.goto('/settings');
  const settings = page.getByRole('region', { name: 'Reconciliation' });
  const makerChecker = settings.getByRole('switch', { name: 'Maker-checker' });
  if ((await makerChecker.getAttribute('aria-checked')) !== 'true') await makerChecker.click();
  await settings.getByLabel('Approval threshold').fill('500');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Reconciliation settings saved')).toBeVisible();

  // A manual match through the API, as this user: KES 20 apart, so partial, and above the threshold.
  const api = (path: string, init?: { method: string; body: unknown }) =>
    requestJson(page, headers, path, init);
  const tables = (await api(`/api/tables/storage/counterpart_tables/?search=approvals ${stamp}`)) as {
    data: Array<{ id: string; name: string }>;
  };
  const tableId = (name: string) => tables.data.find((table) => table.name === name)?.id ?? '';
  const itemIds = async (table: string) => {
    const items = (await api(`/api/recon/v1/recon/items?table_id=${tableId(table)}`)) as {
      data: Array<{ item_id: string }>;
    };
    return items.data.map((item) => item.item_id);
  };
  const match = (await api('/api/recon/workflows/manual_reconciliation', {
    method: 'POST',
    body: { left_item_ids: await itemIds(bank), right_item_ids: await itemIds(ledger), note: 'e2e' },
  })) as { data: { id: string; state: string } };
  expect(match.data.state).toBe('pending_approval');

  // The workspace shows it waiting, and not for me to decide.
  const workspace = `/reconciliation/workspace?left_table_id=${tableId(bank)}&right_table_id=${tableId(ledger)}`;
  await page.goto(workspace);
  const approvals = page.getByRole('region', { name: 'Approvals', exact: true });
  await expect(approvals).toBeVisible({ timeout: 20_000 });
  await expect(approvals).toContainText('You asked for this one: another person must approve it');
  await expect(approvals).toContainText('KES 2,000.00');
  await expect(approvals.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await shootThemes(page, shotsDir, 'workspace-approvals', { still: true });

  // The group's audit trail: who matched it, and a CSV of the same entries.
  const openGroup = async () => {
    await page.goto(`${workspace}&group=${match.data.id}`);
    await expect(page.getByRole('region', { name: 'Audit trail', exact: true })).toBeVisible({
      timeout: 20_000,
    });
  };
  await openGroup();
  const audit = page.getByRole('region', { name: 'Audit trail', exact: true });
  await expect(audit).toContainText('by admin@demo.test', { timeout: 20_000 });
  const download = page.waitForEvent('download');
  await audit.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^recon-audit-group-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.csv$/);
  const saved = await file.path();
  expect(readFileSync(saved, 'utf8')).toContain('admin@demo.test');
  await shootThemes(page, shotsDir, 'workspace-audit', { still: true, reopen: openGroup });
});
