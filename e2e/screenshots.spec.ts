import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { acceptCookies, DESKTOP, shootThemes } from './journey-kit.ts';
import { landOnDashboard, submitLogin } from './sign-in.ts';

/**
 * The shell in light and dark, at desktop and mobile width (shootThemes): each page must fit the
 * viewport without horizontal scrolling. Screenshots `<name>-<size>-<theme>.png` land in
 * e2e/screenshots/ for people to look at.
 */
const outDir = path.join(import.meta.dirname, 'screenshots');

test.describe.configure({ timeout: 150_000 });

/** The app layout's sidebar is there from the lg breakpoint; below it, the navigation is a drawer. */
const withSidebar = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;

/** The sidebar shows a skeleton for about a second after each load: wait for the real items. */
async function waitForNavigation(page: Page) {
  if (!withSidebar(page)) return;
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows' }),
  ).toBeVisible();
}

/** Whether the stored UI state (what the app and the sign-in page read) says dark. */
async function storedDark(page: Page): Promise<boolean> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('counterpart-ui') ?? '{}').state?.theme === true,
  );
}

test('the shell fits the desktop and mobile widths in light and dark', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await shootThemes(page, outDir, 'landing', { fullPage: false });

  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await expect(page.getByLabel('Email')).toBeVisible();
  // The sign-in page has no toggle: it follows the theme the user chose in the app (same origin, same storage).
  await shootThemes(page, outDir, 'login', {
    fullPage: false,
    reopen: async () => {
      await page.reload();
      await expect(page.getByLabel('Email')).toBeVisible();
      const dark = await storedDark(page);
      await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    },
  });

  await submitLogin(page, 'admin@demo.test');
  await landOnDashboard(page);
  await acceptCookies(page);
  await shootThemes(page, outDir, 'dashboard', { fullPage: false, settle: () => waitForNavigation(page) });

  await page.goto('/workflows');
  await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
  await shootThemes(page, outDir, 'workflows', { fullPage: false, settle: () => waitForNavigation(page) });

  // The account menu over the page: closed for the top bar's toggle, opened again at each width.
  const menu = page.getByRole('menu');
  const closeMenu = async () => {
    if (await menu.isVisible()) await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  };
  const openMenu = async () => {
    await closeMenu();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(menu).toBeVisible();
  };
  await openMenu();
  await shootThemes(page, outDir, 'account-menu', {
    fullPage: false,
    settle: openMenu,
    dialog: { close: closeMenu, open: openMenu },
  });
  await closeMenu();

  // The navigation: the drawer on a phone, the sidebar on a desktop.
  const drawer = page.getByRole('dialog');
  const closeDrawer = async () => {
    if (await drawer.isVisible()) await drawer.getByRole('button', { name: 'Close navigation' }).click();
    await expect(drawer).toBeHidden();
  };
  const openDrawer = async () => {
    await closeDrawer();
    if (withSidebar(page)) return waitForNavigation(page);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(drawer.getByRole('link', { name: 'Workflows' })).toBeVisible();
  };
  await shootThemes(page, outDir, 'navigation', {
    fullPage: false,
    settle: openDrawer,
    dialog: { close: closeDrawer, open: openDrawer },
  });
});
