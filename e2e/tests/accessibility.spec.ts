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

const AUTH_SCREENS = [
  '/login',
  '/signup',
  '/forgot-password',
  '/verify-email',
  '/reset-password?token=e2e-sample-token',
];

for (const path of AUTH_SCREENS) {
  test(`${path} has no serious or critical axe-core violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('form')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('/login with its validation messages shown has no serious or critical axe-core violation', async ({
  page,
}) => {
  await page.goto('/login');
  await loginScreen(page).loginButton.click();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
