import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callAt, createVerifiedUser, dataOf, type TestUser } from '../support/api.ts';
import { ENV, requireEnv } from '../support/env.ts';
import { expect, logInThroughUi, test } from '../support/fixtures.ts';

/**
 * Issue 26 §2 and §4: the organiser makes a tracking link on the event's page, a buyer comes
 * through it and buys (TEST provider), and the event page and Finances count the view, the
 * checkout and the order with its revenue. An API token made in Settings shows its secret
 * once, reads the organiser's orders, and is refused on its next request once revoked.
 */

const base = () => requireEnv(ENV.baseUrl);

async function logIn(user: TestUser): Promise<string> {
  const answer = await callAt(base(), 'POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  return dataOf<{ token: string }>(answer, 200, 'login').token;
}

async function givenEvent(token: string) {
  const title = `Lagoon Jazz ${randomBytes(3).toString('hex')}`;
  const startAt = new Date(Date.now() + 21 * 86_400_000);
  startAt.setUTCHours(18, 0, 0, 0);
  const draft = dataOf<{ id: string }>(
    await callAt(base(), 'POST', '/events/manage', {
      token,
      body: {
        title,
        summary: 'Live jazz by the lagoon.',
        category: 'Music',
        venueName: 'Terra Kulture',
        address: '1376 Tiamiyu Savage Street, Victoria Island',
        city: 'Lagos',
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 4 * 3_600_000).toISOString(),
        feeMode: 'absorb',
      },
    }),
    201,
    'create event',
  );
  dataOf(
    await callAt(base(), 'POST', `/events/manage/${draft.id}/ticket-types`, {
      token,
      body: { name: 'Regular', price: 5000, capacity: 100 },
    }),
    201,
    'ticket type',
  );
  const published = dataOf<{ slug: string }>(
    await callAt(base(), 'POST', `/events/manage/${draft.id}/publish`, { token }),
    200,
    'publish',
  );
  return { id: draft.id, slug: published.slug, title };
}

const row = (page: Page, label: string) =>
  page.locator(`[data-testid="sources-table"] tr[data-source="${label}"]`);

async function figures(page: Page, label: string) {
  const cells = row(page, label).locator('td[data-col]');
  await expect(cells.first()).toBeVisible();
  return Object.fromEntries(
    await Promise.all(
      (await cells.all()).map(async (c) => [await c.getAttribute('data-col'), await c.innerText()]),
    ),
  ) as Record<string, string>;
}

test.describe.configure({ timeout: 120_000 });

test('a tracking link counts its view, checkout, order and revenue on the event page and in Finances', async ({
  page,
  browser,
}) => {
  const user = await createVerifiedUser();
  const token = await logIn(user);
  const event = await givenEvent(token);

  await logInThroughUi(page, user);
  await page.goto(`/events/manage/events/${event.id}`);
  const panel = page.getByRole('region', { name: 'Where sales come from' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Link name').fill('Instagram bio');
  await panel.getByRole('button', { name: 'Make link' }).click();
  const links = panel.getByRole('list', { name: 'Tracking links' });
  await expect(links).toContainText('Instagram bio');
  const url = await links.locator('code').first().innerText();
  expect(url).toMatch(new RegExp(`/events/${event.slug}\\?ref=instagram-bio$`));

  // A buyer in their own browser comes through the link and buys one ticket.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const beacon = buyer.waitForRequest(
    (r) => r.url().endsWith(`/api/v1/events/${event.slug}/view`) && r.method() === 'POST',
  );
  await buyer.goto(new URL(url).pathname + new URL(url).search);
  await expect(buyer.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
  // The beacon went after the page rendered (its Blob body is not shown to Playwright: the
  // counts below say what it carried); the tab keeps the source, no cookie is set.
  await beacon;
  expect(await buyer.evaluate(() => sessionStorage.getItem('gatepass.source'))).toContain(
    'instagram-bio',
  );
  expect(await buyerContext.cookies()).toEqual([]);
  // A reload in the same tab is not a second view.
  await buyer.reload();
  await buyer.getByRole('button', { name: 'One more Regular' }).click();
  await buyer.getByRole('button', { name: 'Get tickets' }).click();
  await expect(buyer).toHaveURL(/\/checkout\//);
  await buyer.getByLabel('First name').fill('Ada');
  await buyer.getByLabel('Last name').fill('Obi');
  await buyer.getByLabel('Email').fill(`ada-${randomBytes(3).toString('hex')}@example.com`);
  await buyer
    .getByLabel('Phone number')
    .fill(`0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`);
  const ordered = buyer.waitForRequest(
    (r) => r.url().endsWith('/api/v1/orders') && r.method() === 'POST',
  );
  await buyer.getByRole('button', { name: 'Continue to payment' }).click();
  expect(JSON.parse((await ordered).postData() ?? '{}').source).toEqual({ ref: 'instagram-bio' });
  await buyer.getByLabel(/Pay with TEST provider/).check();
  await buyer.getByRole('button', { name: /^Pay ₦/ }).click();
  await buyer.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(
    buyer.getByRole('heading', { name: "You're going! Your order is confirmed." }),
  ).toBeVisible();
  await buyerContext.close();

  // The views are saved in aggregate every few seconds: the organiser's page shows them then.
  await expect(async () => {
    await page.reload();
    expect(await figures(page, 'Instagram bio')).toEqual({
      views: '1',
      checkoutStarts: '1',
      orders: '1',
      revenue: '₦5,000.00',
    });
  }).toPass({ timeout: 30_000 });
  expect(await figures(page, 'Direct')).toMatchObject({ views: '0', orders: '0' });

  // The same panel on a phone: cards, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  const phoneCard = panel.locator('li[data-source="Instagram bio"]');
  await expect(phoneCard.locator('[data-col="orders"]')).toHaveText('1');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Finances, on a phone: the same link with its event.
  await page.goto('/events/manage/financies');
  const sources = page.getByRole('list', {
    name: 'Views, checkout starts, orders and revenue per source, all events',
  });
  const card = sources.locator('li[data-source="Instagram bio"]');
  await expect(card).toContainText(event.title);
  await expect(card.locator('[data-col="orders"]')).toHaveText('1');
  await expect(card.locator('[data-col="revenue"]')).toHaveText('₦5,000.00');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('an API token made in Settings is shown once, reads orders, and fails once revoked', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  const token = await logIn(user);
  const event = await givenEvent(token);
  await page.setViewportSize({ width: 375, height: 812 });
  await logInThroughUi(page, user);
  await page.goto('/events/manage/settings');
  const section = page.getByRole('region', { name: 'API tokens' });
  await section.getByLabel('Name').fill('Door system');
  await section.getByText('Write check-ins').click();
  await section.getByRole('button', { name: 'Make token' }).click();
  const secret = await section.getByTestId('api-token-secret').innerText();
  expect(secret).toMatch(/^gpat_/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  const door = await callAt(base(), 'GET', `/ticketPurchase/event/${event.id}`, { token: secret });
  expect(door.status).toBe(200);
  const outside = await callAt(base(), 'GET', '/events/manage/orders', { token: secret });
  expect(outside.status).toBe(403);

  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByTestId('api-token-secret')).toHaveCount(0);
  await page.reload();
  const list = section.getByRole('list', { name: 'API tokens' });
  await expect(list).toContainText('Door system');
  await expect(list).toContainText(/Last used/);
  await expect(list).not.toContainText(secret);
  await list.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('button', { name: 'Revoke token' }).click();
  await expect(list).toContainText(/Revoked/);
  const after = await callAt(base(), 'GET', `/ticketPurchase/event/${event.id}`, { token: secret });
  expect(after.status).toBe(401);
});
