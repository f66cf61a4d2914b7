import path from 'node:path';
import { expect, test } from '@playwright/test';
import { acceptCookies, DESKTOP, postJson, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Running a workflow: a bank table and a cleaning workflow made through the API (Home asking for a
 * period → Table → Deduplicate → Clean currency → Filter rows → Write to table); then in the app:
 * Run on the workflow's row, the period asked for, the Execution History with the run reaching
 * Succeeded, the run opened by keyboard with its block runs in graph order and their row counts, and
 * the Clean currency block's rows output as a grid with the cleaned amounts. Screenshots (light/dark ×
 * desktop/mobile) land in SHOTS_DIR (default /tmp/shots-exec).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-exec';

test.describe.configure({ timeout: 180_000 });

const TABLES = '/api/tables/storage/counterpart_tables';

const node = (id: string, type: string, parameters: Record<string, unknown>) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}-${target}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});

/** Home (asks for a period) → Table → Deduplicate → Clean currency → Filter (amount > 0) → Write to table. */
function cleaningGraph(tableId: string, stamp: number) {
  return {
    schemaVersion: 1,
    nodes: [
      node('home', 'home', { inputs: [{ name: 'period', label: 'Period' }] }),
      node('bank', 'table', { table_id: tableId }),
      node('dedupe', 'deduplicate', { columns: ['Reference'] }),
      node('clean', 'clean_currency', { columns: ['Amount'], currency: 'KES' }),
      node('paid', 'filter_rows', { column: 'Amount', operator: 'greater_than', value: '0' }),
      node('write', 'write_to_table', { table_name: `Exec cleaned ${stamp}` }),
    ],
    edges: [
      edge('home', 'start', 'bank', 'start'),
      edge('bank', 'rows', 'dedupe', 'rows'),
      edge('dedupe', 'rows', 'clean', 'rows'),
      edge('clean', 'rows', 'paid', 'rows'),
      edge('paid', 'rows', 'write', 'rows'),
    ],
  };
}

test('a workflow is run with its inputs, followed in the Execution History, and its block outputs read', async ({
  page,
}) => {
  const stamp = Date.now();
  const workflowName = `Exec clean ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  const table = await postJson(page, headers, `${TABLES}/`, {
    name: `Exec bank ${stamp}`,
    columns: [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'text' },
    ],
  });
  const tableId = String(table.id);
  await postJson(page, headers, `${TABLES}/${tableId}/items/bulk_create`, {
    items: [
      ['INV-1', '1,000.00'],
      ['INV-2', '(250.50)'],
      ['inv-1', '1,000.00'],
      ['INV-3', 'KES 1,200'],
      ['INV-4', '1 234.50-'],
    ].map(([Reference, Amount]) => ({ values: { Reference, Amount } })),
  });
  const created = await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: workflowName,
    graph: cleaningGraph(tableId, stamp),
  });
  const workflowId = String((created.data as { workflow_id: string }).workflow_id);

  // /workflows → Run on the row: the dialog asks for the period, and refuses to run without it.
  const openRunDialog = async () => {
    await page.goto('/workflows');
    await page.getByRole('searchbox', { name: 'Search workflows' }).fill(String(stamp));
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: workflowName, exact: true }) });
    await expect(row).toContainText('Never run');
    await row.getByRole('button', { name: `Run ${workflowName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Run ${workflowName}` });
    await expect(dialog.getByLabel('Period')).toBeFocused();
    return dialog;
  };
  let dialog = await openRunDialog();
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(dialog.getByLabel('Period')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Period')).toHaveAccessibleDescription('Required');
  // A fixed dialog over a full-page shot lands at the wrong place: the viewport only.
  await shootThemes(page, shotsDir, 'run-dialog', {
    still: true,
    fullPage: false,
    reopen: async () => {
      dialog = await openRunDialog();
    },
  });
  await dialog.getByLabel('Period').fill('2026-01');
  await dialog.getByLabel('Period').press('Enter');

  // "Run started", then the workflow's Execution History, where the run ends Succeeded.
  await expect(page.getByText('Run started')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflows/executions/${workflowId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Execution history — ${workflowName}` }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Executions' })).toBeVisible();
  const executions = page.getByRole('table', { name: 'Executions' });
  await expect(executions.getByRole('row')).toHaveCount(2);
  const runRow = executions.getByRole('row').nth(1);
  await expect(runRow).toContainText('Succeeded', { timeout: 60_000 });
  await expect(runRow).toContainText('v1');
  await expect(runRow).toContainText('admin@demo.test');
  await expect(runRow).toContainText('Manual');

  // Opened by keyboard: the URL names it, its block runs are listed in graph order with row counts.
  await runRow.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\?execution=[0-9a-f-]{36}$/);
  const executionId = new URL(page.url()).searchParams.get('execution');
  await expect(runRow.getByRole('link')).toHaveAttribute('aria-current', 'true');
  const details = page.getByRole('region', { name: 'Execution details' });
  await expect(details).toContainText('Input: period');
  await expect(details).toContainText('2026-01');
  const blocks = details.getByRole('region', { name: 'Block runs' }).getByRole('listitem');
  await expect(blocks).toHaveCount(6);
  // Retried until the list has settled (it refetches while the run ends).
  await expect(blocks.locator('h4')).toHaveText([
    'Home',
    'Table',
    'Deduplicate',
    'Clean currency',
    'Filter rows',
    'Write to table',
  ]);
  await expect(details.getByRole('listitem', { name: 'Deduplicate' })).toContainText('5 in');
  await expect(details.getByRole('listitem', { name: 'Deduplicate' })).toContainText('5 out');
  const clean = details.getByRole('listitem', { name: 'Clean currency' });
  await expect(clean).toContainText('Succeeded');
  await expect(clean).toContainText('4 in');
  await expect(clean).toContainText('4 out');
  await expect(details.getByRole('listitem', { name: 'Write to table' })).toContainText('2 out');
  await expect(details.getByRole('button', { name: 'Retry from start' })).toBeVisible();
  await shootThemes(page, shotsDir, 'execution-history', { still: true });

  // The Clean currency block's rows, opened by keyboard: the amounts are cleaned, exactly.
  const openOutput = async () => {
    await clean.getByRole('button', { name: 'Rows output of Clean currency' }).focus();
    await page.keyboard.press('Enter');
    const output = page.getByRole('dialog', { name: 'Clean currency: Rows' });
    await expect(output.getByRole('table', { name: 'Clean currency: Rows' })).toBeVisible();
    return output;
  };
  let output = await openOutput();
  const grid = output.getByRole('table');
  await expect(grid.getByRole('columnheader')).toHaveText(['#', 'Reference', 'Amount']);
  await expect(grid.getByRole('row', { name: /INV-2/ })).toContainText('-250.50');
  await expect(grid.getByRole('row', { name: /INV-4/ })).toContainText('-1234.50');
  await expect(grid.getByRole('row', { name: /INV-3/ })).toContainText('1200.00');
  await expect(output).toContainText('Rows 1–4 of 4');
  await expect(output.getByRole('button', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  await shootThemes(page, shotsDir, 'block-output', {
    still: true,
    fullPage: false,
    reopen: async () => {
      await page.goto(`/workflows/executions/${workflowId}?execution=${executionId}`);
      output = await openOutput();
    },
  });
  await page.keyboard.press('Escape');
  await expect(output).toBeHidden();
  await expect(clean.getByRole('button', { name: 'Rows output of Clean currency' })).toBeFocused();

  // The list's last run links to that execution.
  await page.goto('/workflows');
  await page.getByRole('searchbox', { name: 'Search workflows' }).fill(String(stamp));
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: workflowName, exact: true }) });
  await expect(row.getByRole('link', { name: /Succeeded/ })).toBeVisible();
  await shootThemes(page, shotsDir, 'workflows-list', { still: true });
  await row.getByRole('link', { name: /Succeeded/ }).click();
  await expect(page).toHaveURL(`/workflows/executions/${workflowId}?execution=${executionId}`);
  await expect(page.getByRole('region', { name: 'Execution details' })).toContainText('Succeeded');
});

test('a run input the server requires is shown on its field when the run is refused', async ({ page }) => {
  const stamp = Date.now();
  const workflowName = `Exec inputs ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  const graph = (required: boolean) => ({
    schemaVersion: 1,
    nodes: [node('home', 'home', { inputs: [{ name: 'period', label: 'Period', required }] })],
    edges: [],
  });
  const created = await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: workflowName,
    graph: graph(false),
  });
  const workflowId = String((created.data as { workflow_id: string }).workflow_id);

  await page.goto('/workflows');
  await page.getByRole('searchbox', { name: 'Search workflows' }).fill(String(stamp));
  await page.getByRole('button', { name: `Run ${workflowName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${workflowName}` });
  await expect(dialog.getByLabel('Period (optional)')).toBeFocused();

  // Meanwhile someone makes the period required: the server refuses the run and names the field.
  const saved = await page.request.put(`/api/workflow/rule_workflows?workflow_id=${workflowId}`, {
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: JSON.stringify({ workflow_name: workflowName, graph: graph(true) }),
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  const period = dialog.getByLabel('Period (optional)');
  await expect(period).toHaveAttribute('aria-invalid', 'true');
  await expect(period).toHaveAccessibleDescription('Required');
  await expect(period).toBeFocused();
  await expect(page).toHaveURL(/\/workflows$/);

  await period.fill('2026-02');
  await period.press('Enter');
  await expect(page.getByText('Run started')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflows/executions/${workflowId}$`));
  const runRow = page.getByRole('table', { name: 'Executions' }).getByRole('row').nth(1);
  await expect(runRow).toContainText('Succeeded', { timeout: 60_000 });
  await expect(runRow).toContainText('v2');
});

test('a run without inputs starts at once; a failed block is named and the run retried from it', async ({
  page,
}) => {
  const stamp = Date.now();
  const workflowName = `Exec notify ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  // Notify refuses a recipient that is not an e-mail address: the run fails there, saying which.
  const notify = {
    ...node('tell', 'notify', { recipients: 'finance.demo.test', subject: 'Done' }),
    label: 'Tell finance',
  };
  const created = await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: workflowName,
    graph: {
      schemaVersion: 1,
      nodes: [node('home', 'home', {}), notify],
      edges: [edge('home', 'start', 'tell', 'data')],
    },
  });
  const workflowId = String((created.data as { workflow_id: string }).workflow_id);

  await page.goto('/workflows');
  await page.getByRole('searchbox', { name: 'Search workflows' }).fill(String(stamp));
  await page.getByRole('button', { name: `Run ${workflowName}` }).click();
  await expect(page.getByText('Run started')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/workflows/executions/${workflowId}$`));
  const rows = page.getByRole('table', { name: 'Executions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Failed', { timeout: 60_000 });
  await rows.nth(1).getByRole('link').click();
  const details = page.getByRole('region', { name: 'Execution details' });
  await expect(details).toContainText('Failed at “Tell finance”');
  const tell = details.getByRole('listitem', { name: 'Tell finance' });
  await expect(tell).toContainText('Failed');
  await expect(tell).toContainText('Notify');
  await expect(tell).toContainText('Not an e-mail address: "finance.demo.test"');
  await shootThemes(page, shotsDir, 'execution-failed', { still: true });

  const failedUrl = page.url();
  await details.getByRole('button', { name: 'Retry from failed block' }).click();
  await expect(page.getByText('Retry started')).toBeVisible();
  await expect(page).not.toHaveURL(failedUrl);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Failed', { timeout: 60_000 });
  await expect(rows.nth(1).getByRole('link')).toHaveAttribute('aria-current', 'true');
  await expect(details).toContainText('Retry of an earlier run');
  await expect(details.getByRole('listitem', { name: 'Home' })).toContainText('Cached');
});

test('the morning workflow runs on two files chosen in the run dialog: reconciled, dashboard, open items', async ({
  page,
}) => {
  const stamp = Date.now();
  const workflowName = `Morning ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  // Home → Upload document ×2 → Parse file ×2 → Clean currency → Reconcile → Write to table + Dashboard.
  const labelled = (id: string, type: string, label: string, parameters: Record<string, unknown>) => ({
    ...node(id, type, parameters),
    label,
  });
  const created = await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: workflowName,
    graph: {
      schemaVersion: 1,
      nodes: [
        node('home', 'home', {}),
        labelled('bank', 'upload_document', 'Bank file', { label: 'Bank statement', accept: 'csv' }),
        labelled('ledger', 'upload_document', 'Ledger file', { label: 'Ledger export', accept: 'csv' }),
        labelled('read_bank', 'parse_file', 'Read bank', {}),
        labelled('read_ledger', 'parse_file', 'Read ledger', {}),
        node('clean', 'clean_currency', { columns: ['Amount'] }),
        node('match', 'reconcile', { rule_set: 'default' }),
        labelled('open', 'write_to_table', 'Open items', { table_name: `Open items ${stamp}` }),
        labelled('board', 'dashboard', 'Morning dashboard', { title: 'Morning' }),
      ],
      edges: [
        edge('home', 'start', 'bank', 'start'),
        { ...edge('home', 'start', 'ledger', 'start'), id: 'home-ledger' },
        edge('bank', 'file', 'read_bank', 'file'),
        edge('ledger', 'file', 'read_ledger', 'file'),
        edge('read_bank', 'rows', 'clean', 'rows'),
        edge('clean', 'rows', 'match', 'left'),
        edge('read_ledger', 'rows', 'match', 'right'),
        edge('match', 'unmatched', 'open', 'rows'),
        { ...edge('match', 'matched', 'board', 'results'), id: 'matched-board' },
        { ...edge('match', 'suggested', 'board', 'results'), id: 'suggested-board' },
      ],
    },
  });
  const workflowId = String((created.data as { workflow_id: string }).workflow_id);

  await page.goto('/workflows');
  await page.getByRole('searchbox', { name: 'Search workflows' }).fill(String(stamp));
  await page.getByRole('button', { name: `Run ${workflowName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Run ${workflowName}` });
  // Both files are asked for; running without them says so on each.
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();
  const bankPicker = dialog.getByRole('button', { name: /Bank statement/ });
  const ledgerPicker = dialog.getByRole('button', { name: /Ledger export/ });
  await expect(bankPicker).toHaveAccessibleDescription(/Choose a file/);
  const choose = async (picker: typeof bankPicker, file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await picker.click();
    await (await chooser).setFiles(path.join(import.meta.dirname, 'fixtures', file));
  };
  await choose(bankPicker, 'recon-bank.csv');
  await choose(ledgerPicker, 'recon-ledger.csv');
  await expect(dialog.getByRole('status').filter({ hasText: 'recon-bank.csv' })).toBeVisible();
  await expect(dialog.getByRole('status').filter({ hasText: 'recon-ledger.csv' })).toBeVisible();
  await expect(bankPicker).not.toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: `${shotsDir}/run-dialog-files-desktop-light.png` });
  await dialog.getByRole('button', { name: 'Run', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/workflows/executions/${workflowId}$`));
  const rows = page.getByRole('table', { name: 'Executions' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Succeeded', { timeout: 60_000 });
  await rows.nth(1).getByRole('link').click();
  const details = page.getByRole('region', { name: 'Execution details' });
  await expect(details.getByRole('link', { name: 'recon-bank.csv' })).toBeVisible();
  await expect(details.getByRole('link', { name: 'recon-ledger.csv' })).toBeVisible();
  await expect(details.getByRole('listitem', { name: 'Read bank' })).toContainText('8 out');
  await expect(details.getByRole('listitem', { name: 'Open items' })).toContainText('Succeeded');
  // The graph that ran, each block coloured by its status with its rows; choosing one shows its run.
  const graph = details.getByRole('region', { name: 'Graph of the run' });
  const readBank = graph.locator('.react-flow__node[data-id="read_bank"]');
  await expect(readBank.locator('[data-run-status="succeeded"]')).toHaveText(/Succeeded · .*8 rows/);
  await expect(graph.locator('[data-run-status="succeeded"]')).toHaveCount(9);
  await readBank.click();
  await expect(details.getByRole('listitem', { name: 'Read bank' })).toBeFocused();
  await shootThemes(page, shotsDir, 'morning-execution', { still: true });

  // The editor shows the same run on its nodes, read from the server (it survives a reload).
  await page.goto(`/workflows/manage-workflow/${workflowId}`);
  const latest = page.getByRole('region', { name: 'Latest run' });
  await expect(latest).toContainText('Succeeded');
  await expect(page.locator('.react-flow [data-run-status="succeeded"]')).toHaveCount(9);
  await shootThemes(page, shotsDir, 'morning-editor-run', { still: true });
  await latest.getByRole('button', { name: 'Hide run' }).click();
  await expect(page.locator('[data-run-status]')).toHaveCount(0);
  await page.goto(`/workflows/executions/${workflowId}`);
  await rows.nth(1).getByRole('link').click();

  // The dashboard: the run's counts per status and its match rate.
  const board = details.getByRole('listitem', { name: 'Morning dashboard' });
  await board.getByRole('button', { name: /Dashboard output of Morning dashboard/ }).click();
  const output = page.getByRole('dialog', { name: /Morning dashboard: Dashboard/ });
  await expect(output).toContainText('"match_rate": 37.5');
  await expect(output).toContainText('"reconciled"');
  await page.keyboard.press('Escape');

  // The matched pairs, with why they match.
  const match = details.getByRole('listitem', { name: 'Reconcile' });
  await match.getByRole('button', { name: /Matched output of Reconcile/ }).click();
  const matched = page.getByRole('dialog', { name: /Reconcile: Matched/ });
  await expect(matched.getByRole('table')).toContainText('INV-1001');
  await expect(matched).toContainText('Rows 1–6 of 6');
  await page.keyboard.press('Escape');
  // The same suggestions as the workspace's run on these files: two pairs (the KES 15 short one is
  // matched within the default tolerance, partial).
  await match.getByRole('button', { name: /Suggested output of Reconcile/ }).click();
  await expect(page.getByRole('dialog', { name: /Reconcile: Suggested/ })).toContainText('Rows 1–4 of 4');
});
