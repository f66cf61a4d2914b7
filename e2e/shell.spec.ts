import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, landOnDashboard, signIn, submitLogin } from './sign-in.ts';

test('a guest signs in through the identity provider and lands on the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).first().click();

  await submitLogin(page, 'admin@demo.test', 'not-the-password');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();

  await submitLogin(page, 'admin@demo.test', DEMO_PASSWORD);
  await landOnDashboard(page);
  await expect(page.getByRole('heading', { name: /Welcome, Amina/ })).toBeVisible();

  // check-sso keeps the session across a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Welcome, Amina/ })).toBeVisible();
  await expect(page).toHaveTitle('Reconciliation | Counterpart');
});

test('guards: guest-only pages, unknown paths', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/auth/signup');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
  // The admin may create workflows: the action is there (the viewer's test checks it is not).
  await page.goto('/workflows');
  const create = page
    .getByRole('link', { name: /new workflow/i })
    .or(page.getByRole('button', { name: /new workflow/i }));
  await expect(create.first()).toBeVisible();
});

test('the viewer sees no workflows and is refused the workflow editor', async ({ page }) => {
  await signIn(page, 'viewer@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Documents' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Workflows' })).toHaveCount(0);
  await page.goto('/workflows');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await page.goto('/workflows/manage-workflow');
  await expect(page).toHaveURL(/\/unauthorized$/);
  // Team management is hidden from the viewer's sidebar.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Team' }),
  ).toHaveCount(0);
});

test('theme toggle and cookie consent survive a reload', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const html = page.locator('html');
  const wasDark = ((await html.getAttribute('class')) ?? '').includes('dark');
  await page.getByRole('button', { name: 'Toggle theme' }).click();
  if (wasDark) await expect(html).not.toHaveClass(/\bdark\b/);
  else await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  if (wasDark) await expect(html).not.toHaveClass(/\bdark\b/);
  else await expect(html).toHaveClass(/\bdark\b/);

  const accept = page.getByRole('button', { name: 'Accept cookies' });
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(accept).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept cookies' })).toHaveCount(0);
});

test('switching organization reloads at / and shows the other organization', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  const current = menu.getByRole('menuitemradio', { checked: true });
  const other = menu.getByRole('menuitemradio', { checked: false }).first();
  const currentName = (await current.innerText()).trim();
  const otherName = (await other.innerText()).trim();
  expect(otherName).not.toBe(currentName);
  await other.click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('main').getByText(otherName)).toBeVisible();
});

test('logout returns to the landing page', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' }).first()).toBeVisible();
});
