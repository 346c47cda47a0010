import { randomBytes } from 'node:crypto';
import { dataAt, newUser } from '../support/api.ts';
import { ENV, requireEnv } from '../support/env.ts';
import { expect, loginScreen, test } from '../support/fixtures.ts';
import { waitForMail, waitForVerificationCode } from '../support/mailbox.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';
import { startTermiiStandIn, type TermiiStandIn } from '../support/termii-stand-in.ts';

/**
 * Issue 24 §1's journey in Chromium, at 1280 and 375 px, against the built app with real
 * SMTP (a capture) and SMS to a local Termii stand-in: a buyer buys, the organiser refunds
 * in the order drawer → the buyer's refund mail and SMS arrive; a transferred code at the
 * door reads 'Invalid' with 'Transferred to {name}' beneath, and the refunded one says so.
 */

test.describe('after the sale: the buyer is told, the door says why (stand-in Termii)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer | undefined;
  let termii: TermiiStandIn;
  let smtp: SmtpCapture | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    termii = await startTermiiStandIn();
    // Mails land where the suite's mailbox helpers read them.
    smtp = await startSmtpCapture(requireEnv(ENV.mailDir));
    server = await startOwnServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_BASE_URL: termii.url,
      PAYMENTS_TEST_MODE: 'true',
      MAIL_RETRY_INTERVAL_MS: '500',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await termii?.close();
    await smtp?.close();
  });

  for (const width of [1280, 375]) {
    test(`refund reaches the buyer by mail and SMS; the door says "Transferred to …" (${width} px)`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const base = server!.base;
      const tag = randomBytes(3).toString('hex');

      // The organiser and a paid event, through the API.
      const organiser = newUser();
      await dataAt(base, 'POST', '/auth/user/signup', { body: organiser });
      const code = await waitForVerificationCode(organiser.email);
      await dataAt(base, 'POST', '/auth/user/verify-email', {
        body: { email: organiser.email, code },
      });
      const { token } = await dataAt<{ token: string }>(base, 'POST', '/auth/user/login', {
        body: { phoneNumber: organiser.phoneNumber, password: organiser.password },
      });
      const startAt = new Date(Date.now() + 30 * 86_400_000);
      const event = await dataAt<{ id: string }>(base, 'POST', '/events/manage', {
        token,
        body: {
          title: `Afrobeats Night ${tag}`,
          category: 'Music',
          venueName: 'Freedom Park',
          address: '1 Hospital Road',
          city: 'Lagos',
          startAt: startAt.toISOString(),
          endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(),
        },
      });
      const type = await dataAt<{ id: string }>(
        base,
        'POST',
        `/events/manage/${event.id}/ticket-types`,
        { token, body: { name: 'Regular', price: 5000, capacity: 50 } },
      );
      const { slug } = await dataAt<{ slug: string }>(
        base,
        'POST',
        `/events/manage/${event.id}/publish`,
        { token },
      );

      // The buyer buys in the browser, with a phone, paying with the TEST provider.
      const phoneDigits = `803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      const buyerEmail = `buyer-${tag}@example.com`;
      await page.goto(`${base}/checkout/${event.id}?slug=${slug}&items=${type.id}:1`);
      await page.getByLabel('First name').fill('Chioma');
      await page.getByLabel('Last name').fill('Okafor');
      await page.getByLabel('Email').fill(buyerEmail);
      await page.getByLabel('Phone number').fill(`0${phoneDigits}`);
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByLabel(/Pay with TEST provider/).check();
      await page.getByRole('button', { name: /^Pay ₦/ }).click();
      await page.getByRole('button', { name: 'Pay successfully' }).click();
      const codeBox = page.getByTestId('order-code');
      await expect(codeBox).toBeVisible({ timeout: 15_000 });
      const orderCode = ((await codeBox.textContent()) ?? '').replace(/\s+/g, '');
      expect(orderCode).toMatch(/^\d{8}$/);
      await waitForMail(buyerEmail, { matching: /Your tickets for/, timeoutMs: 30_000 });

      // The organiser refunds it from the order drawer.
      await page.goto(`${base}/login`);
      const login = loginScreen(page);
      await login.phone.fill(organiser.phoneNumber);
      await login.password.fill(organiser.password);
      await login.loginButton.click();
      await expect(page).toHaveURL(/\/events\/manage\/home/);
      await page.waitForFunction(() =>
        /loggedIn\\?"\s*:\s*true/.test(localStorage.getItem('persist:root') ?? ''),
      );
      await page.goto(`${base}/events/manage/orders/?q=${orderCode}`);
      await page
        .getByRole('button', { name: new RegExp(`^Order ${orderCode}`) })
        .first()
        .click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
      // Where the ticket goes (no one waits: back on sale), and that the buyer is told.
      await expect(confirm.getByTestId('refund-tickets-go')).toContainText(/returns? to sale/);
      await expect(confirm).toContainText('The buyer is told by mail (and SMS');
      await page.screenshot({
        path: `e2e/test-results/screens/refund-dialog-${width}.png`,
        fullPage: false,
      });
      await confirm.getByLabel(/^Reason/).fill('Asked by the buyer');
      await confirm.getByRole('button', { name: 'Refund order' }).click();
      await expect(confirm).toBeHidden();

      // The buyer's mail (through SMTP) and SMS (through the Termii stand-in) arrive.
      const refundMail = await waitForMail(buyerEmail, {
        matching: /was refunded/,
        timeoutMs: 30_000,
      });
      expect(refundMail.subject).toBe(
        `Your order ${orderCode} for Afrobeats Night ${tag} was refunded`,
      );
      expect(refundMail.text).toContain('"Asked by the buyer"');
      expect(refundMail.text).toContain('No money was taken for this order');
      expect(refundMail.text).toContain(`Order code ${orderCode} no longer admits anyone`);
      await expect
        .poll(
          () =>
            termii.received.filter((s) => s.to === `234${phoneDigits}` && /refunded/.test(s.sms))
              .length,
          { timeout: 30_000 },
        )
        .toBe(1);
      const sms = termii.received.find(
        (s) => s.to === `234${phoneDigits}` && /refunded/.test(s.sms),
      )!;
      expect(sms.sms).toContain(`Gatepass order ${orderCode}`);
      expect(sms.sms.length).toBeLessThanOrEqual(160);

      // A second order, transferred by its buyer to Bola Ade: its old code at the door.
      const created = await dataAt<{
        order: { id: string; orderCode: string };
        accessToken: string;
      }>(base, 'POST', '/orders', {
        body: {
          eventId: event.id,
          items: [{ ticketTypeId: type.id, quantity: 1 }],
          buyer: {
            firstName: 'Tobi',
            lastName: 'Alade',
            email: `tobi-${tag}@example.com`,
            phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
          },
        },
      });
      const headers = { 'x-order-token': created.accessToken };
      await dataAt(base, 'POST', `/orders/${created.order.id}/pay`, {
        body: { method: 'test' },
        headers,
      });
      await dataAt(base, 'POST', `/orders/${created.order.id}/test-payment`, {
        body: { outcome: 'success' },
        headers,
      });
      await dataAt(base, 'POST', `/orders/${created.order.id}/transfer`, {
        body: { firstName: 'Bola', lastName: 'Ade', email: `bola-${tag}@example.com` },
        headers,
      });

      await page.goto(`${base}/events/manage/verify-ticket/${event.id}`);
      await expect(page.getByTestId('door-count')).toHaveText('0 / 1');
      const banner = page.getByRole('region', { name: 'Scan result' });
      await page.getByRole('tab', { name: 'Manual' }).click();
      const manual = page.getByPlaceholder('Enter 8-digit code');
      await manual.fill(created.order.orderCode);
      await expect(banner.locator('[data-result]')).toHaveAttribute('data-result', 'invalid');
      await expect(banner.getByText('Invalid', { exact: true })).toBeVisible();
      await expect(banner.getByTestId('refusal-reason')).toHaveText(/^Transferred to Bola Ade on /);
      await page.screenshot({
        path: `e2e/test-results/screens/door-transferred-${width}.png`,
        fullPage: false,
      });

      // Offline, from the list the device keeps: the refunded code says so too.
      await page.context().setOffline(true);
      await manual.fill(orderCode);
      await expect(banner.getByTestId('refusal-reason')).toHaveText(/^Refunded on /);
      await page.context().setOffline(false);
    });
  }
});
