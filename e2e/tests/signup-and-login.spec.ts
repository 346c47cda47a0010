import { newUser } from '../support/api.ts';
import {
  MANAGE_HOME,
  expect,
  loginScreen,
  onPath,
  signupScreen,
  test,
  userMenuButton,
  verifyEmailScreen,
} from '../support/fixtures.ts';
import { waitForVerificationCode } from '../support/mailbox.ts';

test('a new user signs up, verifies the mailed code, logs in to the organiser home and stays signed in after a reload', async ({
  page,
}) => {
  const user = newUser();
  await page.goto('/signup');
  const signup = signupScreen(page);
  await signup.fullName.fill(user.fullName);
  await signup.email.fill(user.email);
  await signup.phone.fill(user.phoneNumber);
  await signup.password.fill(user.password);
  const mailedAfter = Date.now();
  await signup.signupButton.click();

  await expect(page.getByText('Signup successful! Please verify your email.')).toBeVisible();
  await expect(page).toHaveURL(onPath('/verify-email'));
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  // The screen shows the email carried from the signup screen.
  await expect(page.getByText(user.email)).toBeVisible();

  const code = await waitForVerificationCode(user.email, mailedAfter);
  const verify = verifyEmailScreen(page);
  await verify.code.fill(code);
  await verify.verifyButton.click();
  await expect(page.getByText('Email verified successfully!')).toBeVisible();
  await expect(page).toHaveURL(onPath('/'));

  await page.goto('/login');
  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(user.password);
  await login.loginButton.click();
  await expect(page).toHaveURL(MANAGE_HOME);
  await expect(userMenuButton(page, user.email)).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();
  // A brand-new account is welcomed, not welcomed back (issue 24 §4).
  const firstName = user.fullName.split(' ')[0]!;
  await expect(
    page.getByRole('heading', { name: `Welcome, ${firstName}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/Welcome back/)).toHaveCount(0);

  await page.reload();
  await expect(page).toHaveURL(MANAGE_HOME);
  await expect(userMenuButton(page, user.email)).toBeVisible();

  // Login replaces the history entry: Back does not return to the login screen.
  await page.goBack();
  await expect(page).not.toHaveURL(onPath('/login'));
});

test('the verify screen refuses a wrong code with the screen message', async ({ page }) => {
  const user = newUser();
  await page.goto('/signup');
  const signup = signupScreen(page);
  await signup.fullName.fill(user.fullName);
  await signup.email.fill(user.email);
  await signup.phone.fill(user.phoneNumber);
  await signup.password.fill(user.password);
  const mailedAfter = Date.now();
  await signup.signupButton.click();
  await expect(page).toHaveURL(onPath('/verify-email'));

  const code = await waitForVerificationCode(user.email, mailedAfter);
  const wrong = code === '000000' ? '111111' : '000000';
  const verify = verifyEmailScreen(page);
  await verify.code.fill(wrong);
  await verify.verifyButton.click();
  await expect(page.getByText('An error occurred. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(onPath('/verify-email'));
});

test('signing up twice with the same email shows the signup failure message', async ({ page }) => {
  const user = newUser();
  for (const attempt of [1, 2]) {
    await page.goto('/signup');
    const signup = signupScreen(page);
    await signup.fullName.fill(user.fullName);
    await signup.email.fill(user.email);
    await signup.phone.fill(attempt === 1 ? user.phoneNumber : newUser().phoneNumber);
    await signup.password.fill(user.password);
    await signup.signupButton.click();
    if (attempt === 1) await expect(page).toHaveURL(onPath('/verify-email'));
  }
  await expect(page.getByText('Something went wrong while signing up')).toBeVisible();
  await expect(page).toHaveURL(onPath('/signup'));
});
