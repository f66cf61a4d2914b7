import { expect, type Locator, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Issue 19, "Review and undo": a write-off is reversed from the group panel with a reason (the
 * group's numbers come back, the line says who reversed it, when and why), and an allocation is
 * reversed from a row's audit trail (the reversal is a new entry). Both dialogs drive the real server.
 * Screenshots of the dialog and the panel in SHOTS_DIR.
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-reverse';
const TABLES = '/api/tables/storage/counterpart_tables';
const RECON = '/api/recon';

test.describe.configure({ timeout: 240_000 });

const toasts = (page: Page): Locator => page.getByRole('status', { name: 'Notifications', exact: true });

/** A table of Date, two text columns and Amount, with its rows' ids in the order given. */
async function table(
  page: Page,
  headers: Record<string, string>,
  name: string,
  text: [string, string],
  rows: string[][],
): Promise<{ id: string; items: string[] }> {
  const created = await postJson(page, headers, `${TABLES}/`, {
    name,
    columns: [
      { name: 'Date', type: 'date' },
      ...text.map((column) => ({ name: column, type: 'text' })),
      { name: 'Amount', type: 'currency' },
    ],
  });
  const items: string[] = [];
  for (const [date, first, second, amount] of rows) {
    const item = await postJson(page, headers, `${TABLES}/${created.id}/items`, {
      values: { Date: date, [text[0]]: first, [text[1]]: second, Amount: amount },
    });
    items.push(String(item.id));
  }
  return { id: String(created.id), items };
}

async function expectCount(page: Page, tableName: string, status: string, count: number) {
  await expect(
    page.getByRole('list', { name: `Counts of ${tableName}` }).locator(`[data-status="${status}"]`),
    `${tableName} ${status}`,
  ).toHaveAttribute('data-count', String(count));
}

test('a write-off is reversed from the group panel, an allocation from the audit trail', async ({ page }) => {
  const stamp = Date.now();
  const bankName = `Reverse bank ${stamp}`;
  const ledgerName = `Reverse ledger ${stamp}`;
  await page.setViewportSize(DESKTOP);
  const headers = watchApiHeaders(page);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization).toBeTruthy();
  const bank = await table(
    page,
    headers,
    bankName,
    ['Description', 'Reference'],
    [
      ['2025-09-02', 'Cheque deposit', 'CHQ-4410', '4850.00'],
      ['2025-09-05', 'Payment Acme Ltd', 'PAY-7781', '12000.00'],
    ],
  );
  const ledger = await table(
    page,
    headers,
    ledgerName,
    ['Invoice', 'Customer'],
    [
      ['2025-09-01', 'INV-3001', 'Baraka Stores', '5000.00'],
      ['2025-08-20', 'INV-3002', 'Acme Ltd', '7000.00'],
      ['2025-08-25', 'INV-3003', 'Acme Ltd', '5000.00'],
    ],
  );
  // Seeded through the API: a manual match short by 150.00, and a payment allocated over two invoices.
  const matched = await postJson(page, headers, `${RECON}/workflows/manual_reconciliation`, {
    left_item_ids: [bank.items[0]],
    right_item_ids: [ledger.items[0]],
  });
  const groupId = String((matched.data as { id: string }).id);
  const allocated = await postJson(page, headers, `${RECON}/v1/allocations/from_items`, {
    payment_item_id: bank.items[1],
    invoice_item_ids: [ledger.items[1], ledger.items[2]],
  });
  expect(allocated.allocation_ids).toHaveLength(2);

  const workspace = `/reconciliation/workspace?left_table_id=${bank.id}&right_table_id=${ledger.id}`;
  await page.goto(`${workspace}&group=${groupId}`);
  const panel = page.getByRole('dialog', { name: 'Manual match' });
  await expect(panel.getByTestId('group-difference')).toHaveText('-KES 150.00');
  await expectCount(page, bankName, 'partial', 1);
  await expectCount(page, bankName, 'reconciled', 1);

  // Write the difference off (the Adjust dialog), then reverse it from the panel's list.
  await panel.getByRole('button', { name: 'Adjust' }).click();
  const adjust = page.getByRole('dialog', { name: 'Adjust the difference' });
  await adjust.getByLabel('Reason').fill('Bank charges on the cheque');
  await adjust.getByLabel('Account').fill('6100 Bank charges');
  await adjust.getByRole('button', { name: 'Record adjustment' }).click();
  await expect(toasts(page).getByText('Adjustment recorded')).toBeVisible();
  await expect(panel.getByTestId('group-adjusted')).toHaveText('-KES 150.00');
  await expect(panel.getByText('Reconciled', { exact: true })).toBeVisible();
  // The bank's rows: the cheque now reconciled as well as the allocated payment.
  await expectCount(page, bankName, 'reconciled', 2);
  await expectCount(page, bankName, 'partial', 0);

  const writeOff = panel.getByTestId('group-adjustment');
  await expect(writeOff).toHaveCount(1);
  const openReverse = async () => {
    await writeOff
      .getByRole('button', { name: 'Reverse the write-off “Bank charges on the cheque”' })
      .click();
    return page.getByRole('dialog', { name: 'Reverse this write-off?' });
  };
  let reverse = await openReverse();
  const what = reverse.getByRole('definition');
  await expect(reverse.getByTestId('reverse-amount')).toHaveText('-KES 150.00');
  await expect(what.nth(0)).toHaveText('Write-off');
  await expect(what.nth(2)).toHaveText('Write-off to 6100 Bank charges: “Bank charges on the cheque”');
  // The rows as the group panel names them (left first).
  await expect(what.nth(3)).toHaveText(/^Cheque deposit · CHQ-4410 · INV-3001/);
  // The reason is required: an empty one is refused in words, and nothing is sent.
  await reverse.getByRole('button', { name: 'Reverse write-off' }).click();
  await expect(reverse.getByText('Give a reason: the audit trail keeps it with the reversal')).toBeVisible();
  await expect(reverse.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByTestId('group-adjusted')).toHaveText('-KES 150.00');
  // Cancel changes nothing; Escape closes only the dialog on top.
  await reverse.getByRole('button', { name: 'Cancel' }).click();
  await expect(reverse).toBeHidden();
  await expect(panel).toBeVisible();

  reverse = await openReverse();
  await reverse.getByLabel('Reason').fill('Charged back by the bank');
  await shootThemes(page, shotsDir, 'reverse-dialog', {
    fullPage: false,
    reopen: async () => {
      await page.reload();
      reverse = await openReverse();
      await reverse.getByLabel('Reason').fill('Charged back by the bank');
    },
  });
  await reverse.getByRole('button', { name: 'Reverse write-off' }).click();
  await expect(toasts(page).getByText('Write-off reversed')).toBeVisible();
  await expect(reverse).toBeHidden();
  // The numbers come back: nothing adjusted, the difference unexplained again, the rows partial.
  await expect(panel.getByTestId('group-adjusted')).toHaveText('KES 0.00');
  await expect(panel.getByText('Partial', { exact: true })).toBeVisible();
  await expect(panel.getByText('Still unexplained:')).toContainText('-KES 150.00');
  await expect(writeOff).toContainText(/Reversed by admin@demo\.test on .+: Charged back by the bank/);
  await expect(writeOff.getByRole('button', { name: /^Reverse/ })).toHaveCount(0);
  await expectCount(page, bankName, 'partial', 1);
  await expectCount(page, bankName, 'reconciled', 1);
  const panelTrail = panel.getByRole('region', { name: 'Audit trail' });
  await expect(panelTrail.locator('[data-action="adjustment.reversed"]')).toContainText(
    'Charged back by the bank',
  );
  // The write-off's own entry in the trail offers Reverse no more.
  await expect(
    panelTrail.locator('[data-action="adjustment.created"]').getByRole('button', { name: /^Reverse/ }),
  ).toHaveCount(0);
  await panel.getByRole('button', { name: 'Adjust' }).focus();
  await shootThemes(page, shotsDir, 'reverse-panel', {
    fullPage: false,
    reopen: async () => {
      await page.reload();
      await expect(panel.getByTestId('group-adjustment')).toContainText('Reversed by');
    },
  });
  await panel.getByRole('button', { name: 'Close dialog' }).click();

  // The allocation: from the payment row's trail (selecting the row alone opens it).
  const left = page.getByRole('listbox', { name: `${bankName} (left)` });
  await left
    .getByRole('option', { name: /Payment Acme Ltd/ })
    .getByTestId('row-checkbox')
    .click();
  const trail = page.getByRole('region', { name: 'Item trail' });
  const created = trail.locator('[data-action="allocation.created"]');
  await expect(created).toHaveCount(2);
  const toInvoice = trail.getByRole('button', {
    name: 'Reverse: Allocation of payment Payment Acme Ltd to invoice INV-3002',
  });
  await toInvoice.click();
  const reverseAllocation = page.getByRole('dialog', { name: 'Reverse this allocation?' });
  await expect(reverseAllocation.getByTestId('reverse-amount')).toHaveText('KES 7,000.00');
  await expect(reverseAllocation).toContainText('Payment Acme Ltd · INV-3002');
  await reverseAllocation.getByLabel('Reason').fill('INV-3002 was paid in cash');
  await reverseAllocation.getByRole('button', { name: 'Reverse allocation' }).click();
  await expect(toasts(page).getByText('Allocation reversed')).toBeVisible();
  await expect(reverseAllocation).toBeHidden();
  // The reversal is the trail's newest entry; the reversed allocation offers Reverse no more, the other does.
  const reversedEntry = trail.locator('[data-action="allocation.reversed"]');
  await expect(reversedEntry).toHaveCount(1);
  await expect(reversedEntry).toContainText('INV-3002 was paid in cash');
  await expect(reversedEntry).toContainText('by admin@demo.test');
  await expect(toInvoice).toHaveCount(0);
  await expect(
    trail.getByRole('button', {
      name: 'Reverse: Allocation of payment Payment Acme Ltd to invoice INV-3003',
    }),
  ).toBeVisible();
  // The allocation's group lists it reversed, with who, when and why.
  await page.goto(`${workspace}&group=${String((allocated.group as { id: string }).id)}`);
  const allocationPanel = page.getByRole('dialog', { name: 'Manual match' });
  const lines = allocationPanel.getByTestId('group-allocation');
  await expect(lines).toHaveCount(2);
  await expect(lines.filter({ hasText: 'INV-3002' })).toContainText(
    /Reversed by admin@demo\.test on .+: INV-3002 was paid in cash/,
  );
  await expect(lines.filter({ hasText: 'INV-3003' }).getByRole('button', { name: /^Reverse/ })).toBeVisible();
  await expect(
    allocationPanel
      .getByRole('region', { name: 'Audit trail' })
      .locator('[data-action="allocation.reversed"]'),
  ).toHaveCount(1);
});
