import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow, MANAGE } from '../../../test/event-factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
} from '../../../test/organiser-factories.ts';

/**
 * Issue 24 §1: every change to a buyer's ticket reaches them through the outbox — a mail,
 * and an SMS where a phone is known — written in the change's own transaction, each with a
 * stable kind and its order; none for a change that rolled back. And the door list carries
 * the codes it refuses with their reason.
 */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
}, 180_000);
afterAll(() => t?.close());

interface Row {
  kind: string;
  channel: string;
  to_address: string;
  subject: string;
  text_body: string;
}

async function messagesOf(orderId: string): Promise<Row[]> {
  const res = await sql<Row>`
    select kind, channel, to_address, subject, text_body from mail_outbox
    where context->>'orderId' = ${orderId} order by created_at, channel`.execute(t.db);
  return res.rows;
}

const kindsOf = async (orderId: string, prefix: string) =>
  (await messagesOf(orderId))
    .filter((m) => m.kind.startsWith(prefix))
    .map((m) => `${m.channel}:${m.kind}`)
    .sort();

async function paidOrder(pay: 'test' | 'marked' = 'test', eventId?: string, typeId?: string) {
  let ids = { eventId: eventId ?? '', typeId: typeId ?? '' };
  if (!eventId) {
    const { event, types } = await givenEventWithTypes(
      t,
      organiser.token,
      [{ price: 5000, capacity: 20 }],
      { offlinePayment: true },
    );
    ids = { eventId: event.id, typeId: types[0]!.id };
  }
  const who = buyer();
  const bought = await buy(t, ids.eventId, ids.typeId, {
    buyer: who,
    pay,
    organiser: organiser.token,
  });
  return { ...ids, order: bought.order, who, token: bought.accessToken };
}

describe('a refund', () => {
  it('tells the buyer by mail and SMS: the amount and how it comes back (offline: from the organiser)', async () => {
    const { order } = await paidOrder('marked');
    const res = await t.post(
      `${MANAGE_ORDERS}/${order.id}/refund`,
      { reason: 'Double booking' },
      { token: organiser.token },
    );
    expect(res.status, res.text).toBe(200);
    const messages = (await messagesOf(order.id)).filter((m) =>
      m.kind.startsWith('order-refunded'),
    );
    expect(messages.map((m) => `${m.channel}:${m.kind}`).sort()).toEqual([
      'mail:order-refunded',
      'sms:order-refunded-sms',
    ]);
    const mail = messages.find((m) => m.channel === 'mail')!;
    expect(mail.to_address).toBe(order.email);
    expect(mail.text_body).toMatch(/₦5,\d{3}(\.\d\d)? is due back to you/);
    expect(mail.text_body).toContain('the organiser returns the money to you directly');
    expect(mail.text_body).toContain('"Double booking"');
    // The organiser's note, not the history's Paystack summary.
    expect(mail.text_body).not.toContain('refund ');
    const sms = messages.find((m) => m.channel === 'sms')!;
    expect(sms.to_address).toMatch(/^\+234/);
    expect(sms.text_body).toContain(`order ${order.orderCode}`);
    expect(sms.text_body).toMatch(/N5,\d{3}/);
    expect(sms.text_body.length).toBeLessThanOrEqual(160);
  });

  it('says no money was taken for a TEST-paid order', async () => {
    const { order } = await paidOrder('test');
    const res = await t.post(`${MANAGE_ORDERS}/${order.id}/refund`, {}, { token: organiser.token });
    expect(res.status, res.text).toBe(200);
    const mail = (await messagesOf(order.id)).find((m) => m.kind === 'order-refunded')!;
    expect(mail.text_body).toContain('No money was taken');
  });

  it('writes nothing when the refund rolls back, and nothing twice for a refused second refund', async () => {
    const { order } = await paidOrder('marked');
    // The refund fails at its commit (a deferred check on the order): whatever the
    // transaction wrote — the order, the mail, the SMS — must be gone with it.
    await sql`create or replace function gp_fail_refund() returns trigger as $$
      begin
        raise exception 'refund refused at commit';
      end $$ language plpgsql`.execute(t.db);
    await sql`create constraint trigger gp_fail_refund after update on orders
      deferrable initially deferred for each row
      when (new.status = 'refunded') execute function gp_fail_refund()`.execute(t.db);
    try {
      const res = await t.post(
        `${MANAGE_ORDERS}/${order.id}/refund`,
        {},
        { token: organiser.token },
      );
      expect(res.status).toBe(500);
    } finally {
      await sql`drop trigger gp_fail_refund on orders`.execute(t.db);
    }
    expect(await kindsOf(order.id, 'order-refunded')).toEqual([]);
    const status = await sql<{
      status: string;
    }>`select status from orders where id = ${order.id}`.execute(t.db);
    expect(status.rows[0]!.status).toBe('completed');

    expect(
      (await t.post(`${MANAGE_ORDERS}/${order.id}/refund`, {}, { token: organiser.token })).status,
    ).toBe(200);
    expect(
      (await t.post(`${MANAGE_ORDERS}/${order.id}/refund`, {}, { token: organiser.token })).status,
    ).toBe(409);
    expect(await kindsOf(order.id, 'order-refunded')).toEqual([
      'mail:order-refunded',
      'sms:order-refunded-sms',
    ]);
  });

  it('twenty refunds of one order at once: one refund, one mail, one SMS', async () => {
    const { order } = await paidOrder('marked');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.post(`${MANAGE_ORDERS}/${order.id}/refund`, {}, { token: organiser.token }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(
      Array(19).fill(409),
    );
    expect(await kindsOf(order.id, 'order-refunded')).toEqual([
      'mail:order-refunded',
      'sms:order-refunded-sms',
    ]);
  });

  it('another organiser cannot refund (404) and the buyer hears nothing', async () => {
    const { order } = await paidOrder('marked');
    const other = await givenOrganiser(t);
    const res = await t.post(`${MANAGE_ORDERS}/${order.id}/refund`, {}, { token: other.token });
    expect(res.status).toBe(404);
    expect(await kindsOf(order.id, 'order-refunded')).toEqual([]);
  });
});

describe('the refund dialog', () => {
  it('knows how many wait for the tickets the refund gives back (they are offered them first)', async () => {
    const { event, types } = await givenEventWithTypes(
      t,
      organiser.token,
      [{ price: 5000, capacity: 1 }],
      { offlinePayment: true },
    );
    const sold = await buy(t, event.id, types[0]!.id, {
      pay: 'marked',
      organiser: organiser.token,
    });
    const before = await t.request('GET', `${MANAGE_ORDERS}/${sold.order.id}`, {
      token: organiser.token,
    });
    expect(before.body.data.waitingList).toBe(0);
    const who = buyer();
    const joined = await t.post(`${API}/waitlist`, {
      eventId: event.id,
      ticketTypeId: types[0]!.id,
      name: `${who.firstName} ${who.lastName}`,
      email: who.email,
      quantity: 1,
    });
    expect(joined.status, joined.text).toBeLessThan(300);
    const after = await t.request('GET', `${MANAGE_ORDERS}/${sold.order.id}`, {
      token: organiser.token,
    });
    expect(after.body.data.waitingList).toBe(1);
  });
});

describe("the organiser's cancellation of an order", () => {
  it('tells the holder their code no longer works, by mail and SMS', async () => {
    const { order } = await paidOrder('marked');
    const res = await t.post(
      `${MANAGE_ORDERS}/${order.id}/cancel`,
      { reason: 'Duplicate order' },
      { token: organiser.token },
    );
    expect(res.status, res.text).toBe(200);
    const messages = (await messagesOf(order.id)).filter((m) =>
      m.kind.startsWith('order-cancelled'),
    );
    expect(messages.map((m) => m.kind).sort()).toEqual(['order-cancelled', 'order-cancelled-sms']);
    expect(messages.find((m) => m.channel === 'mail')!.text_body).toContain(
      `Order code ${order.orderCode} no longer admits anyone at the door.`,
    );
  });

  it('tells an offline buyer not to pay an order that was waiting for their money', async () => {
    const { event, types } = await givenEventWithTypes(
      t,
      organiser.token,
      [{ price: 5000, capacity: 5 }],
      { offlinePayment: true },
    );
    const bought = await buy(t, event.id, types[0]!.id, { pay: 'offline' });
    const res = await t.post(
      `${MANAGE_ORDERS}/${bought.order.id}/cancel`,
      {},
      { token: organiser.token },
    );
    expect(res.status, res.text).toBe(200);
    const mail = (await messagesOf(bought.order.id)).find((m) => m.kind === 'order-cancelled')!;
    expect(mail.subject).toContain('do not pay for it');
  });
});

describe('the event', () => {
  it('cancelled: every holder is told once, by mail and SMS; an order refunded before is not', async () => {
    const first = await paidOrder('marked');
    const second = await paidOrder('test', first.eventId, first.typeId);
    const refunded = await paidOrder('marked', first.eventId, first.typeId);
    await t.post(`${MANAGE_ORDERS}/${refunded.order.id}/refund`, {}, { token: organiser.token });
    const res = await t.post(
      `${MANAGE}/${first.eventId}/cancel`,
      { reason: 'The venue flooded' },
      { token: organiser.token },
    );
    expect(res.status, res.text).toBe(200);
    for (const o of [first, second]) {
      expect(await kindsOf(o.order.id, 'event-')).toEqual([
        'mail:event-cancelled',
        'sms:event-cancelled-sms',
      ]);
    }
    expect(await kindsOf(refunded.order.id, 'event-')).toEqual([]);
    const mail = (await messagesOf(first.order.id)).find((m) => m.kind === 'event-cancelled')!;
    expect(mail.text_body).toContain('"The venue flooded"');
    expect(mail.text_body).toMatch(/The organiser refunds the ₦5,\d{3}(\.\d\d)? you paid/);
    // A second cancel is refused and tells no one again.
    expect(
      (
        await t.post(
          `${MANAGE}/${first.eventId}/cancel`,
          { reason: 'x' },
          { token: organiser.token },
        )
      ).status,
    ).toBe(409);
    expect(await kindsOf(first.order.id, 'event-')).toHaveLength(2);
  });

  it('moved: a new venue or time reaches every holder with the ticket link and a fresh calendar; other edits do not', async () => {
    const a = await paidOrder('marked');
    const summary = await t.request('PATCH', `${MANAGE}/${a.eventId}`, {
      token: organiser.token,
      body: { summary: 'Now with a live band' },
    });
    expect(summary.status, summary.text).toBe(200);
    expect(await kindsOf(a.order.id, 'event-')).toEqual([]);

    const moved = await t.request('PATCH', `${MANAGE}/${a.eventId}`, {
      token: organiser.token,
      body: { venueName: 'Muson Centre', startAt: daysFromNow(40), endAt: daysFromNow(41) },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await kindsOf(a.order.id, 'event-')).toEqual([
      'mail:event-changed',
      'sms:event-changed-sms',
    ]);
    const rows = await messagesOf(a.order.id);
    const mail = rows.find((m) => m.kind === 'event-changed')!;
    expect(mail.subject).toContain('new date, time and place');
    expect(mail.text_body).toContain('Muson Centre');
    expect(mail.text_body).toMatch(/\/api\/v1\/events\/[a-z0-9-]+\/calendar\.ics/);
    expect(mail.text_body).toContain('/t/');
    const sms = rows.find((m) => m.kind === 'event-changed-sms')!;
    expect(sms.text_body).toContain('Muson Centre');
  });

  it('a rolled-back edit (invalid dates) tells no one', async () => {
    const a = await paidOrder('marked');
    const bad = await t.request('PATCH', `${MANAGE}/${a.eventId}`, {
      token: organiser.token,
      body: { venueName: 'Elsewhere', startAt: daysFromNow(400), endAt: daysFromNow(399) },
    });
    expect(bad.status).toBe(400);
    expect(await kindsOf(a.order.id, 'event-')).toEqual([]);
  });
});

describe('a transfer', () => {
  it('tells the old holder by SMS too, once, beside the mail they already got', async () => {
    const { order, token } = await paidOrder('test');
    const to = buyer({ firstName: 'Amaka', lastName: 'Eze' });
    const res = await t.post(
      `${ORDERS}/${order.id}/transfer`,
      { firstName: to.firstName, lastName: to.lastName, email: to.email },
      { headers: { 'x-order-token': token } },
    );
    expect(res.status, res.text).toBe(200);
    const away = (await messagesOf(order.id)).filter((m) => m.kind.startsWith('order-transferred'));
    expect(away.map((m) => `${m.channel}:${m.kind}`).sort()).toEqual([
      'mail:order-transferred',
      'sms:order-transferred-sms',
    ]);
    const sms = away.find((m) => m.channel === 'sms')!;
    expect(sms.text_body).toContain(`order ${order.orderCode}`);
    expect(sms.text_body).toContain('transferred to Amaka E.');
  });
});

describe('the door list', () => {
  it('carries each refused code with its reason: transferred (to whom, when), refunded, cancelled, another event', async () => {
    const kept = await paidOrder('test');
    const moved = await paidOrder('test', kept.eventId, kept.typeId);
    const refunded = await paidOrder('marked', kept.eventId, kept.typeId);
    const cancelled = await paidOrder('marked', kept.eventId, kept.typeId);
    const elsewhere = await paidOrder('test');
    const to = buyer({ firstName: 'Bola', lastName: 'Ade' });
    expect(
      (
        await t.post(
          `${ORDERS}/${moved.order.id}/transfer`,
          { firstName: to.firstName, lastName: to.lastName, email: to.email },
          { headers: { 'x-order-token': moved.token } },
        )
      ).status,
    ).toBe(200);
    await t.post(`${MANAGE_ORDERS}/${refunded.order.id}/refund`, {}, { token: organiser.token });
    await t.post(`${MANAGE_ORDERS}/${cancelled.order.id}/cancel`, {}, { token: organiser.token });

    const res = await t.request('GET', `${API}/ticketPurchase/event/${kept.eventId}`, {
      token: organiser.token,
    });
    expect(res.status, res.text).toBe(200);
    const refused = res.body.refused as {
      code: string;
      reason: string;
      to?: string;
      at?: string;
      event?: string;
    }[];
    const byCode = new Map(refused.map((r) => [r.code, r]));
    expect(byCode.get(moved.order.orderCode)).toMatchObject({
      reason: 'transferred',
      to: 'Bola Ade',
    });
    expect(byCode.get(moved.order.orderCode)!.at).toMatch(/^\d{4}-/);
    expect(byCode.get(refunded.order.orderCode)).toMatchObject({ reason: 'refunded' });
    expect(byCode.get(cancelled.order.orderCode)).toMatchObject({ reason: 'cancelled' });
    expect(byCode.get(elsewhere.order.orderCode)).toMatchObject({ reason: 'other_event' });
    expect(byCode.get(elsewhere.order.orderCode)!.event).toBeTruthy();
    expect(byCode.has(kept.order.orderCode)).toBe(false);
    // The spec's list is as it was.
    const codes = (res.body.data as { orderCode: string }[]).map((o) => o.orderCode);
    expect(codes).toContain(kept.order.orderCode);
    expect(codes).not.toContain(moved.order.orderCode);

    // Another organiser: 404, no list and no reasons.
    const other = await givenOrganiser(t);
    const theirs = await t.request('GET', `${API}/ticketPurchase/event/${kept.eventId}`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.text).not.toContain(moved.order.orderCode);
  });
});
