import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  INVOICES,
  invoicesCsv,
  knownAnswer,
  RECEIPTS,
  statementCsv,
  TRUTH,
} from './fixtures/reconciler-day.ts';
import { acceptCookies, DESKTOP, requestJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * A reconciler's whole day through the UI, on fresh data with a known answer (fixtures/reconciler-day.ts:
 * an M-Pesa paybill statement of October 2023 against the ERP's invoice list): both files imported
 * (phones kept as text, the statement's payer in its own columns), the run on the columns the dialog
 * proposes (Total, not Net Amount), every automatic match checked against the truth, the suggestions
 * reviewed in the queue (accepted when the truth says so, rejected otherwise), what the run missed
 * matched by hand with the short payment written off, a match unmatched and brought back with Undo —
 * and at the end every number on the workspace, the dashboard and the exports equal to what the
 * truth says, computed from the data, never read from the engine. Screenshots in SHOTS_DIR.
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-day';
const TABLES = '/api/tables/storage/counterpart_tables';
const RECON = '/api/recon/v1/recon';

test.describe.configure({ timeout: 420_000 });

const answer = knownAnswer();
/** A rate as the app writes it (82.2%, 50%). */
const PERCENT = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** "KES 1,234.50" of cents, as the app writes it. */
function kes(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}KES ${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

const toasts = (page: Page): Locator => page.getByRole('status', { name: 'Notifications', exact: true });

async function importFile(page: Page, file: string, content: string, name: string, rows: number) {
  await page.goto('/tables/create?from=file');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await expect(page.getByRole('heading', { name: file })).toBeVisible();
  return async () => {
    await page.getByLabel('Table name').fill(name);
    await page.getByRole('button', { name: 'Import rows' }).click();
    await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText(`${rows} rows`);
    await page.getByRole('button', { name: 'Open table' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    return /\/tables\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
  };
}

/** A CSV's records (quotes and doubled quotes as RFC 4180 has them; the BOM dropped). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i += 1) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

interface Group {
  id: string;
  status: string;
  state: string;
  source: string;
  difference: number;
  adjusted: number;
  items: Array<{ item_id: string; side: 'left' | 'right' }>;
}

/** item id → the receipt or invoice number, from the tables API (the key the truth speaks in). */
async function keysOf(page: Page, headers: Record<string, string>, tableId: string, column: string) {
  const table = (await requestJson(page, headers, `${TABLES}/${tableId}`)) as {
    columns: Array<{ id: string; name: string }>;
  };
  const columnId = table.columns.find((c) => c.name === column)?.id;
  expect(columnId, `${column} in ${table.columns.map((c) => c.name).join(', ')}`).toBeTruthy();
  const page1 = (await requestJson(page, headers, `${TABLES}/${tableId}/items?page_size=100`)) as {
    data: Array<{ id: string; values: Record<string, unknown>; recon_status?: string }>;
  };
  return new Map(page1.data.map((item) => [item.id, String(item.values[columnId as string] ?? '')]));
}

test('a reconciler’s day: import, run, review, match by hand, undo — every number equals the known answer', async ({
  page,
}) => {
  const stamp = Date.now();
  const statementName = `M-Pesa October ${stamp}`;
  const invoicesName = `Invoices October ${stamp}`;
  await page.setViewportSize(DESKTOP);
  const headers = watchApiHeaders(page);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization).toBeTruthy();

  // 1. The invoices: phones are text, Total is money, VAT a number it says is a percentage column's.
  const finishInvoices = await importFile(
    page,
    'invoices-october.csv',
    invoicesCsv(),
    invoicesName,
    INVOICES.length,
  );
  await expect(page.getByLabel('Customer Phone type')).toHaveValue('text');
  await expect(page.getByLabel('Total type')).toHaveValue('currency');
  await expect(page.getByLabel('Net Amount type')).toHaveValue('currency');
  const invoices = await finishInvoices();
  await expect(
    page.getByRole('grid', { name: invoicesName }).getByRole('row', { name: /INV-2023-0101/ }),
  ).toContainText('0716 103 413');

  // 2. The statement: recognised as M-Pesa, the payer's phone and name in their own columns.
  const finishStatement = await importFile(
    page,
    'mpesa-october.csv',
    statementCsv(),
    statementName,
    RECEIPTS.length,
  );
  await expect(page.getByTestId('detected-format')).toContainText('Bank statement (M-Pesa)');
  await expect(page.getByLabel('Import Value date as')).toHaveValue('skip');
  const statement = await finishStatement();
  await expect(
    page.getByRole('grid', { name: statementName }).getByRole('row', { name: /RJA0000011/ }),
  ).toContainText('2547******413');

  // 3. The workspace before any run: everything open, money in and out apart.
  await page.goto(`/reconciliation/workspace?left_table_id=${statement}&right_table_id=${invoices}`);
  await expect(page.getByRole('heading', { name: `${statementName} ↔ ${invoicesName}` })).toBeVisible();
  const leftCounts = page.getByRole('list', { name: `Counts of ${statementName}` });
  const rightCounts = page.getByRole('list', { name: `Counts of ${invoicesName}` });
  await expect(leftCounts.locator('[data-status="unreconciled"]')).toHaveText(
    `Unreconciled ${answer.receipts} items ${kes(answer.statementIn)} in · ${kes(answer.statementOut)} out`,
  );
  await expect(rightCounts.locator('[data-status="unreconciled"]')).toHaveText(
    `Unreconciled ${answer.invoices} items ${kes(answer.invoicesTotal)}`,
  );

  // 4. The run, on the columns the dialog proposes: Total (not Net Amount, the first money column).
  await page.getByRole('button', { name: 'Run reconciliation' }).click();
  const runDialog = page.getByRole('dialog', { name: 'Run reconciliation' });
  const columns = runDialog.getByRole('region', { name: 'Columns compared' });
  await expect(columns.getByLabel(`Amount column of ${invoicesName}`).locator('option:checked')).toHaveText(
    'Total',
  );
  await expect(columns.getByLabel(`Date column of ${invoicesName}`).locator('option:checked')).toHaveText(
    'Invoice Date',
  );
  await runDialog.getByRole('button', { name: 'Start run' }).click();
  await expect(runDialog.getByTestId('run-status')).toHaveText('Finished', { timeout: 90_000 });
  await expect(runDialog.getByTestId('compared-columns')).toContainText(`${invoicesName}:amount Total`);
  await runDialog.getByRole('button', { name: 'Close', exact: true }).click();

  const receiptOf = await keysOf(page, headers, statement, 'Bank reference');
  const invoiceOf = await keysOf(page, headers, invoices, 'Invoice No');
  const truthOf = new Map(TRUTH.map((t) => [t.receipt, [...t.invoices].sort().join('+')]));
  const groupsOf = async (status?: string) =>
    (
      (await requestJson(
        page,
        headers,
        `${RECON}/groups?left_table_id=${statement}&right_table_id=${invoices}&page_size=100${status ? `&status=${status}` : ''}`,
      )) as { data: Group[] }
    ).data.filter((g) => g.state === 'active');
  const isTrue = (group: Group) => {
    const receipts = group.items.filter((i) => i.side === 'left').map((i) => receiptOf.get(i.item_id) ?? '?');
    const invoicesOfGroup = group.items
      .filter((i) => i.side === 'right')
      .map((i) => invoiceOf.get(i.item_id) ?? '?')
      .sort()
      .join('+');
    return receipts.length === 1 && truthOf.get(receipts[0] as string) === invoicesOfGroup;
  };
  const describe = (group: Group) =>
    group.items
      .map((i) => (i.side === 'left' ? receiptOf.get(i.item_id) : invoiceOf.get(i.item_id)))
      .join(' ');

  // Every automatic match is right (precision on data the engine never saw).
  const automatic = await groupsOf('reconciled');
  const wrong = automatic.filter((g) => !isTrue(g)).map(describe);
  expect(wrong, 'automatic matches that the truth does not have').toEqual([]);
  const suggested = await groupsOf('suggested');
  const partial = await groupsOf('partial');
  test.info().annotations.push({
    type: 'run',
    description: `automatic ${automatic.length} of ${TRUTH.length} true payments, suggested ${suggested.length}, partial ${partial.length}`,
  });
  const figures = `automatic ${automatic.length}, partial ${partial.length}, suggested ${suggested.length} (${suggested.filter(isTrue).length} right) of ${TRUTH.length} true payments`;
  test.info().annotations.push({ type: 'run', description: figures });
  console.log(`reconciler's day, the run: ${figures}`);
  // The run's toast, the header and the server agree on what the run made.
  await expect(leftCounts.locator('[data-status="reconciled"]')).toHaveAttribute(
    'data-count',
    String(automatic.reduce((n, g) => n + g.items.filter((i) => i.side === 'left').length, 0)),
  );
  await expect(leftCounts.locator('[data-status="suggested"]')).toHaveAttribute(
    'data-count',
    String(suggested.length),
  );
  expect(suggested.length, 'the run leaves something to review').toBeGreaterThan(0);
  await shootThemes(page, shotsDir, 'day-after-run', { fullPage: false });
  await page.setViewportSize(DESKTOP);

  // 5. The review queue: each suggestion accepted when the truth has it, rejected otherwise.
  await page.getByRole('button', { name: 'Review suggestions' }).click();
  const queue = page.getByRole('dialog', { name: 'Review suggestions' });
  await expect(queue).toContainText(`${suggested.length} suggestion`);
  const verdicts = new Map(suggested.map((g) => [describe(g), isTrue(g)]));
  for (let position = 1; position <= suggested.length; position += 1) {
    await expect(queue.getByTestId('queue-position')).toHaveText(
      `Suggestion ${position} of ${suggested.length}`,
    );
    await expect(queue.getByTestId('suggestion-why')).not.toBeEmpty();
    const text = (await queue.textContent()) ?? '';
    const shown = [...verdicts.keys()].find((key) => key.split(' ').every((word) => text.includes(word)));
    expect(shown, `the queue shows one of ${[...verdicts.keys()].join(' | ')}`).toBeTruthy();
    await page.keyboard.press(verdicts.get(shown as string) ? 'a' : 'r');
    await expect(
      toasts(page).getByText(verdicts.get(shown as string) ? 'Suggestion accepted' : 'Suggestion rejected'),
    ).toBeVisible();
  }
  await expect(queue.getByRole('status')).toContainText(`All ${suggested.length}`);
  await queue.getByRole('button', { name: 'Close dialog' }).click();
  await expect(leftCounts.locator('[data-status="suggested"]')).toHaveAttribute('data-count', '0');

  // 6. What the run left short is written off: the group's difference, adjusted to nothing.
  const left = page.getByRole('listbox', { name: `${statementName} (left)` });
  const right = page.getByRole('listbox', { name: `${invoicesName} (right)` });
  for (const group of await groupsOf('partial')) {
    expect(isTrue(group), `${describe(group)} is a true payment`).toBe(true);
    const receipt = receiptOf.get(group.items.find((i) => i.side === 'left')?.item_id ?? '') ?? '';
    await page.getByLabel('Status of left rows').selectOption('partial');
    await left.getByRole('option', { name: new RegExp(receipt) }).click();
    const panel = page.getByRole('dialog').filter({ hasText: 'Why these rows match' });
    await expect(panel.getByTestId('group-difference')).toHaveText(kes(group.difference));
    await panel.getByRole('button', { name: 'Adjust' }).click();
    const adjust = page.getByRole('dialog', { name: 'Adjust the difference' });
    await expect(adjust.getByLabel('Amount (KES)')).toHaveValue((group.difference / 100).toFixed(2));
    await adjust.getByLabel('Reason').fill('M-Pesa charges the customer bore');
    await adjust.getByLabel('Account').fill('6100 Bank charges');
    await adjust.getByRole('button', { name: 'Record adjustment' }).click();
    await expect(toasts(page).getByText('Adjustment recorded')).toBeVisible();
    await expect(panel.getByText('Reconciled', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Close dialog' }).click();
  }

  // 7. What is still open but paid, matched by hand from both lists (Enter on M, as a keyboard user).
  const reconciledNow = new Set(
    (await groupsOf('reconciled')).flatMap((g) =>
      g.items.filter((i) => i.side === 'left').map((i) => receiptOf.get(i.item_id)),
    ),
  );
  const byHand = TRUTH.filter((t) => !reconciledNow.has(t.receipt));
  await page.getByLabel('Status of left rows').selectOption('unreconciled');
  await page.getByLabel('Status of right rows').selectOption('unreconciled');
  for (const truth of byHand) {
    await left.getByRole('option', { name: new RegExp(truth.receipt) }).click();
    for (const invoice of truth.invoices)
      await right.getByRole('option', { name: new RegExp(invoice) }).click();
    await expect(page.getByTestId('selection-difference')).toHaveText('KES 0.00');
    await page.keyboard.press('m');
    const match = page.getByRole('dialog', { name: 'Match the selected rows?' });
    await match.getByRole('button', { name: 'Confirm match' }).click();
    await expect(toasts(page).getByText('Rows matched')).toBeVisible();
    const manual = page.getByRole('dialog', { name: 'Manual match' });
    await expect(manual.getByText('Reconciled', { exact: true })).toBeVisible();
    await manual.getByRole('button', { name: 'Close dialog' }).click();
  }

  // 8. A match undone by mistake and brought back with the toast's Undo: nothing changes.
  await page.getByLabel('Status of left rows').selectOption('reconciled');
  await left.getByRole('option', { name: /RJA0000001/ }).click();
  const exact = page.getByRole('dialog').filter({ hasText: 'INV-2023-0101' });
  await exact.getByRole('button', { name: 'Unmatch' }).click();
  const ask = page.getByRole('dialog', { name: 'Unmatch 1 group?' });
  await ask.getByRole('button', { name: 'Unmatch 1 group' }).click();
  await expect(toasts(page).getByText('Group unmatched')).toBeVisible();
  await expect(leftCounts.locator('[data-status="reconciled"]')).toHaveAttribute(
    'data-count',
    String(answer.receiptsReconciled - 1),
  );
  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toasts(page).getByText('Match restored')).toBeVisible();

  // 9. The end of the day: every figure is the known answer's.
  await page.getByLabel('Status of left rows').selectOption('');
  await expect(leftCounts.locator('[data-status="reconciled"]')).toHaveText(
    `Reconciled ${answer.receiptsReconciled} items ${kes(answer.receiptsReconciledAmount)}`,
  );
  await expect(leftCounts.locator('[data-status="unreconciled"]')).toHaveText(
    `Unreconciled ${answer.receiptsOpen} items ${kes(answer.receiptsOpenIn)} in · ${kes(answer.receiptsOpenOut)} out`,
  );
  await expect(rightCounts.locator('[data-status="reconciled"]')).toHaveText(
    `Reconciled ${answer.invoicesReconciled} items ${kes(answer.invoicesReconciledAmount)}`,
  );
  await expect(rightCounts.locator('[data-status="unreconciled"]')).toHaveText(
    `Unreconciled ${answer.invoicesOpen} items ${kes(answer.invoicesOpenAmount)}`,
  );
  for (const counts of [leftCounts, rightCounts]) {
    await expect(counts.locator('[data-status="partial"]')).toHaveAttribute('data-count', '0');
    await expect(counts.locator('[data-status="suggested"]')).toHaveAttribute('data-count', '0');
  }
  const rate = (answer.receiptsReconciled + answer.invoicesReconciled) / (answer.receipts + answer.invoices);
  await expect(page.getByTestId('match-rate')).toHaveText(PERCENT.format(rate));
  // Nothing the truth does not have was matched along the way.
  const finalGroups = await groupsOf();
  expect(finalGroups.filter((g) => !isTrue(g)).map(describe)).toEqual([]);
  expect(finalGroups.length).toBe(TRUTH.length);
  await shootThemes(page, shotsDir, 'day-end-workspace', { fullPage: false });
  await page.setViewportSize(DESKTOP);

  // The dashboard over October 2023 reads the same figures, each side on its own.
  await page.goto('/reconciliation/dashboard?from=2023-10-01&to=2023-10-31');
  await expect(
    page.getByText(`${answer.receipts + answer.invoices} items dated 2023-10-01 to 2023-10-31`),
  ).toBeVisible({ timeout: 30_000 });
  const toggle = page.getByRole('button', { name: 'Show details' });
  if (await toggle.isVisible()) await toggle.click();
  const reconciled = page.getByRole('region', { name: 'Reconciled', exact: true });
  await expect(reconciled).toContainText(`${answer.receiptsReconciled + answer.invoicesReconciled}items`);
  await expect(reconciled.locator('[data-side="left"]')).toHaveText(
    `${statementName}${kes(answer.receiptsReconciledAmount)}`,
  );
  await expect(reconciled.locator('[data-side="right"]')).toHaveText(
    `${invoicesName}${kes(answer.invoicesReconciledAmount)}`,
  );
  const open = page.getByRole('region', { name: 'Unreconciled', exact: true });
  await expect(open.locator('[data-side="left"]')).toHaveText(
    `${statementName}${kes(answer.receiptsOpenIn)} in · ${kes(answer.receiptsOpenOut)} out`,
  );
  await expect(open.locator('[data-side="right"]')).toHaveText(
    `${invoicesName}${kes(answer.invoicesOpenAmount)}`,
  );
  await expect(
    page.getByRole('region', { name: 'Statistics' }).getByRole('region', { name: 'Match rate' }),
  ).toContainText(PERCENT.format(rate));
  await shootThemes(page, shotsDir, 'day-end-dashboard');
  await page.setViewportSize(DESKTOP);

  // 10. The statement exported for the auditor: each receipt with its status and its invoice.
  await page.goto(`/tables/${statement}`);
  await page.getByRole('button', { name: 'Export all rows' }).click();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const rows = csvRows(readFileSync(await (await download).path(), 'utf8'));
  const header = rows[0] ?? [];
  const status = header.indexOf('Recon status');
  const receiptColumn = header.indexOf('Bank reference');
  const counterpart = header.indexOf('Counterpart reference');
  expect(status, header.join(',')).toBeGreaterThan(-1);
  for (const row of rows.slice(1)) {
    const truth = TRUTH.find((t) => t.receipt === row[receiptColumn]);
    expect(row[status], `${row[receiptColumn]}`).toBe(truth ? 'Reconciled' : 'Unreconciled');
    if (truth) expect(row[counterpart]).toContain(truth.invoices[0]);
  }
  expect(rows.length - 1).toBe(answer.receipts);
});
