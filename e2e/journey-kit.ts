import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * What browser journeys share: the API headers the signed-in app sends (to seed through the API
 * as that user), JSON calls, the cookie banner, the workflow canvas's nodes and handles, and
 * screenshots in light and dark, desktop and mobile, checking nothing scrolls sideways.
 */

export const DESKTOP = { width: 1366, height: 860 };
export const MOBILE = { width: 375, height: 812 };

/** The Authorization and Organization headers of the app's latest API request (filled as it runs). */
export function watchApiHeaders(page: Page): Record<string, string> {
  const seen: Record<string, string> = {};
  page.on('request', (request) => {
    const headers = request.headers();
    if (request.url().includes('/api/') && headers.authorization) {
      seen.Authorization = headers.authorization;
      seen.Organization = headers.organization ?? '';
    }
  });
  return seen;
}

export async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
}

/** A call as the signed-in user (GET unless `init` says); fails the test with the server's answer unless it is 2xx. */
export async function requestJson(
  page: Page,
  headers: Record<string, string>,
  path: string,
  init?: { method: string; body: unknown },
): Promise<Record<string, unknown>> {
  const response = await page.request.fetch(path, {
    method: init?.method ?? 'GET',
    headers: { ...headers, 'Content-Type': 'application/json' },
    data: init ? JSON.stringify(init.body) : undefined,
  });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** POST as the signed-in user; fails the test with the server's answer unless it is 2xx. */
export function postJson(
  page: Page,
  headers: Record<string, string>,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  return requestJson(page, headers, path, { method: 'POST', body });
}

/** A block on the workflow canvas, by node id. */
export const canvasNode = (page: Page, id: string): Locator =>
  page.locator(`.react-flow__node[data-id="${id}"]`);

/** One of a block's handles on the canvas: its output (source) or input (target) by name. */
export const canvasHandle = (page: Page, node: string, side: 'source' | 'target', name: string): Locator =>
  canvasNode(page, node).locator(`.react-flow__handle.${side}[data-handleid="${name}"]`);

/** Drags from one handle to another with the mouse, the way a person connects two blocks. */
export async function connectHandles(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('handle not on screen');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

/** Fails the test when the page scrolls sideways (more than a pixel of rounding). */
export async function expectNoSideScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(1);
}

/** A screenshot `<dir>/<name>.png` of the page as it is (full length unless told), animations stopped; never sideways. */
export async function shootPage(
  page: Page,
  dir: string,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await expectNoSideScroll(page, name);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage, animations: 'disabled' });
}

export interface ShootThemesOptions {
  /** Stop animations before each screenshot. */
  still?: boolean;
  /** The whole length of the page (the default), or only the viewport (a fixed dialog over a long page). */
  fullPage?: boolean;
  /** Also `<name>-<size>-<theme>-top.png`: the top of the page at its real size (a long shot is hard to read). */
  top?: boolean;
  /** After each resize, before the shot: what the page needs at its new size (a canvas fitted again). */
  settle?: () => Promise<void>;
  /**
   * For a page whose top bar a dialog covers: the theme is stored instead of toggled, and this
   * opens the page again.
   */
  reopen?: () => Promise<void>;
  /**
   * For a dialog over the top bar on a page whose state must stay (a filtered grid, a chosen file): closed
   * before the top bar's toggle and opened again after it, instead of loading the page anew.
   */
  dialog?: { close: () => Promise<void>; open: () => Promise<void> };
}

/** The page in light and dark (the top bar's toggle), desktop and mobile, full page unless told; never sideways. */
export async function shootThemes(
  page: Page,
  dir: string,
  name: string,
  { still = false, fullPage = true, top = false, settle, reopen, dialog }: ShootThemesOptions = {},
): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const animations = still ? { animations: 'disabled' as const } : {};
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await settle?.();
      await expectNoSideScroll(page, `${name} ${size} ${theme}`);
      // From the top, so the sticky top bar and sidebar sit where they belong in a full-page shot.
      if (fullPage || top) await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${dir}/${name}-${size}-${theme}.png`, fullPage, ...animations });
      if (top) await page.screenshot({ path: `${dir}/${name}-${size}-${theme}-top.png`, ...animations });
    }
    if (reopen) {
      await page.evaluate((dark) => {
        const saved = JSON.parse(localStorage.getItem('counterpart-ui') ?? '{"state":{},"version":0}');
        saved.state.theme = dark;
        localStorage.setItem('counterpart-ui', JSON.stringify(saved));
      }, theme === 'light');
      await reopen();
    } else {
      await dialog?.close();
      await page.getByRole('button', { name: 'Toggle theme' }).click();
      await dialog?.open();
    }
  }
  await page.setViewportSize(DESKTOP);
}
