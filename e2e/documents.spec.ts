import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { expect, type Page, test } from '@playwright/test';
import { invoicePage, samplePdf } from '../apps/server/src/modules/documents/sample-pdf.ts';
import { acceptCookies, DESKTOP, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The drop box as a finance user meets it: drop a text PDF invoice, a CSV and a PNG at once, watch
 * each upload's progress and then its processing status change live, open the PDF (pages drawn in
 * the browser, parsed text and its table), and send the CSV's rows to a new table, then again into
 * that existing table. Screenshots of the list, the document page and the "Import into" choice in
 * light and dark, desktop and 375 px, land in test-results/documents/.
 */
const outDir = path.join(import.meta.dirname, '../test-results/documents');

test.describe.configure({ timeout: 120_000 });

const stamp = Date.now();

/** A photo of a receipt: dark text on white, as a phone gives it (read by OCR). */
function receiptPhoto(): Buffer {
  const canvas = createCanvas(900, 500);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 900, 500);
  context.fillStyle = '#111111';
  context.font = '36px sans-serif';
  ['CASH RECEIPT RCPT-5521', 'Received KES 4,500.00', 'Thank you'].forEach((line, i) => {
    context.fillText(line, 60, 120 + i * 90);
  });
  return canvas.toBuffer('image/png');
}
const files = {
  pdf: { name: `invoice-${stamp}.pdf`, type: 'application/pdf', bytes: samplePdf([invoicePage(1, 6)]) },
  csv: {
    name: `payments-${stamp}.csv`,
    type: 'text/csv',
    bytes: Buffer.from('Date,Reference,Amount\n2026-11-01,INV-1001,"1,200.00"\n2026-11-02,INV-1002,350.75\n'),
  },
  png: { name: `receipt-${stamp}.png`, type: 'image/png', bytes: receiptPhoto() },
};

/** Drops files on the drop zone the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(page: Page, list: { name: string; type: string; bytes: Buffer }[]) {
  const payload = list.map((f) => ({ name: f.name, type: f.type, base64: f.bytes.toString('base64') }));
  const dataTransfer = await page.evaluateHandle((items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    return transfer;
  }, payload);
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('documents are dropped, processed live, read, and sent to a table', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);

  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Upload documents' })).toBeVisible();
  await dropFiles(page, [files.pdf, files.csv, files.png]);

  // Each file has its own progress bar, which reaches "Uploaded".
  const uploads = page.getByRole('list', { name: 'Uploads' });
  for (const file of Object.values(files)) {
    await expect(uploads.getByRole('progressbar', { name: `Uploading ${file.name}` })).toHaveAttribute(
      'aria-valuetext',
      'Uploaded',
    );
  }
  // Processing ends on its own, the list updating without a reload (the first PDF also loads the
  // parser into the server, which takes seconds on a busy machine).
  const processing = { timeout: 60_000 };
  await expect(row(page, files.pdf.name)).toContainText('Processed', processing);
  await expect(row(page, files.csv.name)).toContainText('Processed', processing);
  // The photo of a receipt is read by OCR: processed, and found by a word of its text.
  await expect(row(page, files.png.name)).toContainText('Processed', processing);

  await page.getByRole('searchbox', { name: 'Search documents' }).fill('RCPT-5521');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, files.png.name)).toBeVisible();
  // Search finds the invoice by a word of its text.
  await page.getByRole('searchbox', { name: 'Search documents' }).fill('INV-2026-0001');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, files.pdf.name)).toBeVisible();
  await shootThemes(page, outDir, 'documents', { still: true });

  // The PDF's page: pages drawn in the browser, the parsed text and the table found on it.
  await page.getByRole('link', { name: files.pdf.name }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  // pdfjs and its worker load on first use (seconds on a busy machine).
  await expect(page.getByRole('img', { name: `${files.pdf.name}, page 1 of 1` })).toBeVisible({
    timeout: 30_000,
  });
  const parsed = page.getByRole('region', { name: 'Parsed text' });
  await expect(parsed.getByText('ACME Supplies Ltd')).toBeVisible();
  const table = parsed.getByRole('table', { name: 'Table 1 on page 1' });
  await expect(table.getByRole('columnheader')).toHaveText(['Item', 'Qty', 'Unit price', 'Amount']);
  await expect(table.getByRole('row')).toHaveCount(7);
  await shootThemes(page, outDir, 'document', {
    still: true,
    // The page is drawn again at each width.
    settle: () => expect(page.getByRole('img', { name: `${files.pdf.name}, page 1 of 1` })).toBeVisible(),
  });

  // The CSV's rows, then "Send to table" opens the import's mapping step.
  await page.goto('/documents');
  await page.getByRole('link', { name: files.csv.name }).click();
  const rows = page.getByRole('table', { name: `Rows of ${files.csv.name}` });
  await expect(rows.getByRole('row')).toHaveCount(3);
  await expect(rows.getByRole('row').nth(1)).toContainText('INV-1001');
  await page.getByRole('button', { name: 'Send to table' }).click();
  await expect(page).toHaveURL(/\/tables\/create\?import=[0-9a-f-]{36}$/);

  // The mapping step proposes a new table named after the file; confirming puts the rows in it.
  const tableName = files.csv.name.replace(/\.csv$/, '');
  await expect(page.getByLabel('Table name')).toHaveValue(tableName);
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText('2 rows');
  await page.getByRole('button', { name: 'Open table' }).click();
  await expect(page).toHaveURL(/\/tables\/[0-9a-f-]{36}$/);
  const grid = page.getByRole('grid', { name: tableName });
  await expect(grid.getByRole('row', { name: /INV-1001/ })).toContainText('2026-11-01');
  await expect(grid.getByRole('row', { name: /INV-1002/ })).toContainText('350.75');
  const tableUrl = page.url();

  // Sent again, into that existing table: picked by name, its columns proposed for the file's.
  await page.goto('/documents');
  await page.getByRole('link', { name: files.csv.name }).click();
  await page.getByRole('button', { name: 'Send to table' }).click();
  await expect(page).toHaveURL(/\/tables\/create\?import=[0-9a-f-]{36}$/);
  await page.getByRole('radio', { name: /^Existing table/ }).check();
  const search = page.getByRole('searchbox', { name: 'Search tables' });
  await search.fill(tableName);
  await search.press('Enter');
  await page.getByRole('radio', { name: new RegExp(`^${tableName}`) }).check();
  await expect(page.getByLabel('Import Reference as').locator('option:checked')).toHaveText(
    'Reference (Text)',
  );
  await expect(page.getByLabel('Table name')).toHaveCount(0);
  await shootThemes(page, outDir, 'send-to-existing-table');
  await page.getByRole('button', { name: 'Import rows' }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Inserted', { exact: true }).locator('..')).toContainText('2 rows');
  await page.getByRole('button', { name: 'Open table' }).click();
  await expect(page).toHaveURL(tableUrl);
  await expect(grid.getByRole('row', { name: /INV-1001/ })).toHaveCount(2);
  await expect(grid.getByRole('row', { name: /INV-1002/ })).toHaveCount(2);
});
