import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenPublishedEvent, MANAGE, type TestClock } from '../../../test/event-factories.ts';
import { givenLoggedInUser, uniquePhone } from '../../../test/factories.ts';
import { API, startTestApp, type Reply, type TestApp } from '../../../test/helper.ts';
import {
  pendingPaystackOrder,
  startPaystackWorld,
  type PaystackWorld,
} from '../../../test/paystack-world.ts';
import { solveJoinChallenge } from '../../../test/waiting-room-proof.ts';
import { widgetCallbackUrl } from './widget.return.ts';

/**
 * The widget's server side (issue 26 §1, decisions 074 and 075): only /embed pages may be
 * framed, by any site; the loader script is loadable from any site; the waiting room works
 * with no cookie at all (a frame on another site gets none); Paystack returns into the
 * host page.
 */

const MINUTE = 60_000;
const clock: TestClock = { now: new Date() };

function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatepass</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'widget.js'), '(function(){console.log("widget")})();');
  // The build's compressed copy, which is what a browser gets.
  fs.writeFileSync(
    path.join(dir, 'widget.js.gz'),
    zlib.gzipSync('(function(){console.log("widget")})();'),
  );
  return dir;
}

const directives = (res: Reply) =>
  new Map(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((p) => p[0])
      .map(([name, ...sources]) => [name!, sources]),
  );

describe('the widget on another site', () => {
  let t: TestApp;
  let webDir: string;
  let owner: { token: string };
  let n = 0;

  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await startTestApp({ webDistDir: webDir }, { now: () => clock.now });
    owner = await givenLoggedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('may frame the /embed pages from any site, and no other page', async () => {
    const event = await givenPublishedEvent(t, owner.token);
    const embed = await t.request('GET', `/embed/events/${event.slug}?layout=list&via=widget`);
    expect(embed.status).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const policy = directives(embed);
    expect(policy.get('frame-ancestors')).toEqual(['*']);
    // Everything else of the policy is the site's.
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Its first screen's data is in the HTML, as on the event page (decision 021).
    expect(embed.text).toContain(`"/events/${event.slug}"`);
    const checkout = await t.request('GET', `/embed/checkout/pay/${event.id}`);
    expect(directives(checkout).get('frame-ancestors')).toEqual(['*']);

    for (const url of [
      '/',
      `/events/${event.slug}`,
      `/checkout/${event.id}?slug=${event.slug}`,
      '/events/manage/marketing',
      '/embedded',
      `${API}/events/${event.slug}`,
    ]) {
      const res = await t.request('GET', url);
      expect(directives(res).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the loader script to any site, cached for minutes', async () => {
    const res = await t.request('GET', '/widget.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    // Other files keep the site's own rule.
    const index = await t.request('GET', '/');
    expect(index.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  const buyer = () => ({
    firstName: 'Ada',
    lastName: `Widget${++n}`,
    email: `widget.${n}.${Date.now()}@example.com`,
    phone: uniquePhone(),
  });

  it('queues and admits a visitor with no cookie, the visitor and pass carried in headers', async () => {
    const event = await givenPublishedEvent(t, owner.token, {}, [{ capacity: 50, price: 0 }]);
    const manage = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    const ticketTypeId = manage.body.data.ticketTypes[0].id as string;
    const room = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
      token: owner.token,
      body: {
        enabled: true,
        onSaleAt: new Date(clock.now.getTime() + MINUTE).toISOString(),
        ratePerMinute: 60,
      },
    });
    expect(room.status, room.text).toBe(200);
    const ip = '10.9.8.7';
    const status = `${API}/waiting-room/${event.slug}/status`;

    // Without asking, nothing travels in headers (the site's own pages use cookies).
    const plain = await t.request('GET', status, { ip });
    expect(plain.headers['x-waiting-room-visitor']).toBeUndefined();

    const first = await t.request('GET', status, { ip, headers: { 'x-waiting-room-carry': '1' } });
    expect(first.body.data.state).toBe('check');
    const visitor = String(first.headers['x-waiting-room-visitor']);
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    const carried = { 'x-waiting-room-carry': '1', 'x-waiting-room-visitor': visitor };

    const joined = await t.request('POST', `${API}/waiting-room/${event.slug}/join`, {
      ip,
      body: await solveJoinChallenge(first.body.data.challenge),
      headers: carried,
    });
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.data.state).toBe('prequeue');

    clock.now = new Date(clock.now.getTime() + 2 * MINUTE);
    const admitted = await t.request('GET', status, { ip, headers: carried });
    expect(admitted.body.data.state).toBe('admitted');
    const pass = String(admitted.headers['x-waiting-room-pass']);
    expect(pass.length).toBeGreaterThan(20);

    const order = (headers: Record<string, string>) =>
      t.request('POST', `${API}/orders`, {
        ip,
        body: { eventId: event.id, items: [{ ticketTypeId, quantity: 1 }], buyer: buyer() },
        headers,
      });
    // The pass belongs to its visitor: without the visitor it is refused.
    const alone = await order({ 'x-waiting-room-pass': pass });
    expect(alone.status, alone.text).toBe(403);
    expect(alone.body.code).toBe('WAITING_ROOM');
    const bought = await order({ 'x-waiting-room-pass': pass, 'x-waiting-room-visitor': visitor });
    expect(bought.status, bought.text).toBe(201);
    expect(bought.body.data.order.status).toBe('completed');

    // Used: the status says so, and a new place at the back is had with again=1.
    expect((await t.request('GET', status, { ip, headers: carried })).body.data.state).toBe('used');
    const again = await t.request('GET', `${status}?again=1`, { ip, headers: carried });
    expect(again.status, again.text).toBe(200);
    expect(['waiting', 'admitted']).toContain(again.body.data.state);
  });
});

describe('Paystack from the widget', () => {
  let world: PaystackWorld;
  beforeAll(async () => {
    world = await startPaystackWorld();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('sends the buyer back to the host page, with the order in its address', async () => {
    const o = await pendingPaystackOrder(world);
    const res = await world.t.post(
      `${API}/orders/${o.order.id}/pay`,
      { method: 'paystack', returnTo: 'https://organiser.example/tickets?lang=en#buy' },
      { headers: o.headers },
    );
    expect(res.status, res.text).toBe(200);
    const init = world.paystack.requests.find(
      (r) =>
        r.path === '/transaction/initialize' &&
        (r.body as { metadata?: { order_id?: string } }).metadata?.order_id === o.order.id,
    );
    expect((init?.body as { callback_url?: string }).callback_url).toBe(
      `https://organiser.example/tickets?lang=en&gatepass_order=${o.order.id}&gatepass_event=${o.event.slug}`,
    );
  });

  it('refuses a return address that is not an http(s) page', async () => {
    const o = await pendingPaystackOrder(world);
    for (const returnTo of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'ftp://organiser.example/',
      'https://user:secret@organiser.example/',
      `https://organiser.example/${'a'.repeat(2000)}`,
    ]) {
      const res = await world.t.post(
        `${API}/orders/${o.order.id}/pay`,
        { method: 'paystack', returnTo },
        { headers: o.headers },
      );
      expect(res.status, returnTo).toBe(400);
    }
  });

  it('drops an older return and the fragment from the host address', () => {
    expect(
      widgetCallbackUrl(
        'https://o.example/p?gatepass_order=old&reference=r1&trxref=r1&gatepass_event=e&x=1#f',
        { id: 'new', slug: 'jazz' },
      ),
    ).toBe('https://o.example/p?x=1&gatepass_order=new&gatepass_event=jazz');
    // A page's own `reference` is its own when no return is in the address.
    expect(widgetCallbackUrl('https://o.example/p?reference=abc', { id: 'o', slug: 's' })).toBe(
      'https://o.example/p?reference=abc&gatepass_order=o&gatepass_event=s',
    );
  });
});
