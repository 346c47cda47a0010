import { createVerifiedUser } from '../support/api.ts';
import { expect, loginScreen, onPath, test } from '../support/fixtures.ts';

test('a signed-out visit to the organiser area warns, goes to /login and returns to the origin after login', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/events/manage/orders');

  await expect(page.getByText('You need to log in first!')).toBeVisible();
  await expect(page).toHaveURL(onPath('/login'));

  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(user.password);
  await login.loginButton.click();
  await expect(page).toHaveURL(onPath('/events/manage/orders'));
});

test('every organiser route sends a signed-out visitor to /login', async ({ page }) => {
  for (const path of [
    '/events/manage/home',
    '/events/manage/all',
    '/events/manage/marketing',
    '/events/manage/financies',
    '/events/manage/settings',
    '/events/manage/create/event',
    '/events/manage/verify-ticket/some-event',
  ]) {
    await page.goto(path);
    await expect(page, `signed-out visit to ${path}`).toHaveURL(onPath('/login'));
  }
});

test('the navbar Login button remembers the current page and returns to it after login', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/events');
  const navLogin = page
    .getByRole('link', { name: 'Login', exact: true })
    .or(page.getByRole('button', { name: 'Login', exact: true }))
    .filter({ visible: true });
  await navLogin.click();
  await expect(page).toHaveURL(onPath('/login'));

  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(user.password);
  await login.loginButton.click();
  await expect(page).toHaveURL(onPath('/events'));
});

test('the login warning shows on every guard redirect: after / in the same tab, on a reload, after a logout', async ({
  page,
}) => {
  const warning = page.getByText('You need to log in first!');

  // A full page load of the organiser area after / was loaded in the same tab.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Events', exact: true }).first()).toBeVisible();
  await page.goto('/events/manage/all');
  await expect(page).toHaveURL(onPath('/login'));
  await expect(warning).toBeVisible();

  // Again on a reload of a guarded page.
  await page.goto('/events/manage/home');
  await expect(page).toHaveURL(onPath('/login'));
  await expect(warning).toBeVisible();

  // After a logout, a visit to the organiser area warns again.
  const user = await createVerifiedUser();
  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(user.password);
  await login.loginButton.click();
  await expect(page).toHaveURL(onPath('/events/manage/home'));
  await page.getByRole('button', { name: user.email }).filter({ visible: true }).click();
  await page
    .getByRole('menuitem', { name: 'Logout', exact: true })
    .filter({ visible: true })
    .click();
  await expect(page).toHaveURL(onPath('/'));
  await page.goto('/events/manage/orders');
  await expect(page).toHaveURL(onPath('/login'));
  await expect(warning).toBeVisible();
});
