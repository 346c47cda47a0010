import type { Locator, Page } from '@playwright/test';
import { createVerifiedUser } from '../support/api.ts';
import { expect, logInThroughUi, onPath, test } from '../support/fixtures.ts';

test.use({ viewport: { width: 375, height: 740 } });

function hamburger(page: Page): Locator {
  return page.getByRole('button', { name: /menu/i }).filter({ visible: true });
}

function visibleLink(page: Page, name: string): Locator {
  return page.getByRole('link', { name, exact: true }).filter({ visible: true });
}

function visibleControl(page: Page, name: string): Locator {
  return page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .filter({ visible: true });
}

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box.y + box.height;
}

const MANAGE_ITEMS = [
  ['Home', '/events/manage/home'],
  ['Events', '/events/manage/all'],
  ['Orders', '/events/manage/orders'],
  ['Marketing', '/events/manage/marketing'],
  ['Financies', '/events/manage/financies'],
  ['Settings', '/events/manage/settings'],
] as const;

test('signed out, the hamburger opens an overlay with Browse (Home, Events) and Login at the bottom', async ({
  page,
}) => {
  await page.goto('/');
  await hamburger(page).click();
  await expect(page.getByText('Browse', { exact: true })).toBeVisible();
  await expect(visibleLink(page, 'Home')).toHaveAttribute('href', '/');
  await expect(visibleLink(page, 'Events')).toHaveAttribute('href', /^\/events\/?$/);
  await expect(visibleLink(page, 'Manage')).toHaveCount(0);
  await expect(visibleLink(page, 'Create')).toHaveCount(0);

  const login = visibleControl(page, 'Login');
  await expect(login).toBeVisible();
  expect(await bottomOf(login)).toBeGreaterThan(await bottomOf(visibleLink(page, 'Events')));
  expect(await bottomOf(login)).toBeLessThanOrEqual(740);

  await visibleLink(page, 'Events').click();
  await expect(page).toHaveURL(onPath('/events'));
});

test('signed in, the overlay shows the email, Manage and Create, and Logout at the bottom', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await logInThroughUi(page, user);
  await page.goto('/');
  await hamburger(page).click();

  await expect(page.getByText(user.email).filter({ visible: true }).first()).toBeVisible();
  await expect(page.getByText('Browse', { exact: true })).toBeVisible();
  await expect(visibleLink(page, 'Home')).toBeVisible();
  await expect(visibleLink(page, 'Events')).toBeVisible();
  await expect(visibleLink(page, 'Manage')).toHaveAttribute('href', '/events/manage/all');
  await expect(visibleLink(page, 'Create')).toHaveAttribute('href', '/events/manage/create/event');

  const logout = visibleControl(page, 'Logout');
  await expect(logout).toBeVisible();
  const logoutBottom = await bottomOf(logout);
  for (const name of ['Home', 'Events', 'Manage', 'Create']) {
    expect(logoutBottom, `Logout sits below ${name}`).toBeGreaterThan(
      await bottomOf(visibleLink(page, name)),
    );
  }
  expect(logoutBottom).toBeLessThanOrEqual(740);
  await expect(visibleControl(page, 'Login')).toHaveCount(0);

  await logout.click();
  await expect(page.getByText('Logout successful')).toBeVisible();
  await expect(page).toHaveURL(onPath('/'));
  // Logging out closes the menus.
  await expect(page.getByText('Browse', { exact: true })).toBeHidden();
});

test('under the organiser area the overlay has the Manage group instead of a sidebar', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await logInThroughUi(page, user);
  // Small screens have no sidebar.
  await expect(
    page.locator('a[href="/events/manage/orders"]').filter({ visible: true }),
  ).toHaveCount(0);

  await hamburger(page).click();
  for (const [, path] of MANAGE_ITEMS) {
    await expect(page.locator(`a[href="${path}"]`).filter({ visible: true }).first()).toBeVisible();
  }
  await page.locator('a[href="/events/manage/orders"]').filter({ visible: true }).first().click();
  await expect(page).toHaveURL(onPath('/events/manage/orders'));
});
