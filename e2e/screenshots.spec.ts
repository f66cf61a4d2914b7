import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { landOnDashboard, submitLogin } from './sign-in.ts';

/**
 * The shell in light and dark, at desktop and mobile width: each page must fit the viewport
 * without horizontal scrolling. Screenshots land in e2e/screenshots/ for people to look at.
 */
const outDir = path.join(import.meta.dirname, 'screenshots');
mkdirSync(outDir, { recursive: true });

const viewports = { desktop: { width: 1366, height: 860 }, mobile: { width: 375, height: 812 } } as const;

async function setTheme(page: Page, dark: boolean) {
  const isDark = ((await page.locator('html').getAttribute('class')) ?? '').includes('dark');
  if (isDark !== dark) await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(dark ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

async function storeTheme(page: Page, dark: boolean) {
  await page.evaluate((value) => {
    const saved = JSON.parse(localStorage.getItem('counterpart-ui') ?? '{"state":{},"version":0}');
    saved.state.theme = value;
    localStorage.setItem('counterpart-ui', JSON.stringify(saved));
  }, dark);
}

/** The sidebar shows a skeleton for about a second after each load: wait for the real items. */
async function waitForNavigation(page: Page, mobile: boolean) {
  if (mobile) return;
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Workflows' }),
  ).toBeVisible();
}

async function shoot(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(1);
  await page.screenshot({ path: path.join(outDir, `${name}.png`) });
}

for (const [size, viewport] of Object.entries(viewports)) {
  test(`the shell fits the ${size} width in light and dark`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await shoot(page, `${size}-landing`);
    await page.getByRole('button', { name: 'Sign in' }).first().click();
    await expect(page.getByLabel('Email')).toBeVisible();
    await shoot(page, `${size}-login`);
    // The sign-in page follows the theme the user chose in the app (same origin, same storage).
    await storeTheme(page, true);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await shoot(page, `${size}-login-dark`);
    await storeTheme(page, false);
    await page.reload();
    await submitLogin(page, 'admin@demo.test');
    await landOnDashboard(page);
    const accept = page.getByRole('button', { name: 'Accept cookies' });
    if (await accept.isVisible()) await accept.click();
    for (const dark of [false, true]) {
      const theme = dark ? 'dark' : 'light';
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
      await setTheme(page, dark);
      await waitForNavigation(page, size === 'mobile');
      await shoot(page, `${size}-${theme}-dashboard`);
      await page.goto('/workflows');
      await expect(page.getByRole('heading', { name: 'Workflows', level: 1 })).toBeVisible();
      await waitForNavigation(page, size === 'mobile');
      await shoot(page, `${size}-${theme}-workflows`);
      if (size === 'mobile') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('dialog').getByRole('link', { name: 'Workflows' })).toBeVisible();
        await shoot(page, `${size}-${theme}-drawer`);
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Account menu' }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await shoot(page, `${size}-${theme}-account-menu`);
        await page.keyboard.press('Escape');
      }
    }
  });
}
