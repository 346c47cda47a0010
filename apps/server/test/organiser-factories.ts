import { createHash, randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { givenUser, logIn, uniquePhone, type GivenUser } from './factories.ts';
import {
  EVENTS,
  givenPublishedEvent,
  type EventInput,
  type TicketTypeInput,
} from './event-factories.ts';
import { API, type TestApp } from './helper.ts';

/** Factories for the organiser's tools (orders, promo codes, finances, settings). */

export const ORDERS = `${API}/orders`;
export const MANAGE_ORDERS = `${API}/events/manage/orders`;
export const PROMOS = `${API}/events/manage/promo-codes`;
export const SHARE_KIT = `${API}/events/manage/share-kit`;
export const FINANCES = `${API}/events/manage/finances`;
export const HOME = `${API}/events/manage/home`;
export const SETTINGS = `${API}/events/manage/settings`;

export async function givenOrganiser(t: TestApp): Promise<GivenUser & { token: string }> {
  const user = await givenUser(t);
  return { ...user, token: await logIn(t, user) };
}

/** A published event and its ticket types (ids), as the public page lists them. */
export async function givenEventWithTypes(
  t: TestApp,
  token: string,
  tickets: Partial<TicketTypeInput>[] = [{}],
  overrides: Partial<EventInput> = {},
) {
  const event = await givenPublishedEvent(t, token, overrides, tickets);
  const res = await t.request('GET', `${EVENTS}/${event.slug}`);
  expect(res.status, res.text).toBe(200);
  const types = res.body.data.ticketTypes as { id: string; name: string; price: number }[];
  return { event, types };
}

let buyerSeq = 0;
export function buyer(
  overrides: Partial<{ firstName: string; lastName: string; email: string; phone: string }> = {},
) {
  buyerSeq += 1;
  return {
    firstName: 'Chidi',
    lastName: `Okafor${buyerSeq}`,
    email: `chidi.${buyerSeq}.${randomBytes(3).toString('hex')}@example.com`,
    // Each buyer their own phone too: open holds and orders are limited per buyer phone.
    phone: uniquePhone(),
    ...overrides,
  };
}

export interface Bought {
  order: { id: string; orderCode: string; status: string; email: string; totalPrice: number };
  accessToken: string;
}

/**
 * Creates an order through checkout; `pay: 'test'` completes a paid one with the TEST
 * provider (test mode: no money, left out of the finances), `pay: 'marked'` as offline
 * payment the organiser (`organiser`, their token) marks paid: real money.
 */
export async function buy(
  t: TestApp,
  eventId: string,
  ticketTypeId: string,
  options: {
    quantity?: number;
    buyer?: ReturnType<typeof buyer>;
    promoCode?: string;
    pay?: 'test' | 'offline' | 'marked';
    organiser?: string;
  } = {},
): Promise<Bought> {
  const res = await t.post(ORDERS, {
    eventId,
    items: [{ ticketTypeId, quantity: options.quantity ?? 1 }],
    buyer: options.buyer ?? buyer(),
    ...(options.promoCode ? { promoCode: options.promoCode } : {}),
  });
  expect(res.status, res.text).toBe(201);
  const bought = res.body.data as Bought;
  if (options.pay && bought.order.status === 'pending') {
    const headers = { 'x-order-token': bought.accessToken };
    const chosen = await t.post(
      `${ORDERS}/${bought.order.id}/pay`,
      { method: options.pay === 'marked' ? 'offline' : options.pay },
      { headers },
    );
    expect(chosen.status, chosen.text).toBe(200);
    if (options.pay === 'test') {
      const paid = await t.post(
        `${ORDERS}/${bought.order.id}/test-payment`,
        { outcome: 'success' },
        { headers },
      );
      expect(paid.status, paid.text).toBe(200);
      bought.order = paid.body.data;
    } else if (options.pay === 'marked') {
      const paid = await t.post(
        `/api/v1/events/manage/orders/${bought.order.id}/mark-paid`,
        {},
        { token: options.organiser! },
      );
      expect(paid.status, paid.text).toBe(200);
      bought.order = paid.body.data;
    } else {
      bought.order = chosen.body.data;
    }
  }
  return bought;
}

export async function soldCounter(t: TestApp, ticketTypeId: string): Promise<number> {
  const row = await sql<{
    sold: number;
  }>`select sold from ticket_types where id = ${ticketTypeId}`.execute(t.db);
  return row.rows[0]!.sold;
}

export interface BulkOrders {
  eventId: string;
  ticketTypeId: string;
  count: number;
  status?: 'pending' | 'completed' | 'cancelled' | 'refunded' | 'expired';
  /** Kobo per order. */
  subtotalKobo?: number;
  emailDomain?: string;
}

/**
 * Inserts `count` orders (one ticket each, with their item) in two statements, for tests
 * that need thousands of rows fast. They bypass the ticket counter on purpose: only list,
 * export and figures read them. Answers the codes, newest first.
 */
export async function insertOrdersBySql(t: TestApp, o: BulkOrders): Promise<string[]> {
  const base = randomInt(10_000_000, 89_000_000);
  const subtotal = o.subtotalKobo ?? 500_000;
  const fee = subtotal === 0 ? 0 : Math.ceil(((subtotal / 100) * 0.045) / 10 + 10) * 10 * 100;
  const domain = o.emailDomain ?? 'bulk.example.com';
  const status = o.status ?? 'completed';
  const rows = await sql<{ code: string }>`
    insert into orders (code, event_id, first_name, last_name, email, phone, status, payment_method,
      quantity, subtotal_kobo, discount_kobo, fee_kobo, total_kobo, fee_mode, access_token_hash,
      paid_at, created_at)
    select lpad((${base} + g)::text, 8, '0'), ${o.eventId}::uuid, 'Bulk', 'Buyer ' || g,
      'bulk' || g || '@' || ${domain}, '0803' || lpad(g::text, 7, '0'), ${status},
      ${status === 'pending' ? null : 'offline'}, 1, ${subtotal}, 0, ${fee}, ${subtotal + fee}, 'pass',
      'not-a-token', ${status === 'completed' ? sql`now() - g * interval '1 second'` : sql`null`},
      now() - g * interval '1 second'
    from generate_series(1, ${o.count}::int) g
    returning code`.execute(t.db);
  await sql`
    insert into order_items (order_id, ticket_type_id, name, quantity, unit_price_kobo)
    select o.id, ${o.ticketTypeId}::uuid, 'Regular', 1, ${subtotal}
    from orders o where o.code = any(${rows.rows.map((r) => r.code)}::text[])`.execute(t.db);
  return rows.rows.map((r) => r.code);
}

/** A live session for a user, written directly (no scrypt): for tests that need many organisers. */
export async function sessionFor(t: TestApp, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await t.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: createHash('sha256').update(token).digest('hex'),
      expires_at: new Date(Date.now() + 86_400_000),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** RFC 4180 CSV (quoted fields with "" escapes and line breaks), as a spreadsheet reads it. */
export function parseCsv(text: string): string[][] {
  const src = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && src[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
