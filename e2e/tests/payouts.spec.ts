import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callAt, newUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { codeFromLog, startOwnServer, type OwnServer } from '../support/own-server.ts';
import { startPaystackStandIn, type PaystackStandIn } from '../support/paystack-stand-in.ts';
import { startTermiiStandIn, type TermiiStandIn } from '../support/termii-stand-in.ts';
import { walletEnv } from '../support/wallet-keys.ts';

/**
 * Issue 15 §1–2 in Chromium, against the built app with Paystack pointed at a local
 * stand-in (e2e/support/paystack-stand-in.ts): the organiser's payout account resolved and
 * confirmed by name; a buyer paying by bank transfer, told how long the tickets are held,
 * confirmed only when Paystack's webhook arrives; the split and its settlement in the
 * Payouts ledger; a refund followed to "processed" there. Test mode is off. With Termii and
 * both wallets pointed at stand-ins / test keys too, this is issue 15's whole journey: the
 * buyer pays by transfer and gets the ticket by SMS and in their wallet.
 */

const ACCOUNT = { bank: '058', number: '0123456789', name: 'ADAEZE OKAFOR EVENTS' };

async function data<T>(answer: Promise<{ status: number; body: { data?: unknown } }>, ok: number) {
  const { status, body } = await answer;
  if (status !== ok) throw new Error(`answered ${status}: ${JSON.stringify(body)}`);
  return body.data as T;
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({
      path: `e2e/test-results/screens/payouts-${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('payouts through Paystack split payments (stand-in Paystack)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let paystack: PaystackStandIn;
  let termii: TermiiStandIn;
  let wallet: ReturnType<typeof walletEnv>;
  let token: string;
  let organiser: ReturnType<typeof newUser>;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    paystack = await startPaystackStandIn({ [`${ACCOUNT.bank}:${ACCOUNT.number}`]: ACCOUNT.name });
    termii = await startTermiiStandIn();
    wallet = walletEnv();
    server = await startOwnServer({
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.url,
      PAYMENTS_TEST_MODE: 'false',
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_BASE_URL: termii.url,
      ...wallet.env,
    });
    paystack.webhookUrl = `${server.base}/api/v1/payments/paystack/webhook`;
    const user = newUser();
    organiser = user;
    await data(callAt(server.base, 'POST', '/auth/user/signup', { body: user }), 201);
    const code = await codeFromLog(server.logFile, user.email);
    await data(
      callAt(server.base, 'POST', '/auth/user/verify-email', { body: { email: user.email, code } }),
      200,
    );
    token = (
      await data<{ token: string }>(
        callAt(server.base, 'POST', '/auth/user/login', {
          body: { phoneNumber: user.phoneNumber, password: user.password },
        }),
        200,
      )
    ).token;
  });
  test.afterAll(async () => {
    await server?.stop();
    await paystack?.close();
    await termii?.close();
    wallet?.remove();
  });

  test('payout account, a bank transfer held and confirmed by webhook, the ledger and a refund', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.base}/login`);
    await page.getByLabel('Phone Number').fill(organiser.phoneNumber);
    await page.getByLabel('Password').fill(organiser.password);
    await page.locator('form').getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/events\/manage\/home/);

    // The organiser: the account is resolved with Paystack and confirmed by its name.
    await page.goto(`${server.base}/events/manage/settings/#payout`);
    const form = page.getByRole('form', { name: 'Payout account' });
    await form.getByLabel('Bank').selectOption({ label: 'Guaranty Trust Bank' });
    await form.getByLabel('Account number').fill(ACCOUNT.number);
    await form.getByRole('button', { name: 'Check account' }).click();
    await expect(form.getByTestId('resolved-name')).toHaveText(ACCOUNT.name);
    await shoot(page, 'settings-confirm');
    await form.getByRole('button', { name: 'Yes, pay me here' }).click();
    await expect(form.getByText('Verified with Paystack')).toBeVisible();

    // A paid event (publishing needs the verified account: test mode is off).
    const startAt = new Date(Date.now() + 21 * 86_400_000);
    const event = await data<{ id: string }>(
      callAt(server.base, 'POST', '/events/manage', {
        token,
        body: {
          title: `Afrobeats Live ${randomBytes(2).toString('hex')}`,
          category: 'Music',
          venueName: 'Terra Kulture',
          address: '1376 Tiamiyu Savage Street',
          city: 'Lagos',
          startAt: startAt.toISOString(),
          endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(),
        },
      }),
      201,
    );
    const type = await data<{ id: string }>(
      callAt(server.base, 'POST', `/events/manage/${event.id}/ticket-types`, {
        token,
        body: { name: 'Regular', price: 5000, capacity: 20 },
      }),
      201,
    );
    const published = await data<{ slug: string }>(
      callAt(server.base, 'POST', `/events/manage/${event.id}/publish`, { token }),
      200,
    );

    // The buyer pays by bank transfer: the hold is shown, the order waits for Paystack.
    const buyerPage = await page.context().newPage();
    await buyerPage.goto(
      `${server.base}/checkout/${event.id}?slug=${published.slug}&items=${type.id}:1`,
    );
    await buyerPage.getByLabel('First name').fill('Chioma');
    await buyerPage.getByLabel('Last name').fill('Okafor');
    await buyerPage.getByLabel('Email').fill(`buyer-${randomBytes(3).toString('hex')}@example.com`);
    await buyerPage.getByLabel('Phone number').fill('08031234567');
    await buyerPage.getByRole('button', { name: 'Continue to payment' }).click();
    const transfer = buyerPage.getByLabel(/Pay with Paystack — Bank transfer/);
    await expect(transfer).toBeVisible();
    await expect(buyerPage.getByLabel(/Pay with Paystack — Card/)).toBeVisible();
    await transfer.check();
    await expect(buyerPage.getByText(/We then hold your tickets 45 minutes/).first()).toBeVisible();
    await shoot(buyerPage, 'checkout-channels');
    await buyerPage.getByRole('button', { name: 'Pay ₦5,330.00' }).click();
    await expect(buyerPage).toHaveURL(new RegExp(`^${paystack.url}/checkout/`));
    await buyerPage.getByRole('link', { name: 'I have sent the money' }).click();
    await expect(
      buyerPage.getByRole('heading', { name: 'Confirming your payment…' }),
    ).toBeVisible();
    await expect(buyerPage.getByTestId('hold-until')).toContainText('Your tickets are held until');
    await expect(buyerPage.getByRole('timer')).toHaveText(/^4[0-5]:\d\d$/);
    await shoot(buyerPage, 'waiting-transfer');

    // Only Paystack's signed webhook confirms it.
    const reference = [...paystack.transactions.keys()][0]!;
    expect(paystack.transactions.get(reference)!.subaccount).toMatch(/^ACCT_/);
    expect(paystack.transactions.get(reference)!.charge).toBe(33_000);
    expect(await paystack.arrive(reference)).toBe(200);
    await expect(
      buyerPage.getByRole('heading', { name: "You're going! Your order is confirmed." }),
    ).toBeVisible({ timeout: 15_000 });

    // The ticket where the buyer is: one SMS with the code and the ticket link, and both
    // wallets on the confirmation page (the Apple pass served as Wallet wants it).
    const code = (await buyerPage.getByTestId('order-code').textContent())!.replace(/\D/g, '');
    await expect.poll(() => termii.received.length, { timeout: 15_000 }).toBe(1);
    expect(termii.received[0]).toMatchObject({ to: '2348031234567' });
    expect(termii.received[0]!.sms).toContain(code);
    const ticketLink = /https?:\/\/\S+\/t\/\S+/.exec(termii.received[0]!.sms)![0];
    const apple = buyerPage.getByRole('link', { name: 'Add to Apple Wallet' });
    await expect(apple).toBeVisible();
    await expect(buyerPage.getByRole('link', { name: 'Save to Google Wallet' })).toBeVisible();
    expect(await apple.getAttribute('href')).toBe(`${ticketLink}/pass.pkpass`);
    const pass = await buyerPage.request.get(`${ticketLink}/pass.pkpass`);
    expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    await shoot(buyerPage, 'confirmation-wallets');

    // The ledger: what the organiser gets, the platform keeps, Paystack charged; settled.
    const subaccount = paystack.transactions.get(reference)!.subaccount!;
    paystack.settle(subaccount, [reference]);
    await page.goto(`${server.base}/events/manage/financies/`);
    const ledger = page.getByTestId('payouts-table');
    await expect(ledger).toContainText('₦5,330.00');
    await expect(ledger).toContainText('₦5,000.00');
    await expect(ledger).toContainText('₦179.95');
    await expect(ledger).toContainText('Settled');
    await expect(ledger).toContainText('Bank transfer');

    // A refund, followed to "processed" by Paystack's webhook: a negative line.
    const orderId = (
      await data<{ items: { id: string }[] }>(
        callAt(server.base, 'GET', `/events/manage/orders?eventId=${event.id}`, { token }),
        200,
      )
    ).items[0]!.id;
    await data(
      callAt(server.base, 'POST', `/events/manage/orders/${orderId}/refund`, {
        token,
        body: { reason: 'Cannot attend' },
      }),
      200,
    );
    expect(await paystack.refundProcessed(reference)).toBe(200);
    // The buyer's confirmation page shows the refund's state too (as their order page does).
    await expect(buyerPage).toHaveURL(/\/checkout\/complete\//);
    await buyerPage.reload();
    await expect(buyerPage.getByTestId('refund-state')).toHaveText('Refund processed');
    await expect(buyerPage.getByText('This order was refunded')).toBeVisible();
    await shoot(buyerPage, 'confirmation-refunded');
    await page.reload();
    await expect(ledger).toContainText('−₦5,330.00');
    await expect(ledger).toContainText('Refunded');
    await expect(page.getByTestId('payouts-you-get')).toHaveText('₦0.00');
    await page.getByRole('heading', { name: 'Payouts' }).scrollIntoViewIfNeeded();
    await shoot(page, 'ledger');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Payouts CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/payouts.*\.csv$/);
  });
});
