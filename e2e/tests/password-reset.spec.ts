import { api, createVerifiedUser } from '../support/api.ts';
import {
  MANAGE_HOME,
  expect,
  forgotPasswordScreen,
  loginScreen,
  onPath,
  test,
} from '../support/fixtures.ts';
import { waitForResetLink } from '../support/mailbox.ts';

test('forgot password mails a reset link that sets a new password to log in with', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  await page.goto('/forgot-password');
  const forgot = forgotPasswordScreen(page);
  await forgot.email.fill(user.email);
  const mailedAfter = Date.now();
  await forgot.resetButton.click();
  await expect(page.getByText('Password reset link sent to your email!')).toBeVisible();

  const link = await waitForResetLink(user.email, mailedAfter);
  expect(link.pathname).toBe('/reset-password');
  await page.goto(`${link.pathname}${link.search}`);

  const newPassword = `${user.password}-renewed`;
  const form = page.locator('form');
  const passwordInputs = form.locator('input[type="password"]');
  await expect(passwordInputs.first()).toBeVisible();
  // One field or a new/confirm pair: every password field gets the new password.
  for (const input of await passwordInputs.all()) await input.fill(newPassword);
  const answered = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth/user/reset-password') && r.request().method() === 'POST',
  );
  await form.locator('button[type="submit"]').click();
  expect((await answered).status()).toBe(200);

  // The old password no longer works; the new one does.
  const old = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  expect(old.status).toBe(401);

  await page.goto('/login');
  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(newPassword);
  await login.loginButton.click();
  await expect(page).toHaveURL(MANAGE_HOME);
});

test('forgot password answers the same for an unknown email', async ({ page }) => {
  await page.goto('/forgot-password');
  const forgot = forgotPasswordScreen(page);
  await forgot.email.fill(`nobody-${Date.now()}@example.com`);
  await forgot.resetButton.click();
  await expect(page.getByText('Password reset link sent to your email!')).toBeVisible();
  await expect(page).toHaveURL(onPath('/forgot-password'));
});

test('a used reset link says so on the page, before any typing, and offers a new link', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  const mailedAfter = Date.now();
  expect(
    (await api('POST', '/auth/user/forgot-password', { body: { email: user.email } })).status,
  ).toBe(200);
  const link = await waitForResetLink(user.email, mailedAfter);
  const token = link.searchParams.get('token')!;
  // Used once already (another tab, another device).
  const used = await api('POST', '/auth/user/reset-password', {
    body: { token, password: `${user.password}-renewed` },
  });
  expect(used.status).toBe(200);

  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('This reset link has already been used.')).toBeVisible();
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
  await expect(page.locator('.Toastify__toast')).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(onPath('/forgot-password'));

  // A link that was never issued says it is not valid.
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByText('This reset link is not valid.')).toBeVisible();
  await expect(page.locator('input[type="password"]')).toHaveCount(0);
});
