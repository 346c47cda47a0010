import type { Page } from '@playwright/test';
import { expect, loginScreen, test } from '../support/fixtures.ts';

/**
 * The spec's §8 global error handling, seen through the login call: the API's answer is
 * replaced by page.route so each status (and a dropped connection) can be produced.
 */
const cases: Array<{ status: number; error?: string; toast: string }> = [
  { status: 401, error: 'Bad credentials', toast: 'Authentication Error: Bad credentials' },
  { status: 401, toast: 'Authentication Error: Unauthorized' },
  { status: 500, toast: 'Server Error: Something went wrong on the server.' },
  { status: 500, error: 'Database unavailable', toast: 'Server Error: Database unavailable' },
  { status: 403, error: 'Account locked', toast: 'Permission Denied: Account locked' },
  { status: 403, toast: 'Permission Denied: Forbidden' },
  { status: 404, toast: 'Resource Not Found: The requested resource was not found.' },
  {
    status: 400,
    error: 'Phone Number is invalid',
    toast: 'An error occurred: Phone Number is invalid',
  },
  { status: 400, toast: 'An error occurred: Invalid request data.' },
  { status: 429, error: 'Too many attempts', toast: 'Error: Too many attempts' },
  { status: 418, toast: 'Error: An unexpected error occurred.' },
];

async function submitLogin(page: Page) {
  await page.goto('/login');
  const login = loginScreen(page);
  await login.phone.fill('08031234567');
  await login.password.fill('a-password-1');
  await login.loginButton.click();
}

for (const c of cases) {
  test(`a ${c.status} answer ${c.error ? 'with' : 'without'} an error field toasts "${c.toast}"`, async ({
    page,
  }) => {
    await page.route('**/api/v1/auth/user/login', (route) =>
      route.fulfill({
        status: c.status,
        contentType: 'application/json',
        body: JSON.stringify(c.error ? { error: c.error, code: 'TEST' } : {}),
      }),
    );
    await submitLogin(page);
    await expect(page.getByText(c.toast, { exact: true })).toBeVisible();
    await expect(page.getByText('Error while logging in', { exact: true })).toBeVisible();
  });
}

test('a dropped connection toasts the network error, which closes by itself after 5 seconds', async ({
  page,
}) => {
  await page.route('**/api/v1/auth/user/login', (route) => route.abort('connectionrefused'));
  await submitLogin(page);
  const toast = page.getByText('Network Error: There was a problem connecting to the server.', {
    exact: true,
  });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(page.getByText('Error while logging in', { exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 9_000 });
  // Auto-close at 5000 ms; not before about 4 s (the close animation adds a little).
  expect(Date.now() - shownAt).toBeGreaterThan(4_000);
});

test('a real wrong password gets the 401 toast from the server', async ({ page }) => {
  await submitLogin(page);
  await expect(page.getByText(/^Authentication Error: .+/)).toBeVisible();
  await expect(page.getByText('Error while logging in', { exact: true })).toBeVisible();
});
