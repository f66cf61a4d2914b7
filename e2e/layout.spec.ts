import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, postJson, requestJson, watchApiHeaders } from './journey-kit.ts';
import { DEMO_PASSWORD } from './sign-in.ts';

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

// One signed-in page for every check (serial): a sign-in per test timed out on a loaded machine.
test.describe.configure({ mode: 'serial', timeout: 300_000 });
let page: Page;
let headers: Record<string, string>;
let seeded: Awaited<ReturnType<typeof seedReconciled>>;

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
  // signIn's steps with room to wait: on a machine this loaded the welcome page can take over 10 s.
  const slow = { timeout: 60_000 };
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).first().click(slow);
  await expect(page.getByLabel('Email')).toBeVisible(slow);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click(slow);
  const welcome = page.getByRole('heading', { name: /^Welcome/ });
  const chooser = page.getByRole('heading', { name: 'Select organization' });
  await expect(welcome.or(chooser)).toBeVisible(slow);
  if (await chooser.isVisible()) await page.getByRole('button', { name: 'Demo Company' }).click(slow);
  await expect(welcome).toBeVisible(slow);
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
const LONG_CUSTOMER = 'Faraja Bakery and Confectionery Wholesale Distributors (Nairobi West) Limited';
const LEDGER = [
  { Date: '2025-08-03', Invoice: 'INV-2001', Customer: 'Acme Ltd', Amount: '1250000.00' },
  { Date: '2025-08-04', Invoice: 'INV-2002', Customer: 'Baraka Traders', Amount: '8450.00' },
  { Date: '2025-08-10', Invoice: 'INV-2006', Customer: LONG_CUSTOMER, Amount: '6100.00' },
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

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  page = await browser.newPage();
  headers = await start(page);
  seeded = await seedReconciled(page, headers, Date.now());
});

test.afterAll(async () => {
  await page.close();
});

test('the reconciliation dashboard fits 1366 and 390 px: no sideways scroll, amounts per side not clipped', async () => {
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
      const cells = Array.from(table.querySelectorAll('[data-side]')).map(
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

/** WCAG contrast of an element's text colour on the first opaque background behind it. */
async function textContrast(locator: import('@playwright/test').Locator): Promise<number> {
  return locator.evaluate((element) => {
    // Any CSS colour (Tailwind's are oklch) to sRGB bytes and alpha, through a 1×1 canvas.
    const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    const rgba = (colour: string): number[] => {
      if (!context) return [0, 0, 0, 0];
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = colour;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    };
    let node: Element | null = element;
    let background = [255, 255, 255];
    while (node) {
      const [r = 0, g = 0, b = 0, a = 0] = rgba(getComputedStyle(node).backgroundColor);
      if (a === 255) {
        background = [r, g, b];
        break;
      }
      node = node.parentElement;
    }
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) =>
        c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4;
      return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
    };
    const [a, b] = [luminance(rgba(getComputedStyle(element).color)), luminance(background)].sort(
      (x, y) => y - x,
    );
    return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
  });
}

test('links in dark mode read at 4.5:1 whatever the organization’s colour (a dark navy, a pure blue)', async () => {
  const { bankName, ledgerName } = seeded;
  const profile = await requestJson(page, headers, '/api/users/organization/profile');
  const before = (profile.attributes as Record<string, string[] | undefined>).primary_color?.[0] ?? null;
  const setColour = (primary_color: string | null) =>
    requestJson(page, headers, '/api/users/organization/profile', { method: 'PUT', body: { primary_color } });
  try {
    for (const colour of ['#1e3a8a', '#0000ff']) {
      await setColour(colour);
      await page.goto('/reconciliation/dashboard?from=2025-08-01&to=2025-08-31');
      await expect
        .poll(() =>
          page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary')),
        )
        .toBe(colour);
      if (!(await page.evaluate(() => document.documentElement.classList.contains('dark'))))
        await page.getByRole('button', { name: 'Toggle theme' }).click();
      const link = page.getByRole('link', { name: `Open ${bankName} ↔ ${ledgerName} in the workspace` });
      await expect(link).toBeVisible();
      expect(await textContrast(link), `link in dark mode with ${colour}`).toBeGreaterThanOrEqual(4.5);
      await page.screenshot({ path: `${shotsDir}/dark-link-${colour.slice(1)}.png` });
    }
  } finally {
    await setColour(before);
    if (await page.evaluate(() => document.documentElement.classList.contains('dark')))
      await page.getByRole('button', { name: 'Toggle theme' }).click();
  }
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

test('a workflow run’s dashboard fits 390 px: its figures per status, both sides included, without sideways scroll', async () => {
  const stamp = Date.now();
  const { workflowId, executionId } = await seedWorkflowRun(page, headers, stamp);
  await page.goto(`/workflows/executions/${workflowId}/dashboards/${executionId}.board`);
  const statuses = page.getByRole('table', { name: 'Per status' });
  // INV-2001 and INV-2002 (1,258,450.00); the cash deposit's pair stays a suggestion, as in the workspace.
  await expect(statuses.getByRole('row', { name: /Reconciled/ }).locator('[data-side="right"]')).toHaveText(
    '1,258,450.00',
  );
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    expect(await sideScroll(page), `dashboard at ${viewport.width}`).toBeLessThanOrEqual(0);
    const fit = await statuses.evaluate((table) => {
      const scroller = table.parentElement as HTMLElement;
      const edge = scroller.getBoundingClientRect().right;
      const right = Array.from(table.querySelectorAll('[data-side="right"]')).map(
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

  // The workflows list at 390 px still says each workflow's state and last run (stacked under its name).
  await page.setViewportSize(NARROW);
  await page.goto('/workflows');
  await page.getByRole('searchbox', { name: 'Search workflows' }).fill(`Layout morning ${stamp}`);
  const row = page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Layout morning ${stamp}`, exact: true }) });
  for (const text of ['Draft', 'Succeeded']) {
    const shown = row.getByTestId('workflow-stacked').getByText(text, { exact: true });
    await expect(shown, text).toBeVisible();
    const box = await shown.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= NARROW.width, `${text} inside the screen`).toBe(true);
  }
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await shoot(page, 'workflows-list');
});

/**
 * Whether `locator` is free of toasts: no toast's box overlaps its box, and the point at its middle
 * hits it (or something inside it) unless it is disabled (a disabled button lets the pointer through)
 * or out of view.
 */
async function freeOfToasts(locator: import('@playwright/test').Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const cards = Array.from(document.querySelectorAll('[data-toast-type]')).map((card) =>
      card.getBoundingClientRect(),
    );
    const overlaps = cards.some(
      (card) =>
        card.left < box.right && card.right > box.left && card.top < box.bottom && card.bottom > box.top,
    );
    if (overlaps) return false;
    if ((element as HTMLButtonElement).disabled) return true;
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (y < 0 || y > window.innerHeight || x < 0 || x > window.innerWidth) return true; // out of view: no toast over it
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  });
}

test('a toast never covers the table page’s buttons nor an open dialog’s close button and footer', async () => {
  const table = await createTable(
    page,
    headers,
    `Toast table ${Date.now()}`,
    [
      { name: 'Reference', type: 'text' },
      { name: 'Amount', type: 'currency' },
      // Enough fields for the Add row dialog to fill the screen's height, its close button at the very top.
      ...[
        'Branch',
        'Teller',
        'Channel',
        'Narrative',
        'Payer',
        'Phone',
        'Account',
        'Cheque',
        'Batch',
        'Notes',
      ].map((name) => ({ name, type: 'text' })),
    ],
    [{ Reference: 'R-1', Amount: '10.00' }],
  );
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await page.goto(`/tables/${table}`);
    const notifications = page.getByRole('status', { name: 'Notifications', exact: true });
    await page.getByRole('button', { name: 'Add row' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add row' });
    await dialog.getByLabel('Reference').fill(`R-${viewport.width}`);
    await dialog.getByLabel('Amount').fill('25.00');
    await dialog.getByRole('button', { name: 'Add row' }).click();
    await expect(notifications).toContainText('Row added');
    // The page's own buttons, under the top bar at the right and under the grid, stay reachable.
    for (const name of ['Add row', 'Add column', 'Previous', 'Next']) {
      const button = page.getByRole('button', { name, exact: true });
      if (await button.isVisible())
        expect(await freeOfToasts(button), `${name} at ${viewport.width}`).toBe(true);
    }
    // A dialog opened while the toast shows: its close button and footer are not under the toast.
    await page.getByRole('button', { name: 'Add row' }).click();
    dialog = page.getByRole('dialog', { name: 'Add row' });
    await expect(notifications).toContainText('Row added');
    await expect(notifications).toHaveAttribute('data-placement', /right|left|below|above|inside/);
    const close = dialog.getByRole('button', { name: 'Close dialog' });
    expect(await freeOfToasts(close), `close at ${viewport.width}`).toBe(true);
    expect(
      await freeOfToasts(dialog.getByRole('button', { name: 'Add row' })),
      `footer at ${viewport.width}`,
    ).toBe(true);
    if (viewport === NARROW) await page.screenshot({ path: `${shotsDir}/toast-dialog-mobile.png` });
    else await page.screenshot({ path: `${shotsDir}/toast-dialog-desktop.png` });
    await close.click({ timeout: 2000 });
    await expect(dialog).toBeHidden();
  }
});

test('the suggestion queue shows a long customer name whole, at 1366 and 390 px', async () => {
  const { bank, ledger } = seeded;
  await page.goto(`/reconciliation/workspace?left_table_id=${bank}&right_table_id=${ledger}`);
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await page.getByRole('button', { name: 'Review suggestions' }).click();
    const queue = page.getByRole('dialog', { name: 'Review suggestions' });
    await expect(queue.getByTestId('queue-position')).toBeVisible();
    // The ledger row's line names the invoice and its customer: whole, wrapped, inside the dialog.
    const line = queue.getByText(`INV-2006 · ${LONG_CUSTOMER}`);
    await expect(line).toBeVisible();
    const cut = await line.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(cut, `customer name cut at ${viewport.width}`).toBeLessThanOrEqual(0);
    const [lineBox, queueBox] = [await line.boundingBox(), await queue.boundingBox()];
    expect((lineBox?.x ?? 0) + (lineBox?.width ?? 0)).toBeLessThanOrEqual(
      (queueBox?.x ?? 0) + (queueBox?.width ?? 0),
    );
    await page.screenshot({ path: `${shotsDir}/suggestion-queue-${viewport.width}.png` });
    await queue.getByRole('button', { name: 'Close dialog' }).click();
  }
});

test('the workflow editor at 1366×900: the blocks and the block settings fold away (keyboard too), the canvas gets the width', async () => {
  await page.setViewportSize(WIDE);
  await page.goto('/workflows/manage-workflow');
  const canvas = page.getByRole('application', { name: 'Workflow canvas' }).or(page.locator('.react-flow'));
  await expect(canvas.first()).toBeVisible();
  const width = async () => (await canvas.first().boundingBox())?.width ?? 0;
  const blocks = page.getByRole('button', { name: 'Blocks', exact: true });
  const settings = page.getByRole('button', { name: 'Block settings', exact: true });
  await expect(blocks).toHaveAttribute('aria-expanded', 'true');
  await expect(settings).toHaveAttribute('aria-expanded', 'true');

  // Unwired blocks laid out: the status says so.
  const palette = page.getByRole('navigation', { name: 'Blocks' });
  await palette.getByRole('button', { name: 'Add Filter rows' }).click();
  await palette.getByRole('button', { name: 'Add Filter rows' }).click();
  await page.getByRole('button', { name: 'Auto-layout' }).click();
  await expect(page.getByRole('status', { name: 'Editor status' })).toContainText(
    /Laid out \d+ blocks.*are not wired/,
  );
  await page.screenshot({ path: `${shotsDir}/editor-open.png` });

  // Folded with the keyboard (Enter on the one, Space on the other).
  await blocks.focus();
  await page.keyboard.press('Enter');
  await expect(blocks).toHaveAttribute('aria-expanded', 'false');
  await expect(palette).toBeHidden();
  await settings.focus();
  await page.keyboard.press('Space');
  await expect(settings).toHaveAttribute('aria-expanded', 'false');
  await expect.poll(width).toBeGreaterThanOrEqual(900);
  await shoot(page, 'editor-folded');

  // The settings open again: the canvas keeps 700 px.
  await settings.click();
  await expect(settings).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('complementary', { name: 'Block settings' }).locator('#editor-settings'),
  ).toBeVisible();
  await expect.poll(width).toBeGreaterThanOrEqual(700);
  await page.screenshot({ path: `${shotsDir}/editor-settings-open.png` });
  await blocks.click();
  await expect(palette).toBeVisible();
});
