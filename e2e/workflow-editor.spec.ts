import { expect, type Page, test } from '@playwright/test';
import {
  canvasHandle,
  canvasNode,
  connectHandles,
  DESKTOP,
  shootThemes,
  watchApiHeaders,
} from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The graph editor: a new workflow starts with Home; Table and Filter rows are added from the
 * palette (click and Enter), the table picked in the side panel, the save refused with the graph's
 * issues listed, handles connected by dragging (a loop refused with its reason), then saved; a
 * second new workflow with the same name is refused. Screenshots in SHOTS_DIR (/tmp/shots-editor).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-editor';
const TABLES = '/api/tables/storage/counterpart_tables';

test.describe.configure({ timeout: 120_000 });

const nodeOf = canvasNode;
const handle = canvasHandle;

test('a workflow is built in the graph editor, checked, saved, and its name kept unique', async ({
  page,
}) => {
  const stamp = Date.now();
  const tableName = `Editor bank ${stamp}`;
  const workflowName = `Editor flow ${stamp}`;
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  const created = await page.request.post(`${TABLES}/`, {
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: JSON.stringify({
      name: tableName,
      columns: [
        { name: 'Reference', type: 'text' },
        { name: 'Amount', type: 'text' },
      ],
    }),
  });
  expect(created.status()).toBeLessThan(300);

  await page.goto('/workflows/manage-workflow');
  await expect(nodeOf(page, 'home')).toContainText('Home');
  await expect(handle(page, 'home', 'source', 'start')).toHaveAttribute(
    'aria-label',
    /Start \(output, anything\)/,
  );

  // Keyboard: Tab to Home, Enter selects it (its settings open); Delete never removes Home.
  await nodeOf(page, 'home').focus();
  await page.keyboard.press('Enter');
  const settings = page.getByRole('complementary', { name: 'Block settings' });
  await expect(settings.getByRole('heading', { name: 'Home' })).toBeVisible();
  await page.keyboard.press('Delete');
  await expect(nodeOf(page, 'home')).toBeVisible();

  // The palette: searched; unavailable blocks disabled with their reason; click and Enter add.
  const palette = page.getByRole('navigation', { name: 'Blocks' });
  await expect(palette.getByRole('button', { name: /Post to ERP \(unavailable\)/ })).toBeDisabled();
  await palette.getByRole('searchbox', { name: 'Search blocks' }).fill('table');
  await palette.getByRole('button', { name: 'Add Table', exact: true }).click();
  await expect(nodeOf(page, 'table')).toContainText('Table');
  await settings.getByRole('combobox', { name: 'Table', exact: true }).selectOption({ label: tableName });

  await palette.getByRole('searchbox', { name: 'Search blocks' }).fill('filter');
  await palette.getByRole('button', { name: 'Add Filter rows' }).focus();
  await page.keyboard.press('Enter');
  await expect(nodeOf(page, 'filter_rows')).toContainText('Filter rows');
  await settings.getByRole('textbox', { name: 'Column', exact: true }).fill('Amount');

  // Saving now lists what is wrong and does not save.
  await page.getByRole('button', { name: 'Save' }).click();
  const issues = page.getByRole('alert').filter({ hasText: 'Fix these before saving' });
  await expect(issues).toContainText('Name the workflow');
  await expect(issues).toContainText('Start of "Table" needs a connection');

  // Connect by dragging handles; a loop is refused with its reason.
  await page.locator('.react-flow__controls-fitview').click();
  await connectHandles(
    page,
    handle(page, 'home', 'source', 'start'),
    handle(page, 'table', 'target', 'start'),
  );
  await connectHandles(
    page,
    handle(page, 'table', 'source', 'rows'),
    handle(page, 'filter_rows', 'target', 'rows'),
  );
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);
  await connectHandles(
    page,
    handle(page, 'filter_rows', 'source', 'rows'),
    handle(page, 'table', 'target', 'start'),
  );
  await expect(page.getByRole('status', { name: 'Editor status' })).toContainText(
    'Connection refused: Start of "Table" takes one connection',
  );
  await expect(page.locator('.react-flow__edge')).toHaveCount(2);

  await page.getByLabel('Name', { exact: true }).fill(workflowName);
  await page.getByLabel('Description').fill('Built in the editor');
  await shootThemes(page, shotsDir, 'editor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workflow saved', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/workflows\/manage-workflow\/[0-9a-f-]{36}$/);
  await expect(nodeOf(page, 'filter_rows')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(workflowName);
  // The heading names the workflow; the crumb keeps the spec's words.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(workflowName);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    'Manage and Update Workflow',
  );

  // A second new workflow with the same name (other case) is refused.
  await page.goto('/workflows/manage-workflow');
  await expect(nodeOf(page, 'home')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(workflowName.toUpperCase());
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('You cannot add a new rule with duplicate name', { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/workflows\/manage-workflow$/);

  // A missing workflow (absent or malformed id) reads like a missing table.
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    await page.goto(`/workflows/manage-workflow/${id}`);
    await expect(page.getByText('Workflow not found', { exact: true })).toBeVisible();
    await expect(
      page.getByText('It may have been deleted, or it belongs to another organization.'),
    ).toBeVisible();
  }
  await page.goto('/tables/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Table not found', { exact: true })).toBeVisible();
});

/** Node boxes on screen, by id. */
async function boxes(page: Page, ids: readonly string[]) {
  const found: Record<string, { x: number; y: number; width: number; height: number }> = {};
  for (const id of ids) {
    const box = await nodeOf(page, id).boundingBox();
    if (!box) throw new Error(`${id} not on screen`);
    found[id] = box;
  }
  return found;
}

test('auto-layout, column and rule set pickers, and the unsaved-changes warning', async ({ page }) => {
  const stamp = Date.now();
  const shots2 = process.env.SHOTS_DIR_2 ?? '/tmp/shots-editor2';
  const headers = watchApiHeaders(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
  await expect.poll(() => headers.Authorization ?? '').not.toBe('');
  const json = { ...headers, 'Content-Type': 'application/json' };
  const table = await page.request.post(`${TABLES}/`, {
    headers: json,
    data: JSON.stringify({
      name: `Layout bank ${stamp}`,
      columns: [
        { name: 'Reference', type: 'text' },
        { name: 'Amount', type: 'currency', currency: 'KES' },
      ],
    }),
  });
  expect(table.status()).toBeLessThan(300);
  const tableId = ((await table.json()) as { id: string }).id;
  // Every block piled on one spot: what auto-layout is for.
  const node = (id: string, type: string, parameters: Record<string, unknown> = {}) => ({
    id,
    type,
    typeVersion: 1,
    position: { x: 0, y: 0 },
    parameters,
    on_error: 'stop',
  });
  const edge = (source: string, sh: string, target: string, th: string) => ({
    id: `${source}.${sh}-${target}.${th}`,
    source,
    source_handle: sh,
    target,
    target_handle: th,
  });
  const created = await page.request.post('/api/workflow/rule_workflows', {
    headers: json,
    data: JSON.stringify({
      workflow_name: `Layout flow ${stamp}`,
      graph: {
        schemaVersion: 1,
        nodes: [
          node('home', 'home'),
          node('bank', 'table', { table_id: tableId }),
          node('dedupe', 'deduplicate', { columns: ['Reference'] }),
          node('paid', 'filter_rows', { column: 'Reference', operator: 'is_not_empty' }),
          node('statement', 'upload_document', { label: 'Statement', accept: 'statement' }),
          node('parse', 'parse_file'),
          node('match', 'reconcile', { rule_set: 'default' }),
        ],
        edges: [
          edge('home', 'start', 'bank', 'start'),
          edge('bank', 'rows', 'dedupe', 'rows'),
          edge('dedupe', 'rows', 'paid', 'rows'),
          edge('home', 'start', 'statement', 'start'),
          edge('statement', 'file', 'parse', 'file'),
          edge('paid', 'rows', 'match', 'left'),
          edge('parse', 'rows', 'match', 'right'),
        ],
      },
    }),
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  const workflowId = ((await created.json()) as { data: { workflow_id: string } }).data.workflow_id;

  await page.goto(`/workflows/manage-workflow/${workflowId}`);
  const ids = ['home', 'bank', 'dedupe', 'paid', 'statement', 'parse', 'match'] as const;
  await expect(nodeOf(page, 'match')).toBeVisible();

  // Auto-layout: left to right in layers from Home, nothing overlapping; undoable; Shift+L again.
  const button = page.getByRole('button', { name: 'Auto-layout' });
  await expect(button).toHaveAttribute('title', 'Auto-layout (Shift+L)');
  await button.click();
  await expect(page.getByRole('status', { name: 'Editor status' })).toContainText('Laid out');
  await page.waitForTimeout(400); // the fit-view animation
  let at = await boxes(page, ids);
  const before = (a: string, b: string) =>
    expect(at[a]!.x + at[a]!.width, `${a} before ${b}`).toBeLessThan(at[b]!.x);
  before('home', 'bank');
  before('bank', 'dedupe');
  before('dedupe', 'paid');
  before('paid', 'match');
  before('home', 'statement');
  before('statement', 'parse');
  before('parse', 'match');
  for (const a of ids) {
    for (const b of ids) {
      if (a >= b) continue;
      const [p, q] = [at[a]!, at[b]!];
      const apart =
        p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y;
      expect(apart, `${a} and ${b} overlap`).toBe(true);
    }
  }
  await shootThemes(page, shots2, 'auto-layout', {
    settle: async () => {
      await page.locator('.react-flow__controls-fitview').click();
      await page.waitForTimeout(300); // the fit-view animation
    },
  });
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.locator('.react-flow__controls-fitview').click();
  await page.waitForTimeout(300);
  at = await boxes(page, ['home', 'match']);
  expect(Math.abs(at.home!.x - at.match!.x)).toBeLessThan(2);
  await nodeOf(page, 'home').focus();
  await page.keyboard.press('Shift+L');
  await page.waitForTimeout(400);
  at = await boxes(page, ['home', 'match']);
  expect(at.home!.x + at.home!.width).toBeLessThan(at.match!.x);

  // Pickers: the columns known upstream (a table's, currency named with its code; a statement's).
  const settings = page.getByRole('complementary', { name: 'Block settings' });
  await nodeOf(page, 'paid').click();
  const column = settings.getByRole('combobox', { name: 'Column', exact: true });
  await expect(column.locator('option')).toHaveText(['Choose a column', 'Reference', 'Amount (KES)']);
  await column.selectOption('Amount (KES)');
  await nodeOf(page, 'dedupe').click();
  const keys = settings.getByRole('group', { name: 'Key columns' });
  await expect(keys.getByRole('checkbox', { name: 'Reference' })).toBeChecked();
  await keys.getByRole('checkbox', { name: 'Amount (KES)' }).check();
  await nodeOf(page, 'match').click();
  const ruleSet = settings.getByRole('combobox', { name: 'Rule set' });
  await expect(ruleSet).toHaveValue('default');
  await expect(ruleSet.locator('option').first()).toHaveText('Organization default');

  // Unsaved changes: leaving in the app asks (Stay keeps everything), reloading asks the browser.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Workflows' }).click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toContainText('You have unsaved changes. Leave without saving?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/workflows/manage-workflow/${workflowId}$`));
  const prompts: string[] = [];
  page.once('dialog', (d) => {
    prompts.push(d.type());
    void d.dismiss();
  });
  await page.reload({ timeout: 5_000 }).catch(() => undefined);
  await expect.poll(() => prompts).toEqual(['beforeunload']);
  await expect(settings.getByRole('combobox', { name: 'Rule set' })).toBeVisible();

  // Leave: the navigation goes through.
  await nav.getByRole('link', { name: 'Workflows' }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/workflows$/);

  // After a save, no warning.
  await page.goto(`/workflows/manage-workflow/${workflowId}`);
  await expect(nodeOf(page, 'match')).toBeVisible();
  await page.getByRole('button', { name: 'Auto-layout' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Workflow saved', { exact: true })).toBeVisible();
  await nav.getByRole('link', { name: 'Workflows' }).click();
  await expect(page).toHaveURL(/\/workflows$/);
  await expect(dialog).toBeHidden();
});
