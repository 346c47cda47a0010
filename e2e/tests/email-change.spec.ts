import { createVerifiedUser, newUser } from '../support/api.ts';
import { expect, logInThroughUi, test, userMenuButton } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';

/**
 * Issue 16 §4: changing the email takes the current password and the new address's
 * confirmation link; the old address is told (with no link); until the link is opened the
 * old email stays and the page shows the change as pending. Mails go through real SMTP to
 * the global setup's capture.
 */
test('changing the email takes the password and the link mailed to the new address', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createVerifiedUser();
  const newEmail = newUser().email;
  await logInThroughUi(page, user);
  await page.goto('/events/manage/settings/');

  const form = page.getByRole('form', { name: 'Change email' });
  await form.getByLabel('New email').fill(newEmail);
  await form.getByLabel('Current password for email').fill('not-my-password');
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(form.getByLabel('Current password for email')).toHaveAttribute(
    'aria-invalid',
    'true',
  );

  const since = Date.now();
  await form.getByLabel('Current password for email').fill(user.password);
  await form.getByRole('button', { name: 'Change email' }).click();
  await expect(page.getByText(/Open the link we emailed to your new address/)).toBeVisible();
  // Pending: the old email stays (the navbar too), and the new one waits.
  await expect(page.getByText(/Waiting for confirmation: we sent a link to/)).toContainText(
    newEmail,
  );
  await expect(userMenuButton(page, user.email)).toBeVisible();

  // The old address is told, and that mail holds no link.
  const notice = await waitForMail(user.email, {
    matching: /change of your Gatepass email/,
    since,
  });
  expect(notice.text).toContain(newEmail);
  expect(notice.text).not.toMatch(/https?:\/\//);

  const mail = await waitForMail(newEmail, { matching: /Confirm your new Gatepass email/, since });
  const link = new URL(/https?:\/\/\S+confirm-email=[^\s"<>]+/.exec(mail.text)![0]);
  expect(link.pathname).toBe('/events/manage/settings/');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Your email has been changed.')).toBeVisible();
  // The token leaves the address bar.
  await expect(page).toHaveURL((url) => !url.search.includes('confirm-email'));
  await expect(page.getByText(/Your email:/)).toContainText(newEmail);
  await expect(page.getByText(/Waiting for confirmation/)).toHaveCount(0);
  await expect(userMenuButton(page, newEmail)).toBeVisible();
  await waitForMail(user.email, { matching: /Your Gatepass email was changed/, since });

  // The link works once.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(/This confirmation link is invalid, used or expired/)).toBeVisible();
});
