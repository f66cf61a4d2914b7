import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, MOBILE, shootPage, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The reconciliation journey: a bank CSV and a ledger CSV imported through the UI, the workspace
 * opened from the bank table's Reconcile action, the default rules run (counts per status per side), a suggestion opened
 * and accepted, two leftovers matched by hand with a difference that an adjustment writes off, a
 * group unmatched — and the counts of the workspace header (what the dashboard reads) following
 * each step. Screenshots (light/dark × desktop/mobile) land in SHOTS_DIR (default /tmp/shots-ww).
 *
 * Fixtures (e2e/fixtures/recon-*.csv), and what the default rules (with the organization's default
 * settings, the default rule set's own: KES 500 or 0.5 % of tolerance) make of them: INV-1001..1003
 * same reference and amount → reconciled; INV-1004 (KES 15 short, same reference) → partial;
 * suggested: "Mpesa paybill" 7,800 ↔ INV-1005 and "Cash deposit" 6,100 ↔ INV-1006 (amount and date
 * only: no invoice number, no name — with the customer's name in the details the payer pass matches it); leftovers: the cheque deposit 4,850 and interest 120
 * (bank), INV-1008 5,000 and INV-1009 (ledger).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-ww';
const fixtures = path.join(import.meta.dirname, 'fixtures');

test.describe.configure({ timeout: 180_000 });

const shoot = (page: Page, name: string) => shootPage(page, shotsDir, name);

/** /tables/create → From a file → the mapping step → Import rows → the import's result. */
async function importTable(page: Page, file: string, name: string, content?: Buffer, rows = 8) {
  await page.goto('/tables/create');
  await page.getByRole('link', { name: 'From a file' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({
    name: file,
    mimeType: 'text/csv',
    buffer: content ?? readFileSync(path.join(fixtures, file)),
  });
  await expect(page.getByRole('heading', { name: file })).toBeVisible();
  await expect(page.getByLabel('Date type')).toHaveValue('date');
  await expect(page.getByLabel('Amount type')).toHaveValue('currency');
  await page.getByLabel('Table name').fill(name);
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText(
    `${rows.toLocaleString('en-US')} rows`,
    { timeout: 60_000 },
  );
}

type Counts = { reconciled: number; partial: number; suggested: number; unreconciled: number };

/** The header's counts per status of one table (the figures the dashboard reads). */
async function expectCounts(page: Page, table: string, counts: Counts) {
  const list = page.getByRole('list', { name: `Counts of ${table}` });
  for (const [status, count] of Object.entries(counts)) {
    await expect(list.locator(`[data-status="${status}"]`), `${table} ${status}`).toHaveAttribute(
      'data-count',
      String(count),
    );
  }
}

/** The toasts (the app's notifications region), apart from the same words elsewhere (the audit trail). */
function toasts(page: Page): Locator {
  return page.getByRole('status', { name: 'Notifications', exact: true });
}

function option(list: Locator, text: RegExp): Locator {
  return list.getByRole('option', { name: text });
}

/** Opens the workspace from a freshly imported table's page (Reconcile), with `right` on the right. */
async function openWorkspace(page: Page, left: string, right: string) {
  await page.getByRole('button', { name: 'Open table' }).click();
  await expect(page.getByRole('heading', { name: left })).toBeVisible();
  await page.getByRole('link', { name: `Reconcile ${left}` }).click();
  await expect(page).toHaveURL(/\/reconciliation\/workspace\?left_table_id=/);
  await page.getByLabel('Right table').selectOption({ label: right });
  await page.getByRole('button', { name: 'Open workspace' }).click();
  await expect(page.getByRole('heading', { name: `${left} ↔ ${right}` })).toBeVisible();
}

/** Minor units of a shown amount ("KES 1,234.50" → 123450n). */
function minorOf(text: string): bigint {
  const match = /(-?)KES\s?([\d,]+)\.(\d{2})/.exec(text);
  if (!match) throw new Error(`No amount in ${text}`);
  return BigInt(`${match[1]}${(match[2] ?? '').replaceAll(',', '')}${match[3]}`);
}

function kes(minor: bigint): string {
  const whole = (minor / 100n).toLocaleString('en-US');
  return `KES ${whole}.${(minor % 100n).toString().padStart(2, '0')}`;
}

test('reconciles a bank statement against a ledger: run, accept, match with a write-off, unmatch', async ({
  page,
}) => {
  const stamp = Date.now();
  const bank = `Bank ${stamp}`;
  const ledger = `Ledger ${stamp}`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await importTable(page, 'recon-ledger.csv', ledger);
  await importTable(page, 'recon-bank.csv', bank);

  // From the bank table's own page: Reconcile opens the workspace's picker with the bank on the left.
  await page.getByRole('button', { name: 'Open table' }).click();
  await expect(page.getByRole('heading', { name: bank })).toBeVisible();
  await page.getByRole('link', { name: `Reconcile ${bank}` }).click();
  await expect(page).toHaveURL(/\/reconciliation\/workspace\?left_table_id=/);
  await expect(page.getByLabel('Left table').locator('option:checked')).toHaveText(bank);
  await page.getByLabel('Right table').selectOption({ label: ledger });
  await page.getByRole('button', { name: 'Open workspace' }).click();
  await expect(page).toHaveURL(/left_table_id=.+&right_table_id=/);
  await expect(page.getByRole('heading', { name: `${bank} ↔ ${ledger}` })).toBeVisible();
  await expect(page.getByTestId('last-run')).toHaveText('Not run yet');
  const left = page.getByRole('listbox', { name: `${bank} (left)` });
  const right = page.getByRole('listbox', { name: `${ledger} (right)` });
  await expect(left.getByRole('option')).toHaveCount(8);
  await expectCounts(page, bank, { reconciled: 0, partial: 0, suggested: 0, unreconciled: 8 });

  // A dry run first: the counts it would make, and nothing saved (after a reload, all still open).
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  const runDialog = page.getByRole('dialog', { name: 'Run reconciliation' });
  await expect(runDialog.getByLabel('Only new and open items')).toBeChecked();
  await runDialog.getByRole('button', { name: 'Preview (dry run)' }).click();
  const dryRun = runDialog.getByRole('region', { name: 'Dry run' });
  await expect(dryRun.getByTestId('dry-run-reconciled')).toHaveAttribute('data-count', '3', {
    timeout: 60_000,
  });
  await expect(dryRun.getByTestId('dry-run-partial')).toHaveAttribute('data-count', '1');
  await expect(dryRun.getByTestId('dry-run-suggested')).toHaveAttribute('data-count', '2');
  await expect(dryRun).toContainText('nothing was saved');
  await expect(dryRun).toContainText('from 8 left and 8 right rows that are new or open');
  await shoot(page, 'dry-run-desktop-light');
  await runDialog.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByTestId('last-run')).toContainText('Last dry run (nothing saved) succeeded');
  await expectCounts(page, bank, { reconciled: 0, partial: 0, suggested: 0, unreconciled: 8 });
  await expectCounts(page, ledger, { reconciled: 0, partial: 0, suggested: 0, unreconciled: 8 });

  // Run the default rules and follow the run to its end.
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  await expect(runDialog.getByLabel('Rule set')).toHaveValue('');
  await runDialog.getByRole('button', { name: 'Start run' }).click();
  await expect(runDialog.getByTestId('run-status')).toHaveText('Finished', { timeout: 60_000 });
  await expect(toasts(page).getByText('Reconciliation finished')).toBeVisible();
  await runDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.getByTestId('last-run')).toContainText('Last run succeeded');
  await expectCounts(page, bank, { reconciled: 3, partial: 1, suggested: 2, unreconciled: 2 });
  await expectCounts(page, ledger, { reconciled: 3, partial: 1, suggested: 2, unreconciled: 2 });
  await expect(page.getByTestId('match-rate')).toHaveText('50%');
  await expect(option(left, /Payment Acme Ltd/)).toContainText('Reconciled');
  await expect(option(left, /EFT Duma Supplies/)).toContainText('Partial');
  await expect(option(left, /Cash deposit/)).toContainText('Suggested');
  await shoot(page, 'workspace-desktop-light');

  // The suggestion: why it was proposed, in words, then accepted.
  await page.getByRole('button', { name: 'Suggestions', exact: true }).click();
  await expect(left.getByRole('option')).toHaveCount(2);
  await option(left, /Cash deposit/).click();
  const group = page.getByRole('dialog').filter({ hasText: 'Why these rows match' });
  await expect(group).toContainText('amount equal');
  await expect(group).toContainText('date 2 days apart');
  await expect(group).toContainText('INV-1006');
  await shoot(page, 'suggestion-desktop-light');
  await group.getByRole('button', { name: 'Accept' }).click();
  await expect(toasts(page).getByText('Suggestion accepted')).toBeVisible();
  await expect(group.getByText('Reconciled', { exact: true })).toBeVisible();
  await group.getByRole('button', { name: 'Close dialog' }).click();
  await expectCounts(page, bank, { reconciled: 4, partial: 1, suggested: 1, unreconciled: 2 });

  // The accepted row's own trail (selecting it alone opens it): the run's suggestion — automatic,
  // its pass and score —, then the person's acceptance; exported as CSV.
  await page.getByLabel('Status of left rows').selectOption('reconciled');
  await option(left, /Cash deposit/)
    .getByTestId('row-checkbox')
    .click();
  const trail = page.getByRole('region', { name: 'Item trail' });
  await expect(trail).toContainText('KES 6,100.00');
  const decisions = trail.getByRole('list', { name: /^Decisions about/ }).getByRole('listitem');
  await expect(decisions).toHaveCount(2);
  await expect(decisions.nth(0)).toContainText('Suggestion accepted');
  await expect(decisions.nth(0)).toContainText('by admin@demo.test');
  await expect(decisions.nth(0)).toContainText('Beforestatus suggested');
  await expect(decisions.nth(1)).toContainText('Suggested by a run');
  await expect(decisions.nth(1)).toContainText(/by Automatic \(run [0-9a-f]{8}\)/);
  await expect(decisions.nth(1)).toContainText(/Pass .+ · score \d+ %/);
  const trailCsv = page.waitForEvent('download');
  await trail.getByRole('button', { name: 'Export CSV' }).click();
  expect((await trailCsv).suggestedFilename()).toMatch(/^recon-audit-item-[0-9a-f]{8}-/);
  await shoot(page, 'item-trail-desktop-light');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await trail.getByRole('button', { name: 'Close the item trail' }).click();
  await expect(trail).toBeHidden();

  // Two leftovers matched by hand: the selection's difference, the match's preview, the write-off.
  await page.getByLabel('Status of left rows').selectOption('unreconciled');
  await page.getByLabel('Status of right rows').selectOption('unreconciled');
  await expect(left.getByRole('option')).toHaveCount(2);
  await option(left, /Cheque deposit/).click();
  await option(right, /INV-1008/).click();
  await expect(option(left, /Cheque deposit/)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('selection-left')).toHaveText('KES 4,850.00');
  await expect(page.getByTestId('selection-right')).toHaveText('KES 5,000.00');
  await expect(page.getByTestId('selection-difference')).toHaveText('-KES 150.00');
  await shoot(page, 'selection-desktop-light');
  await page.keyboard.press('m');
  const match = page.getByRole('dialog', { name: 'Match the selected rows?' });
  await expect(match.getByTestId('match-difference')).toHaveText('-KES 150.00');
  await expect(match).toContainText('Partial');
  await match.getByRole('button', { name: 'Confirm match' }).click();
  await expect(toasts(page).getByText('Rows matched')).toBeVisible();
  const manual = page.getByRole('dialog', { name: 'Manual match' });
  await expect(manual.getByTestId('group-difference')).toHaveText('-KES 150.00');
  await manual.getByRole('button', { name: 'Adjust' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust the difference' });
  await expect(adjust.getByLabel('Amount (KES)')).toHaveValue('-150.00');
  await adjust.getByLabel('Reason').fill('Bank charges on the cheque');
  await adjust.getByLabel('Account').fill('6100 Bank charges');
  await adjust.getByRole('button', { name: 'Record adjustment' }).click();
  await expect(toasts(page).getByText('Adjustment recorded')).toBeVisible();
  await expect(manual.getByTestId('group-adjusted')).toHaveText('-KES 150.00');
  await expect(manual.getByText('Reconciled', { exact: true })).toBeVisible();
  await expect(manual.getByRole('region', { name: 'Audit trail' })).toContainText('admin@demo.test');

  // Unmatch asks first, naming the rows and the write-off it would reverse; Cancel changes nothing.
  const askUnmatch = async () => {
    await manual.getByRole('button', { name: 'Unmatch' }).click();
    const ask = page.getByRole('dialog', { name: 'Unmatch 1 group?' });
    await expect(ask).toContainText('Its 2 rows go back to unreconciled.');
    return ask;
  };
  let ask = await askUnmatch();
  const reversed = ask.getByRole('list', { name: 'Also reversed' }).getByRole('listitem');
  await expect(reversed).toHaveCount(1);
  await expect(reversed).toContainText('Write-off: Bank charges on the cheque');
  await expect(reversed).toContainText('6100 Bank charges');
  await expect(reversed).toContainText('-KES 150.00');
  await expect(ask.getByLabel('Reason (optional)')).toBeFocused();
  const manualUrl = page.url();
  await shootThemes(page, shotsDir, 'unmatch-dialog', {
    fullPage: false,
    reopen: async () => {
      await page.goto(manualUrl);
      ask = await askUnmatch();
    },
  });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(manual.getByText('Reconciled', { exact: true })).toBeVisible();
  await expect(manual.getByTestId('group-adjusted')).toHaveText('-KES 150.00');
  await manual.getByRole('button', { name: 'Close dialog' }).click();
  await expectCounts(page, bank, { reconciled: 5, partial: 1, suggested: 1, unreconciled: 1 });
  await expectCounts(page, ledger, { reconciled: 5, partial: 1, suggested: 1, unreconciled: 1 });

  // Undo a match: the rows are open again.
  await page.getByLabel('Status of left rows').selectOption('reconciled');
  await option(left, /Payment Acme Ltd/).click();
  const exact = page.getByRole('dialog').filter({ hasText: 'INV-1001' });
  await expect(exact).toContainText('reference INV1001 equal');
  await exact.getByRole('button', { name: 'Unmatch' }).click();
  const askExact = page.getByRole('dialog', { name: 'Unmatch 1 group?' });
  await expect(askExact).toContainText('Nothing else: no write-offs or allocations.');
  await askExact.getByLabel('Reason (optional)').fill('Paid twice, matched to the wrong invoice');
  await askExact.getByRole('button', { name: 'Unmatch 1 group' }).click();
  await expect(toasts(page).getByText('Group unmatched')).toBeVisible();
  await expect(askExact).toBeHidden();
  await expect(exact).toBeHidden();
  // The toast offers Undo: the match comes back as it was; then unmatched again.
  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toasts(page).getByText('Match restored')).toBeVisible();
  await expect(option(left, /Payment Acme Ltd/)).toBeVisible();
  await option(left, /Payment Acme Ltd/).click();
  await expect(exact.getByText('Reconciled', { exact: true })).toBeVisible();
  await expect(exact.getByRole('region', { name: 'Audit trail' })).toContainText(
    'Paid twice, matched to the wrong invoice',
  );
  await exact.getByRole('button', { name: 'Unmatch' }).click();
  await askExact.getByRole('button', { name: 'Unmatch 1 group' }).click();
  await expect(askExact).toBeHidden();
  await expect(exact).toBeHidden();
  await expectCounts(page, bank, { reconciled: 4, partial: 1, suggested: 1, unreconciled: 2 });
  await expectCounts(page, ledger, { reconciled: 4, partial: 1, suggested: 1, unreconciled: 2 });

  // The remaining suggestion selected by its checkbox and accepted from the selection bar (with two
  // or more the bar says "Accept all (N)": selection-bar.test.tsx); the one KES 15 short stays partial.
  await page.getByRole('button', { name: 'Suggestions', exact: true }).click();
  await expect(left.getByRole('option')).toHaveCount(1);
  for (const row of await left.getByRole('option').all()) await row.getByTestId('row-checkbox').click();
  await page
    .getByRole('region', { name: 'Selection' })
    .getByRole('button', { name: 'Accept', exact: true })
    .click();
  await expect(toasts(page).getByText('Suggestion accepted')).toBeVisible();
  await expect(left.getByRole('option')).toHaveCount(0);
  await expectCounts(page, bank, { reconciled: 5, partial: 1, suggested: 0, unreconciled: 2 });
  await expectCounts(page, ledger, { reconciled: 5, partial: 1, suggested: 0, unreconciled: 2 });

  // Allocate: one bank payment spread over two ledger invoices, oldest first, amounts edited.
  await page.getByLabel('Status of left rows').selectOption('unreconciled');
  await page.getByLabel('Status of right rows').selectOption('unreconciled');
  await option(left, /Payment Acme Ltd/).click();
  await option(right, /INV-1001/).click();
  await option(right, /INV-1009/).click();
  await page.keyboard.press('l');
  const allocation = page.getByRole('dialog', { name: 'Allocate the payment' });
  const first = allocation.getByLabel(/^Amount for .*INV-1001/);
  const second = allocation.getByLabel(/^Amount for .*INV-1009/);
  await expect(first).toHaveValue('12000.00');
  await expect(second).toHaveValue('0.00');
  await first.fill('7000');
  await expect(allocation.getByTestId('allocation-remaining')).toHaveText('KES 5,000.00');
  await second.fill('5000.01');
  await expect(allocation.getByText('That is 0.01 more than the payment has open')).toBeVisible();
  await second.fill('5000');
  await expect(allocation.getByTestId('allocation-remaining')).toHaveText('KES 0.00');
  await shoot(page, 'allocation-desktop-light');
  await allocation.getByRole('button', { name: 'Confirm allocation' }).click();
  await expect(toasts(page).getByText('Payment allocated')).toBeVisible();
  await expect(allocation).toBeHidden();
  await expect(left.getByRole('option')).toHaveCount(1);
  await expect(right.getByRole('option')).toHaveCount(0);

  // Keyboard only: the list takes arrows and Space, "?" shows the shortcuts.
  await page.getByLabel('Status of left rows').selectOption('');
  await expect(left.getByRole('option')).toHaveCount(8);
  await left.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('t');
  await expect(page.getByRole('region', { name: 'Item trail' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(left.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('region', { name: 'Selection' }).getByRole('button', { name: 'Unmatch' }),
  ).toBeVisible();
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toContainText('audit trail');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await page.getByLabel('Status of left rows').selectOption('');
  await page.getByLabel('Status of right rows').selectOption('');

  // The sidebar and the dashboard lead here too.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Reconcile' })).toHaveAttribute(
    'href',
    '/reconciliation/workspace',
  );
  await nav.getByRole('link', { name: 'Workflows' }).click();
  await expect(page.getByRole('link', { name: 'Reconciliation workspace' })).toBeVisible();
  await shoot(page, 'workflows-desktop-light');
  // The workspace remembers the last pair: the bare link opens it again.
  await page.getByRole('link', { name: 'Reconciliation workspace' }).click();
  await expect(page).toHaveURL(/\/reconciliation\/workspace\?left_table_id=.+&right_table_id=/);
  await expect(page.getByRole('heading', { name: `${bank} ↔ ${ledger}` })).toBeVisible();
  // Change tables still asks for the pair.
  await page.getByRole('button', { name: 'Change tables' }).click();
  await expect(page.getByRole('button', { name: 'Open workspace' })).toBeVisible();
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('link', { name: `Open ${bank} ↔ ${ledger} in the workspace` }).click();
  await expect(page.getByRole('heading', { name: `${bank} ↔ ${ledger}` })).toBeVisible();

  // Look at it in light and dark, on a desktop and on a phone (stacked, no sideways scroll).
  await shootThemes(page, shotsDir, 'workspace-from-dashboard');
  await option(left, /Cheque deposit/)
    .getByTestId('row-checkbox')
    .click();
  const chequeTrail = page.getByRole('region', { name: 'Item trail' });
  await expect(chequeTrail).toContainText('Matched by hand');
  await shootThemes(page, shotsDir, 'item-trail-matched');
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await chequeTrail.getByRole('button', { name: 'Close the item trail' }).click();
  await page.setViewportSize(MOBILE);
  await option(left, /Transfer Baraka/).click();
  await shoot(page, 'group-mobile-light');
});

test('scrolls a long table in a virtual list: pages load as it scrolls, few rows in the DOM, exact totals', async ({
  page,
}) => {
  const stamp = Date.now();
  const long = `Long ${stamp}`;
  const ledger = `Ledger ${stamp}`;
  const count = 1500;
  const lines = ['Date,Description,Reference,Amount'];
  for (let i = 0; i < count; i += 1) {
    const day = String((i % 28) + 1).padStart(2, '0');
    lines.push(`2026-02-${day},Line ${i + 1},LONG-${i + 1},"KES ${(1000 + i).toLocaleString('en-US')}.25"`);
  }
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await importTable(page, 'recon-ledger.csv', ledger);
  await importTable(page, 'long.csv', long, Buffer.from(`${lines.join('\n')}\n`), count);
  await openWorkspace(page, long, ledger);

  const left = page.getByRole('listbox', { name: `${long} (left)` });
  const options = left.getByRole('option');
  await expect(page.getByRole('region', { name: `Left: ${long}` })).toContainText('1,500 rows');
  await expect(options.first()).toHaveAttribute('aria-posinset', '1');
  await expect(options.first()).toHaveAttribute('aria-setsize', String(count));
  expect(await options.count()).toBeLessThanOrEqual(30);

  // Select the first row, scroll to the very end (pages load on the way), select the last.
  const first = options.first();
  const firstAmount = minorOf(await first.innerText());
  await first.getByTestId('row-checkbox').click();
  const lastRow = left.locator(`[role="option"][aria-posinset="${count}"]`);
  await expect
    .poll(
      async () => {
        await left.evaluate((box) => box.scrollTo({ top: box.scrollHeight }));
        return lastRow.count();
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(1);
  expect(await options.count()).toBeLessThanOrEqual(30);
  await expect(left.locator('[aria-posinset="1"]')).toHaveCount(0);
  const lastAmount = minorOf(await lastRow.innerText());
  await lastRow.getByTestId('row-checkbox').click();
  await expect(page.getByTestId('selection-left')).toHaveText(kes(firstAmount + lastAmount));

  // Keyboard: Home back to the top (the first row is still selected), End to the last, ↑ and Space.
  await left.focus();
  await page.keyboard.press('Home');
  await expect(options.first()).toHaveAttribute('aria-posinset', '1');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('End');
  await expect(lastRow).toBeVisible();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  const before = left.locator(`[role="option"][aria-posinset="${count - 1}"]`);
  await expect(before).toHaveAttribute('aria-selected', 'true');
  const beforeAmount = minorOf(await before.innerText());
  await expect(page.getByTestId('selection-left')).toHaveText(kes(firstAmount + lastAmount + beforeAmount));
  await expect(page.getByRole('region', { name: 'Selection' })).toContainText('Left (3)');
  await shoot(page, 'long-list-desktop-light');

  // The status filter still filters (nothing is suggested yet), and All brings every row back.
  await page.getByLabel('Status of left rows').selectOption('suggested');
  await expect(page.getByRole('region', { name: `Left: ${long}` })).toContainText(
    'No row matches this filter.',
  );
  await page.getByLabel('Status of left rows').selectOption('');
  await expect(options.first()).toHaveAttribute('aria-setsize', String(count));
  await page.getByRole('button', { name: 'Clear selection' }).click();
});
