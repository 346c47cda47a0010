import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { dataAt, newUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { codeFromLog, startOwnServer, type OwnServer } from '../support/own-server.ts';
import { walletEnv } from '../support/wallet-keys.ts';

/**
 * Issue 15 §3, wallet passes, in Chromium: a server with the Apple and Google wallet
 * variables (signing material this test makes), a buyer's free order, and "Add to Apple
 * Wallet" / "Save to Google Wallet" on the confirmation page and the order page. The pass
 * downloads as application/vnd.apple.pkpass; the Google link leaves for pay.google.com,
 * which is intercepted here (no internet).
 */

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({
      path: `e2e/test-results/screens/wallet-${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('wallet passes (signing keys made by the test)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let wallet: ReturnType<typeof walletEnv>;
  let event: { id: string; slug: string; ticketTypeId: string; title: string };

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    wallet = walletEnv();
    server = await startOwnServer(wallet.env);
    const user = newUser();
    await dataAt(server.base, 'POST', '/auth/user/signup', { body: user });
    const code = await codeFromLog(server.logFile, user.email);
    await dataAt(server.base, 'POST', '/auth/user/verify-email', {
      body: { email: user.email, code },
    });
    const { token } = (await dataAt(server.base, 'POST', '/auth/user/login', {
      body: { phoneNumber: user.phoneNumber, password: user.password },
    })) as { token: string };
    const startAt = new Date(Date.now() + 14 * 86_400_000);
    startAt.setUTCHours(18, 0, 0, 0);
    const title = `Lagoon Jazz ${randomBytes(2).toString('hex')}`;
    const draft = await dataAt(server.base, 'POST', '/events/manage', {
      token,
      body: {
        title,
        summary: 'Jazz by the lagoon.',
        category: 'Music',
        venueName: 'Terra Kulture',
        address: '1376 Tiamiyu Savage Street, Victoria Island',
        city: 'Lagos',
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(),
        feeMode: 'pass',
      },
    });
    const type = await dataAt(
      server.base,
      'POST',
      `/events/manage/${String(draft.id)}/ticket-types`,
      {
        token,
        body: { name: 'Free entry', price: 0, capacity: 20 },
      },
    );
    await dataAt(server.base, 'POST', `/events/manage/${String(draft.id)}/publish`, { token });
    const manage = await dataAt(server.base, 'GET', `/events/manage/${String(draft.id)}`, {
      token,
    });
    event = {
      id: String(draft.id),
      slug: String(manage.slug),
      ticketTypeId: String(type.id),
      title,
    };
  });
  test.afterAll(async () => {
    await server?.stop();
    wallet?.remove();
  });

  test('the confirmation and the order page offer both wallets; the pass downloads, the Google link leaves for pay.google.com', async ({
    page,
  }) => {
    await page.goto(
      `${server.base}/checkout/${event.id}?slug=${encodeURIComponent(event.slug)}&items=${event.ticketTypeId}:1`,
    );
    await page.getByLabel('First name').fill('Ọlá');
    await page.getByLabel('Last name').fill('Adéyẹmí');
    await page.getByLabel('Email').fill(`ola.${randomBytes(3).toString('hex')}@example.com`);
    await page
      .getByLabel('Phone number')
      .fill(`080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
    await page.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(
      page.getByRole('heading', { name: "You're going! Your order is confirmed." }),
    ).toBeVisible();

    const apple = page.getByRole('link', { name: 'Add to Apple Wallet' });
    const google = page.getByRole('link', { name: 'Save to Google Wallet' });
    await expect(apple).toBeVisible();
    await expect(google).toBeVisible();
    await shoot(page, 'confirmation');

    const href = (await apple.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^${server.base}/t/\\d{8}-[A-Za-z0-9_-]{12}/pass\\.pkpass$`));
    const download = page.waitForEvent('download');
    await apple.click();
    expect((await download).suggestedFilename()).toBe('ticket.pkpass');
    // What the phone receives: the pass, as Wallet wants it served.
    const pass = await page.request.get(href);
    expect(pass.status()).toBe(200);
    expect(pass.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    expect((await pass.body()).subarray(0, 2).toString()).toBe('PK');

    // Google's save page is not reachable from here: answer it locally, and see the JWT arrive.
    let saved = '';
    await page.route('https://pay.google.com/**', async (route) => {
      saved = route.request().url();
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<h1>Google Wallet (stand-in)</h1>',
      });
    });
    await google.click();
    await expect(page.getByRole('heading', { name: 'Google Wallet (stand-in)' })).toBeVisible();
    expect(saved).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = JSON.parse(
      Buffer.from(saved.split('/').at(-1)!.split('.')[1]!, 'base64url').toString(),
    ) as {
      typ: string;
      payload: { eventTicketObjects: { state: string; barcode: { value: string } }[] };
    };
    expect(claims.typ).toBe('savetowallet');
    expect(claims.payload.eventTicketObjects[0]!.state).toBe('ACTIVE');
    await page.goBack();

    // The order page (/orders/{code}) shows them too.
    const code = ((await page.getByTestId('order-code').textContent()) ?? '').replace(/\s+/g, '');
    expect(claims.payload.eventTicketObjects[0]!.barcode.value).toBe(code);
    await page.goto(`${server.base}/orders/${code}`);
    await expect(page.getByTestId('order-code')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Save to Google Wallet' })).toBeVisible();
    await shoot(page, 'order-page');
  });
});
