import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The suggestion queue: a run of the default rules leaves three suggestions (by amount and date only:
 * no reference, no name; the payment KES 15 short is matched, partial, by the tolerance); the queue shows them one at a time with
 * both sides and the reasons, a reject by key R moves on, a Next by key N, an accept by key A, and
 * "Accept all shown" asks first, naming how many. The workspace's counts follow. Screenshots in SHOTS_DIR.
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-review';
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 180_000 });

const BANK = [
  ['2025-08-05', 'Payment Acme Ltd', 'INV-2001', '12000.00'],
  ['2025-08-09', 'EFT Duma Supplies', 'INV-2004', '3300.00'],
  ['2025-08-10', 'Mpesa paybill', '', '7800.00'],
  ['2025-08-12', 'Cash deposit', '', '6100.00'],
  ['2025-08-14', 'Counter deposit', '', '5000.00'],
  ['2025-08-15', 'Interest earned', '', '120.00'],
];
const LEDGER = [
  ['2025-08-03', 'INV-2001', 'Acme Ltd', '12000.00'],
  ['2025-08-06', 'INV-2004', 'Duma Supplies', '3315.00'],
  ['2025-08-07', 'INV-2005', 'Elimu Academy', '7800.00'],
  ['2025-08-10', 'INV-2006', 'Faraja Bakery', '6100.00'],
  ['2025-08-13', 'INV-2008', 'Kilimo Motors', '5000.00'],
];

async function table(
  page: Page,
  headers: Record<string, string>,
  name: string,
  text: [string, string],
  rows: string[][],
): Promise<string> {
  const created = await postJson(page, headers, `${TABLES}/`, {
    name,
    columns: [
      { name: 'Date', type: 'date' },
      ...text.map((column) => ({ name: column, type: 'text' })),
      { name: 'Amount', type: 'currency' },
    ],
  });
  await postJson(page, headers, `${TABLES}/${created.id}/items/bulk_create`, {
    items: rows.map(([date, first, second, amount]) => ({
      values: { Date: date, [text[0]]: first, [text[1]]: second, Amount: amount },
    })),
  });
  return String(created.id);
}

async function expectCount(page: Page, tableName: string, status: string, count: number) {
  await expect(
    page.getByRole('list', { name: `Counts of ${tableName}` }).locator(`[data-status="${status}"]`),
    `${tableName} ${status}`,
  ).toHaveAttribute('data-count', String(count));
}

test('suggestions are reviewed one by one with keys, and accepted in bulk only after a count', async ({
  page,
}) => {
  const stamp = Date.now();
  const bankName = `Review bank ${stamp}`;
  const ledgerName = `Review ledger ${stamp}`;
  await page.setViewportSize(DESKTOP);
  const headers = watchApiHeaders(page);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization).toBeTruthy();
  const bank = await table(page, headers, bankName, ['Description', 'Reference'], BANK);
  const ledger = await table(page, headers, ledgerName, ['Invoice', 'Customer'], LEDGER);

  await page.goto(`/reconciliation/workspace?left_table_id=${bank}&right_table_id=${ledger}`);
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  const runDialog = page.getByRole('dialog', { name: 'Run reconciliation' });
  await runDialog.getByRole('button', { name: 'Start run' }).click();
  await expect(runDialog.getByTestId('run-status')).toHaveText('Finished', { timeout: 60_000 });
  await runDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expectCount(page, bankName, 'suggested', 3);
  await expectCount(page, bankName, 'unreconciled', 1);

  await page.getByRole('button', { name: 'Review suggestions' }).click();
  const queue = page.getByRole('dialog', { name: 'Review suggestions' });
  await expect(queue).toContainText('3 suggestions to review');
  await expect(queue.getByTestId('queue-position')).toHaveText('Suggestion 1 of 3');
  await expect(queue).toContainText('Why these rows match');
  // Why the run did not match it on its own, in words (threshold, rival row or another subset).
  await expect(queue.getByTestId('suggestion-why')).toContainText(
    /is below the \d+ % an automatic match needs|fits nearly as well|adds up to the same amount/,
  );
  await expect(queue).toContainText(bankName);
  await expect(queue).toContainText(ledgerName);
  await shootThemes(page, shotsDir, 'review-queue', {
    fullPage: false,
    dialog: {
      close: () => queue.getByRole('button', { name: 'Close dialog' }).click(),
      open: () => page.getByRole('button', { name: 'Review suggestions' }).click(),
    },
  });
  await page.setViewportSize(DESKTOP);

  // R rejects the first and moves on; N skips the second; A accepts the third.
  await queue.getByRole('button', { name: 'Accept', exact: true }).focus();
  await page.keyboard.press('r');
  await expect(page.getByText('Suggestion rejected')).toBeVisible();
  await expect(queue.getByTestId('queue-position')).toHaveText('Suggestion 2 of 3');
  await page.keyboard.press('n');
  await expect(queue.getByTestId('queue-position')).toHaveText('Suggestion 3 of 3');
  await page.keyboard.press('a');
  await expect(page.getByText('Suggestion accepted')).toBeVisible();
  // The only undecided one left is the second: the queue goes back to it.
  await expect(queue.getByTestId('queue-position')).toHaveText('Suggestion 2 of 3');
  await page.keyboard.press('p');
  await expect(queue.getByTestId('queue-decision')).toHaveText('Rejected');
  await page.keyboard.press('ArrowLeft');
  await expect(queue.getByTestId('queue-position')).toHaveText('Suggestion 3 of 3');
  await expect(queue.getByTestId('queue-decision')).toHaveText('Accepted');
  // A decided suggestion is not decided again by its key.
  await expect(queue.getByRole('button', { name: 'Reject' })).toBeDisabled();

  // Accept all shown: one undecided, and a confirmation that says so.
  await queue.getByRole('button', { name: 'Accept all shown (1)' }).click();
  const confirm = page.getByRole('dialog', { name: 'Accept 1 suggestion?' });
  await expect(confirm).toContainText('Only the 1 undecided suggestion of this page is accepted');
  await confirm.getByRole('button', { name: 'Accept 1' }).click();
  await expect(queue.getByRole('status')).toContainText('All 3 suggestions shown are decided');
  await queue.getByRole('button', { name: 'Close dialog' }).click();

  await expectCount(page, bankName, 'suggested', 0);
  await expectCount(page, bankName, 'unreconciled', 2);
  await expectCount(page, ledgerName, 'suggested', 0);
});
