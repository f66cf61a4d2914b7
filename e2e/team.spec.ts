import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, landOnDashboard, signIn, submitLogin } from './sign-in.ts';

/**
 * Running a team without help, against a server of this spec's own (E2E_PORT + 2, fresh data, no
 * SMTP so e-mails land in the outbox): an invitation taken up and a grant reaching the new user's
 * open tab, a company signing up, a forgotten password, and the organization's colour.
 */
const port = Number(process.env.E2E_PORT ?? 8390) + 2;
const origin = `http://localhost:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'counterpart-e2e-team-'));
const root = path.join(import.meta.dirname, '..');
const NEW_PASSWORD = 'Fresh-password-42';
/** The founder of the company the sign-up test creates (a later test invites into it). */
const founderEmail = `founder.${Date.now()}@acme.test`;

test.use({ baseURL: origin });
test.describe.configure({ mode: 'serial', timeout: 120_000 });

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const child = spawn('npm', ['run', 'serve'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  server = child;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not get ready in 120 s');
});

test.afterAll(async () => {
  const child = server;
  server = null;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
});

async function acceptCookies(page: Page) {
  const accept = page.getByRole('button', { name: 'Accept cookies' });
  if (await accept.isVisible()) await accept.click();
}

/** A page of a new browser context (its own cookies: another person). */
async function newPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin });
  return context.newPage();
}

async function signInAsAdmin(browser: Browser): Promise<Page> {
  const page = await newPerson(browser);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  return page;
}

/** The link in the newest outbox e-mail to `to` whose body links to `linkPath` (Account Settings → Outbox). */
async function linkFromOutbox(admin: Page, to: string, linkPath: string): Promise<string> {
  await admin.goto('/settings');
  const outbox = admin.getByRole('region', { name: 'Outbox' });
  const email = outbox
    .getByRole('listitem')
    .filter({ hasText: `To ${to}` })
    .first();
  await email.locator('summary').click();
  const href = await email.locator(`a[href*="${linkPath}"]`).getAttribute('href');
  if (!href) throw new Error(`no ${linkPath} link in the e-mail to ${to}`);
  return href;
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an invited colleague joins as a viewer and gets new permissions in their open tab', async ({
  browser,
}) => {
  const admin = await signInAsAdmin(browser);
  await admin.goto('/my-team');
  await admin.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = admin.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('E-mail').fill('new.user@demo.test');
  await dialog.getByRole('checkbox', { name: 'Viewers' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(admin.getByText('Invitation sent to new.user@demo.test')).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Pending invitations' })).toContainText(
    'new.user@demo.test',
  );

  const link = await linkFromOutbox(admin, 'new.user@demo.test', '/auth/accept-invite');

  const user = await newPerson(browser);
  await user.goto(link);
  await expect(user.getByRole('heading', { name: 'Join Demo Company' })).toBeVisible();
  await user.getByLabel('Full name').fill('New User');
  await user.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await user.getByLabel('Repeat the password').fill(NEW_PASSWORD);
  await user.getByRole('button', { name: 'Create account and join' }).click();
  // The sign-in page says the account exists now, with the invited e-mail filled in.
  await expect(user).toHaveURL(/\/realms\/production\//);
  await expect(user.getByRole('status').filter({ hasText: 'Account created' })).toHaveText(
    'Account created. Sign in with your new password.',
  );
  await expect(user.getByLabel('Email')).toHaveValue('new.user@demo.test');
  await user.screenshot({
    path: `${process.env.SHOTS_DIR ?? '/tmp/shots-team'}/sign-in-account-created.png`,
  });
  const socketReady = user.waitForResponse((r) => r.url().includes('/api/notifications') && r.ok(), {
    timeout: 30_000,
  });
  await submitLogin(user, 'new.user@demo.test', NEW_PASSWORD);
  await landOnDashboard(user);
  await socketReady;
  await acceptCookies(user);

  // Viewers read dashboards and documents: no Workflows item, no team management.
  await expect(mainNav(user).getByRole('link', { name: 'Welcome' })).toBeVisible();
  await expect(mainNav(user).getByRole('link', { name: 'Documents' })).toBeVisible();
  await expect(mainNav(user).getByRole('link', { name: 'Workflows' })).toHaveCount(0);
  await user.goto('/workflows');
  await expect(user).toHaveURL(/\/unauthorized$/);
  await user.goto('/my-team');
  await expect(user.getByRole('button', { name: 'Invite', exact: true })).toHaveCount(0);
  const reconnected = user.waitForResponse((r) => r.url().includes('/api/notifications') && r.ok(), {
    timeout: 30_000,
  });
  await user.goto('/dashboard');
  await expect(user.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await reconnected;

  // The admin puts them in Reconcilers: the user's open tab is told at once.
  await admin.goto('/my-team');
  const members = admin.getByRole('region', { name: 'Members' });
  await members.getByRole('searchbox', { name: 'Search members' }).fill('new.user');
  await members.getByRole('button', { name: 'Add New User to a group' }).click();
  const add = admin.getByRole('dialog', { name: 'Add New User to a group' });
  await add.getByLabel('Group').selectOption('Reconcilers');
  await add.getByRole('button', { name: 'Add to group' }).click();
  await expect(admin.getByText('New User added to Reconcilers')).toBeVisible();

  const changed = user.getByRole('dialog', { name: 'Your Permissions Have Changed' });
  await expect(changed).toBeVisible({ timeout: 20_000 });
  await changed.getByRole('button', { name: 'Refresh' }).click();
  await expect(mainNav(user).getByRole('link', { name: 'Workflows' })).toBeVisible();
  await mainNav(user).getByRole('link', { name: 'Workflows' }).click();
  await expect(user.getByRole('button', { name: 'New workflow' })).toBeVisible();

  // The admin sees who did it in the audit log.
  await admin.goto('/settings');
  await expect(admin.getByRole('region', { name: 'Audit log' })).toContainText('admin@demo.test');
});

test('a new company signs up and lands on its dashboard', async ({ browser }) => {
  const page = await newPerson(browser);
  const email = founderEmail;
  await page.goto('/auth/signup');
  await page.getByLabel('Company name').fill('Acme Traders');
  await page.getByLabel('Full name').fill('Ada Founder');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await submitLogin(page, email, NEW_PASSWORD);
  await landOnDashboard(page);
  await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
  await page.goto('/my-team');
  await expect(page.getByRole('region', { name: 'Groups' })).toContainText('Administrators');
  await expect(page.getByRole('region', { name: 'Members' })).toContainText(email);
});

test('a forgotten password is replaced through the e-mailed link; the old one stops working', async ({
  browser,
}) => {
  const guest = await newPerson(browser);
  await guest.goto('/auth/forgot-password');
  await guest.getByLabel('E-mail').fill('viewer@demo.test');
  await guest.getByRole('button', { name: 'Send reset link' }).click();
  await expect(guest.getByText('If an account exists for this e-mail')).toBeVisible();

  const admin = await signInAsAdmin(browser);
  const link = await linkFromOutbox(admin, 'viewer@demo.test', '/auth/reset-password');

  await guest.goto(link);
  await guest.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await guest.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await guest.getByRole('button', { name: 'Change password' }).click();
  await expect(guest.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  // The link is single-use.
  const again = await newPerson(browser);
  await again.goto(link);
  await again.getByLabel('New password', { exact: true }).fill('Another-password-7');
  await again.getByLabel('Repeat the new password').fill('Another-password-7');
  await again.getByRole('button', { name: 'Change password' }).click();
  await expect(again.getByRole('alert')).toContainText('no longer valid');

  const old = await newPerson(browser);
  await old.goto('/');
  await old.getByRole('button', { name: 'Sign in' }).first().click();
  await submitLogin(old, 'viewer@demo.test', DEMO_PASSWORD);
  await expect(old.getByRole('alert')).toContainText('Invalid email or password.');

  await guest.getByRole('button', { name: 'Sign in' }).first().click();
  await submitLogin(guest, 'viewer@demo.test', NEW_PASSWORD);
  await landOnDashboard(guest);
});

test('someone with an account joins another organization by signing in from the invitation', async ({
  browser,
}) => {
  const founder = await newPerson(browser);
  await founder.goto('/');
  await founder.getByRole('button', { name: 'Sign in' }).first().click();
  await submitLogin(founder, founderEmail, NEW_PASSWORD);
  await landOnDashboard(founder);
  await acceptCookies(founder);
  await founder.goto('/my-team');
  await founder.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = founder.getByRole('dialog', { name: 'Invite a colleague' });
  await dialog.getByLabel('E-mail').fill('viewer@demo.test');
  await dialog.getByRole('checkbox', { name: 'Viewers' }).check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(founder.getByText('Invitation sent to viewer@demo.test')).toBeVisible();
  const link = await linkFromOutbox(founder, 'viewer@demo.test', '/auth/accept-invite');

  // The viewer's password is the one the previous test chose.
  const viewer = await newPerson(browser);
  await viewer.goto(link);
  await viewer.getByRole('button', { name: 'Sign in as viewer@demo.test to accept' }).click();
  await submitLogin(viewer, 'viewer@demo.test', NEW_PASSWORD);
  await viewer.getByRole('button', { name: 'Join Acme Traders' }).click();
  await landOnDashboard(viewer, 'Acme Traders');

  await founder.goto('/my-team');
  await expect(founder.getByRole('region', { name: 'Members' })).toContainText('viewer@demo.test');
  await expect(founder.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
});

test('a new primary colour re-themes the app and survives a reload', async ({ browser }) => {
  const admin = await signInAsAdmin(browser);
  await admin.goto('/settings');
  const profile = admin.getByRole('region', { name: 'Organization profile' });
  await profile.getByLabel('Hex').fill('#1d4ed8');
  await expect(profile.getByRole('list', { name: 'Colour shades' })).toContainText('#1d4ed8');
  await profile.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(admin.getByText('Settings saved')).toBeVisible();
  const primary = () =>
    admin.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
  await expect.poll(primary).toBe('#1d4ed8');
  await admin.reload();
  await expect(admin.getByRole('region', { name: 'Organization profile' }).getByLabel('Hex')).toHaveValue(
    '#1d4ed8',
  );
  await expect.poll(primary).toBe('#1d4ed8');
});
