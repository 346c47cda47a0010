import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, MANAGE } from '../../../test/event-factories.ts';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  ORDERS,
} from '../../../test/organiser-factories.ts';
import { codeFromName } from './tracking.service.ts';

let t: TestApp;
beforeAll(async () => {
  // Flushed by hand below: the interval never fires during a test.
  t = await startTestApp({ trackingFlushIntervalMs: 600_000 });
});
afterAll(async () => {
  await t?.close();
});

const view = (slug: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request('POST', `${EVENTS}/${slug}/view`, {
    payload: JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
  });

async function order(eventId: string, ticketTypeId: string, source?: unknown, pay = false) {
  const res = await t.post(ORDERS, {
    eventId,
    items: [{ ticketTypeId, quantity: 1 }],
    buyer: buyer(),
    ...(source ? { source } : {}),
  });
  expect(res.status, res.text).toBe(201);
  const made = res.body.data as { order: { id: string }; accessToken: string };
  if (pay) {
    const headers = { 'x-order-token': made.accessToken };
    expect(
      (await t.post(`${ORDERS}/${made.order.id}/pay`, { method: 'test' }, { headers })).status,
    ).toBe(200);
    const paid = await t.post(
      `${ORDERS}/${made.order.id}/test-payment`,
      { outcome: 'success' },
      { headers },
    );
    expect(paid.status, paid.text).toBe(200);
  }
  return made;
}

describe('tracking links and sources', () => {
  it('counts views, checkout starts, orders and revenue per source: direct, widget, each link', async () => {
    const owner = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, owner.token, [
      { name: 'Regular', price: 5000 },
      { name: 'Free', price: 0 },
    ]);
    const paid = types.find((x) => x.name === 'Regular')!;
    const free = types.find((x) => x.name === 'Free')!;
    const made = await t.post(
      `${MANAGE}/${event.id}/tracking-links`,
      { name: 'Instagram bio' },
      { token: owner.token },
    );
    expect(made.status, made.text).toBe(201);
    expect(made.body.data.code).toBe('instagram-bio');
    expect(made.body.data.url).toBe(`http://gatepass.test/events/${event.slug}?ref=instagram-bio`);
    const again = await t.post(
      `${MANAGE}/${event.id}/tracking-links`,
      { name: 'Instagram bio' },
      { token: owner.token },
    );
    expect(again.status).toBe(409);

    // Views: 3 through the link (one by way of the widget), 2 direct, 1 widget, 1 bot.
    for (const body of [
      { ref: 'instagram-bio' },
      { ref: 'INSTAGRAM-BIO' },
      { ref: 'instagram-bio', via: 'widget' },
      {},
      { ref: 'no-such-link' },
      { via: 'widget' },
    ]) {
      expect((await view(event.slug, body)).status).toBe(204);
    }
    await view(event.slug, {}, { 'user-agent': 'Googlebot/2.1' });
    await view('no-such-event', {});
    // A body the beacon cannot read still counts the view, as direct.
    await t.request('POST', `${EVENTS}/${event.slug}/view`, {
      payload: 'not json',
      headers: { 'content-type': 'text/plain' },
    });
    await t.app.services.tracking.flush();

    // Orders: through the link a paid one (completed) and a free one; direct a paid pending.
    const linked = await order(event.id, paid.id, { ref: 'instagram-bio' }, true);
    await order(event.id, free.id, { ref: 'instagram-bio', via: 'widget' });
    await order(event.id, paid.id);
    // A ref the server cannot read never refuses the order.
    await order(event.id, free.id, { ref: 'bad ref!', via: 'nope' });

    const res = await t.request('GET', `${MANAGE}/${event.id}/tracking`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    const by = (label: string) => data.sources.find((s: { label: string }) => s.label === label);
    expect(by('Instagram bio')).toMatchObject({
      views: 3,
      checkoutStarts: 2,
      orders: 2,
      viaWidget: { views: 1, orders: 1 },
    });
    // Revenue: what the buyer paid for the completed orders (the free one adds nothing).
    const total = await sql<{ kobo: number }>`
      select total_kobo as kobo from orders where id = ${linked.order.id}`.execute(t.db);
    expect(by('Instagram bio').revenue).toBe(Number(total.rows[0]!.kobo) / 100);
    expect(by('Instagram bio').revenue).toBeGreaterThanOrEqual(5000);
    expect(by('Direct')).toMatchObject({ views: 3, checkoutStarts: 2, orders: 1, revenue: 0 });
    expect(by('Widget')).toMatchObject({ views: 1, checkoutStarts: 0, orders: 0 });
    expect(data.totals).toMatchObject({ views: 7, checkoutStarts: 4, orders: 3 });
    expect(data.links).toHaveLength(1);

    // Finances: the organiser's sources across events.
    const fin = await t.request('GET', `${MANAGE}/finances/sources`, { token: owner.token });
    expect(fin.status, fin.text).toBe(200);
    const link = fin.body.data.sources.find((s: { source: string }) => s.source === 'link');
    expect(link).toMatchObject({ label: 'Instagram bio', eventTitle: event.title, orders: 2 });
    expect(fin.body.data.totals.orders).toBe(3);
  });

  it('counts a paid order when it completes later, and keeps it out of another organiser’s view', async () => {
    const owner = await givenOrganiser(t);
    const other = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, owner.token, [{ price: 2000 }]);
    await t.post(
      `${MANAGE}/${event.id}/tracking-links`,
      { name: 'WhatsApp' },
      { token: owner.token },
    );
    const bought = await order(event.id, types[0]!.id, { ref: 'whatsapp' });
    const pendingRow = await t.request('GET', `${MANAGE}/${event.id}/tracking`, {
      token: owner.token,
    });
    expect(pendingRow.body.data.totals).toMatchObject({ checkoutStarts: 1, orders: 0 });
    const headers = { 'x-order-token': bought.accessToken };
    await t.post(`${ORDERS}/${bought.order.id}/pay`, { method: 'test' }, { headers });
    const paid = await t.post(
      `${ORDERS}/${bought.order.id}/test-payment`,
      { outcome: 'success' },
      { headers },
    );
    expect(paid.status, paid.text).toBe(200);
    const after = await t.request('GET', `${MANAGE}/${event.id}/tracking`, { token: owner.token });
    expect(after.body.data.totals).toMatchObject({ checkoutStarts: 1, orders: 1 });
    expect(after.body.data.sources[2]).toMatchObject({ label: 'WhatsApp', orders: 1 });
    expect(after.body.data.totals.revenue).toBeGreaterThanOrEqual(2000);

    const foreign = await t.request('GET', `${MANAGE}/${event.id}/tracking`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    const foreignMake = await t.post(
      `${MANAGE}/${event.id}/tracking-links`,
      { name: 'Hijack' },
      { token: other.token },
    );
    expect(foreignMake.status).toBe(404);
    const theirs = await t.request('GET', `${MANAGE}/finances/sources`, { token: other.token });
    expect(theirs.body.data.totals).toMatchObject({ views: 0, orders: 0 });
    expect(theirs.text).not.toContain('WhatsApp');
  });

  it('makes readable codes from names, unique per event', async () => {
    expect(codeFromName('Instagram bio!')).toBe('instagram-bio');
    expect(codeFromName('Ọjà flyer')).toBe('oja-flyer');
    expect(codeFromName('!!!')).toBe('link');
    const owner = await givenOrganiser(t);
    const { event } = await givenEventWithTypes(t, owner.token);
    const a = await t.post(
      `${MANAGE}/${event.id}/tracking-links`,
      { name: 'Flyer' },
      { token: owner.token },
    );
    const b = await t.post(
      `${MANAGE}/${event.id}/tracking-links`,
      { name: 'flyer!' },
      { token: owner.token },
    );
    expect(a.body.data.code).toBe('flyer');
    expect(b.status, b.text).toBe(201);
    expect(b.body.data.code).toMatch(/^flyer-[0-9a-f]{4}$/);
  });
});
