import type { Page } from '@playwright/test';
import { newUser } from '../support/api.ts';
import {
  expect,
  forgotPasswordScreen,
  loginScreen,
  signupScreen,
  test,
  verifyEmailScreen,
} from '../support/fixtures.ts';

/**
 * Holds the browser's call to `path` until release() so the busy state can be seen, then
 * answers it with `status` (the screen's own failure handling ends the busy state).
 */
async function holdCall(page: Page, path: string, status = 400) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/v1${path}`, async (route) => {
    await released;
    await route.fulfill({
      status,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Held by the test.', code: 'VALIDATION' }),
    });
  });
  return release;
}

test.describe('submit buttons show a busy label and are disabled while the call is in flight', () => {
  test('login shows Logging in...', async ({ page }) => {
    const release = await holdCall(page, '/auth/user/login', 401);
    await page.goto('/login');
    const login = loginScreen(page);
    await login.phone.fill('08031234567');
    await login.password.fill('whatever-password');
    await login.loginButton.click();
    await expect(login.submit).toHaveText('Logging in...');
    await expect(login.submit).toBeDisabled();
    release();
    await expect(login.submit).toHaveText('Login');
    await expect(login.submit).toBeEnabled();
  });

  test('signup shows Signing up...', async ({ page }) => {
    const release = await holdCall(page, '/auth/user/signup', 409);
    const user = newUser();
    await page.goto('/signup');
    const signup = signupScreen(page);
    await signup.fullName.fill(user.fullName);
    await signup.email.fill(user.email);
    await signup.phone.fill(user.phoneNumber);
    await signup.password.fill(user.password);
    await signup.signupButton.click();
    await expect(signup.submit).toHaveText('Signing up...');
    await expect(signup.submit).toBeDisabled();
    release();
    await expect(signup.submit).toHaveText('Signup');
    await expect(signup.submit).toBeEnabled();
  });

  test('forgot password shows Sending...', async ({ page }) => {
    const release = await holdCall(page, '/auth/user/forgot-password');
    await page.goto('/forgot-password');
    const forgot = forgotPasswordScreen(page);
    await forgot.email.fill('someone@example.com');
    await forgot.resetButton.click();
    await expect(forgot.submit).toHaveText('Sending...');
    await expect(forgot.submit).toBeDisabled();
    release();
    await expect(page.getByText('An error occurred. Please try again.')).toBeVisible();
    await expect(forgot.submit).toHaveText('Reset Password');
    await expect(forgot.submit).toBeEnabled();
  });

  test('verify email shows Verifying...', async ({ page }) => {
    const release = await holdCall(page, '/auth/user/verify-email');
    await page.goto('/verify-email');
    const verify = verifyEmailScreen(page);
    await expect(verify.code).toBeVisible();
    // Opened directly (no email carried from signup), the screen may ask for the email.
    const email = verify.form.getByLabel(/^email/i);
    if ((await email.count()) > 0) await email.fill('someone@example.com');
    await verify.code.fill('123456');
    await verify.verifyButton.click();
    await expect(verify.submit).toHaveText('Verifying...');
    await expect(verify.submit).toBeDisabled();
    release();
    await expect(page.getByText('An error occurred. Please try again.')).toBeVisible();
    await expect(verify.submit).toHaveText('Verify Email');
    await expect(verify.submit).toBeEnabled();
  });
});
