import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import type { FrameLocator, Page } from '@playwright/test';
import { callAt, dataOf, newUser } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { codeFromLog, freePort, startOwnServer, type OwnServer } from '../support/own-server.ts';

/**
 * Issue 26 §1: the widget on an organiser's own page. The host is a plain HTML file served
 * from `localhost` on a port of its own, Gatepass from `127.0.0.1`: another origin and
 * another site, so the frame is a third-party frame (no SameSite cookie reaches it). A
 * buyer checks out inside it at 1280 and 375 px; a Paystack payment (the local sandbox,
 * PAYSTACK_SANDBOX=true) takes the whole host page to Paystack and comes back into it.
 */

interface HostPage {
  base: string;
  close(): Promise<void>;
}

/** The organiser's site: a tall page with the snippet below the fold. */
async function startHostPage(gatepass: string, slugs: Record<string, string>): Promise<HostPage> {
  const port = await freePort();
  const server = http.createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://host').pathname.slice(1);
    const slug = slugs[name];
    if (!slug) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Lagoon Sessions — our own site</title></head>
<body style="margin:0;font-family:sans-serif">
<header style="height:1400px;padding:16px;background:#fde68a"><h1>Lagoon Sessions</h1><p>Our story, our lineup, our venue.</p></header>
<section style="padding:8px"><h2>Tickets</h2>
<script async src="${gatepass}/widget.js"></script>
<div id="tickets" data-gatepass-event="${slug}" data-layout="list" data-theme="light" data-accent="#0f766e" data-ref="site"></div>
</section>
<footer style="height:200px">© Lagoon Sessions</footer>
</body></html>`);
  });
  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  return {
    base: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function givenEvent(
  base: string,
  token: string,
  ticket: { name: string; price: number },
  capacity = 200,
): Promise<{ id: string; slug: string }> {
  const startAt = new Date(Date.now() + 21 * 86_400_000);
  startAt.setUTCHours(18, 0, 0, 0);
  const draft = dataOf<{ id: string }>(
    await callAt(base, 'POST', '/events/manage', {
      token,
      body: {
        title: `Lagoon Sessions ${randomBytes(3).toString('hex')}`,
        summary: 'Live music by the lagoon.',
        category: 'Music',
        venueName: 'Terra Kulture',
        address: '1376 Tiamiyu Savage Street, Victoria Island',
        city: 'Lagos',
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 4 * 3_600_000).toISOString(),
        feeMode: 'pass',
        offlinePayment: false,
      },
    }),
    201,
    'create event',
  );
  dataOf(
    await callAt(base, 'POST', `/events/manage/${draft.id}/ticket-types`, {
      token,
      body: { ...ticket, capacity },
    }),
    201,
    'create ticket type',
  );
  dataOf(
    await callAt(base, 'POST', `/events/manage/${draft.id}/publish`, { token }),
    200,
    'publish',
  );
  const slug = dataOf<{ slug: string }>(
    await callAt(base, 'GET', `/events/manage/${draft.id}`, { token }),
    200,
    'read event',
  ).slug;
  return { id: draft.id, slug };
}

/** The widget's frame, once the buyer has scrolled to it. */
async function scrollToWidget(page: Page, gatepass: string): Promise<FrameLocator> {
  await page.locator('#tickets').scrollIntoViewIfNeeded();
  await expect(page.locator('#tickets iframe')).toHaveAttribute(
    'src',
    new RegExp(`^${gatepass.replaceAll('.', '\\.')}/embed/`),
  );
  const frame = page.frameLocator('#tickets iframe');
  // The frame's first answers are in (its event is read again as it opens).
  await page.waitForLoadState('networkidle');
  // Once the frame has its first screen and the iframe its height, nothing moves under a tap.
  await expect(frame.getByRole('button', { name: 'Get tickets' })).toBeVisible();
  await expectFitsContent(page);
  return frame;
}

async function fillBuyer(frame: FrameLocator) {
  await frame.getByLabel('First name').fill('Chioma');
  await frame.getByLabel('Last name').fill('Okafor');
  await frame.getByLabel('Email').fill(`widget-${randomBytes(3).toString('hex')}@example.com`);
  await frame.getByLabel('Phone number').fill('08031234567');
}

/** The iframe is as tall as its content: nothing scrolls inside it. */
async function expectFitsContent(page: Page) {
  await expect
    .poll(async () => {
      const box = await page.locator('#tickets iframe').boundingBox();
      const content = await page
        .frames()
        .find((f) => f.url().includes('/embed/'))
        ?.evaluate(() => document.documentElement.scrollHeight);
      return box && content ? Math.abs(box.height - content) : 999;
    })
    .toBeLessThanOrEqual(2);
}

test.describe('the widget on the organiser’s own page', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let host: HostPage;
  let organiser: ReturnType<typeof newUser>;
  const events = {
    soldOut: { id: '', slug: '' },
    free: { id: '', slug: '' },
    paid: { id: '', slug: '' },
    queued: { id: '', slug: '' },
  };
  let organiserToken = '';

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startOwnServer({
      PAYMENTS_TEST_MODE: 'true',
      PAYSTACK_SANDBOX: 'true',
      // The pre-queue's proof of work, small for tests (README).
      WAITING_ROOM_POW_WORK: '200',
    });
    const user = newUser();
    organiser = user;
    dataOf(await callAt(server.base, 'POST', '/auth/user/signup', { body: user }), 201, 'signup');
    const code = await codeFromLog(server.logFile, user.email);
    dataOf(
      await callAt(server.base, 'POST', '/auth/user/verify-email', {
        body: { email: user.email, code },
      }),
      200,
      'verify',
    );
    const token = dataOf<{ token: string }>(
      await callAt(server.base, 'POST', '/auth/user/login', {
        body: { phoneNumber: user.phoneNumber, password: user.password },
      }),
      200,
      'login',
    ).token;
    // Any ten-digit account resolves in the sandbox; 0123456789's holder is this name.
    dataOf(
      await callAt(server.base, 'PUT', '/events/manage/settings/payout', {
        token,
        body: {
          bankName: 'Guaranty Trust Bank',
          bankCode: '058',
          accountNumber: '0123456789',
          accountName: 'FUNMILAYO BELLO',
        },
      }),
      200,
      'payout account',
    );
    organiserToken = token;
    events.free = await givenEvent(server.base, token, { name: 'Lawn', price: 0 });
    events.queued = await givenEvent(server.base, token, { name: 'Rush', price: 0 });
    events.soldOut = await givenEvent(server.base, token, { name: 'Front row', price: 0 }, 1);
    events.paid = await givenEvent(server.base, token, { name: 'Regular', price: 5000 });
    host = await startHostPage(server.base, {
      free: events.free.slug,
      paid: events.paid.slug,
      queued: events.queued.slug,
      'sold-out': events.soldOut.slug,
    });
  });
  test.afterAll(async () => {
    await host?.close();
    await server?.stop();
  });

  for (const width of [1280, 375]) {
    test(`a buyer gets free tickets inside the host page at ${width} px`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const framed: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(`${server.base}/embed/`)) framed.push(r.url());
      });
      await page.goto(`${host.base}/free`);
      // Below the fold: the script is there, the widget not loaded yet.
      await page.waitForFunction(() => 'Gatepass' in window);
      await expect(page.locator('#tickets iframe')).toHaveCount(0);
      expect(framed).toEqual([]);

      const frame = await scrollToWidget(page, server.base);
      expect(framed[0]).toContain('via=widget');
      expect(framed[0]).toContain('ref=site');
      await frame.getByRole('button', { name: 'One more Lawn' }).click();
      await expect(frame.getByLabel('Lawn quantity')).toHaveText('1');
      await frame.getByRole('button', { name: 'Get tickets' }).click();
      await fillBuyer(frame);
      await expectFitsContent(page);
      await page.screenshot({ path: `e2e/test-results/screens/widget-checkout-${width}.png` });
      await frame.getByRole('button', { name: 'Get free tickets' }).click();
      await expect(
        frame.getByRole('heading', { name: "You're going! Your order is confirmed." }),
      ).toBeVisible({ timeout: 15_000 });
      await expectFitsContent(page);
      // The host page never moved.
      expect(page.url()).toBe(`${host.base}/free`);
      await page.locator('#tickets').screenshot({
        path: `e2e/test-results/screens/widget-complete-${width}.png`,
      });
    });
  }

  for (const width of [1280, 375]) {
    test(`a Paystack payment leaves the host page and returns into it at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${host.base}/paid?utm_source=whatsapp`);
      const frame = await scrollToWidget(page, server.base);
      await frame.getByRole('button', { name: 'One more Regular' }).click();
      await expect(frame.getByLabel('Regular quantity')).toHaveText('1');
      await frame.getByRole('button', { name: 'Get tickets' }).click();
      await fillBuyer(frame);
      await frame.getByRole('button', { name: 'Continue to payment' }).click();
      // The payment step is in and the iframe has taken its height: a tap lands where aimed
      // (a CI run once clicked while the frame was still resizing and missed the radio).
      const card = frame.getByLabel(/Pay with Paystack sandbox — Card/);
      await expect(card).toBeVisible();
      await expectFitsContent(page);
      await card.check();
      await frame.getByRole('button', { name: /^Pay ₦/ }).click();

      // The whole page goes to (the sandbox of) Paystack's checkout.
      await expect(page).toHaveURL(/\/api\/v1\/paystack-sandbox\/checkout\/[0-9a-f]+$/);
      await page.getByRole('button', { name: /^Pay — / }).click();

      // Back on the organiser's page, which the loader cleans, the widget on the order.
      await expect(page).toHaveURL(`${host.base}/paid?utm_source=whatsapp`);
      const back = page.frameLocator('#tickets iframe');
      await expect(
        back.getByRole('heading', { name: "You're going! Your order is confirmed." }),
      ).toBeVisible({ timeout: 20_000 });
      await expect(back.getByTestId('order-code')).toBeVisible();
      await expectFitsContent(page);
      await page.locator('#tickets').screenshot({
        path: `e2e/test-results/screens/widget-paystack-return-${width}.png`,
      });
    });
  }

  for (const width of [1280, 375]) {
    test(`the organiser picks the options, copies the snippet and sees it live at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto(`${server.base}/login`);
      await page.getByLabel('Phone Number').fill(organiser.phoneNumber);
      await page.getByLabel('Password').fill(organiser.password);
      await page.locator('form').getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/events\/manage\/home/);
      await page.goto(`${server.base}/events/manage/marketing?eventId=${events.paid.id}`);

      const panel = page.locator('#widget');
      await expect(panel.getByRole('heading', { name: 'Sell on your website' })).toBeVisible();
      await panel.getByText('Button only').click();
      await panel.getByText('Dark', { exact: true }).click();
      await panel.getByLabel('Accent colour', { exact: true }).fill('#be123c');
      await panel.getByLabel('Tracking code (optional)').fill('newsletter');
      const snippet = panel.getByLabel('Snippet');
      await expect(snippet).toHaveValue(
        `<script async src="${server.base}/widget.js"></script>\n` +
          `<div data-gatepass-event="${events.paid.slug}" data-layout="button" data-theme="dark" data-accent="#be123c" data-ref="newsletter"></div>`,
      );
      await expect(panel.getByLabel(/^Iframe/)).toHaveValue(
        new RegExp(
          `^<iframe src="${server.base.replaceAll('.', '\\.')}/embed/events/${events.paid.slug}\\?layout=button&amp;theme=dark`,
        ),
      );

      // The live preview is the real widget with these options: one line and its button.
      const preview = page.frameLocator('iframe[title="Widget preview"]');
      const open = preview.getByRole('button', { name: /^Get tickets · From ₦5,000/ });
      await expect(open).toBeVisible();
      await expect(page.locator('iframe[title="Widget preview"]')).toHaveAttribute(
        'src',
        /accent=%23be123c/,
      );
      await open.click();
      await expect(preview.getByRole('button', { name: 'One more Regular' })).toBeVisible();
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `e2e/test-results/screens/widget-marketing-${width}.png`,
        fullPage: true,
      });
    });
  }

  test('a buyer waits in the waiting room inside the widget and buys on their turn', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 812 });
    // The sale opens in a few seconds, behind a waiting room letting 60 a minute in.
    dataOf(
      await callAt(server.base, 'PUT', `/events/manage/${events.queued.id}/waiting-room`, {
        token: organiserToken,
        body: {
          enabled: true,
          onSaleAt: new Date(Date.now() + 6_000).toISOString(),
          ratePerMinute: 60,
        },
      }),
      200,
      'waiting room',
    );
    // The frame is on another site: no cookie of Gatepass's reaches it, so the place in
    // line and the pass can only travel in headers (decision 074).
    const carried: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/orders') && r.method() === 'POST') {
        const h = r.headers();
        if (h['x-waiting-room-pass'] && h['x-waiting-room-visitor']) carried.push(r.url());
      }
    });
    await page.goto(`${host.base}/queued`);
    const frame = await scrollToWidget(page, server.base);
    await frame.getByRole('link', { name: 'Join the queue' }).click();
    // The pre-queue's check is solved in the frame, then the queue screen waits for the turn.
    await expect(frame.getByRole('heading', { name: 'Choose your tickets' })).toBeVisible({
      timeout: 45_000,
    });
    await frame.getByRole('button', { name: 'Add one Rush ticket' }).click();
    await fillBuyer(frame);
    await frame.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(
      frame.getByRole('heading', { name: "You're going! Your order is confirmed." }),
    ).toBeVisible({ timeout: 15_000 });
    expect(carried.length).toBeGreaterThan(0);
    expect(page.url()).toBe(`${host.base}/queued`);
  });

  test('a buyer joins the waiting list of a sold-out ticket inside the widget', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 375, height: 812 });
    // The only ticket goes to someone else first.
    const event = dataOf<{ id: string; ticketTypes: { id: string }[] }>(
      await callAt(server.base, 'GET', `/events/${events.soldOut.slug}`),
      200,
      'event',
    );
    dataOf(
      await callAt(server.base, 'POST', '/orders', {
        body: {
          eventId: event.id,
          items: [{ ticketTypeId: event.ticketTypes[0]!.id, quantity: 1 }],
          buyer: {
            firstName: 'Early',
            lastName: 'Bird',
            email: `early-${randomBytes(3).toString('hex')}@example.com`,
            phone: '08031234568',
          },
        },
      }),
      201,
      'the last ticket',
    );
    await page.goto(`${host.base}/sold-out`);
    const frame = page.frameLocator('#tickets iframe');
    await page.locator('#tickets').scrollIntoViewIfNeeded();
    await expect(frame.getByText('Sold out')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await frame.getByRole('button', { name: 'Join the waiting list for Front row' }).click();
    const dialog = frame.getByRole('dialog', { name: 'Join the waiting list' });
    await dialog.getByLabel('Full name').fill('Chioma Okafor');
    await dialog.getByLabel('Email').fill(`wait-${randomBytes(3).toString('hex')}@example.com`);
    // The frame grows to hold the dialog: its button is on screen and takes the tap.
    await dialog.getByRole('button', { name: 'Join the waiting list' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
    await expect(dialog).toContainText(/waiting list/i);
    await page.locator('#tickets').screenshot({
      path: 'e2e/test-results/screens/widget-waiting-list-375.png',
    });
  });
});
