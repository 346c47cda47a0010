import fs from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { api } from '../support/api.ts';
import {
  attendedAt,
  door,
  enterCode,
  givenDoor,
  givenOrganiser,
  importFile,
  openDoor,
} from '../support/door.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * What the door screen says beyond its scans (issue 12): an event that is not the
 * organiser's, the answers of 'Send Validated Tickets' and Import, the ticket types on the
 * banner, and why the camera cannot start outside a secure context.
 */

const toasts = (page: Page) => page.locator('.Toastify__toast');

test("another organiser's door link, or an event that does not exist, says the event was not found", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { event } = await givenDoor(5000, [['Ada', 'Obi', 1]]);
  const stranger = await givenOrganiser();

  await openDoor(page, stranger, event.id);
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  await expect(page.getByText('This event does not exist or is not yours')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to my events' })).toBeVisible();
  // No scanner that would read every code as Invalid.
  await expect(door(page).count).toHaveCount(0);
  await expect(page.getByPlaceholder('Enter 8-digit code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Validated Tickets' })).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);

  for (const missing of ['00000000-0000-4000-8000-000000000000', 'no-such-event']) {
    await page.goto(`/events/manage/verify-ticket/${missing}`);
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  }
});

test("'Send Validated Tickets' after the automatic sync says the tickets were already sent, not 'already used'", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const {
    organiser,
    event,
    orders: [ada],
  } = await givenDoor(0, [['Ada', 'Obi', 1]]);
  await openDoor(page, organiser, event.id, 1);
  await enterCode(page, ada.orderCode);
  await expect(door(page).bannerBox).toHaveAttribute('data-result', 'valid');
  // The automatic post 3 s after the scan sends it, with no toast.
  await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();
  await expect(toasts(page)).toHaveCount(0);

  await door(page).send.click();
  await expect(toasts(page)).toHaveText(['This ticket was already sent.']);
  await expect(toasts(page).filter({ hasText: /used/ })).toHaveCount(0);
});

test('a valid data.json import says how many check-ins and orders it added; a malformed one stays silent', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    organiser,
    event,
    orders: [ada],
  } = await givenDoor(0, [
    ['Ada', 'Obi', 1],
    ['Bayo', 'Adeyemi', 2],
    ['Chidi', 'Eze', 1],
  ]);
  await openDoor(page, organiser, event.id, 4);
  await enterCode(page, ada.orderCode);
  await expect(door(page).bannerBox).toHaveAttribute('data-result', 'valid');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    door(page).exportButton.click(),
  ]);
  const file = await download.path();

  // Another device that cannot reach the order list: everything in the file is new to it.
  const other = await browser.newContext({ baseURL });
  const page2 = await other.newPage();
  await page2.route('**/api/v1/ticketPurchase/**', (route) => route.abort('internetdisconnected'));
  await openDoor(page2, organiser, event.id);
  await expect(door(page2).count).toHaveText('0 / 0');

  await importFile(page2, {
    name: 'data.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{oops'),
  });
  await page2.waitForTimeout(300);
  await expect(toasts(page2)).toHaveCount(0);

  await importFile(page2, file);
  await expect(toasts(page2)).toHaveText(['Import added 1 check-in and 3 orders.']);
  await expect(door(page2).count).toHaveText('1 / 4');
  expect(JSON.parse(fs.readFileSync(file, 'utf8')).validated).toEqual([ada.orderCode]);
  await other.close();
});

test("the banner names the ticket types of the order, beside the spec's words", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { organiser, event } = await givenDoor(0, []);
  const vip = await api('POST', `/events/manage/${event.id}/ticket-types`, {
    token: organiser.token,
    body: { name: 'VIP', price: 0, capacity: 50, maxPerOrder: 5 },
  });
  expect(vip.status, JSON.stringify(vip.body)).toBe(201);
  const vipId = (vip.body.data as { id: string }).id;
  const created = await api('POST', '/orders', {
    body: {
      eventId: event.id,
      items: [
        { ticketTypeId: event.ticketTypeId, quantity: 2 },
        { ticketTypeId: vipId, quantity: 1 },
      ],
      buyer: {
        firstName: 'Funke',
        lastName: 'Bello',
        email: 'funke@example.com',
        phone: '08030000000',
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const code = (created.body.data as { order: { orderCode: string } }).order.orderCode;

  await openDoor(page, organiser, event.id, 3);
  const d = door(page);
  await enterCode(page, code);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
  await expect(d.banner.locator('[data-result] p').first()).toHaveText('Valid: Funke Bello, ₦0.00');
  await expect(d.banner).toContainText('Qty: 3');
  await expect(page.getByTestId('ticket-types')).toHaveText('Regular × 2, VIP × 1');

  await enterCode(page, code);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'used');
  await expect(d.banner).toContainText('Already used');
  await expect(page.getByTestId('ticket-types')).toHaveText('Regular × 2, VIP × 1');

  // An order of one type names it; 'Qty: n' already says how many.
  const single = await api('POST', '/orders', {
    body: {
      eventId: event.id,
      items: [{ ticketTypeId: vipId, quantity: 2 }],
      buyer: {
        firstName: 'Gbenga',
        lastName: 'Ade',
        email: 'gbenga@example.com',
        phone: '08030000000',
      },
    },
  });
  expect(single.status, JSON.stringify(single.body)).toBe(201);
  await page.reload();
  await expect(d.count).toHaveText('3 / 5');
  await enterCode(page, (single.body.data as { order: { orderCode: string } }).order.orderCode);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
  await expect(d.banner).toContainText('Qty: 2');
  await expect(page.getByTestId('ticket-types')).toHaveText('VIP');
});

test('opened over plain HTTP from another address, the door says why the camera cannot start, and manual entry still works', async ({
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    organiser,
    event,
    orders: [ada],
  } = await givenDoor(0, [['Ada', 'Obi', 1]]);
  // The same server under a name that is not localhost: a phone on the venue's network.
  const insecure = new URL(baseURL!);
  insecure.hostname = 'door.test';
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--host-resolver-rules=MAP door.test 127.0.0.1',
      // Fake camera present and allowed: only the insecure origin stands in the way.
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: insecure.origin });
    const page = await context.newPage();
    await openDoor(page, organiser, event.id, 1);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

    const note = page.getByTestId('insecure-context');
    await expect(note).toContainText('The camera cannot start on this connection.');
    await expect(note).toContainText('Browsers give the camera only to pages opened over HTTPS');
    await expect(note).toContainText(insecure.origin);
    await expect(note).toContainText('Manual entry and Search still work');
    await expect(page.getByText('allow the camera and reopen this tab')).toHaveCount(0);

    await enterCode(page, ada.orderCode);
    await expect(door(page).bannerBox).toHaveAttribute('data-result', 'valid');
    await expect(door(page).banner).toContainText('Valid: Ada Obi, ₦0.00');
    await context.close();
  } finally {
    await browser.close();
  }
});
