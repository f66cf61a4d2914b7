import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, postJson, requestJson, watchApiHeaders } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * Layout a reconciler meets (issue 19): nothing wider than the viewport, figures not clipped, toasts
 * off the controls, links readable in dark mode, the workflow editor's canvas wide enough. Each test
 * checks at 1366×900 and 390×844; screenshots (light/dark) land in SHOTS_DIR (default /tmp/shots-uilayout).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-uilayout';
const WIDE = { width: 1366, height: 900 };
const NARROW = { width: 390, height: 844 };
const TABLES = '/api/tables/storage/counterpart_tables';
const EXECUTION = '/api/workflow/workflows/workflow/execution';

test.describe.configure({ timeout: 180_000 });

/** How far the page scrolls sideways (0 when it fits). */
const sideScroll = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** The page at both sizes in light and dark, through the top bar's theme toggle. */
async function shoot(page: Page, name: string, settle?: () => Promise<void>) {
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['desktop', WIDE],
      ['mobile', NARROW],
    ] as const) {
      await page.setViewportSize(viewport);
      await settle?.();
      await page.screenshot({ path: `${shotsDir}/${name}-${size}-${theme}.png`, fullPage: true });
    }
    await page.setViewportSize(WIDE);
    await page.getByRole('button', { name: 'Toggle theme' }).click();
  }
}

async function start(page: Page): Promise<Record<string, string>> {
  const headers = watchApiHeaders(page);
  await page.setViewportSize(WIDE);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  return headers;
}

async function createTable(
  page: Page,
  headers: Record<string, string>,
  name: string,
  columns: Array<{ name: string; type: string }>,
  rows: Array<Record<string, string>>,
): Promise<string> {
  const table = await postJson(page, headers, `${TABLES}/`, { name, columns });
  await postJson(page, headers, `${TABLES}/${String(table.id)}/items/bulk_create`, {
    items: rows.map((values) => ({ values })),
  });
  return String(table.id);
}

const BANK = [
  { Date: '2025-08-05', Description: 'Payment Acme Ltd', Reference: 'INV-2001', Amount: '1250000.00' },
  { Date: '2025-08-06', Description: 'Transfer Baraka Traders', Reference: 'INV-2002', Amount: '8450.00' },
  { Date: '2025-08-12', Description: 'Cash deposit', Reference: '', Amount: '6100.00' },
  { Date: '2025-08-14', Description: 'Interest earned', Reference: '', Amount: '120.00' },
];
const LEDGER = [
  { Date: '2025-08-03', Invoice: 'INV-2001', Customer: 'Acme Ltd', Amount: '1250000.00' },
  { Date: '2025-08-04', Invoice: 'INV-2002', Customer: 'Baraka Traders', Amount: '8450.00' },
  { Date: '2025-08-10', Invoice: 'INV-2006', Customer: 'Faraja Bakery', Amount: '6100.00' },
];

/** A bank and a ledger table (long names) reconciled by the default rules; their ids. */
async function seedReconciled(page: Page, headers: Record<string, string>, stamp: number) {
  const money = (text: string[]) => [
    { name: 'Date', type: 'date' },
    ...text.map((name) => ({ name, type: 'text' })),
    { name: 'Amount', type: 'currency' },
  ];
  const bankName = `Equity Bank Kenya current account ${stamp}`;
  const ledgerName = `Sales ledger receivables ${stamp}`;
  const bank = await createTable(page, headers, bankName, money(['Description', 'Reference']), BANK);
  const ledger = await createTable(page, headers, ledgerName, money(['Invoice', 'Customer']), LEDGER);
  const run = await postJson(page, headers, '/api/recon/v1/recon/runs', {
    left_table_id: bank,
    right_table_id: ledger,
  });
  await expect
    .poll(
      async () => (await requestJson(page, headers, `/api/recon/v1/recon/runs/${String(run.id)}`)).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('succeeded');
  return { bank, ledger, bankName, ledgerName };
}

test('the reconciliation dashboard fits 1366 and 390 px: no sideways scroll, amounts per side not clipped', async ({
  page,
}) => {
  const headers = await start(page);
  await seedReconciled(page, headers, Date.now());
  await page.goto('/reconciliation/dashboard?from=2025-08-01&to=2025-08-31');
  const bySource = page.getByRole('table', { name: 'By source' });
  await expect(bySource).toContainText('Automatic (runs)');
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await sideScroll(page), `dashboard at ${viewport.width}`).toBeLessThanOrEqual(0);
    // Each amount cell ends inside the panel's scroller, and the scroller does not scroll.
    const clipped = await bySource.evaluate((table) => {
      const scroller = table.parentElement as HTMLElement;
      const edge = scroller.getBoundingClientRect().right;
      const cells = [...table.querySelectorAll('[data-side]')].map(
        (cell) => cell.getBoundingClientRect().right,
      );
      return {
        cells: cells.length,
        beyond: cells.filter((right) => right > edge + 0.5).length,
        scrolls: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(clipped.cells).toBeGreaterThan(0);
    expect(clipped, `By source at ${viewport.width}`).toMatchObject({ beyond: 0, scrolls: 0 });
  }
  await shoot(page, 'recon-dashboard');
});

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

/** A workflow (two tables → Reconcile → Dashboard) run once; its id and the run's. */
async function seedWorkflowRun(page: Page, headers: Record<string, string>, stamp: number) {
  const { bank, ledger } = await seedReconciled(page, headers, stamp);
  const created = await postJson(page, headers, '/api/workflow/rule_workflows', {
    workflow_name: `Layout morning ${stamp}`,
    graph: {
      schemaVersion: 1,
      nodes: [
        node('home', 'home'),
        node('bank', 'table', { table_id: bank }),
        node('ledger', 'table', { table_id: ledger }),
        node('match', 'reconcile', { rule_set: 'default' }),
        node('board', 'dashboard', { title: 'August close' }),
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
  const started = await postJson(page, headers, EXECUTION, { workflow_id: workflowId, inputs: {} });
  const executionId = (started.data as { execution_id: string }).execution_id;
  await expect
    .poll(
      async () =>
        (
          (await requestJson(page, headers, `${EXECUTION}/one?execution_id=${executionId}`)).data as {
            status: string;
          }
        ).status,
      { timeout: 60_000 },
    )
    .toBe('succeeded');
  return { workflowId, executionId };
}

test('a workflow run’s dashboard fits 390 px: its figures per status, both sides included, without sideways scroll', async ({
  page,
}) => {
  const headers = await start(page);
  const { workflowId, executionId } = await seedWorkflowRun(page, headers, Date.now());
  await page.goto(`/workflows/executions/${workflowId}/dashboards/${executionId}.board`);
  const statuses = page.getByRole('table', { name: 'Per status' });
  await expect(statuses.getByRole('row', { name: /Reconciled/ }).locator('[data-side="right"]')).toHaveText(
    '1,264,550.00',
  );
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await sideScroll(page), `dashboard at ${viewport.width}`).toBeLessThanOrEqual(0);
    const fit = await statuses.evaluate((table) => {
      const scroller = table.parentElement as HTMLElement;
      const edge = scroller.getBoundingClientRect().right;
      const right = [...table.querySelectorAll('[data-side="right"]')].map(
        (c) => c.getBoundingClientRect().right,
      );
      return {
        beyond: right.filter((r) => r > edge + 0.5).length,
        scrolls: scroller.scrollWidth - scroller.clientWidth,
      };
    });
    expect(fit, `Per status at ${viewport.width}`).toEqual({ beyond: 0, scrolls: 0 });
  }
  await shoot(page, 'workflow-dashboard');
});
