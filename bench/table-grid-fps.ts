/**
 * The table grid (`/tables/:id`, issue 5) with 100,000 rows, in Chromium: the real server (PGlite, the
 * built web app, `npm run build` first) holds a 10-column table made with one INSERT … SELECT FROM
 * generate_series; the bench signs in as a person does, opens `/tables/<id>`, chooses the grid's
 * largest page size (500 rows) and measures
 *   - open: navigation start → the first rows shown (in the page's clock; the default page size);
 *   - scroll: ~3 s of continuous mouse-wheel scrolling over the grid's scroll box while a Chromium
 *     performance trace records: frames per second from the trace's DrawFrame events and from
 *     requestAnimationFrame, main-thread CPU per frame, the longest frame;
 *   - next page, sort (the column menu's Sort ascending / descending, a new column/order each time) and filter (the filter bar's
 *     "contains"): click → the new rows shown, p50 of ~10 each (the page's clock).
 *
 *   npm run build && npx tsx bench/table-grid-fps.ts
 *   ROWS=1000000 SCROLL_MS=5000 REPEAT=20 npx tsx bench/table-grid-fps.ts
 *   PROFILE=1 …   # plus the page's JavaScript self time during the scroll;  DUMP=1 …  # keep the trace in /tmp
 */
import { performance as clock } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { startTestServer } from '../apps/server/test/test-server.ts';
import { signIn } from '../e2e/sign-in.ts';
import { adminApi, fillTenColumnTable, log, TEN_COLUMNS } from './bench-kit.ts';
import { startFrameTrace, stopFrameTrace } from './frame-trace.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const SCROLL_MS = Number(process.env.SCROLL_MS ?? 3000);
const REPEAT = Number(process.env.REPEAT ?? 10);
const PAGE_SIZE = '500';
const VIEWPORT = { width: 1366, height: 900 };
const BASE = '/api/tables/storage/counterpart_tables';

const server = await startTestServer(
  { LOG_LEVEL: 'silent', ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}) },
  { serveWeb: true },
);
const { call } = await adminApi(server);

// The table: the same rows as bench/table-read.ts.
const table = (await call('POST', `${BASE}/`, { name: `Grid bench ${ROWS} rows`, columns: TEN_COLUMNS })) as {
  id: string;
  columns: Array<{ name: string; id: string }>;
};
log(`inserting ${ROWS} rows into table ${table.id}`);
const loadStarted = clock.now();
await fillTenColumnTable(server, table, ROWS);
log(`loaded in ${((clock.now() - loadStarted) / 1000).toFixed(1)} s`);

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

// In the page's clock: when the grid first shows rows (checked every frame from the navigation on),
// and the time of every click (capture phase, before the app handles it).
// A string, not a function: tsx (esbuild keepNames) would wrap named functions in a helper the page lacks.
await page.addInitScript(`(() => {
  const check = () => {
    if (document.querySelector('table[role="grid"] tbody tr[aria-rowindex] td')) window.__rowsAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  window.addEventListener('click', () => { window.__clickAt = performance.now(); }, true);
})()`);

const grid = page.locator('table[role="grid"]');
async function openGrid() {
  const started = Date.now();
  await page.goto(`/tables/${table.id}`);
  await page.waitForFunction(() => (window as unknown as { __rowsAt?: number }).__rowsAt, null, {
    timeout: 60_000,
    polling: 100,
  });
  const inPage = await page.evaluate(() => (window as unknown as { __rowsAt: number }).__rowsAt);
  return { inPage, wall: Date.now() - started };
}
await openGrid(); // warm: the grid's chunk cached and the server's first reads done
const opens: number[] = [];
let openWall = 0;
for (let i = 0; i < 3; i++) {
  const o = await openGrid();
  opens.push(o.inPage);
  openWall = o.wall;
}
opens.sort((a, b) => a - b);
const opened = opens[1] as number;
log(`open: ${opened.toFixed(0)} ms (page clock, median of 3), ${openWall} ms wall`);

/**
 * The rows shown: the footer's range, the first row's index and Reference cell. A plain function with no named functions inside (tsx's keepNames helper is not in the page).
 */
const signatureOf = () => {
  const row = document.querySelector('table[role="grid"] tbody tr[aria-rowindex]');
  const cells = row ? row.querySelectorAll('td') : [];
  const range = document.querySelector('nav[aria-label="Pages"] [aria-live]');
  return `${range?.textContent ?? ''}|${row?.getAttribute('aria-rowindex') ?? '-'}|${cells[1]?.textContent ?? ''}`;
};
/** Runs `act` (a click), waits for other rows than before (not busy), returns click → rows shown in ms. */
async function latencyOf(act: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(signatureOf);
  await page.evaluate(() => {
    (window as unknown as { __clickAt?: number }).__clickAt = undefined;
  });
  await act();
  // Checked every frame (the page's CSP forbids string predicates: no eval); the signature inline.
  const handle = await page.waitForFunction(
    (was) => {
      const row = document.querySelector('table[role="grid"] tbody tr[aria-rowindex]');
      const cells = row ? row.querySelectorAll('td') : [];
      const busy = document.querySelector('[aria-busy="true"]') !== null;
      const range = document.querySelector('nav[aria-label="Pages"] [aria-live]');
      const now = `${range?.textContent ?? ''}|${row?.getAttribute('aria-rowindex') ?? '-'}|${cells[1]?.textContent ?? ''}`;
      const clickAt = (window as unknown as { __clickAt?: number }).__clickAt;
      if (busy || now === was || clickAt === undefined) return false;
      return performance.now() - clickAt;
    },
    before,
    { polling: 'raf', timeout: 30_000 },
  );
  return (await handle.jsonValue()) as unknown as number;
}

// The largest page size the grid offers.
await page.getByLabel('Rows per page').selectOption(PAGE_SIZE);
await page.waitForFunction(
  (size) =>
    document.querySelectorAll('table[role="grid"] tbody tr[aria-rowindex]').length > 0 &&
    document.querySelector('[aria-busy="true"]') === null &&
    /Rows 1–(\d[\d,]*)/.exec(document.querySelector('nav[aria-label="Pages"]')?.textContent ?? '')?.[1] ===
      Number(size).toLocaleString('en-US'),
  PAGE_SIZE,
  { timeout: 30_000 },
);
await page.waitForTimeout(500);

const cdp = await page.context().newCDPSession(page);
const wheel = (x: number, y: number, deltaY: number) =>
  cdp.send('Input.dispatchMouseEvent', { type: 'mouseWheel', x, y, deltaX: 0, deltaY });
// The grid's scroll box: the table's parent (overflow-auto, @tanstack/react-virtual's scroll element).
const box = grid.locator('xpath=..');

async function scrollAndMeasure() {
  const rect = await box.boundingBox();
  if (!rect) throw new Error('no grid');
  const x = rect.x + rect.width / 2;
  const y = rect.y + rect.height / 2;
  const scrollable = (await box.evaluate((el) => el.scrollHeight - el.clientHeight)) as number;
  await startFrameTrace(browser, page, cdp, 'scroll-start', {
    setup: 'window.__rowsSeen = 0;',
    tick: "window.__rowsSeen = Math.max(window.__rowsSeen, document.querySelectorAll('table[role=grid] tbody tr[aria-rowindex]').length);",
  });
  // 40 px per wheel event every 8 ms (~5,000 px/s); back up again at either end of the page's rows.
  const started = Date.now();
  const sent: Array<Promise<unknown>> = [];
  let step = 0;
  let direction = 1;
  let position = await box.evaluate((el) => el.scrollTop);
  while (Date.now() - started < SCROLL_MS) {
    step++;
    if (position + 40 * direction > scrollable || position + 40 * direction < 0) direction = -direction;
    position += 40 * direction;
    sent.push(wheel(x, y, 40 * direction));
    await new Promise((resolve) => setTimeout(resolve, 8));
  }
  await Promise.all(sent);
  const frames = await stopFrameTrace(browser, page, cdp, ['scroll-start', 'scroll-end'], 'table-grid');
  const { seconds, drawn, presented, raf, longestGap, longestTask, cpu, top } = frames;
  const rowsSeen = await page.evaluate(() => (window as unknown as { __rowsSeen: number }).__rowsSeen);
  const travelled = await box.evaluate((el) => el.scrollTop);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

  console.log(
    `scroll (${PAGE_SIZE} rows on the page, up to ${rowsSeen} rendered at once, ${domNodes} DOM elements): ${seconds.toFixed(2)} s, ${step} wheel events of 40 px, ended at ${travelled.toFixed(0)} of ${scrollable} px`,
  );
  console.log(
    `  fps (trace): ${(drawn / seconds).toFixed(1)} DrawFrame/s (presented frames ${(presented / seconds).toFixed(1)}/s)`,
  );
  console.log(
    `  fps (rAF): ${((raf.frames / raf.ms) * 1000).toFixed(1)} (${raf.frames} frames in ${raf.ms.toFixed(0)} ms)`,
  );
  console.log(
    `  longest frame: ${raf.longest.toFixed(1)} ms (rAF interval); ${longestGap.toFixed(1)} ms between drawn frames (trace); longest main-thread task ${longestTask.toFixed(1)} ms`,
  );
  console.log(
    `  main thread CPU: ${(cpu / seconds / 10).toFixed(0)} % of the scroll, ${(cpu / Math.max(1, drawn)).toFixed(1)} ms per drawn frame`,
  );
  console.log(`  main thread: ${top.map(([n, ms]) => `${n} ${ms.toFixed(0)} ms`).join(', ')}`);
}

const p50 = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.ceil(sorted.length / 2) - 1] ?? Number.NaN;
};
const show = (name: string, list: number[]) =>
  console.log(
    `  ${name}: p50 ${p50(list).toFixed(0)} ms (min ${Math.min(...list).toFixed(0)}, max ${Math.max(...list).toFixed(0)}; ${list.length} runs)`,
  );

console.log(
  `table grid: ${ROWS.toLocaleString('en-US')} rows × ${TEN_COLUMNS.length} columns on ${server.database.kind}; Chromium headless (${VIEWPORT.width}×${VIEWPORT.height}, --disable-gpu)`,
);
console.log(
  `open (navigation → first rows shown, default page size): ${opened.toFixed(0)} ms (page clock, median of 3; ${openWall} ms wall)`,
);
await scrollAndMeasure();

// Click → new rows shown, each on the 500-row page.
console.log(`latency, click → the new rows shown (${PAGE_SIZE} rows per page):`);
await box.evaluate((el) => {
  el.scrollTop = 0;
});
const next = page.getByRole('button', { name: 'Next' });
const nextTimes: number[] = [];
for (let i = 0; i < REPEAT; i++) nextTimes.push(await latencyOf(() => next.click()));
show('next page', nextTimes);

const sortTimes: number[] = [];
// A column and order not sorted by before each time (react-query would answer a repeat from its cache).
const sortBy = ['Amount', 'Date', 'Qty', 'Reference', 'Description'];
for (let i = 0; i < REPEAT; i++) {
  await page.getByRole('button', { name: new RegExp(`^${sortBy[i % sortBy.length]}, `) }).click();
  const item = page.getByRole('menuitem', { name: i % 2 ? 'Sort descending' : 'Sort ascending' });
  sortTimes.push(await latencyOf(() => item.click()));
}
show('sort (column menu; Amount, Date, Qty, Reference, Description)', sortTimes);

const filterTimes: number[] = [];
const form = page.getByRole('form', { name: 'Add a filter' });
const words = ['safaricom', 'kplc', 'acme', 'water', 'bank', 'jumia', 'twiga', 'bolt', 'naivas', 'total'];
await form.getByLabel('Filter column').selectOption({ label: 'Counterparty' });
await form.getByLabel('Filter condition').selectOption('contains');
for (let i = 0; i < REPEAT; i++) {
  await form.getByLabel('Filter value').fill(words[i % words.length] as string);
  filterTimes.push(await latencyOf(() => form.getByRole('button', { name: 'Apply filter' }).click()));
  // Back to no filter (not measured).
  await latencyOf(() => page.getByRole('button', { name: /^Remove filter / }).click());
}
show('filter Counterparty contains …', filterTimes);

await browser.close();
await server.close();
