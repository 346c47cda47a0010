import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';

/**
 * Issue 24 §3 in Chromium: the seeded demo started with the local Paystack sandbox
 * (PAYMENTS_TEST_MODE=true PAYSTACK_SANDBOX=true, decision 058), as the README's demo story
 * walks it — the payout ledger has lines, a bank-transfer checkout goes through the
 * sandbox's labelled page, and the organiser refunds it; at 1280 and 375 px.
 */
const SANDBOX = 'Paystack sandbox — no real money';
const DEMO = { phone: '08010000001', password: 'gatepass-demo' };

async function logIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Phone Number').fill(DEMO.phone);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.locator('form').getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/events\/manage\/home/);
}

test.describe('the seeded demo with the Paystack sandbox', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    server = await startOwnServer({ PAYMENTS_TEST_MODE: 'true', PAYSTACK_SANDBOX: 'true' });
    test.skip(!server.databaseUrl, 'needs PostgreSQL: the seed runs beside the server');
    // npm run seed, beside the running server (PostgreSQL takes both).
    await promisify(execFile)(process.execPath, [path.resolve('apps/server/dist/seed.js')], {
      env: {
        ...process.env,
        DATABASE_URL: server.databaseUrl,
        SEED_ALLOW: '1',
        PUBLIC_URL: server.base,
        LOG_LEVEL: 'silent',
      },
      timeout: 540_000,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const width of [1280, 375]) {
    test(`ledger lines, a bank transfer through the sandbox and a refund, at ${width} px`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const shots = `e2e/test-results/screens/sandbox`;

      // The buyer, on the demo's paid painting afternoon.
      const event = (
        await (await fetch(`${server.base}/api/v1/events/sip-and-paint-saturday`)).json()
      ).data as { id: string; slug: string; ticketTypes: { id: string }[] };
      await page.goto(
        `${server.base}/checkout/${event.id}?slug=${event.slug}&items=${event.ticketTypes[0]!.id}:1`,
      );
      await page.getByLabel('First name').fill('Chioma');
      await page.getByLabel('Last name').fill('Okafor');
      await page.getByLabel('Email').fill(`buyer-${randomBytes(3).toString('hex')}@example.com`);
      await page.getByLabel('Phone number').fill('08031234567');
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      const transfer = page.getByLabel(/Pay with Paystack sandbox — Bank transfer/);
      await expect(transfer).toBeVisible();
      await transfer.check();
      await expect(page.getByText(SANDBOX).first()).toBeVisible();
      await page.screenshot({ path: `${shots}-checkout-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: /^Pay ₦/ }).click();

      // The sandbox's own page: labelled, the transfer account, then the money "arrives".
      await expect(page).toHaveURL(/\/api\/v1\/paystack-sandbox\/checkout\/[0-9a-f]{10}$/);
      await expect(page.getByRole('note')).toHaveText(SANDBOX);
      await expect(page.getByRole('heading', { name: 'Pay with bank transfer' })).toBeVisible();
      await expect(page.getByText('Sandbox Bank')).toBeVisible();
      await page.screenshot({ path: `${shots}-page-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: /I have sent the transfer/ }).click();
      await expect(
        page.getByRole('heading', { name: "You're going! Your order is confirmed." }),
      ).toBeVisible({ timeout: 20_000 });
      const code = (await page.getByTestId('order-code').textContent())!.replace(/\D/g, '');

      // The organiser: a verified payout account, and a payout ledger with settled lines.
      await page.context().clearCookies();
      await logIn(page, server.base);
      await page.goto(`${server.base}/events/manage/settings/#payout`);
      const payout = page.getByRole('form', { name: 'Payout account' });
      await expect(payout.getByText('Verified with Paystack')).toBeVisible();
      await expect(payout.getByText(SANDBOX)).toBeVisible();
      const features = page.getByRole('list', { name: 'Server features' });
      await expect(features).toContainText('TERMII_API_KEY');
      await expect(features).toContainText('APPLE_PASS_TYPE_ID');
      await page.goto(`${server.base}/events/manage/financies/`);
      // A table from 640 px, a list of cards below.
      const ledger =
        width < 640
          ? page.getByRole('list', { name: 'Payouts' })
          : page.getByTestId('payouts-table');
      await expect(ledger).toContainText('Settled');
      await expect(ledger).toContainText('Bank transfer');
      await expect(page.getByText(new RegExp(SANDBOX)).first()).toBeVisible();
      await page.getByRole('heading', { name: 'Payouts' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}-ledger-${width}.png`, fullPage: true });

      // The refund goes back through the sandbox, and its webhook says it was processed.
      await page.goto(`${server.base}/events/manage/orders/?q=${code}`);
      await page.getByRole('button', { name: new RegExp(`^Order ${code}`) }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
      await confirm.getByLabel(/^Reason/).fill('Cannot attend');
      await confirm.getByRole('button', { name: 'Refund order' }).click();
      await expect(confirm).toBeHidden({ timeout: 15_000 });
      await expect(drawer.getByText('Refunded').first()).toBeVisible();
      await page.goto(`${server.base}/events/manage/financies/`);
      await expect
        .poll(
          async () => {
            await page.reload();
            return (await ledger.textContent()) ?? '';
          },
          { timeout: 20_000 },
        )
        .toContain('Refunded');
      await page.screenshot({ path: `${shots}-refunded-${width}.png`, fullPage: true });
    });
  }
});
