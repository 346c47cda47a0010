import { createVerifiedUser } from '../support/api.ts';
import { expect, logInThroughUi, test } from '../support/fixtures.ts';

test('the profile page is a placeholder that shows the word Profile', async ({ page }) => {
  const user = await createVerifiedUser();
  await logInThroughUi(page, user);
  await page.goto('/profile');
  await expect(page.getByText('Profile', { exact: true })).toBeVisible();
});
