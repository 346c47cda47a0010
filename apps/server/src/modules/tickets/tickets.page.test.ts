import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  ORDERS,
} from '../../../test/organiser-factories.ts';
import { TICKET_LINK_KEY, TicketLinks } from './ticket-links.ts';
import { appSecret } from '../../db/app-secrets.ts';

/** The light ticket page (issue 15 §3, decision 042): /t/{code}-{mac}. */
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;
let links: TicketLinks;
beforeAll(async () => {
  t = await startTestApp();
  organiser = await givenOrganiser(t);
  links = new TicketLinks(await appSecret(t.db, TICKET_LINK_KEY), t.config.publicUrl);
}, 240_000);
afterAll(() => t?.close());

const pathOf = (url: string) => new URL(url).pathname;

async function completed(pay: 'test' | 'marked' = 'marked') {
  const { event, types } = await givenEventWithTypes(
    t,
    organiser.token,
    [{ name: 'Regular', price: 5000, capacity: 20 }],
    {
      title: 'Lagos Jazz & Palm Wine Evening',
      venueName: 'Muri Okunola Park',
      offlinePayment: true,
    },
  );
  const who = buyer({ firstName: 'Ngozi', lastName: 'Adeyemi' });
  const bought = await buy(t, event.id, types[0]!.id, {
    buyer: who,
    pay,
    quantity: 2,
    organiser: organiser.token,
  });
  const dto = await t.request('GET', `${ORDERS}/${bought.order.id}`, {
    headers: { 'x-order-token': bought.accessToken },
  });
  return { ...bought, eventId: event.id, ticketUrl: dto.body.data.ticketUrl as string };
}

describe('the ticket page', () => {
  it('shows the QR (inline SVG), the code, the event, the holder and what it admits, in under 30 KB', async () => {
    const { order, ticketUrl } = await completed();
    expect(ticketUrl).toMatch(new RegExp(`^http://gatepass.test/t/${order.orderCode}-[\\w-]{12}$`));
    const res = await t.request('GET', pathOf(ticketUrl));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.text;
    expect(html).toMatch(/<svg[^>]*viewBox="0 0 \d+ \d+"[^>]*>.*<path[^>]*d="M/s);
    expect(html).toContain(`aria-label="QR code of order ${order.orderCode}"`);
    expect(html).toContain(`<p class="code" data-testid="order-code">${order.orderCode}</p>`);
    expect(html).toContain('Lagos Jazz &#38; Palm Wine Evening');
    expect(html).toContain('Muri Okunola Park');
    expect(html).toContain('Ngozi Adeyemi');
    expect(html).toContain('2 people');
    expect(html).toContain('2 × Regular');
    expect(html).not.toContain('TEST');
    // No framework: the only script is the worker's registration, inline.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet/);

    // Everything the page loads: itself and its service worker.
    const worker = await t.request('GET', '/t/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const total = Buffer.byteLength(html) + Buffer.byteLength(worker.text);
    expect(total).toBeLessThan(30 * 1024);
  });

  it('is private and not kept by any cache, sends no referrer, and allows only its own style and script', async () => {
    const { ticketUrl } = await completed();
    const res = await t.request('GET', pathOf(ticketUrl));
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).not.toMatch(/unsafe-inline/);
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    const style = /<style>(.*?)<\/style>/s.exec(res.text)![1]!;
    const script = /<script>(.*?)<\/script>/s.exec(res.text)![1]!;
    expect(csp).toContain(`style-src ${sha(style)}`);
    expect(csp).toContain(`script-src ${sha(script)}`);
  });

  it('says TEST for an order paid with the TEST provider', async () => {
    const { ticketUrl, order } = await completed('test');
    // The payment's own answer carries the link, as the order's does.
    expect((order as { ticketUrl?: string }).ticketUrl).toBe(ticketUrl);
    const res = await t.request('GET', pathOf(ticketUrl));
    expect(res.status).toBe(200);
    expect(res.text).toContain('TEST — not paid');
  });

  it('answers a small 404 page for a wrong mac, a malformed link, and a pending order', async () => {
    const { order, ticketUrl } = await completed();
    const segment = pathOf(ticketUrl).slice(3);
    const wrongMac = `${order.orderCode}-${segment.endsWith('A') ? 'B' : 'A'}${segment.slice(10)}`;
    const { event, types } = await givenEventWithTypes(t, organiser.token, [{ price: 5000 }]);
    const pending = await buy(t, event.id, types[0]!.id);
    const pendingRow = await sql<{ id: string; code: string }>`
      select id, code from orders where id = ${pending.order.id}`.execute(t.db);
    const pendingLink = pathOf(links.urlFor(pendingRow.rows[0]!));
    for (const path of [
      `/t/${wrongMac}`,
      `/t/${order.orderCode}`,
      '/t/nothing-here',
      `/t/${segment}x`,
      pendingLink,
    ]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.text).toContain('This ticket link does not work');
      expect(res.text).not.toContain('<script');
    }
    // The order's own link still opens.
    expect((await t.request('GET', pathOf(ticketUrl))).status).toBe(200);
  });

  it("stops opening a transferred order's old link; the new holder's link opens", async () => {
    const { order, accessToken, ticketUrl } = await completed();
    const res = await t.post(
      `${ORDERS}/${order.id}/transfer`,
      { firstName: 'Amaka', lastName: 'Eze', email: buyer().email },
      { headers: { 'x-order-token': accessToken } },
    );
    expect(res.status, res.text).toBe(200);
    expect((await t.request('GET', pathOf(ticketUrl))).status).toBe(404);
    const row = await sql<{ id: string; code: string }>`
      select id, code from orders where id = ${order.id}`.execute(t.db);
    const fresh = await t.request('GET', pathOf(links.urlFor(row.rows[0]!)));
    expect(fresh.status).toBe(200);
    expect(fresh.text).toContain(row.rows[0]!.code);
    expect(fresh.text).toContain('Amaka Eze');
  });

  it('stops opening once the order is refunded', async () => {
    const { order, ticketUrl } = await completed();
    const refunded = await t.post(
      `/api/v1/events/manage/orders/${order.id}/refund`,
      { reason: 'test' },
      { token: organiser.token },
    );
    expect(refunded.status, refunded.text).toBe(200);
    expect((await t.request('GET', pathOf(ticketUrl))).status).toBe(404);
  });

  it("is in a free order's checkout answer, and not in a pending order's", async () => {
    const { event, types } = await givenEventWithTypes(t, organiser.token, [
      { price: 0 },
      { name: 'Paid', price: 5000 },
    ]);
    const free = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      buyer: buyer(),
    });
    expect(free.status, free.text).toBe(201);
    expect(free.body.data.order.ticketUrl).toMatch(
      new RegExp(`/t/${free.body.data.order.orderCode}-[\\w-]{12}$`),
    );
    expect((await t.request('GET', pathOf(free.body.data.order.ticketUrl))).status).toBe(200);
    const pending = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: types[1]!.id, quantity: 1 }],
      buyer: buyer(),
    });
    expect(pending.body.data.order.status).toBe('pending');
    expect(pending.body.data.order.ticketUrl).toBeUndefined();
  });

  it('is linked from the confirmation mail', async () => {
    const { order, ticketUrl } = await completed();
    const [mail] = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'order-confirmation')
      .where(sql<boolean>`context->>'orderId' = ${order.id}`)
      .execute();
    expect(mail!.text_body).toContain(`Your ticket (opens offline once loaded): ${ticketUrl}`);
    expect(mail!.html_body).toContain(`href="${ticketUrl}"`);
  });
});
