import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { compactDoor } from '../../../test/door-compact.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
  parseCsv,
} from '../../../test/organiser-factories.ts';

/** A name on every ticket (issue 25 §2, decision 080). */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
}, 180_000);
afterAll(() => t?.close());

const DOOR = `${API}/ticketPurchase`;

interface DoorRow {
  orderCode: string;
  firstName: string;
  lastName: string;
  totalPrice: number;
  quantity: number;
  ticketTypes: { name: string; quantity: number }[];
  holders?: string[];
}

async function groupOrder(quantity = 4, overrides: Record<string, unknown> = {}) {
  const { event, types } = await givenEventWithTypes(
    t,
    organiser.token,
    [{ name: 'Regular', price: 5000, capacity: 20 }],
    { offlinePayment: true, ...overrides },
  );
  const who = buyer({ firstName: 'Bola', lastName: 'Group' });
  const bought = await buy(t, event.id, types[0]!.id, {
    buyer: who,
    pay: 'marked',
    organiser: organiser.token,
    quantity,
  });
  return {
    event,
    typeId: types[0]!.id,
    order: bought.order,
    headers: { 'x-order-token': bought.accessToken },
  };
}

async function door(eventId: string): Promise<DoorRow[]> {
  const res = await t.request('GET', `${DOOR}/event/${eventId}`, { token: organiser.token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as DoorRow[];
}

async function mailsTo(email: string) {
  const { rows } = await sql<{ kind: string; subject: string; text_body: string }>`
    select kind, subject, text_body from mail_outbox where lower(to_address) = lower(${email})
    order by created_at`.execute(t.db);
  return rows;
}

const holder = (first: string) => ({
  firstName: first,
  lastName: 'Holder',
  email: `${first.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`,
});

describe('naming and sending tickets', () => {
  it('lists the names given to tickets in the orders export, a sent ticket on its own row too', async () => {
    const { event, order, headers } = await groupOrder();
    const named = await t.request('PUT', `${ORDERS}/${order.id}/tickets/3`, {
      headers,
      body: { firstName: 'Ngozi', lastName: 'Okafor' },
    });
    expect(named.status, named.text).toBe(200);
    const sent = await t.post(`${ORDERS}/${order.id}/tickets/2/send`, holder('Tunde'), { headers });
    expect(sent.status, sent.text).toBe(200);

    const csv = await t.request('GET', `${MANAGE_ORDERS}/export.csv?eventId=${event.id}`, {
      token: organiser.token,
    });
    expect(csv.status, csv.text).toBe(200);
    const [header, ...rows] = parseCsv(csv.text);
    const cell = (row: string[], name: string) => row[header!.indexOf(name)];
    const group = rows.find((r) => r[0] === order.orderCode)!;
    expect(cell(group, 'Ticket holders')).toBe('2: Tunde Holder (sent); 3: Ngozi Okafor');
    expect(cell(group, 'Tickets')).toBe('3');
    expect(cell(group, 'Admits')).toBe('3');
    const own = rows.find((r) => r[0] !== order.orderCode)!;
    expect(cell(own, 'First name')).toBe('Tunde');
    expect(cell(own, 'Tickets')).toBe('1');
    expect(cell(own, 'Admits')).toBe('1');
    expect(cell(own, 'Ticket holders')).toBe('');
  });

  it('names a ticket, sends it as its own order with its own code and mail, and leaves the rest with the buyer', async () => {
    const { event, order, headers } = await groupOrder();
    const view = await t.request('GET', `${ORDERS}/${order.id}`, { headers });
    expect(view.body.data.tickets).toHaveLength(4);
    expect(view.body.data.tickets[1]).toMatchObject({ index: 2, firstName: null, sent: false });

    const named = await t.request('PUT', `${ORDERS}/${order.id}/tickets/3`, {
      headers,
      body: { firstName: 'Kemi', lastName: 'Adeyemi' },
    });
    expect(named.status, named.text).toBe(200);
    expect(named.body.data.tickets[2]).toMatchObject({ firstName: 'Kemi', sent: false });
    // The door finds the order by a name given to one of its tickets.
    expect((await door(event.id)).find((o) => o.orderCode === order.orderCode)?.holders).toEqual([
      'Kemi Adeyemi',
    ]);
    // So does the door's compact list (decision 088), whole and synced since before naming.
    const before = await compactDoor(t, organiser.token, event.id);
    const compactGroup = (await compactDoor(t, organiser.token, event.id)).orders.find(
      (o) => o.orderCode === order.orderCode,
    );
    expect(compactGroup?.holders).toEqual(['Kemi Adeyemi']);
    expect(compactGroup).not.toHaveProperty('admits');

    const ada = holder('Ada');
    const sent = await t.post(`${ORDERS}/${order.id}/tickets/2/send`, ada, { headers });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.data.quantity).toBe(3);
    expect(sent.body.data.tickets[1]).toMatchObject({
      index: 2,
      firstName: 'Ada',
      sent: true,
      status: 'sent',
    });
    // The buyer's answer never carries the holder's code.
    const child = (
      await sql<{ id: string; code: string; quantity: number; total_kobo: number }>`
        select id, code, quantity, total_kobo from orders where parent_order_id = ${order.id}`.execute(
        t.db,
      )
    ).rows;
    expect(child).toHaveLength(1);
    expect(child[0]).toMatchObject({ quantity: 1, total_kobo: 0 });
    expect(sent.text).not.toContain(child[0]!.code);

    // The holder's own mail, with their own code; paid by the buyer, never "Free".
    const mails = await mailsTo(ada.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe('order-confirmation');
    expect(mails[0]!.subject).toContain(child[0]!.code);
    expect(mails[0]!.text_body).toContain(`Order code: ${child[0]!.code}`);
    expect(mails[0]!.text_body).toContain('Bola Group sent you this ticket');
    expect(mails[0]!.text_body).toMatch(/Paid by Bola Group \(₦5,000(\.00)?\)/);
    expect(mails[0]!.text_body).not.toContain('Free');

    // The door: the holder under their own code at the ticket's price; the group admits 3.
    const rows = await door(event.id);
    const own = rows.find((o) => o.orderCode === child[0]!.code);
    expect(own).toMatchObject({
      firstName: 'Ada',
      lastName: 'Holder',
      quantity: 1,
      totalPrice: 5000,
      ticketTypes: [{ name: 'Regular', quantity: 1 }],
    });
    const group = rows.find((o) => o.orderCode === order.orderCode);
    expect(group).toMatchObject({
      quantity: 3,
      totalPrice: order.totalPrice,
      ticketTypes: [{ name: 'Regular', quantity: 3 }],
    });
    // The compact list's sync from a cursor taken before the ticket was sent carries the
    // same (the holder at the ticket's price; the group's three tickets and its names). The
    // whole list is the same statement without the cursor (and kept 30 s: not read again).
    const shape = (o: Record<string, unknown> | undefined) =>
      o && { ...o, _id: undefined, attendedAt: undefined, email: undefined };
    const synced = await compactDoor(t, organiser.token, event.id, before.answer.cursor);
    expect(synced.answer.full).toBe(false);
    for (const code of [order.orderCode, child[0]!.code]) {
      expect(shape(synced.orders.find((o) => o.orderCode === code))).toEqual(
        shape(rows.find((o) => o.orderCode === code) as unknown as Record<string, unknown>),
      );
    }
    expect(synced.orders.find((o) => o.orderCode === order.orderCode)?.holders).toEqual([
      'Kemi Adeyemi',
    ]);
    const checkIn = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: event.id, ticketCodes: [child[0]!.code] },
      { token: organiser.token },
    );
    expect(checkIn.status, checkIn.text).toBe(200);
    expect(checkIn.body.data.marked).toEqual([child[0]!.code]);

    // Sold counts and the money do not move; the finances count one order.
    const sold = await sql<{
      sold: number;
    }>`select sold from ticket_types where event_id = ${event.id}`.execute(t.db);
    expect(sold.rows[0]!.sold).toBe(4);
    const fin = await t.request('GET', `${MANAGE}/finances?eventId=${event.id}`, {
      token: organiser.token,
    });
    expect(fin.status, fin.text).toBe(200);
    expect(fin.body.data.totals).toMatchObject({ orders: 1, tickets: 4 });

    // The organiser's orders: the holder's own row names the group; a search finds a
    // name given to a ticket still on the group order; the drawer lists every ticket.
    const list = await t.request('GET', `${MANAGE_ORDERS}?eventId=${event.id}`, {
      token: organiser.token,
    });
    expect(list.status, list.text).toBe(200);
    const items = list.body.data.items as {
      orderCode: string;
      parentOrderCode?: string;
      holders?: string[];
    }[];
    expect(items.find((i) => i.orderCode === child[0]!.code)?.parentOrderCode).toBe(
      order.orderCode,
    );
    expect(items.find((i) => i.orderCode === order.orderCode)?.holders).toEqual(['Kemi Adeyemi']);
    const found = await t.request('GET', `${MANAGE_ORDERS}?q=kemi%20adey`, {
      token: organiser.token,
    });
    expect((found.body.data.items as { orderCode: string }[]).map((i) => i.orderCode)).toEqual([
      order.orderCode,
    ]);
    const drawer = await t.request('GET', `${MANAGE_ORDERS}/${order.id}`, {
      token: organiser.token,
    });
    expect(drawer.body.data.tickets.map((x: { firstName: string | null }) => x.firstName)).toEqual([
      null,
      'Ada',
      'Kemi',
      null,
    ]);

    // Sending again is refused.
    const again = await t.post(`${ORDERS}/${order.id}/tickets/2/send`, ada, { headers });
    expect(again.status).toBe(409);
  });

  it('transfers a sent ticket alone: a new code for the new holder, the old one refused at the door', async () => {
    const { event, order, headers } = await groupOrder(3);
    const sent = await t.post(`${ORDERS}/${order.id}/tickets/1/send`, holder('Tunde'), {
      headers,
    });
    expect(sent.status, sent.text).toBe(200);
    const before = (
      await sql<{ id: string; code: string }>`
        select id, code from orders where parent_order_id = ${order.id}`.execute(t.db)
    ).rows[0]!;
    const to = holder('Zainab');
    const moved = await t.post(`${ORDERS}/${order.id}/tickets/1/transfer`, to, { headers });
    expect(moved.status, moved.text).toBe(200);
    const after = (
      await sql<{ code: string; first_name: string }>`
        select code, first_name from orders where id = ${before.id}`.execute(t.db)
    ).rows[0]!;
    expect(after.first_name).toBe('Zainab');
    const theirs = await mailsTo(to.email);
    expect(theirs.map((m) => m.subject)).toEqual([
      expect.stringContaining(`transferred to you — order ${after.code}`),
    ]);
    expect(after.code).not.toBe(before.code);
    const rows = await door(event.id);
    expect(rows.map((r) => r.orderCode)).toContain(after.code);
    expect(rows.map((r) => r.orderCode)).not.toContain(before.code);
    // The rest of the order is untouched.
    expect(rows.find((r) => r.orderCode === order.orderCode)?.quantity).toBe(2);
    const view = await t.request('GET', `${ORDERS}/${order.id}`, { headers });
    expect(view.body.data.tickets[0]).toMatchObject({ firstName: 'Zainab', sent: true });
    // A ticket not sent cannot be transferred alone.
    const notSent = await t.post(`${ORDERS}/${order.id}/tickets/2/transfer`, holder('X'), {
      headers,
    });
    expect(notSent.status).toBe(409);
  });

  it('keeps the last ticket on the order, refuses ticket numbers beyond it and after the cut-off', async () => {
    const { event, order, headers } = await groupOrder(2);
    expect(
      (await t.post(`${ORDERS}/${order.id}/tickets/1/send`, holder('A'), { headers })).status,
    ).toBe(200);
    const last = await t.post(`${ORDERS}/${order.id}/tickets/2/send`, holder('B'), { headers });
    expect(last.status).toBe(409);
    expect(last.body.error).toContain('last ticket');
    const beyond = await t.request('PUT', `${ORDERS}/${order.id}/tickets/3`, {
      headers,
      body: { firstName: 'C', lastName: 'D' },
    });
    expect(beyond.status).toBe(400);
    const past = new Date(Date.now() - 60_000).toISOString();
    const cut = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: organiser.token,
      body: { ticketNamesUntil: past },
    });
    expect(cut.status, cut.text).toBe(200);
    expect(cut.body.data.ticketNamesUntil).toBe(past);
    const closed = await t.request('PUT', `${ORDERS}/${order.id}/tickets/2`, {
      headers,
      body: { firstName: 'C', lastName: 'D' },
    });
    expect(closed.status).toBe(409);
  });

  it("another order's token cannot name or send this order's tickets", async () => {
    const a = await groupOrder(2);
    const b = await groupOrder(2);
    const res = await t.post(`${ORDERS}/${a.order.id}/tickets/1/send`, holder('E'), {
      headers: b.headers,
    });
    expect(res.status).toBe(404);
    const put = await t.request('PUT', `${ORDERS}/${a.order.id}/tickets/1`, {
      headers: b.headers,
      body: { firstName: 'E', lastName: 'F' },
    });
    expect(put.status).toBe(404);
  });

  it('names given at checkout are kept, and a refund of the group ends the tickets it sent', async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { name: 'Regular', price: 0, capacity: 20 },
    ]);
    const res = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0]!.id, quantity: 3 }],
      buyer: buyer(),
      ticketNames: [{ index: 2, firstName: 'Ngozi', lastName: 'Obi', email: '' }],
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.order.id as string;
    const headers = { 'x-order-token': res.body.data.accessToken as string };
    const view = await t.request('GET', `${ORDERS}/${id}`, { headers });
    expect(view.body.data.tickets[1]).toMatchObject({ firstName: 'Ngozi', email: null });
    const beyond = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      buyer: buyer(),
      ticketNames: [{ index: 2, firstName: 'No', lastName: 'One' }],
    });
    expect(beyond.status).toBe(400);

    const sent = await t.post(`${ORDERS}/${id}/tickets/2/send`, holder('Ngozi'), { headers });
    expect(sent.status, sent.text).toBe(200);
    const cancelled = await t.post(
      `${MANAGE_ORDERS}/${id}/cancel`,
      { reason: 'Duplicate' },
      { token: organiser.token },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const child = await sql<{ status: string }>`
      select status from orders where parent_order_id = ${id}`.execute(t.db);
    expect(child.rows.map((r) => r.status)).toEqual(['cancelled']);
    expect(await door(event.id)).toEqual([]);
  });
});
