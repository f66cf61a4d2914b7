import { expect, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Deleting a table: its page's "Delete table" opens a confirmation naming the table and what uses
 * it (the association mapping deleted with it, the workflow whose block reads it); Cancel keeps
 * everything, Delete table removes it and lands on the tables list, where it is gone. Screenshots of
 * the dialog in SHOTS_DIR (/tmp/shots-tables-delete).
 */
const outDir = process.env.SHOTS_DIR ?? '/tmp/shots-tables-delete';
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 120_000 });

test('a table is deleted after a confirmation naming it and the mapping and workflow that use it', async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Old bank ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  const columns = [
    { name: 'Reference', type: 'text' },
    { name: 'Amount', type: 'currency' },
  ];
  const bank = await postJson(page, headers, `${TABLES}/`, { name, columns });
  const ledger = await postJson(page, headers, `${TABLES}/`, { name: `Ledger ${stamp}`, columns });
  await postJson(page, headers, `${TABLES}/${bank.id}/items/bulk_create`, {
    items: [
      { values: { Reference: 'INV-1', Amount: '100.00' } },
      { values: { Reference: 'INV-2', Amount: '250.00' } },
    ],
  });
  const column = (table: Record<string, unknown>, i: number) =>
    (table.columns as Array<{ id: string }>)[i]?.id;
  await postJson(page, headers, `${TABLES}/association/mapping`, {
    name: `Bank to ledger ${stamp}`,
    left_table_id: bank.id,
    right_table_id: ledger.id,
    pairs: [{ left_column_id: column(bank, 0), right_column_id: column(ledger, 0) }],
  });
  const node = (id: string, type: string, parameters: Record<string, unknown> = {}) => ({
    id,
    type,
    typeVersion: 1,
    position: { x: 0, y: 0 },
    parameters,
    on_error: 'stop',
  });
  await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: `Morning bank ${stamp}`,
    graph: {
      schemaVersion: 1,
      nodes: [node('home', 'home'), node('bank', 'table', { table_id: bank.id })],
      edges: [{ id: 'e', source: 'home', source_handle: 'start', target: 'bank', target_handle: 'start' }],
    },
  });

  const open = async () => {
    await page.goto(`/tables/${String(bank.id)}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
  };
  const openDialog = async () => {
    await page.getByRole('button', { name: 'Delete table' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(
      dialog.getByText(`${name} will be deleted with its 2 rows and 1 association mapping.`),
    ).toBeVisible();
    return dialog;
  };
  await open();
  let dialog = await openDialog();
  await expect(dialog.getByRole('list', { name: 'Association mappings deleted with it' })).toContainText(
    `Bank to ledger ${stamp}`,
  );
  await expect(dialog.getByRole('list', { name: 'Workflows that use it' })).toContainText(
    `Morning bank ${stamp}`,
  );
  await shootThemes(page, outDir, 'tables-delete-dialog', {
    still: true,
    fullPage: false,
    reopen: async () => {
      await open();
      dialog = await openDialog();
    },
  });

  // Cancel keeps it.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  dialog = await openDialog();
  await dialog.getByRole('button', { name: 'Delete table' }).click();
  await expect(page).toHaveURL(/\/tables$/);
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Ledger ${stamp}` })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
  await page.goto(`/tables/${String(bank.id)}`);
  await expect(page.getByRole('heading', { name })).toHaveCount(0);
});
