/**
 * The workflow editor with 300 blocks, in Chromium: the real server (PGlite, the built web app,
 * `npm run build` first) serves a workflow of 300 blocks (Home → 30 chains of a Table and row
 * blocks, some branching from Filter rows' "Other rows"); the bench signs in as a person does,
 * opens `/workflows/manage-workflow/<id>` and measures
 *   - open: navigation start → all 300 nodes rendered and measured (in the page's clock);
 *   - pan: ~3 s of continuous mouse drags over the canvas while a Chromium performance trace
 *     records, frames per second from the trace's frame events (DrawFrame, and the presented
 *     PipelineReporter frames) and, as a cross-check, from requestAnimationFrame counting in the page;
 *   - the longest frame (rAF interval, and the longest gap between drawn frames in the trace).
 *
 *   npm run build && npx tsx bench/workflow-editor-fps.ts
 *   BLOCKS=600 PAN_MS=5000 npx tsx bench/workflow-editor-fps.ts
 *   WEB_DIST=/path/to/other/apps/web/dist npx tsx bench/workflow-editor-fps.ts   # compare builds
 *   PROFILE=1 …   # plus the page's JavaScript self time during each pan
 *   HIDE='.react-flow__minimap' …   # leave a part out;  STYLE='css' …  # add CSS to the page
 *   MUTATIONS=1 …   # count the DOM changes each pan makes;  DUMP=1 …  # keep the traces in /tmp
 */
import { chromium } from '@playwright/test';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { signIn } from '../e2e/sign-in.ts';
import { adminApi, log } from './bench-kit.ts';
import { startFrameTrace, stopFrameTrace } from './frame-trace.ts';

const BLOCKS = Number(process.env.BLOCKS ?? 300);
const PAN_MS = Number(process.env.PAN_MS ?? 3000);
const VIEWPORT = { width: 1366, height: 900 };
const TABLES = '/api/tables/storage/counterpart_tables';

// WEB_DIST: another build of the web app (e.g. an earlier commit's) to compare with.
const server = await startTestServer(
  { LOG_LEVEL: 'silent', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) },
  { serveWeb: true },
);
const { call } = await adminApi(server);

/** Home → chains of row blocks (Table, then Filter rows / Deduplicate / Clean currency), some branching. */
function graphOf(tableId: string, blocks: number) {
  const nodes: Array<Record<string, unknown>> = [];
  const edges: Array<Record<string, unknown>> = [];
  const add = (id: string, type: string, parameters: Record<string, unknown>, x: number, y: number) =>
    nodes.push({ id, type, typeVersion: 1, position: { x, y }, parameters, on_error: 'stop' });
  const link = (source: string, sh: string, target: string, th: string) =>
    edges.push({
      id: `${source}.${sh}-${target}.${th}`,
      source,
      source_handle: sh,
      target,
      target_handle: th,
    });
  add('home', 'home', {}, 0, 0);
  const perChain = 10;
  const chains = Math.ceil((blocks - 1) / perChain);
  let count = 1;
  for (let c = 0; c < chains && count < blocks; c++) {
    const y = (c - chains / 2) * 130;
    let previous = `t${c}`;
    let handle = 'rows';
    add(previous, 'table', { table_id: tableId }, 320, y);
    link('home', 'start', previous, 'start');
    count++;
    for (let k = 1; k < perChain && count < blocks; k++) {
      const id = `c${c}_${k}`;
      const kind = k % 3;
      if (kind === 1)
        add(id, 'filter_rows', { column: 'Reference', operator: 'is_not_empty' }, 320 + k * 300, y);
      else if (kind === 2) add(id, 'deduplicate', { columns: ['Reference'] }, 320 + k * 300, y);
      else add(id, 'clean_currency', { columns: ['Amount'], currency: 'KES' }, 320 + k * 300, y);
      link(previous, handle, id, 'rows');
      // Every fourth Filter rows' other rows feed the next block; the matching rows end there.
      const branch = kind === 1 && c % 4 === 0;
      handle = branch ? 'rest' : 'rows';
      previous = id;
      count++;
    }
  }
  return { schemaVersion: 1, nodes, edges };
}

const table = await call('POST', `${TABLES}/`, {
  name: `Editor bench ${Date.now()}`,
  columns: [
    { name: 'Reference', type: 'text' },
    { name: 'Amount', type: 'text' },
  ],
});
const graph = graphOf(table.id, BLOCKS);
const workflow = await call('POST', '/api/workflow/rule_workflows', {
  workflow_name: `Editor bench ${Date.now()}`,
  graph,
});
const workflowId = workflow.data.workflow_id as string;
log(`workflow ${workflowId}: ${graph.nodes.length} blocks, ${graph.edges.length} edges`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const context = await browser.newContext({ baseURL: server.url, viewport: VIEWPORT });
const page = await context.newPage();
await signIn(page, 'admin@demo.test');
const accept = page.getByRole('button', { name: 'Accept cookies' });
if (await accept.isVisible()) await accept.click();

// In the page's clock: when all the nodes are on the canvas and measured (React Flow shows a node once measured).
// A string, not a function: tsx (esbuild keepNames) would wrap named functions in a helper the page lacks.
await page.addInitScript(`(() => {
  let stable = 0;
  let last = -1;
  const check = () => {
    const all = document.querySelectorAll('.react-flow__node').length;
    const shown = document.querySelectorAll('.react-flow__node:not([style*="visibility: hidden"])').length;
    stable = all > 0 && shown === all && all === last ? stable + 1 : 0;
    last = all;
    if (stable === 1) window.__allNodesAt = performance.now();
    if (stable >= 10) window.__rendered = all;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`);

async function openEditor() {
  const started = Date.now();
  await page.goto(`/workflows/manage-workflow/${workflowId}`);
  await page
    .waitForFunction(() => (window as unknown as { __rendered?: number }).__rendered, null, {
      timeout: 60_000,
      polling: 100,
    })
    .catch(async (error) => {
      await page.screenshot({ path: '/tmp/editor-bench-failed.png' });
      const nodes = await page.evaluate(() => [
        location.href,
        document.querySelectorAll('.react-flow__node').length,
        document.querySelector('.react-flow__node')?.getAttribute('style'),
      ]);
      throw new Error(`not all nodes shown: ${JSON.stringify(nodes)}`, { cause: error });
    });
  const [inPage, rendered] = await page.evaluate(() => {
    const w = window as unknown as { __allNodesAt: number; __rendered: number };
    return [w.__allNodesAt, w.__rendered];
  });
  return { inPage, rendered, wall: Date.now() - started - 10 * 16 };
}

await openEditor(); // warm: the editor's chunk cached, as for a person opening a second workflow
const opened = await openEditor();
log(`open: ${opened.inPage.toFixed(0)} ms (page clock), ${opened.wall} ms wall`);

if (process.env.HIDE)
  await page.addStyleTag({ content: `${process.env.HIDE} { display: none !important; }` });
if (process.env.STYLE) await page.addStyleTag({ content: process.env.STYLE });
if (process.env.MUTATIONS)
  await page.evaluate(`(() => {
    window.__mutations = {};
    new MutationObserver((list) => {
      for (const m of list) {
        const t = m.target;
        const key = m.type + ' ' + (t.getAttribute ? (t.tagName + '.' + String(t.getAttribute('class') || '').split(' ')[0]) : t.nodeName) + ' ' + (m.attributeName || '');
        window.__mutations[key] = (window.__mutations[key] || 0) + 1;
      }
    }).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
  })()`);

// Raw input through the DevTools protocol, sent every 8 ms without waiting for each to be handled
// (Playwright's mouse.move waits for the page): Chromium coalesces them into one per frame, as it
// does for a real mouse.
const cdp = await page.context().newCDPSession(page);
const mouse = (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number) =>
  cdp.send('Input.dispatchMouseEvent', {
    type,
    x,
    y,
    button: 'left',
    buttons: type === 'mouseReleased' ? 0 : 1,
    clickCount: 1,
  });

/** Pans the canvas for PAN_MS (drags on the empty canvas, a slow circle), traced; prints the figures. */
async function panAndMeasure(label: string) {
  const pane = await page.locator('.react-flow__pane').boundingBox();
  if (!pane) throw new Error('no canvas');
  const cx = pane.x + pane.width / 2;
  const cy = pane.y + pane.height / 2;
  const rendered = await page.locator('.react-flow__node').count();
  await startFrameTrace(browser, page, cdp, 'pan-start');
  await mouse('mouseMoved', cx, cy);
  await mouse('mousePressed', cx, cy);
  const panStarted = Date.now();
  const sent: Array<Promise<unknown>> = [];
  let step = 0;
  while (Date.now() - panStarted < PAN_MS) {
    step++;
    const angle = step / 40;
    sent.push(mouse('mouseMoved', cx + Math.cos(angle) * 120 - 120, cy + Math.sin(angle) * 120));
    await new Promise((resolve) => setTimeout(resolve, 8));
  }
  await Promise.all(sent);
  await mouse('mouseReleased', cx, cy);
  const { seconds, drawn, presented, begun, raf, longestGap, cpu, top } = await stopFrameTrace(
    browser,
    page,
    cdp,
    ['pan-start', 'pan-end'],
    label.replace(/ /g, '-'),
  );

  if (process.env.MUTATIONS) {
    const counted = await page.evaluate(
      '(() => { const m = window.__mutations; window.__mutations = {}; return m; })()',
    );
    console.log('  DOM mutations:', JSON.stringify(counted));
  }

  console.log(`pan, ${label} (${rendered} nodes in the DOM): ${seconds.toFixed(2)} s, ${step} mouse moves`);
  console.log(
    `  fps (trace): ${(drawn / seconds).toFixed(1)} DrawFrame/s (presented frames ${(presented / seconds).toFixed(1)}/s, BeginFrame ${(begun / seconds).toFixed(1)}/s)`,
  );
  console.log(
    `  fps (rAF): ${((raf.frames / raf.ms) * 1000).toFixed(1)} (${raf.frames} frames in ${raf.ms.toFixed(0)} ms)`,
  );
  console.log(
    `  longest frame: ${raf.longest.toFixed(1)} ms (rAF interval); ${longestGap.toFixed(1)} ms between drawn frames (trace)`,
  );
  console.log(
    `  main thread CPU: ${(cpu / seconds / 10).toFixed(0)} % of the pan, ${(cpu / Math.max(1, drawn)).toFixed(1)} ms per drawn frame`,
  );
  console.log(`  main thread: ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`).join(', ')}`);
}

console.log(
  `${BLOCKS} blocks, ${graph.edges.length} edges; Chromium headless (${VIEWPORT.width}×${VIEWPORT.height}, --disable-gpu)`,
);
console.log(
  `open (navigation → every node in view rendered, ${opened.rendered} in the DOM): ${opened.inPage.toFixed(0)} ms (page clock; ${opened.wall} ms wall)`,
);
await panAndMeasure('as opened');
// The canvas's own "fit view" button: the whole graph in view (zoom ~0.1), every node rendered.
await page.locator('.react-flow__controls-fitview').click();
await page.waitForTimeout(500);
await panAndMeasure('whole graph in view');

await browser.close();
await server.close();
