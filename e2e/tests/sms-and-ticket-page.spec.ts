import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { dataAt, newUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { codeFromLog, startOwnServer, type OwnServer } from '../support/own-server.ts';
import { startTermiiStandIn, type TermiiStandIn } from '../support/termii-stand-in.ts';

/**
 * Issue 15 §3 in Chromium, against the built app with SMS sent to a local Termii stand-in
 * (e2e/support/termii-stand-in.ts): a buyer checks out with a phone number and receives
 * exactly one SMS with the order code and the ticket link; the link opens the light ticket
 * page (QR and code), which still shows them after going offline and reloading, and the
 * page with everything it loads stays under 30 KB on the wire.
 */

/** The QR on screen, decoded from a screenshot of it. */
async function decodeQr(qr: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test.describe('the ticket by SMS and the light ticket page (stand-in Termii)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer | undefined;
  let termii: TermiiStandIn;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    termii = await startTermiiStandIn();
    server = await startOwnServer({
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_BASE_URL: termii.url,
      MAIL_RETRY_INTERVAL_MS: '500',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await termii?.close();
  });

  test('checkout with a phone sends one SMS; its link opens the ticket, which works offline', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const base = server!.base;
    const organiser = newUser();
    await dataAt(base, 'POST', '/auth/user/signup', { body: organiser });
    const code = await codeFromLog(server!.logFile, organiser.email);
    await dataAt(base, 'POST', '/auth/user/verify-email', {
      body: { email: organiser.email, code },
    });
    const { token } = (await dataAt(base, 'POST', '/auth/user/login', {
      body: { phoneNumber: organiser.phoneNumber, password: organiser.password },
    })) as { token: string };
    const startAt = new Date(Date.now() + 30 * 86_400_000);
    const title = `Eko Jazz Night ${randomBytes(2).toString('hex')}`;
    const event = (await dataAt(base, 'POST', '/events/manage', {
      token,
      body: {
        title,
        category: 'Music',
        venueName: 'Freedom Park',
        address: '1 Hospital Road',
        city: 'Lagos',
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(),
      },
    })) as { id: string };
    const type = (await dataAt(base, 'POST', `/events/manage/${event.id}/ticket-types`, {
      token,
      body: { name: 'Free entry', price: 0, capacity: 50 },
    })) as { id: string };
    const published = (await dataAt(base, 'POST', `/events/manage/${event.id}/publish`, {
      token,
    })) as { slug: string };

    // The buyer checks out with their phone.
    await page.goto(`${base}/checkout/${event.id}?slug=${published.slug}&items=${type.id}:2`);
    await page.getByLabel('First name').fill('Chioma');
    await page.getByLabel('Last name').fill('Okafor');
    await page.getByLabel('Email').fill(`buyer-${randomBytes(3).toString('hex')}@example.com`);
    await page.getByLabel('Phone number').fill('0803 123 4567');
    await page.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(
      page.getByRole('heading', { name: "You're going! Your order is confirmed." }),
    ).toBeVisible();
    const orderCode = ((await page.getByTestId('order-code').textContent()) ?? '').replace(
      /\s+/g,
      '',
    );
    expect(orderCode).toMatch(/^\d{8}$/);
    const pageLink = page.getByRole('link', { name: 'Open ticket page (works offline)' });
    await expect(pageLink).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await expect(pageLink).toBeVisible();
      await page.waitForTimeout(300);
      await page.screenshot({
        path: `e2e/test-results/screens/ticket-link-confirmation-${width}.png`,
        fullPage: true,
      });
    }
    const ticketUrl = await pageLink.getAttribute('href');
    expect(ticketUrl).toMatch(new RegExp(`^${base}/t/${orderCode}-[\\w-]{12}$`));

    // Exactly one SMS, to the buyer's number, with the code and the link.
    await expect.poll(() => termii.received.length, { timeout: 15_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(termii.received).toHaveLength(1);
    const sms = termii.received[0]!;
    expect(sms).toMatchObject({ to: '2348031234567', from: 'Gatepass', type: 'plain' });
    expect(sms.sms).toContain(orderCode);
    expect(sms.sms).toContain(ticketUrl);
    expect(sms.sms.length).toBeLessThanOrEqual(160);

    // The link from the SMS, on a phone: the QR and the code, and what it all weighs.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 375, height: 812 });
    const bytes: { url: string; size: number }[] = [];
    context.on('requestfinished', (request) => {
      void request.sizes().then((s) => {
        if (request.url().startsWith(`${base}/t/`))
          bytes.push({ url: request.url(), size: s.responseBodySize + s.responseHeadersSize });
      });
    });
    const link = /https?:\/\/\S+\/t\/\S+/.exec(sms.sms)![0];
    await phone.goto(link);
    const qr = phone.getByRole('img', { name: `QR code of order ${orderCode}` });
    await expect(qr).toBeVisible();
    await expect(phone.getByTestId('order-code')).toHaveText(orderCode);
    await expect(phone.getByRole('heading', { name: title })).toBeVisible();
    await expect(phone.getByText('Chioma Okafor')).toBeVisible();
    await expect(phone.getByText('2 people')).toBeVisible();
    expect(await decodeQr(qr)).toBe(orderCode);
    // The worker is installed and keeps the page.
    await expect
      .poll(
        () =>
          phone.evaluate(async (path) => {
            const kept = await caches.match(path);
            return Boolean(kept);
          }, new URL(link).pathname),
        { timeout: 10_000 },
      )
      .toBe(true);
    await phone.screenshot({
      path: 'e2e/test-results/screens/ticket-page-375.png',
      fullPage: true,
    });
    const total = bytes.reduce((n, b) => n + b.size, 0);
    expect(bytes.some((b) => b.url.endsWith('/t/sw.js'))).toBe(true);
    expect(total, JSON.stringify(bytes)).toBeLessThan(30 * 1024);

    // Offline: a reload still shows the QR and the code.
    await context.setOffline(true);
    await phone.reload();
    await expect(qr).toBeVisible();
    await expect(phone.getByTestId('order-code')).toHaveText(orderCode);
    expect(await decodeQr(qr)).toBe(orderCode);
    await context.setOffline(false);

    // And with the server gone altogether (not just the browser told it is offline).
    await server!.stop();
    server = undefined;
    await phone.reload();
    await expect(phone.getByTestId('order-code')).toHaveText(orderCode);
    await expect(qr).toBeVisible();
    await phone.setViewportSize({ width: 1280, height: 900 });
    await phone.screenshot({
      path: 'e2e/test-results/screens/ticket-page-1280.png',
      fullPage: true,
    });
  });
});
