import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, shootThemes, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Execution dashboards: two tables and a workflow made through the API (Home → Table ×2 → Reconcile
 * → Dashboard) and run; then in the app: the run's details in the Execution History → Dashboards (the
 * run's dashboards) → Detail, with its breadcrumbs, the match rate, the figures per status, the bar
 * and the unreconciled items paged 50 at a time. Screenshots (light/dark × desktop/mobile) land in
 * SHOTS_DIR (default /tmp/shots-dash).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-dash';

test.describe.configure({ timeout: 180_000 });

const TABLES = '/api/tables/storage/counterpart_tables';
const EXECUTION = '/api/workflow/workflows/workflow/execution';

async function api(
  page: Page,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await page.request.fetch(path, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown>;
}

const node = (id: string, type: string, parameters: Record<string, unknown> = {}) => ({
  id,
  type,
  typeVersion: 1,
  position: { x: 0, y: 0 },
  parameters,
  on_error: 'stop',
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string) => ({
  id: `${source}-${sourceHandle}-${target}`,
  source,
  source_handle: sourceHandle,
  target,
  target_handle: targetHandle,
});

test('a run’s dashboard is opened from its details: match rate, figures per status and unreconciled items', async ({
  page,
}) => {
  const stamp = Date.now();
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');

  const table = async (name: string, columns: string[], rows: string[][]) => {
    const created = await api(page, headers, 'POST', `${TABLES}/`, {
      name: `${name} ${stamp}`,
      columns: columns.map((column) => ({ name: column, type: 'text' })),
    });
    await api(page, headers, 'POST', `${TABLES}/${String(created.id)}/items/bulk_create`, {
      items: rows.map((row) => ({ values: Object.fromEntries(columns.map((c, i) => [c, row[i]])) })),
    });
    return String(created.id);
  };
  // Two pairs match, one pair is suggested; 2 + 56 bank fees stay open (58: two pages of 50).
  const fees = Array.from({ length: 56 }, (_, i) => [
    `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
    `Bank fee ${i + 1}`,
    '',
    `${i + 1}.37`,
  ]);
  const bank = await table(
    'Dash bank',
    ['Date', 'Details', 'Reference', 'Amount'],
    [
      ['2026-01-05', 'Payment Acme Ltd', 'INV-1001', '12,000.00'],
      ['2026-01-06', 'Transfer Baraka Traders', 'INV-1002', '8,450.00'],
      ['2026-01-12', 'Cash deposit', '', '6,100.00'],
      ['2026-01-14', 'Interest earned', '', '120.00'],
      ...fees,
    ],
  );
  const ledger = await table(
    'Dash ledger',
    ['Date', 'Invoice', 'Customer', 'Amount'],
    [
      ['2026-01-03', 'INV-1001', 'Acme Ltd', '12,000.00'],
      ['2026-01-04', 'INV-1002', 'Baraka Traders', '8,450.00'],
      ['2026-01-10', 'INV-1006', 'Faraja Bakery', '6,100.00'],
      ['2026-01-13', 'INV-1008', 'Kilimo Motors', '5,000.00'],
    ],
  );
  const created = await api(page, headers, 'POST', '/api/workflow/rule_workflows', {
    workflow_name: `Dash morning ${stamp}`,
    graph: {
      schemaVersion: 1,
      nodes: [
        node('home', 'home'),
        node('bank', 'table', { table_id: bank }),
        node('ledger', 'table', { table_id: ledger }),
        node('match', 'reconcile', { rule_set: 'default' }),
        node('board', 'dashboard', { title: 'January close' }),
      ],
      edges: [
        edge('home', 'start', 'bank', 'start'),
        edge('home', 'start', 'ledger', 'start'),
        edge('bank', 'rows', 'match', 'left'),
        edge('ledger', 'rows', 'match', 'right'),
        edge('match', 'matched', 'board', 'results'),
        edge('match', 'suggested', 'board', 'results'),
      ],
    },
  });
  const workflowId = (created.data as { workflow_id: string }).workflow_id;
  const started = await api(page, headers, 'POST', EXECUTION, { workflow_id: workflowId, inputs: {} });
  const executionId = (started.data as { execution_id: string }).execution_id;
  await expect
    .poll(
      async () =>
        (
          (await api(page, headers, 'GET', `${EXECUTION}/one?execution_id=${executionId}`)).data as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe('succeeded');

  // The run's details in the Execution History link to its dashboards.
  await page.goto(`/workflows/executions/${workflowId}?execution=${executionId}`);
  const details = page.getByRole('region', { name: 'Execution details' });
  await details.getByRole('link', { name: 'Dashboards' }).click();
  await expect(page).toHaveURL(`/workflows/executions/${workflowId}/dashboards?execution=${executionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Dashboards' });
  const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: 'January close' }) });
  await expect(row).toContainText('6.25%');
  await expect(row).toContainText('Succeeded');
  await expect(row).toContainText('64');
  await expect(row).toContainText('58');
  await shootThemes(page, shotsDir, 'dashboards', { still: true, top: true });

  // Detail: breadcrumbs, the match rate, the figures per status, the bar, the open items in pages.
  await row.getByRole('link', { name: 'January close' }).click();
  await expect(page).toHaveURL(`/workflows/executions/${workflowId}/dashboards/${executionId}.board`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText([
    '',
    'Workflows',
    'Execution History',
    'Dashboards',
    'Detail',
  ]);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard Detail' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'January close' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('6.25%');
  const statuses = page.getByRole('table', { name: 'Per status' });
  // Each side's own amount (20,450.00 each), never the two added (40,900.00).
  await expect(statuses.getByRole('row', { name: /Reconciled/ })).toHaveText(
    /Reconciled\s*2\s*4\s*20,450\.00\s*20,450\.00/,
  );
  await expect(statuses.getByRole('row', { name: /Suggested/ }).locator('[data-side="left"]')).toHaveText(
    '6,100.00',
  );
  await expect(statuses.getByRole('row', { name: /Unreconciled/ })).toContainText('58');
  await expect(page.getByRole('img', { name: /^Records per status: Reconciled 4 \(6\.\d%\)/ })).toBeVisible();

  const items = page.getByRole('table', { name: 'Unreconciled items' });
  await expect(items.getByRole('columnheader').nth(1)).toHaveText('Side');
  await expect(items.getByRole('row')).toHaveCount(51);
  const pages = page.getByRole('navigation', { name: 'Unreconciled items: pages' });
  await expect(pages).toContainText('Rows 1–50 of 58');
  await shootThemes(page, shotsDir, 'dashboard-detail', { still: true, top: true });
  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Rows 51–58 of 58');
  await expect(items.getByRole('row')).toHaveCount(9);
  await expect(items.getByRole('row', { name: /Kilimo Motors/ })).toContainText('5,000.00');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Back to every run's dashboards through the breadcrumbs.
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Dashboards' })
    .click();
  await expect(page).toHaveURL(`/workflows/executions/${workflowId}/dashboards`);
  await expect(page.getByRole('table', { name: 'Dashboards' }).getByRole('row')).toHaveCount(2);

  // A workflow that never ran has none yet, and says so.
  const idle = await api(page, headers, 'POST', '/api/workflow/rule_workflows', {
    workflow_name: `Dash idle ${stamp}`,
    graph: { schemaVersion: 1, nodes: [node('home', 'home')], edges: [] },
  });
  await page.goto(`/workflows/executions/${(idle.data as { workflow_id: string }).workflow_id}/dashboards`);
  await expect(page.getByText('No dashboards yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the Execution History' })).toBeVisible();
  await shootThemes(page, shotsDir, 'dashboards-empty', { still: true, top: true });
});
