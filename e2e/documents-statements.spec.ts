import path from 'node:path';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { sampleCamt053, sampleMt940 } from '../apps/server/src/modules/documents/sample-statements.ts';
import { acceptCookies, DESKTOP, shootThemes } from './journey-kit.ts';
import { landOnDashboard, submitLogin } from './sign-in.ts';

/**
 * Bank statements in the drop box: a camt.053 saved as .xml and an MT940 saved as .txt are dropped
 * together, listed as "Bank statement (camt.053)" / "Bank statement (MT940)", and each one's page
 * shows its account, period, balances (they add up) and transactions with exact signed amounts.
 * Screenshots of the list and the statement page, light and dark, desktop and mobile, land in
 * test-results/documents-statements/.
 */
// Generous waits: on a loaded machine the first sign-in alone can take tens of seconds.
const expect = baseExpect.configure({ timeout: 30_000 });

const outDir = path.join(import.meta.dirname, '../test-results/documents-statements');

test.describe.configure({ timeout: 300_000 });

const stamp = Date.now();
const camt = { name: `kcb-november-${stamp}.xml`, type: 'text/xml', bytes: Buffer.from(sampleCamt053()) };
const mt940 = { name: `commerzbank-${stamp}.txt`, type: 'text/plain', bytes: Buffer.from(sampleMt940()) };

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

test('a camt.053 and an MT940 dropped in Documents show their type, balances and transactions', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await submitLogin(page, 'admin@demo.test');
  await expect(
    page
      .getByRole('heading', { name: /^Welcome/ })
      .or(page.getByRole('heading', { name: 'Select organization' })),
  ).toBeVisible({ timeout: 90_000 });
  await landOnDashboard(page);
  await acceptCookies(page);
  await page.goto('/documents');
  await expect(
    page.getByText(
      'Drag and drop PDF, PNG, JPEG, TIFF, CSV, XLSX or bank statement (camt.053, camt.054, MT940, OFX) files here, or',
    ),
  ).toBeVisible();
  await dropFiles(page, [camt, mt940]);

  const processing = { timeout: 60_000 };
  await expect(row(page, camt.name)).toContainText('Processed', processing);
  await expect(row(page, mt940.name)).toContainText('Processed', processing);
  await expect(row(page, camt.name)).toContainText('Bank statement (camt.053)');
  await expect(row(page, camt.name)).toContainText(
    '1100223344 · KES · 2026-11-01 to 2026-11-05 · 3 transactions',
  );
  await expect(row(page, mt940.name)).toContainText('Bank statement (MT940)');

  // The type filter lists the statement formats.
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Bank statement (MT940)' });
  await expect(row(page, mt940.name)).toBeVisible();
  await expect(row(page, camt.name)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'All types' });
  await expect(row(page, camt.name)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(String(stamp));
  await expect(page.getByRole('row')).toHaveCount(3);
  await shootThemes(page, outDir, 'documents', { still: true });

  // The camt.053's page: account, currency, period; balances that add up; the transactions.
  await page.getByRole('link', { name: camt.name }).click();
  await expect(page).toHaveURL(/\/documents\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Bank statement (camt.053) ·')).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts.filter({ hasText: '1100223344' })).toBeVisible();
  await expect(facts.filter({ hasText: '2026-11-01 to 2026-11-05' })).toBeVisible();
  const statement = page.getByRole('region', { name: 'Statement' });
  const balances = statement.getByRole('list', { name: 'Balances' });
  await expect(balances).toContainText('Statement 1100223344-2026-11-05');
  await expect(balances).toContainText('Balances add up');
  await expect(balances).toContainText('Opening balance (2026-11-01)KES 250,000.00');
  await expect(balances).toContainText('Closing balance (2026-11-05)KES 322,949.75');
  const transactions = statement.getByRole('table', { name: `Transactions of ${camt.name}` });
  await expect(transactions.getByRole('columnheader')).toHaveText([
    'Date',
    'Amount',
    'Direction',
    'Reference',
    'Counterparty',
    'Description',
  ]);
  const lines = transactions.getByRole('row');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1).getByRole('cell')).toHaveText([
    '2026-11-02',
    '+KES 125,000.00',
    'Credit',
    'INV-2026-0412bank KCB2611010001',
    'Savannah Traders Ltd',
    'Payment of invoice INV-2026-0412',
  ]);
  await expect(lines.nth(2).getByRole('cell').nth(1)).toHaveText('-KES 54,300.25');
  await expect(lines.nth(2).getByRole('cell').nth(2)).toHaveText('Debit');
  await expect(page.getByRole('button', { name: 'Send to table' })).toBeVisible();
  await shootThemes(page, outDir, 'statement', { still: true });

  // The MT940 (saved as .txt): its balances and the :86: details read into the columns.
  await page.goto('/documents');
  await page.getByRole('link', { name: mt940.name }).click();
  const mtStatement = page.getByRole('region', { name: 'Statement' });
  await expect(mtStatement.getByRole('list', { name: 'Balances' })).toContainText(
    'Closing balance (2026-11-11)EUR 3,279.50',
  );
  await expect(mtStatement.getByRole('list', { name: 'Balances' })).toContainText('Balances add up');
  const mtLines = mtStatement.getByRole('table', { name: `Transactions of ${mt940.name}` }).getByRole('row');
  await expect(mtLines.nth(1)).toContainText('-EUR 120.50');
  await expect(mtLines.nth(1)).toContainText('HETZNER ONLINE GMBH');
  await expect(mtLines.nth(2)).toContainText('+EUR 2,400.00');
  await expect(mtLines.nth(2)).toContainText('INV-2026-0417');
});
