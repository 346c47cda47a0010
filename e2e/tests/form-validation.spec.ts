import {
  expect,
  forgotPasswordScreen,
  loginScreen,
  onPath,
  signupScreen,
  test,
  verifyEmailScreen,
} from '../support/fixtures.ts';

test.describe('validation messages (spec §5)', () => {
  test('login requires the phone number and the password, and sends nothing without them', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/auth/')) calls.push(r.url());
    });
    await page.goto('/login');
    const login = loginScreen(page);
    await login.loginButton.click();
    await expect(page.getByText('Phone Number is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await login.phone.fill('08031234567');
    await login.loginButton.click();
    await expect(page.getByText('Phone Number is required')).toBeHidden();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('signup requires the full name, email, phone number and password', async ({ page }) => {
    await page.goto('/signup');
    const signup = signupScreen(page);
    await expect(signup.email).toHaveAttribute('type', 'email');
    await signup.signupButton.click();
    for (const message of [
      'Full Name is required',
      'Email is required',
      'Phone Number is required',
      'Password is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(onPath('/signup'));
  });

  test('forgot password asks for a valid email address', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { name: 'Password Reset' })).toBeVisible();
    await expect(
      page.getByText(
        'Enter your email address and we will send you a link to reset your password.',
      ),
    ).toBeVisible();
    const forgot = forgotPasswordScreen(page);
    await forgot.resetButton.click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();

    await page.reload();
    await forgot.email.fill('not-an-email');
    await forgot.resetButton.click();
    await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  });

  test('verify email requires a code', async ({ page }) => {
    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    const verify = verifyEmailScreen(page);
    await verify.verifyButton.click();
    await expect(page.getByText('Verification code is required.')).toBeVisible();

    await page.reload();
    await verify.code.fill('   ');
    await verify.verifyButton.click();
    await expect(page.getByText('Verification code is required.')).toBeVisible();
  });
});

test.describe('links between the auth screens', () => {
  test('login links to the forgot-password and signup screens', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(onPath('/forgot-password'));

    await page.goto('/login');
    await page
      .getByRole('button', { name: 'Create Account' })
      .or(page.getByRole('link', { name: 'Create Account' }))
      .click();
    await expect(page).toHaveURL(onPath('/signup'));
  });

  test('signup returns to login', async ({ page }) => {
    await page.goto('/signup');
    await page
      .getByRole('button', { name: 'Return to login' })
      .or(page.getByRole('link', { name: 'Return to login' }))
      .click();
    await expect(page).toHaveURL(onPath('/login'));
  });
});
