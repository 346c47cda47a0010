import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { ENV, requireEnv } from './env.ts';
import type { TestUser } from './api.ts';

/**
 * The one `test` every spec uses: its baseURL is the server the global setup started
 * (known only once that setup ran, so it cannot live in playwright.config.ts).
 */
export const test = base.extend({
  baseURL: async ({ baseURL }, use) => {
    await use(process.env[ENV.baseUrl] ?? baseURL ?? requireEnv(ENV.baseUrl));
  },
});

export { expect };

/** A URL check on the path alone (the route table allows an optional trailing slash). */
export function onPath(path: string): (url: URL) => boolean {
  const wanted = path === '/' ? '/' : path.replace(/\/+$/, '');
  return (url) => (url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, '')) === wanted;
}

/** The spec's default post-login destination. */
export const MANAGE_HOME = onPath('/events/manage/home');

/** The auth forms, found as a user finds them: by their labels and button names. */
export function loginScreen(page: Page) {
  const form = page.locator('form');
  return {
    form,
    phone: form.getByLabel(/^phone number/i),
    password: form.getByLabel(/^password/i),
    submit: form.locator('button[type="submit"]'),
    loginButton: form.getByRole('button', { name: 'Login', exact: true }),
  };
}

export function signupScreen(page: Page) {
  const form = page.locator('form');
  return {
    form,
    fullName: form.getByLabel(/^full name/i),
    email: form.getByLabel(/^email/i),
    phone: form.getByLabel(/^phone number/i),
    password: form.getByLabel(/^password/i),
    submit: form.locator('button[type="submit"]'),
    signupButton: form.getByRole('button', { name: 'Signup', exact: true }),
  };
}

export function forgotPasswordScreen(page: Page) {
  const form = page.locator('form');
  return {
    form,
    email: form.getByLabel(/^email/i),
    submit: form.locator('button[type="submit"]'),
    resetButton: form.getByRole('button', { name: 'Reset Password', exact: true }),
  };
}

export function verifyEmailScreen(page: Page) {
  const form = page.locator('form');
  return {
    form,
    code: form.getByLabel(/^verification code/i),
    submit: form.locator('button[type="submit"]'),
    verifyButton: form.getByRole('button', { name: 'Verify Email', exact: true }),
  };
}

/** Logs in through the login screen and waits for the default destination. */
export async function logInThroughUi(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  const screen = loginScreen(page);
  await screen.phone.fill(user.phoneNumber);
  await screen.password.fill(user.password);
  await screen.loginButton.click();
  await expect(page).toHaveURL(MANAGE_HOME);
}

/** The navbar's user menu button: "a menu button labelled with the user's {email}". */
export function userMenuButton(page: Page, email: string): Locator {
  return page.getByRole('button', { name: email }).filter({ visible: true });
}

/** The stored bearer token (spec §3: local storage key 'token'). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}
