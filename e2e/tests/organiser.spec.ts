import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { formatNaira } from '@gatepass/shared';
import type { Page } from '@playwright/test';
import { createVerifiedUser, type TestUser } from '../support/api.ts';
import { ENV, requireEnv } from '../support/env.ts';
import { expect, logInThroughUi, test } from '../support/fixtures.ts';

/**
 * The organiser's business pages (/events/manage/orders/, marketing/, financies/,
 * settings/) against the built server: data is made through the API as buyers would make
 * it, then the organiser works in Chromium.
 */

// API calls of the organiser and of buyers ---------------------------------------------

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON read by the test
}

async function call(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${requireEnv(ENV.baseUrl)}/api/v1${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // CSV and other text answers stay text.
  }
  return { status: res.status, body };
}

async function ok(answer: Promise<Answer>, status: number, what: string): Promise<Answer> {
  const a = await answer;
  if (a.status !== status)
    throw new Error(`${what} answered ${a.status}: ${JSON.stringify(a.body)}`);
  return a;
}

async function logIn(user: TestUser): Promise<string> {
  const a = await ok(
    call('POST', '/auth/user/login', {
      body: { phoneNumber: user.phoneNumber, password: user.password },
    }),
    200,
    'login',
  );
  return a.body.token as string;
}

interface TicketType {
  id: string;
  name: string;
  price: number;
}
interface PublishedEvent {
  id: string;
  slug: string;
  title: string;
  types: TicketType[];
}

const DAY = 86_400_000;

async function givenPublishedEvent(
  token: string,
  title: string,
  tickets: Array<{ name: string; price: number; capacity: number }>,
  feeMode: 'pass' | 'absorb' = 'pass',
  offlinePayment = false,
): Promise<PublishedEvent> {
  const start = new Date(Date.now() + 30 * DAY);
  start.setUTCMinutes(0, 0, 0);
  const created = await ok(
    call('POST', '/events/manage', {
      token,
      body: {
        title,
        summary: 'An evening of live music by the lagoon.',
        category: 'Music',
        venueName: 'Terra Kulture',
        address: '1376 Tiamiyu Savage Street, Victoria Island',
        city: 'Lagos',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(),
        feeMode,
        offlinePayment,
      },
    }),
    201,
    'create event',
  );
  const id = created.body.data.id as string;
  for (const ticket of tickets) {
    await ok(
      call('POST', `/events/manage/${id}/ticket-types`, { token, body: ticket }),
      201,
      'create ticket type',
    );
  }
  const published = await ok(
    call('POST', `/events/manage/${id}/publish`, { token }),
    200,
    'publish',
  );
  const slug = published.body.data.slug as string;
  const page = await ok(call('GET', `/events/${slug}`), 200, 'public event');
  return { id, slug, title, types: page.body.data.ticketTypes as TicketType[] };
}

interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

let buyerSeq = 0;
function newBuyer(lastName: string): Buyer {
  buyerSeq += 1;
  const id = `${Date.now().toString(36)}${buyerSeq}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: 'Chidi',
    lastName,
    email: `buyer-${id}@example.com`,
    phone: `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`, // its own phone: orders are limited per buyer phone
  };
}

interface PlacedOrder {
  id: string;
  accessToken: string;
  orderCode: string;
  status: string;
  totalPrice: number;
  fee: number;
  discount: number;
  quantity: number;
  buyer: Buyer;
}

/**
 * A buyer's checkout through the API; paid orders go through the TEST provider (test
 * mode: no money, left out of the finances), or with `markPaidBy` (the organiser's token)
 * offline and marked paid by the organiser: real money.
 */
async function buy(
  event: PublishedEvent,
  typeIndex: number,
  quantity: number,
  buyer: Buyer,
  options: { promoCode?: string; pay?: boolean; markPaidBy?: string } = {},
): Promise<PlacedOrder> {
  const type = event.types[typeIndex]!;
  const created = await ok(
    call('POST', '/orders', {
      body: {
        eventId: event.id,
        items: [{ ticketTypeId: type.id, quantity }],
        buyer,
        ...(options.promoCode ? { promoCode: options.promoCode } : {}),
      },
    }),
    201,
    'create order',
  );
  let order = created.body.data.order;
  const headers = { 'x-order-token': created.body.data.accessToken as string };
  if (order.status === 'pending' && options.markPaidBy) {
    await ok(
      call('POST', `/orders/${order.id}/pay`, { body: { method: 'offline' }, headers }),
      200,
      'pay offline',
    );
    const marked = await ok(
      call('POST', `/events/manage/orders/${order.id}/mark-paid`, {
        token: options.markPaidBy,
        body: {},
      }),
      200,
      'mark paid',
    );
    order = marked.body.data;
  } else if (order.status === 'pending' && options.pay !== false) {
    await ok(
      call('POST', `/orders/${order.id}/pay`, { body: { method: 'test' }, headers }),
      200,
      'pay',
    );
    const paid = await ok(
      call('POST', `/orders/${order.id}/test-payment`, { body: { outcome: 'success' }, headers }),
      200,
      'test payment',
    );
    order = paid.body.data;
  }
  return {
    id: order.id,
    accessToken: headers['x-order-token'],
    orderCode: order.orderCode,
    status: order.status,
    totalPrice: order.totalPrice,
    fee: order.fee,
    discount: order.discount,
    quantity: order.quantity,
    buyer,
  };
}

/** The event's figures in the organiser's list: tickets sold (completed) and held (pending). */
async function figuresOf(token: string, eventId: string): Promise<{ sold: number; held: number }> {
  const list = await ok(call('GET', '/events/manage', { token }), 200, 'my events');
  const event = (list.body.data as Array<{ id: string; sold: number; held: number }>).find(
    (e) => e.id === eventId,
  );
  if (!event) throw new Error(`event ${eventId} not in the organiser's list`);
  return { sold: event.sold, held: event.held };
}

async function soldOf(token: string, eventId: string): Promise<number> {
  return (await figuresOf(token, eventId)).sold;
}

/** An organiser signed in through the UI, with an API token of their own session. */
async function organiser(page: Page): Promise<{ user: TestUser; token: string }> {
  const user = await createVerifiedUser();
  const token = await logIn(user);
  await logInThroughUi(page, user);
  return { user, token };
}

/** The CSV's rows as arrays of cells (RFC 4180 quoting, BOM and CRLF handled). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// The tests -----------------------------------------------------------------------------

test.describe('organiser: orders', () => {
  test.setTimeout(90_000);

  test('finds an order by search, refunds it and sees the capacity return', async ({ page }) => {
    const { token } = await organiser(page);
    const event = await givenPublishedEvent(token, 'Refund Night', [
      { name: 'Regular', price: 5000, capacity: 50 },
    ]);
    const keep = await buy(event, 0, 1, newBuyer('Adeyemi'));
    const target = await buy(event, 0, 3, newBuyer('Okonkwo'));
    expect(target.status).toBe('completed');
    expect(keep.status).toBe('completed');
    expect(await soldOf(token, event.id)).toBe(4);

    await page.goto('/events/manage/orders/');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    // Both orders are listed before searching.
    await expect(
      page.getByRole('button', { name: new RegExp(`^Order ${keep.orderCode}`) }),
    ).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search orders' }).fill('okonkwo');
    await expect(page).toHaveURL(/[?&]q=okonkwo/);
    const row = page.getByRole('button', { name: new RegExp(`^Order ${target.orderCode}`) });
    await expect(row).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Order ${keep.orderCode}`) }),
    ).toHaveCount(0);

    // The order code finds it too (starts with).
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(target.orderCode.slice(0, 6));
    await expect(page).toHaveURL(new RegExp(`[?&]q=${target.orderCode.slice(0, 6)}`));
    await row.click();

    const drawer = page.getByRole('dialog');
    await expect(
      drawer.getByRole('heading', { name: new RegExp(`Order ${target.orderCode}`) }),
    ).toBeVisible();
    await expect(drawer.getByText('3 × Regular')).toBeVisible();
    await expect(drawer.getByText(formatNaira(target.totalPrice)).first()).toBeVisible();
    await expect(drawer.getByText('Not checked in')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]order=${target.id}`));

    await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
    await expect(confirm).toContainText("the event's capacity goes back up by 3");
    await confirm.getByLabel(/^Reason/).fill('Cannot attend');
    await confirm.getByRole('button', { name: 'Refund order' }).click();
    await expect(
      page.getByText('The order is marked refunded and its tickets are back on sale.'),
    ).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(drawer.getByText('Refunded').first()).toBeVisible();
    await expect(drawer.getByText('Cannot attend')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
    // The moment it ended reads as a refund, not a cancellation (issue 24 §4).
    await expect(drawer.getByText('Cancelled', { exact: true })).toHaveCount(0);

    // Capacity returned: the server's sold figure and the one the organiser sees.
    expect(await soldOf(token, event.id)).toBe(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.goto(`/events/manage/marketing/?eventId=${event.id}`);
    await expect(page.getByText('1 / 50 tickets sold')).toBeVisible();

    // The list filtered by status shows it as refunded.
    await page.goto(`/events/manage/orders/?status=refunded`);
    await expect(
      page.getByRole('button', { name: new RegExp(`^Order ${target.orderCode}`) }),
    ).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Order ${keep.orderCode}`) }),
    ).toHaveCount(0);
  });

  test('marks an offline order paid, cancels a pending one and resends tickets', async ({
    page,
  }) => {
    const { token } = await organiser(page);
    const event = await givenPublishedEvent(
      token,
      'Door Money',
      [{ name: 'Regular', price: 3000, capacity: 10 }],
      'pass',
      true,
    );
    const offline = async (lastName: string) => {
      const o = await buy(event, 0, 2, newBuyer(lastName), { pay: false });
      const headers = { 'x-order-token': o.accessToken };
      await ok(
        call('POST', `/orders/${o.id}/pay`, { body: { method: 'offline' }, headers }),
        200,
        'offline',
      );
      return o;
    };
    const transfer = await offline('Transfer');
    const noShow = await offline('NoShow');
    expect(await figuresOf(token, event.id)).toEqual({ sold: 0, held: 4 });

    await page.goto('/events/manage/orders/?status=pending');
    await page.getByRole('button', { name: new RegExp(`^Order ${transfer.orderCode}`) }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText(/Offline/)).toBeVisible();
    await drawer.getByRole('button', { name: 'Mark paid' }).click();
    const confirmPaid = page.getByRole('dialog', { name: 'Mark this order as paid?' });
    await expect(confirmPaid).toContainText(formatNaira(transfer.totalPrice));
    await confirmPaid.getByRole('button', { name: 'Mark paid' }).click();
    await expect(
      page.getByText('The order is marked paid and the tickets are on their way to the buyer.'),
    ).toBeVisible();
    await expect(drawer.getByText('Completed').first()).toBeVisible();
    expect(await figuresOf(token, event.id)).toEqual({ sold: 2, held: 2 });
    await drawer.getByRole('button', { name: 'Resend tickets' }).click();
    await expect(page.getByText('The tickets have been sent to the buyer again.')).toBeVisible();
    await expect(drawer.getByText('Tickets resent')).toBeVisible();
    await page.keyboard.press('Escape');

    // The pending list no longer holds the paid order.
    await expect(
      page.getByRole('button', { name: new RegExp(`^Order ${transfer.orderCode}`) }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: new RegExp(`^Order ${noShow.orderCode}`) }).click();
    await drawer.getByRole('button', { name: 'Cancel order' }).click();
    const confirmCancel = page.getByRole('dialog', { name: 'Cancel this order?' });
    await confirmCancel.getByRole('button', { name: 'Cancel order' }).click();
    await expect(
      page.getByText('The order is cancelled and its tickets are back on sale.'),
    ).toBeVisible();
    await expect(drawer.getByText('Cancelled').first()).toBeVisible();
    expect(await figuresOf(token, event.id)).toEqual({ sold: 2, held: 0 });
  });

  test('exports the current filter as CSV with one row per order', async ({ page }) => {
    const { token } = await organiser(page);
    const jazz = await givenPublishedEvent(token, 'CSV Jazz', [
      { name: 'Regular', price: 2000, capacity: 100 },
    ]);
    const other = await givenPublishedEvent(token, 'CSV Other', [
      { name: 'Free', price: 0, capacity: 100 },
    ]);
    const jazzOrders = [
      await buy(jazz, 0, 1, newBuyer('Bello')),
      await buy(jazz, 0, 2, newBuyer('Nwosu')),
      await buy(jazz, 0, 1, newBuyer('=HYPERLINK("x")')),
    ];
    const otherOrder = await buy(other, 0, 1, newBuyer('Eze'));

    await page.goto(`/events/manage/orders/?eventId=${jazz.id}`);
    await expect(page.getByLabel('Event')).toHaveValue(jazz.id);
    for (const o of jazzOrders) {
      await expect(
        page.getByRole('button', { name: new RegExp(`^Order ${o.orderCode}`) }),
      ).toBeVisible();
    }
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const rows = parseCsv(fs.readFileSync(file, 'utf8')).filter((r) => r.some((c) => c !== ''));
    const [header, ...body] = rows;
    expect(header!.length).toBeGreaterThan(4);
    expect(body).toHaveLength(3);
    const text = body.map((r) => r.join(',')).join('\n');
    for (const o of jazzOrders) expect(text).toContain(o.orderCode);
    expect(text).not.toContain(otherOrder.orderCode);
    // A buyer-typed formula is neutralised for spreadsheets.
    expect(text).toContain(`'=HYPERLINK`);
  });
});

test.describe('organiser: marketing', () => {
  test.setTimeout(90_000);

  test('creates a promo code and sees its usage after a checkout uses it', async ({ page }) => {
    const { token } = await organiser(page);
    const event = await givenPublishedEvent(token, 'Promo Party', [
      { name: 'Regular', price: 10_000, capacity: 40 },
    ]);

    await page.goto(`/events/manage/marketing/?eventId=${event.id}`);
    await expect(page.getByRole('heading', { name: 'Promo codes', exact: true })).toBeVisible();
    await expect(page.getByText('No promo codes yet')).toBeVisible();
    await page.getByRole('button', { name: 'New promo code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New promo code' });
    await dialog.getByLabel('Code').fill('early20');
    await dialog.getByText('Percentage', { exact: true }).click();
    await dialog.getByLabel('Percent off').fill('20');
    await dialog.getByLabel(/^Maximum uses/).fill('10');
    await dialog.getByRole('button', { name: 'Create code' }).click();
    await expect(page.getByText('Promo code created.')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('listitem').filter({ hasText: 'EARLY20' });
    await expect(row).toContainText('20% off');
    await expect(row).toContainText('0 of 10 used');
    await expect(row).toContainText('Live');

    const order = await buy(event, 0, 2, newBuyer('Promo'), { promoCode: 'early20' });
    expect(order.status).toBe('completed');
    expect(order.discount).toBe(4000);

    await page.reload();
    await expect(row).toContainText('1 of 10 used');
    await expect(row).toContainText(formatNaira(4000));
    await expect(row).toContainText(formatNaira(order.totalPrice));

    // Switching it off stops checkouts from using it.
    await row.getByRole('switch', { name: 'EARLY20 active' }).click();
    await expect(page.getByText('EARLY20 is off.')).toBeVisible();
    await expect(row).toContainText('Off');
    const refused = await call('POST', '/orders/quote', {
      body: {
        eventId: event.id,
        items: [{ ticketTypeId: event.types[0]!.id, quantity: 1 }],
        promoCode: 'EARLY20',
      },
    });
    expect(refused.status).not.toBe(200);

    // The share kit: the link and the QR poster.
    await expect(page.getByLabel('Event link')).toHaveValue(new RegExp(`/events/${event.slug}$`));
    await expect(page.getByRole('img', { name: /QR code linking to/ })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = await downloading;
    expect(pdf.suggestedFilename()).toBe(`${event.slug}-poster.pdf`);
    expect(
      fs
        .readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});

test.describe('organiser: finances', () => {
  test.setTimeout(90_000);

  test('the totals equal the sum of the completed orders', async ({ page }) => {
    const { token } = await organiser(page);
    // Real money is paid offline and marked paid: the events take offline payment (decision 025).
    const passed = await givenPublishedEvent(
      token,
      'Money Passed',
      [{ name: 'Regular', price: 5000, capacity: 100 }],
      'pass',
      true,
    );
    const absorbed = await givenPublishedEvent(
      token,
      'Money Absorbed',
      [{ name: 'Regular', price: 3000, capacity: 100 }],
      'absorb',
      true,
    );
    await ok(
      call('POST', '/events/manage/promo-codes', {
        token,
        body: { eventId: passed.id, code: 'TENOFF', kind: 'percent', amount: 10 },
      }),
      201,
      'promo code',
    );
    const completed = [
      await buy(passed, 0, 2, newBuyer('Ade'), { markPaidBy: token }),
      await buy(passed, 0, 1, newBuyer('Bisi'), { promoCode: 'TENOFF', markPaidBy: token }),
      await buy(absorbed, 0, 3, newBuyer('Chi'), { markPaidBy: token }),
    ];
    // Neither a pending, a refunded nor a TEST-paid order (no money) counts.
    await buy(passed, 0, 1, newBuyer('Pending'), { pay: false });
    const refunded = await buy(absorbed, 0, 1, newBuyer('Refunded'), { markPaidBy: token });
    await buy(passed, 0, 1, newBuyer('Tester'));
    await ok(
      call('POST', `/events/manage/orders/${refunded.id}/refund`, { token, body: {} }),
      200,
      'refund',
    );

    const gross = completed.reduce((s, o) => s + o.totalPrice, 0);
    const fees = completed.reduce((s, o) => s + o.fee, 0);
    const discounts = completed.reduce((s, o) => s + o.discount, 0);
    const feesPassed = completed.slice(0, 2).reduce((s, o) => s + o.fee, 0);
    expect(discounts).toBe(500);

    await page.goto('/events/manage/financies/');
    await expect(page.getByRole('heading', { name: 'Finances', level: 1 })).toBeVisible();
    const totals = page.getByTestId('finance-totals');
    const card = (label: string) =>
      totals.locator('div').filter({ has: page.getByText(label, { exact: true }) });
    await expect(card('Gross sales')).toContainText(formatNaira(gross));
    await expect(card('Gross sales')).toContainText('3 orders · 6 tickets');
    await expect(card('Discounts')).toContainText(formatNaira(discounts));
    await expect(card('Fees')).toContainText(formatNaira(fees));
    await expect(card('Fees')).toContainText(`${formatNaira(feesPassed)} paid by buyers`);
    await expect(card('Net')).toContainText(formatNaira(gross - fees));
    await expect(
      page.getByText(
        '1 test order (paid with the TEST provider, no money) is left out of these figures.',
      ),
    ).toBeVisible();

    // The per-event table adds up to the same figures.
    const table = page.getByRole('table', { name: 'Sales per event' });
    const passedRow = table.getByRole('row').filter({ hasText: 'Money Passed' });
    await expect(passedRow).toContainText(
      formatNaira(completed[0]!.totalPrice + completed[1]!.totalPrice),
    );
    const absorbedRow = table.getByRole('row').filter({ hasText: 'Money Absorbed' });
    await expect(absorbedRow).toContainText(formatNaira(completed[2]!.totalPrice));
    await expect(table.getByRole('row').filter({ hasText: 'Total' })).toContainText(
      formatNaira(gross - fees),
    );

    // One event only.
    await page.getByLabel('Event', { exact: true }).selectOption(absorbed.id);
    await expect(page).toHaveURL(new RegExp(`eventId=${absorbed.id}`));
    await expect(card('Gross sales')).toContainText(formatNaira(completed[2]!.totalPrice));

    // A range before any sale holds nothing.
    await page.getByLabel('Event', { exact: true }).selectOption('');
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await expect(card('Gross sales')).toContainText(formatNaira(0));
    await expect(page.getByText('No completed orders in this range.')).toBeVisible();

    // The CSV export holds the same completed orders.
    await page.getByRole('button', { name: 'All time' }).click();
    await expect(card('Gross sales')).toContainText(formatNaira(gross));
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = parseCsv(fs.readFileSync(await (await downloading).path(), 'utf8')).filter((r) =>
      r.some((c) => c !== ''),
    );
    expect(csv.slice(1)).toHaveLength(3);
  });
});

test.describe('organiser: settings', () => {
  test.setTimeout(60_000);

  test('changing the password ends other sessions and the new one logs in', async ({ page }) => {
    const { user, token: otherSession } = await organiser(page);
    expect((await call('GET', '/auth/user/me', { token: otherSession })).status).toBe(200);

    await page.goto('/events/manage/settings/');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1');
    await form.getByLabel('Confirm new password').fill('Brand-new-pass-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    // A wrong current password is refused next to its field, and nothing changes.
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect((await call('GET', '/auth/user/me', { token: otherSession })).status).toBe(200);

    await form.getByLabel('Current password').fill(user.password);
    await form.getByLabel('Confirm new password').fill('Brand-new-pass-2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('The two new passwords do not match.')).toBeVisible();
    await form.getByLabel('Confirm new password').fill('Brand-new-pass-1');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText('Your password has been changed. Other devices have been signed out.'),
    ).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');

    // The other session ended; this one goes on.
    expect((await call('GET', '/auth/user/me', { token: otherSession })).status).toBe(401);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/events\/manage\/settings/);

    const oldLogin = await call('POST', '/auth/user/login', {
      body: { phoneNumber: user.phoneNumber, password: user.password },
    });
    expect(oldLogin.status).not.toBe(200);
    await logIn({ ...user, password: 'Brand-new-pass-1' });
  });

  test('saves the profile, public name, payout account and preferences', async ({ page }) => {
    const { user, token } = await organiser(page);
    await page.goto('/events/manage/settings/');
    const profile = page.getByRole('form', { name: 'Profile' });
    // A changed phone is checked by the contract before anything is sent; editing clears it.
    const phone = profile.getByLabel('Phone Number');
    const ownPhone = await phone.inputValue();
    await phone.fill('12');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await phone.fill(ownPhone);
    await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
    await profile.getByLabel('Full Name').fill('Ada Organiser');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Profile saved.')).toBeVisible();
    // The email has its own form (e2e/tests/email-change.spec.ts).

    await page.getByLabel(/^Public name/).fill('Lagos Live Events');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Settings saved.')).toBeVisible();

    const payout = page.getByRole('form', { name: 'Payout account' });
    await payout.getByLabel('Bank name').fill('Zenith Bank');
    await payout.getByLabel('Account number').fill('12345');
    await payout.getByLabel('Account name').fill('Ada Organiser');
    await payout.getByRole('button', { name: 'Save payout account' }).click();
    await expect(payout.getByText('Account number must be 10 digits.')).toBeVisible();
    await payout.getByLabel('Account number').fill('0123456789');
    await payout.getByRole('button', { name: 'Save payout account' }).click();
    await expect(page.getByText('Payout account saved.')).toBeVisible();

    await page.getByText('I absorb the fee').click();
    await expect(page.getByText('Default fee mode saved.')).toBeVisible();
    await page.getByRole('switch', { name: 'Order notification mails' }).click();

    const stored = await ok(call('GET', '/events/manage/settings', { token }), 200, 'settings');
    await expect
      .poll(
        async () => (await call('GET', '/events/manage/settings', { token })).body.data.preferences,
      )
      .toMatchObject({ defaultFeeMode: 'absorb' });
    expect(stored.body.data).toMatchObject({
      profile: { fullName: 'Ada Organiser', email: user.email, emailVerified: true },
      organiser: { publicName: 'Lagos Live Events', displayName: 'Lagos Live Events' },
      payout: {
        bankName: 'Zenith Bank',
        accountNumber: '0123456789',
        accountName: 'Ada Organiser',
      },
    });

    // And removed again, after saying what follows.
    await payout.getByRole('button', { name: 'Remove account' }).click();
    const remove = page.getByRole('dialog', { name: 'Remove the payout account?' });
    await expect(remove).toContainText('Payouts cannot be sent until you add an account again.');
    await remove.getByRole('button', { name: 'Remove account' }).click();
    await expect(page.getByText('Payout account removed.')).toBeVisible();
    await expect(payout.getByLabel('Account number')).toHaveValue('');
    await expect(payout.getByRole('button', { name: 'Remove account' })).toHaveCount(0);
  });
});

test.describe('organiser: accessibility', () => {
  test.setTimeout(120_000);

  /** Serious and critical axe-core violations on the page as it is now. */
  async function seriousViolations(page: Page): Promise<string[]> {
    // Dialogs fade in; colours are judged once they are fully shown.
    await page.waitForTimeout(300);
    // The navbar is checked by its own specs; axe scrolls long pages, and the bar's colour
    // change on scroll (spec §2) is caught mid-transition.
    const results = await new AxeBuilder({ page }).exclude('header').analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.impact} ${v.id}: ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 5)
            .join(', ')}`,
      );
  }

  test('the four pages, the order drawer and the promo dialog have no serious axe-core violation', async ({
    page,
  }) => {
    const { token } = await organiser(page);
    const event = await givenPublishedEvent(token, 'Axe Night', [
      { name: 'Regular', price: 4000, capacity: 20 },
    ]);
    await ok(
      call('POST', '/events/manage/promo-codes', {
        token,
        body: { eventId: event.id, code: 'AXE10', kind: 'percent', amount: 10, maxUses: 5 },
      }),
      201,
      'promo',
    );
    const order = await buy(event, 0, 2, newBuyer('Axe'), { promoCode: 'AXE10' });

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/events/manage/orders/');
      await expect(
        page.getByRole('button', { name: new RegExp(`^Order ${order.orderCode}`) }),
      ).toBeVisible();
      expect(await seriousViolations(page), `orders at ${width}`).toEqual([]);
      await page.getByRole('button', { name: new RegExp(`^Order ${order.orderCode}`) }).click();
      await expect(page.getByRole('dialog').getByText('History')).toBeVisible();
      expect(await seriousViolations(page), `order drawer at ${width}`).toEqual([]);

      await page.goto(`/events/manage/marketing/?eventId=${event.id}`);
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      expect(await seriousViolations(page), `marketing at ${width}`).toEqual([]);
      await page.getByRole('button', { name: 'New promo code' }).click();
      await expect(page.getByRole('dialog', { name: 'New promo code' })).toBeVisible();
      expect(await seriousViolations(page), `promo dialog at ${width}`).toEqual([]);

      await page.goto('/events/manage/financies/');
      await expect(page.getByText('Sales over time')).toBeVisible();
      expect(await seriousViolations(page), `finances at ${width}`).toEqual([]);

      await page.goto('/events/manage/settings/');
      await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
      expect(await seriousViolations(page), `settings at ${width}`).toEqual([]);
    }
  });
});

// Screenshots for a person to look at (E2E_SCREENSHOTS=dir) ------------------------------

test.describe('organiser: screenshots', () => {
  const dir = process.env.E2E_SCREENSHOTS;
  test.skip(!dir, 'set E2E_SCREENSHOTS to a directory to save screenshots of the pages');
  test.setTimeout(180_000);

  test('every organiser page at 1280 and 375 px', async ({ page }) => {
    const out = path.resolve(dir!);
    fs.mkdirSync(out, { recursive: true });
    const { token } = await organiser(page);
    const event = await givenPublishedEvent(token, 'Afrobeat Under the Stars', [
      { name: 'Regular', price: 7500, capacity: 200 },
      { name: 'VIP', price: 25_000, capacity: 30 },
    ]);
    const second = await givenPublishedEvent(
      token,
      'Lagos Tech Breakfast',
      [{ name: 'Seat', price: 0, capacity: 80 }],
      'absorb',
    );
    await ok(
      call('POST', '/events/manage/promo-codes', {
        token,
        body: { eventId: event.id, code: 'EARLYBIRD', kind: 'percent', amount: 15, maxUses: 50 },
      }),
      201,
      'promo',
    );
    await ok(
      call('POST', '/events/manage/promo-codes', {
        token,
        body: { eventId: event.id, code: 'FRIENDS', kind: 'fixed', amount: 2000, active: false },
      }),
      201,
      'promo',
    );
    const names = ['Okafor', 'Adeyemi', 'Balogun', 'Eze', 'Nwosu', 'Ibrahim', 'Okonkwo'];
    const orders: PlacedOrder[] = [];
    for (const [i, name] of names.entries()) {
      orders.push(
        await buy(
          event,
          i % 2,
          1 + (i % 3),
          newBuyer(name),
          i === 2 ? { promoCode: 'EARLYBIRD' } : {},
        ),
      );
    }
    orders.push(await buy(second, 0, 2, newBuyer('Danjuma')));
    await buy(event, 0, 1, newBuyer('Pending'), { pay: false });
    await ok(
      call('POST', `/events/manage/orders/${orders[1]!.id}/refund`, { token, body: {} }),
      200,
      'refund',
    );

    const shoot = async (name: string) => {
      await page.waitForLoadState('networkidle');
      // Let dialog and drawer transitions finish.
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
      // Nothing may stick out sideways (a phone would scroll the whole page).
      const wide = await page.evaluate((limit) => {
        if (document.documentElement.scrollWidth <= limit) return [];
        return [...document.querySelectorAll('body *')]
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.right > limit + 1 && r.width > 0)
          .slice(0, 5)
          .map(
            ({ el, r }) =>
              `${el.tagName}.${String(el.className).slice(0, 60)} → ${Math.round(r.right)}px`,
          );
      }, page.viewportSize()!.width);
      expect(wide, `${name}: elements wider than the screen`).toEqual([]);
    };
    for (const [width, height, tag] of [
      [1280, 800, 'desktop'],
      [375, 812, 'mobile'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/events/manage/orders/');
      await expect(page.getByRole('button', { name: /^Order / }).first()).toBeVisible();
      await shoot(`orders-${tag}`);
      await page
        .getByRole('button', { name: new RegExp(`^Order ${orders[2]!.orderCode}`) })
        .click();
      await expect(page.getByRole('dialog').getByText('History')).toBeVisible();
      await shoot(`order-drawer-${tag}`);
      await page.getByRole('dialog').getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Refund this order?' })).toBeVisible();
      await shoot(`order-refund-${tag}`);
      await page.goto(`/events/manage/marketing/?eventId=${event.id}`);
      await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
      await shoot(`marketing-${tag}`);
      await page.getByRole('button', { name: 'New promo code' }).click();
      await shoot(`promo-dialog-${tag}`);
      await page.keyboard.press('Escape');
      await page.goto('/events/manage/financies/');
      await expect(page.getByText('Sales over time')).toBeVisible();
      await shoot(`finances-${tag}`);
      await page.goto('/events/manage/settings/');
      await expect(page.getByRole('heading', { name: 'Password' })).toBeVisible();
      await shoot(`settings-${tag}`);
    }
  });
});
