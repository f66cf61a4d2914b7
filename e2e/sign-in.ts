import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Counterpart-demo-1';

/** Signs in through the identity provider's own page, from wherever the app sent us. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page).toHaveURL(/\/realms\/production\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * After the identity provider: a user of several organizations chooses one first
 * (spec §6), a user of one lands straight on the dashboard.
 */
export async function landOnDashboard(page: Page, organization = 'Demo Company') {
  const welcome = page.getByRole('heading', { name: /^Welcome/ });
  const chooser = page.getByRole('heading', { name: 'Select organization' });
  await expect(welcome.or(chooser)).toBeVisible();
  if (await chooser.isVisible()) await page.getByRole('button', { name: organization }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(welcome).toBeVisible();
}

/** From the landing page to the dashboard as the given user. */
export async function signIn(page: Page, email: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  await submitLogin(page, email);
  await landOnDashboard(page);
}
