import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenPublishedEvent, MANAGE } from '../../../test/event-factories.ts';
import { givenLoggedInUser, uniquePhone } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { addressAllowed, PRIVATE_REFUSAL, refuseUrl, safeLookup } from './webhooks.address.ts';
import { postDelivery } from './webhooks.send.ts';

const HOOKS = `${MANAGE}/webhooks`;

/** Retries `check` until it stops throwing (the dispatcher works after the request). */
async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on this machine answering each request with the next status of `script`. */
async function receiver(script: number[] = []) {
  const received: Received[] = [];
  const answers = [...script];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver does (docs/integrations.md): HMAC-SHA256 of `{timestamp}.{body}`. */
function verifies(secret: string, r: Received): boolean {
  const timestamp = String(r.headers['gatepass-timestamp']);
  const given = String(r.headers['gatepass-signature']).replace(/^v1=/, '');
  const expected = createHmac('sha256', secret).update(`${timestamp}.${r.body}`).digest('hex');
  return (
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected)) &&
    Math.abs(Date.now() / 1000 - Number(timestamp)) < 300
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    mailRetryIntervalMs: 100,
    webhooks: {
      allowLoopback: true,
      retrySeconds: [1, 1, 1],
      pauseAfterSeconds: 86_400,
      timeoutMs: 2000,
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function buyFree(eventId: string, ticketTypeId: string) {
  const res = await t.post(`${API}/orders`, {
    eventId,
    items: [{ ticketTypeId, quantity: 1 }],
    buyer: {
      firstName: 'Ada',
      lastName: 'Hook',
      email: `ada.${Math.random().toString(36).slice(2)}@example.com`,
      phone: uniquePhone(),
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.order as { id: string; orderCode: string; status: string };
}

async function freeEvent(token: string) {
  const event = await givenPublishedEvent(t, token, {}, [{ name: 'Free', price: 0, capacity: 50 }]);
  const detail = await t.request('GET', `${API}/events/${event.slug}`);
  return { event, typeId: detail.body.data.ticketTypes[0].id as string };
}

describe('where a webhook may go', () => {
  it('refuses private, local and metadata addresses, IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '224.0.0.1',
    ]) {
      expect(addressAllowed(address, false), address).toBe(false);
    }
    expect(addressAllowed('93.184.216.34', false)).toBe(true);
    expect(addressAllowed('2606:2800:220:1:248:1893:25c8:1946', false)).toBe(true);
    // The test switch lets loopback through, and nothing else.
    expect(addressAllowed('127.0.0.1', true)).toBe(true);
    expect(addressAllowed('::1', true)).toBe(true);
    expect(addressAllowed('10.1.2.3', true)).toBe(false);
    expect(addressAllowed('169.254.169.254', true)).toBe(false);
  });

  it('refuses such URLs at registration, by address and by name, and plain http', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/hook',
      'https://[::1]/hook',
      'https://[fd12::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://localhost/hook',
      'https://api.localhost/hook',
    ]) {
      expect(await refuseUrl(url, false), url).toBe(PRIVATE_REFUSAL);
    }
    expect(await refuseUrl('http://93.184.216.34/hook', false)).toMatch(/https/);
    expect(await refuseUrl('https://user:pw@93.184.216.34/hook', false)).toMatch(/password/);
    expect(await refuseUrl('https://93.184.216.34/hook', false)).toBeNull();
  });

  it('checks the address again when it connects: a name resolving to this machine gets no request', async () => {
    const r = await receiver();
    try {
      const lookedUp = await new Promise<Error | null>((resolve) =>
        safeLookup(false)('localhost', { all: true }, (err) => resolve(err)),
      );
      expect(lookedUp?.message).toBe(PRIVATE_REFUSAL);
      const result = await postDelivery({
        url: `http://localhost:${r.port}/hook`,
        body: '{}',
        secret: 'x',
        deliveryId: 'd',
        event: 'order.completed',
        allowLoopback: false,
        timeoutMs: 2000,
      });
      expect(result).toMatchObject({ statusCode: null, error: PRIVATE_REFUSAL });
      const literal = await postDelivery({
        url: `http://0.0.0.0:${r.port}/hook`,
        body: '{}',
        secret: 'x',
        deliveryId: 'd',
        event: 'order.completed',
        allowLoopback: true,
        timeoutMs: 2000,
      });
      expect(literal.error).toBe(PRIVATE_REFUSAL);
      expect(r.received).toHaveLength(0);
    } finally {
      await r.close();
    }
  });

  it('does not follow a redirect', async () => {
    const target = await receiver();
    const server = http.createServer((_req, res) => {
      res.writeHead(302, { location: target.url }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const result = await postDelivery({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        body: '{}',
        secret: 'x',
        deliveryId: 'd',
        event: 'order.completed',
        allowLoopback: true,
        timeoutMs: 2000,
      });
      expect(result.statusCode).toBe(302);
      expect(result.error).toMatch(/redirect/);
      expect(target.received).toHaveLength(0);
    } finally {
      server.close();
      await target.close();
    }
  });
});

describe('webhook endpoints', () => {
  it('registers an endpoint, shows its secret once, and refuses a private-network URL (400)', async () => {
    const owner = await givenLoggedInUser(t);
    const refused = await t.post(
      HOOKS,
      { url: 'http://10.0.0.1/hook', events: ['order.completed'] },
      { token: owner.token },
    );
    expect(refused.status, refused.text).toBe(400);
    expect(refused.body.error).toBe(PRIVATE_REFUSAL);
    const metadata = await t.post(
      HOOKS,
      { url: 'http://169.254.169.254/latest/meta-data', events: ['order.completed'] },
      { token: owner.token },
    );
    expect(metadata.status).toBe(400);

    const created = await t.post(
      HOOKS,
      { url: 'http://127.0.0.1:9/hook', events: ['order.completed', 'ticket.checked_in'] },
      { token: owner.token },
    );
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.secret).toMatch(/^whsec_/);
    const list = await t.request('GET', HOOKS, { token: owner.token });
    expect(list.body.data).toHaveLength(1);
    expect(list.text).not.toContain(created.body.data.secret);
    expect(list.body.data[0].events).toEqual(['order.completed', 'ticket.checked_in']);

    // Another organiser sees none of it.
    const other = await givenLoggedInUser(t);
    const theirs = await t.request('GET', HOOKS, { token: other.token });
    expect(theirs.body.data).toEqual([]);
    const patch = await t.request('PATCH', `${HOOKS}/${created.body.data.id}`, {
      token: other.token,
      body: { enabled: false },
    });
    expect(patch.status).toBe(404);
  });

  it('delivers a signed order.completed; 500, 500, then 200 — three attempts, one delivery', async () => {
    const owner = await givenLoggedInUser(t);
    const r = await receiver([500, 500]);
    try {
      const created = await t.post(
        HOOKS,
        { url: r.url, events: ['order.completed'] },
        { token: owner.token },
      );
      expect(created.status, created.text).toBe(201);
      const { id: endpointId, secret } = created.body.data as { id: string; secret: string };
      const { event, typeId } = await freeEvent(owner.token);
      const order = await buyFree(event.id, typeId);
      expect(order.status).toBe('completed');

      await eventually(() => expect(r.received).toHaveLength(3), 15_000);
      for (const attempt of r.received) expect(verifies(secret, attempt)).toBe(true);
      expect(verifies('whsec_wrong', r.received[0]!)).toBe(false);
      const ids = new Set(r.received.map((x) => x.headers['gatepass-delivery']));
      expect(ids.size).toBe(1);
      const body = JSON.parse(r.received[2]!.body) as {
        id: string;
        type: string;
        data: { order: { id: string; code: string; status: string; items: unknown[] } };
      };
      expect(body.type).toBe('order.completed');
      expect(body.id).toBe([...ids][0]);
      expect(body.data.order).toMatchObject({
        id: order.id,
        code: order.orderCode,
        status: 'completed',
      });
      expect(r.received.every((x) => x.body === r.received[0]!.body)).toBe(true);

      const log = await eventually(async () => {
        const res = await t.request('GET', `${HOOKS}/${endpointId}/deliveries`, {
          token: owner.token,
        });
        expect(res.body.data[0].status).toBe('delivered');
        return res.body.data as {
          id: string;
          status: string;
          attempts: number;
          log: { statusCode: number }[];
        }[];
      });
      expect(log).toHaveLength(1);
      expect(log[0]!.attempts).toBe(3);
      expect(log[0]!.log.map((a) => a.statusCode)).toEqual([200, 500, 500]);

      // No fourth attempt for the same change.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(r.received).toHaveLength(3);

      // Redeliver: the same delivery id and body, once per press.
      const presses = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.post(`${HOOKS}/${endpointId}/deliveries/${log[0]!.id}/redeliver`, undefined, {
            token: owner.token,
          }),
        ),
      );
      expect(presses.filter((p) => p.status === 200)).toHaveLength(1);
      await eventually(() => expect(r.received).toHaveLength(4), 10_000);
      expect(r.received[3]!.headers['gatepass-delivery']).toBe(log[0]!.id);
      expect(r.received[3]!.body).toBe(r.received[0]!.body);

      // A press that arrives after the first press's attempt has already finished is the same
      // press again, not a second one (decision 115): a burst never sends it twice.
      const deliveries = `${HOOKS}/${endpointId}/deliveries`;
      await eventually(async () => {
        const res = await t.request('GET', deliveries, { token: owner.token });
        expect(res.body.data[0].status).toBe('delivered');
        expect(res.body.data[0].attempts).toBe(4);
      });
      const late = await t.post(`${deliveries}/${log[0]!.id}/redeliver`, undefined, {
        token: owner.token,
      });
      expect(late.status, late.text).toBe(409);
      expect(late.body.error).toBe(
        'This delivery was queued again a moment ago. Wait a few seconds to send it again.',
      );
      // Seconds later it is a new press.
      await sql`update webhook_deliveries set requeued_at = requeued_at - interval '1 minute'
        where id = ${log[0]!.id}`.execute(t.db);
      const again = await t.post(`${deliveries}/${log[0]!.id}/redeliver`, undefined, {
        token: owner.token,
      });
      expect(again.status, again.text).toBe(200);
      await eventually(() => expect(r.received).toHaveLength(5), 10_000);
    } finally {
      await r.close();
    }
  });

  it('sends check-ins, cancellations and refunds only to endpoints that take them', async () => {
    const owner = await givenLoggedInUser(t);
    const r = await receiver();
    try {
      const created = await t.post(
        HOOKS,
        { url: r.url, events: ['ticket.checked_in', 'order.cancelled'] },
        { token: owner.token },
      );
      expect(created.status).toBe(201);
      const { event, typeId } = await freeEvent(owner.token);
      const first = await buyFree(event.id, typeId);
      const second = await buyFree(event.id, typeId);
      const marked = await t.post(
        `${API}/ticketPurchase/mark-attended`,
        { eventId: event.id, ticketCodes: [first.orderCode] },
        { token: owner.token },
      );
      expect(marked.status, marked.text).toBe(200);
      const cancelled = await t.post(
        `${MANAGE}/orders/${second.id}/cancel`,
        { reason: 'Duplicate' },
        { token: owner.token },
      );
      expect(cancelled.status, cancelled.text).toBe(200);
      await eventually(() => expect(r.received).toHaveLength(2), 10_000);
      const types = r.received.map((x) => (JSON.parse(x.body) as { type: string }).type).sort();
      expect(types).toEqual(['order.cancelled', 'ticket.checked_in']);
    } finally {
      await r.close();
    }
  });

  it('sends transfers, refunds and waiting-list offers, each once', async () => {
    const owner = await givenLoggedInUser(t);
    const r = await receiver();
    try {
      const created = await t.post(
        HOOKS,
        { url: r.url, events: ['ticket.transferred', 'order.refunded', 'waitlist.offered'] },
        { token: owner.token },
      );
      expect(created.status).toBe(201);
      const event = await givenPublishedEvent(t, owner.token, {}, [
        { name: 'Free', price: 0, capacity: 2 },
      ]);
      const detail = await t.request('GET', `${API}/events/${event.slug}`);
      const typeId = detail.body.data.ticketTypes[0].id as string;
      const first = await buyFree(event.id, typeId);
      const second = await buyFree(event.id, typeId);
      // Sold out: someone waits.
      const joined = await t.post(`${API}/waitlist`, {
        eventId: event.id,
        ticketTypeId: typeId,
        name: 'Wale Waiting',
        email: 'wale.waiting@example.com',
        quantity: 1,
      });
      expect(joined.status, joined.text).toBe(201);

      const transferred = await t.post(
        `${MANAGE}/orders/${first.id}/transfer`,
        {
          firstName: 'Tolu',
          lastName: 'New',
          email: 'tolu.new@example.com',
          orderCode: first.orderCode,
        },
        { token: owner.token },
      );
      expect(transferred.status, transferred.text).toBe(200);
      const refunded = await t.post(
        `${MANAGE}/orders/${second.id}/refund`,
        { reason: 'Cannot come' },
        { token: owner.token },
      );
      expect(refunded.status, refunded.text).toBe(200);

      await eventually(() => expect(r.received).toHaveLength(3), 10_000);
      const bodies = r.received.map(
        (x) =>
          JSON.parse(x.body) as {
            type: string;
            data: {
              order?: { id: string; code: string; buyer: { email: string } };
              from?: { code: string };
              offer?: { email: string; quantity: number };
            };
          },
      );
      const byType = Object.fromEntries(bodies.map((b) => [b.type, b.data]));
      expect(Object.keys(byType).sort()).toEqual([
        'order.refunded',
        'ticket.transferred',
        'waitlist.offered',
      ]);
      expect(byType['ticket.transferred']!.from!.code).toBe(first.orderCode);
      expect(byType['ticket.transferred']!.order!.buyer.email).toBe('tolu.new@example.com');
      expect(byType['ticket.transferred']!.order!.code).not.toBe(first.orderCode);
      expect(byType['order.refunded']!.order!.id).toBe(second.id);
      expect(byType['waitlist.offered']!.offer).toMatchObject({
        email: 'wale.waiting@example.com',
        quantity: 1,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(r.received).toHaveLength(3);
    } finally {
      await r.close();
    }
  });

  it('pauses an endpoint failing for a day, tells the owner, holds deliveries, and sends them on resume', async () => {
    const owner = await givenLoggedInUser(t);
    const r = await receiver([500]);
    try {
      const created = await t.post(
        HOOKS,
        { url: r.url, events: ['order.completed'] },
        { token: owner.token },
      );
      const endpointId = created.body.data.id as string;
      // It has failed since yesterday.
      await sql`update webhook_endpoints set failing_since = now() - interval '25 hours'
        where id = ${endpointId}`.execute(t.db);
      const { event, typeId } = await freeEvent(owner.token);
      await buyFree(event.id, typeId);
      await eventually(async () => {
        const list = await t.request('GET', HOOKS, { token: owner.token });
        expect(list.body.data[0].status).toBe('paused');
      }, 10_000);
      const mail = await eventually(() => t.latestMailTo(owner.email, 'webhook-paused'), 5000);
      expect(mail.text_body).toContain(r.url);

      // Meanwhile: kept, not sent.
      await buyFree(event.id, typeId);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(r.received).toHaveLength(1);
      const held = await t.request('GET', `${HOOKS}/${endpointId}/deliveries`, {
        token: owner.token,
      });
      expect(held.body.data.map((d: { status: string }) => d.status).sort()).toEqual([
        'held',
        'held',
      ]);

      const resumed = await t.request('PATCH', `${HOOKS}/${endpointId}`, {
        token: owner.token,
        body: { enabled: true },
      });
      expect(resumed.status, resumed.text).toBe(200);
      expect(resumed.body.data.status).toBe('active');
      await eventually(() => expect(r.received).toHaveLength(3), 10_000);
    } finally {
      await r.close();
    }
  });

  it('a manager may not manage webhooks (owner only)', async () => {
    const owner = await givenLoggedInUser(t);
    const manager = await givenLoggedInUser(t);
    const ids = await sql<{ id: string; email: string }>`
      select id, email from users where email in (${owner.email.toLowerCase()}, ${manager.email.toLowerCase()})`.execute(
      t.db,
    );
    const idOf = (email: string) => ids.rows.find((x) => x.email === email.toLowerCase())!.id;
    await sql`insert into team_members (organiser_id, user_id, role, all_events)
      values (${idOf(owner.email)}, ${idOf(manager.email)}, 'manager', true)`.execute(t.db);
    const res = await t.request('GET', HOOKS, {
      token: manager.token,
      headers: { 'x-gatepass-organiser': idOf(owner.email) },
    });
    expect(res.status).toBe(403);
  });
});
