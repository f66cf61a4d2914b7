import { expect, test } from '@playwright/test';
import { acceptCookies, DESKTOP, shootThemes } from './journey-kit.ts';
import { signIn } from './sign-in.ts';

/**
 * The group dialogs' success paths against the server's real answers: Create group (201 with the
 * group) and Rename group (200 with the group) close their dialog with a success toast, and the
 * list shows the group once — no error in the dialog inviting a retry that makes a duplicate.
 * Screenshots (light/dark × desktop/mobile) in SHOTS_DIR (default /tmp/shots-team-groups).
 */
const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots-team-groups';

test.describe.configure({ timeout: 120_000 });

test('Create group and Rename group close on the saved group and list it once', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin@demo.test');
  await acceptCookies(page);
  await page.goto('/my-team');
  const groups = page.getByRole('region', { name: 'Groups' });
  await expect(groups).toContainText('Administrators');

  const name = `Collections ${Date.now()}`;
  await groups.getByRole('button', { name: 'New group' }).click();
  const create = page.getByRole('dialog', { name: 'New group' });
  await create.getByLabel('Group name').fill(name);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/users/groups') && r.request().method() === 'POST',
  );
  await create.getByRole('button', { name: 'Create group' }).click();
  expect((await created).status()).toBe(201);
  await expect(create).toBeHidden();
  await expect(page.getByText('Group created')).toBeVisible();
  await expect(groups.getByText(name, { exact: true })).toHaveCount(1);

  const renamed = `${name} (East)`;
  await groups.getByRole('button', { name: `Rename ${name}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename ${name}` });
  await rename.getByLabel('Group name').fill(renamed);
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/users/groups/') && r.request().method() === 'PUT',
  );
  await rename.getByRole('button', { name: 'Rename' }).click();
  expect((await saved).status()).toBe(200);
  await expect(rename).toBeHidden();
  await expect(page.getByText('Group renamed')).toBeVisible();
  await expect(groups.getByText(renamed, { exact: true })).toHaveCount(1);
  await expect(groups.getByText(name, { exact: true })).toHaveCount(0);

  // What the server kept: one group of the new name after a reload.
  await page.reload();
  await expect(groups.getByText(renamed, { exact: true })).toHaveCount(1);
  await shootThemes(page, shotsDir, 'team-groups', { fullPage: false });
});
