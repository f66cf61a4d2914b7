import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type SampleText, samplePdf } from '../apps/server/src/modules/documents/sample-pdf.ts';
import { acceptCookies, DESKTOP, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Data extraction models as a finance user meets them: build a rule-based model through the wizard
 * (labels, a training invoice, rules tried live on it), test it on a new invoice and correct a value;
 * then an AI model taught by marking fields on a training document (clicking words, drawing a box,
 * finding a word by typing), whose AI view shows what it learned and which reads the next invoice.
 * Screenshots of every models page in light and dark, desktop and mobile: test-results/models/.
 */
const outDir = path.join(import.meta.dirname, '../test-results/models');

test.describe.configure({ timeout: 300_000 });

const stamp = Date.now();

/** A supplier's invoice: the same layout every time, other values. */
function invoice(
  number: string,
  date: string,
  total: string,
  lines: Array<[string, string, string]>,
): Buffer {
  const texts: SampleText[] = [
    { text: 'Savannah Hardware Ltd', x: 50, y: 50, size: 18 },
    { text: 'KRA PIN P051234567X', x: 50, y: 74 },
    { text: 'TAX INVOICE', x: 420, y: 50, size: 14 },
    { text: 'Invoice No:', x: 380, y: 90 },
    { text: number, x: 460, y: 90 },
    { text: 'Date:', x: 380, y: 108 },
    { text: date, x: 460, y: 108 },
    { text: 'Bill to: Counterpart Demo Company', x: 50, y: 130 },
    { text: 'Description', x: 50, y: 180 },
    { text: 'Qty', x: 330, y: 180 },
    { text: 'Amount', x: 470, y: 180 },
  ];
  lines.forEach(([description, qty, amount], i) => {
    texts.push(
      { text: description, x: 50, y: 200 + i * 18 },
      { text: qty, x: 330, y: 200 + i * 18 },
      { text: amount, x: 470, y: 200 + i * 18 },
    );
  });
  const end = 200 + lines.length * 18 + 30;
  texts.push({ text: 'Total:', x: 380, y: end }, { text: total, x: 460, y: end });
  texts.push({ text: 'Pay via M-Pesa paybill 522533', x: 50, y: 780 });
  return samplePdf([{ texts }]);
}

const pdf = (name: string, bytes: Buffer) => ({ name, mimeType: 'application/pdf', buffer: bytes });
const training = pdf(
  `savannah-7001-${stamp}.pdf`,
  invoice('INV-7001', '12/03/2026', 'KES 12,500.00', [
    ['Cement 50kg', '10', '8,500.00'],
    ['Nails 4 inch', '4', '4,000.00'],
  ]),
);
const unseen = pdf(
  `savannah-7002-${stamp}.pdf`,
  invoice('INV-7002', '19/03/2026', 'KES 8,400.50', [['Paint 20L', '2', '8,400.50']]),
);

async function addLabel(page: Page, n: number, name: string, type: string, required = true) {
  await page.getByRole('button', { name: 'Add label' }).click();
  await page.getByRole('textbox', { name: `Label ${n} name` }).fill(name);
  await page.getByRole('combobox', { name: `Label ${n} type` }).selectOption({ label: type });
  if (!required) return;
  await page
    .getByRole('listitem')
    .filter({ has: page.getByRole('textbox', { name: `Label ${n} name` }) })
    .getByRole('checkbox', { name: 'Required' })
    .check();
}

test('a rule-based model is built in the wizard, tried live, tested on a new invoice and corrected', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);

  await page.goto('/models/models');
  await page.getByRole('button', { name: 'New model' }).first().click();
  await expect(page).toHaveURL(/\/models\/create$/);

  // Basics: a name is needed.
  await page.getByRole('button', { name: 'Next: labels' }).click();
  await expect(page.getByText('Give the model a name')).toBeVisible();
  const name = `Savannah invoices ${stamp}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page
    .getByRole('textbox', { name: 'Words (one per line; empty: every document)' })
    .fill('Savannah Hardware');
  await shootThemes(page, outDir, 'create-basics', { still: true });
  await page.getByRole('button', { name: 'Next: labels' }).click();

  // Labels: the invoice number and the total.
  await addLabel(page, 1, 'Invoice number', 'Text');
  await expect(page.getByRole('textbox', { name: 'Label 1 key' })).toHaveValue('invoice_number');
  await addLabel(page, 2, 'Total', 'Amount');
  await shootThemes(page, outDir, 'create-labels', { still: true });
  await page.getByRole('button', { name: 'Create model' }).click();
  await expect(page.getByText(`${name} is saved as a draft.`)).toBeVisible();
  await expect(page).toHaveURL(/\/models\/create\?model=[0-9a-f-]{36}&step=documents$/);

  // Training documents: upload one invoice.
  await page.getByLabel('Training documents to upload').setInputFiles(training);
  await expect(page.getByRole('row').filter({ hasText: training.name })).toContainText('0 of 2');
  await shootThemes(page, outDir, 'create-documents', { still: true });
  await page.getByRole('button', { name: 'Next: rules' }).click();

  // Rules: each label beside its word, saved, then tried on the training invoice.
  const numberRules = page.getByRole('region', { name: 'Rules of Invoice number' });
  await numberRules.getByRole('button', { name: 'Add a rule' }).click();
  await numberRules.getByRole('textbox', { name: 'Invoice number rule 1 anchor' }).fill('Invoice No');
  await numberRules.getByRole('button', { name: 'Save Invoice number rules' }).click();
  await expect(page.getByText('How Invoice number is found is saved.')).toBeVisible();
  const totalRules = page.getByRole('region', { name: 'Rules of Total' });
  await totalRules.getByRole('button', { name: 'Add a rule' }).click();
  await totalRules.getByRole('button', { name: 'Save Total rules' }).click();
  await expect(page.getByText('How Total is found is saved.')).toBeVisible();

  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByRole('button', { name: 'Try the saved model' }).click();
  const fields = preview.getByRole('table', { name: 'Fields read' });
  await expect(fields.getByRole('row', { name: /Invoice number/ })).toContainText('INV-7001', {
    timeout: 60_000,
  });
  await expect(fields.getByRole('row', { name: /Total/ })).toContainText('KES 12,500.00');
  await expect(preview.getByRole('img', { name: /^Invoice number: INV-7001/ })).toBeVisible();
  await shootThemes(page, outDir, 'create-rules', { still: true });

  await page.getByRole('button', { name: 'Next: review' }).click();
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/models\/file-models\/view\/[0-9a-f-]{36}$/);
  await shootThemes(page, outDir, 'view', { still: true });

  // Test on an invoice the model has not seen; correct a value.
  await page.getByRole('button', { name: 'Test' }).click();
  await page.getByLabel('Document to test').setInputFiles(unseen);
  const read = page.getByRole('table', { name: 'Fields read' });
  await expect(read.getByRole('textbox', { name: 'Value of Invoice number' })).toHaveValue('INV-7002', {
    timeout: 60_000,
  });
  await expect(read.getByRole('textbox', { name: 'Value of Total' })).toHaveValue('KES 8,400.50');
  await shootThemes(page, outDir, 'test', { still: true });
  await read.getByRole('textbox', { name: 'Value of Invoice number' }).fill('INV-7002A');
  await page.getByRole('button', { name: 'Save corrections' }).click();
  await expect(page.getByText('They are kept with the execution.')).toBeVisible();

  // The executions list and one execution.
  await page.goto(page.url().replace('/file-models/test/', '/executions/'));
  const execution = page.getByRole('row').filter({ hasText: unseen.name });
  await expect(execution).toContainText('Extracted');
  await expect(execution).toContainText('2 of 2');
  await shootThemes(page, outDir, 'executions', { still: true });
  await execution.getByRole('link', { name: unseen.name }).click();
  await expect(page.getByRole('textbox', { name: 'Value of Invoice number' })).toHaveValue('INV-7002A');
  await shootThemes(page, outDir, 'execution', { still: true });

  await page.goto('/models/models');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Ready');
  await shootThemes(page, outDir, 'list', { still: true });
});

test('an AI model learns from fields marked on a training document and reads the next invoice', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await page.goto('/models/create');
  const name = `Savannah learned ${stamp}`;
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('radio', { name: /AI \(learned\)/ }).check();
  await page.getByRole('button', { name: 'Next: labels' }).click();
  await addLabel(page, 1, 'Invoice number', 'Text');
  await addLabel(page, 2, 'Invoice date', 'Date');
  await addLabel(page, 3, 'Total', 'Amount');
  await page.getByRole('button', { name: 'Create model' }).click();
  await expect(page.getByText(`${name} is saved as a draft.`)).toBeVisible();

  await page.getByLabel('Training documents to upload').setInputFiles(training);
  await page.getByRole('button', { name: `Mark fields on ${training.name}` }).click();
  const marking = page.getByRole('region', { name: `Marking ${training.name}` });
  await expect(marking.getByText('Marking: Invoice number')).toBeVisible({ timeout: 60_000 });

  // By typing (the keyboard way): find "INV-7001" and mark it.
  await marking.getByRole('textbox', { name: 'Find words on this page' }).fill('INV-70');
  await marking.getByRole('button', { name: 'Mark “INV-7001”' }).click();
  // The date by drawing a box around it on the page.
  await expect(marking.getByText('Marking: Invoice date')).toBeVisible();
  const pageBox = await marking.locator('[style*="aspect-ratio"]').first().boundingBox();
  if (!pageBox) throw new Error('the page is not on screen');
  const at = (x: number, y: number) => ({
    x: pageBox.x + (x / 595) * pageBox.width,
    y: pageBox.y + (y / 842) * pageBox.height,
  });
  const from = at(455, 96);
  const to = at(540, 114);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  // The total by clicking its words.
  await expect(marking.getByText('Marking: Total')).toBeVisible();
  await marking.getByRole('textbox', { name: 'Find words on this page' }).fill('12,500');
  await marking.getByRole('button', { name: 'Mark “12,500.00”' }).click();
  await expect(marking.getByRole('button', { name: /^Invoice date/ })).toContainText('12/03/2026');
  await shootThemes(page, outDir, 'annotate', { still: true });
  await marking.getByRole('button', { name: 'Save marks' }).click();
  await expect(page.getByText(`3 marked on ${training.name}.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: training.name })).toContainText('3 of 3');

  // What it learned.
  await page.getByRole('button', { name: 'Next: what it learned' }).click();
  const learned = page.getByRole('table', { name: 'What the model learned per field' });
  // The words left of the number, and its shape.
  await expect(learned.getByRole('row', { name: /Invoice number/ })).toContainText('“no” left of value', {
    timeout: 60_000,
  });
  await expect(learned.getByRole('row', { name: /Invoice number/ })).toContainText('INV-\\d+');
  await shootThemes(page, outDir, 'learned', { still: true });

  // Test it on the next invoice.
  await page.getByRole('button', { name: 'Next: review' }).click();
  await page.getByRole('button', { name: 'Finish' }).click();
  await page.getByRole('button', { name: 'Test' }).click();
  await page.getByLabel('Document to test').setInputFiles(unseen);
  const read = page.getByRole('table', { name: 'Fields read' });
  await expect(read.getByRole('textbox', { name: 'Value of Invoice number' })).toHaveValue('INV-7002', {
    timeout: 60_000,
  });
  await expect(read.getByRole('row', { name: /Invoice date/ })).toContainText('2026-03-19');

  // A correction is a training example: the AI view then shows two documents learned from.
  await read.getByRole('textbox', { name: 'Value of Total' }).fill('8,400.50');
  await page.getByRole('button', { name: 'Save corrections' }).click();
  await expect(page.getByText('The model learns from them.')).toBeVisible();
  await page.getByRole('link', { name: 'View Model' }).click();
  await page.getByRole('button', { name: 'AI view' }).click();
  await expect(page.getByText('Learned from 2 documents in 1 layout.')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('table', { name: 'What the model learned per field' })).toBeVisible();
  await shootThemes(page, outDir, 'ai-view', { still: true });
});
