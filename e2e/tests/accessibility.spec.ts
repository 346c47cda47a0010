import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, loginScreen, test } from '../support/fixtures.ts';

/** Serious and critical axe-core violations on the page as it is now, described for a report. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
}

const AUTH_SCREENS = ['/login', '/signup', '/forgot-password', '/verify-email'];

for (const path of AUTH_SCREENS) {
  test(`${path} has no serious or critical axe-core violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

// A made-up token: the page says the link is not valid and offers a new one (decision 029)
// instead of a form that could only fail.
test('/reset-password with a link that is not valid has no serious or critical axe-core violation', async ({
  page,
}) => {
  await page.goto('/reset-password?token=e2e-sample-token');
  await expect(page.getByText('This reset link is not valid.', { exact: false })).toBeVisible();
  await expect(
    page
      .getByRole('link', { name: 'Request a new link' })
      .or(page.getByRole('button', { name: 'Request a new link' })),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('/login with its validation messages shown has no serious or critical axe-core violation', async ({
  page,
}) => {
  await page.goto('/login');
  await loginScreen(page).loginButton.click();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
