import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  FINANCES,
  givenEventWithTypes,
  givenOrganiser,
  HOME,
  MANAGE_ORDERS,
  PROMOS,
  SETTINGS,
  SHARE_KIT,
} from '../../../test/organiser-factories.ts';

/**
 * Every organiser route of orders, marketing, finances and settings: anonymous callers get
 * 401 before anything is looked at; another organiser gets 404 for anything of someone
 * else's, and their attempts change nothing.
 */
let t: TestApp;
let owner: { token: string };
let stranger: { token: string };
let ids: { event: string; order: string; pending: string; promo: string };

type Call = [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown];

beforeAll(async () => {
  t = await startTestApp();
  owner = await givenOrganiser(t);
  stranger = await givenOrganiser(t);
  const { event, types } = await givenEventWithTypes(
    t,
    owner.token,
    [{ price: 1000, capacity: 10 }],
    { offlinePayment: true },
  );
  const paid = await buy(t, event.id, types[0]!.id, { pay: 'test' });
  const pending = await buy(t, event.id, types[0]!.id, { pay: 'offline' });
  const promo = await t.post(
    PROMOS,
    { eventId: event.id, code: 'OWNERONLY', kind: 'percent', amount: 10 },
    { token: owner.token },
  );
  expect(promo.status, promo.text).toBe(201);
  ids = {
    event: event.id,
    order: paid.order.id,
    pending: pending.order.id,
    promo: promo.body.data.id,
  };
});
afterAll(() => t?.close());

/** Routes that name something of the owner's. */
const ownedRoutes = (): Call[] => [
  ['GET', `${MANAGE_ORDERS}?eventId=${ids.event}`],
  ['GET', `${MANAGE_ORDERS}/export.csv?eventId=${ids.event}`],
  ['GET', `${MANAGE_ORDERS}/${ids.order}`],
  ['POST', `${MANAGE_ORDERS}/${ids.order}/resend-tickets`],
  ['POST', `${MANAGE_ORDERS}/${ids.pending}/mark-paid`],
  ['POST', `${MANAGE_ORDERS}/${ids.pending}/cancel`, { reason: 'no' }],
  ['POST', `${MANAGE_ORDERS}/${ids.order}/refund`, {}],
  ['GET', `${PROMOS}?eventId=${ids.event}`],
  ['POST', PROMOS, { eventId: ids.event, code: 'HIJACK', kind: 'percent', amount: 100 }],
  ['GET', `${PROMOS}/${ids.promo}`],
  ['PATCH', `${PROMOS}/${ids.promo}`, { amount: 100 }],
  ['DELETE', `${PROMOS}/${ids.promo}`],
  ['GET', `${SHARE_KIT}/${ids.event}`],
  ['GET', `${SHARE_KIT}/${ids.event}/poster.png`],
  ['GET', `${SHARE_KIT}/${ids.event}/poster.pdf`],
  ['GET', `${FINANCES}?eventId=${ids.event}`],
  ['GET', `${FINANCES}/export.csv?eventId=${ids.event}`],
];

/** Routes about the caller only. */
const ownRoutes: Call[] = [
  ['GET', MANAGE_ORDERS],
  ['GET', `${MANAGE_ORDERS}/export.csv`],
  ['GET', PROMOS],
  ['GET', FINANCES],
  ['GET', `${FINANCES}/export.csv`],
  ['GET', HOME],
  ['GET', SETTINGS],
  ['PATCH', `${SETTINGS}/profile`, { fullName: 'X' }],
  ['PATCH', `${SETTINGS}/organiser`, { publicName: 'X' }],
  ['PUT', `${SETTINGS}/payout`, { bankName: 'A', accountNumber: '0123456789', accountName: 'B' }],
  ['DELETE', `${SETTINGS}/payout`],
  ['PATCH', `${SETTINGS}/preferences`, { orderNotifications: true }],
  ['POST', `${SETTINGS}/password`, { currentPassword: 'x', newPassword: 'long-enough-1' }],
];

describe('organiser routes', () => {
  it('answer 401 to anonymous callers and to a bad token, on every route', async () => {
    for (const [method, url, body] of [...ownedRoutes(), ...ownRoutes]) {
      for (const token of [undefined, 'not-a-session']) {
        const res = await t.request(method, url, {
          ...(token ? { token } : {}),
          ...(body !== undefined ? { body } : {}),
        });
        expect(res.status, `${method} ${url} (${token ?? 'anonymous'})`).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
    }
  });

  it("answer 404 to another organiser for anything of someone else's, and change nothing", async () => {
    for (const [method, url, body] of ownedRoutes()) {
      const res = await t.request(method, url, {
        token: stranger.token,
        ...(body !== undefined ? { body } : {}),
      });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    const order = await t.request('GET', `${MANAGE_ORDERS}/${ids.order}`, { token: owner.token });
    expect(order.body.data.status).toBe('completed');
    expect(order.body.data.history.map((h: { kind: string }) => h.kind)).not.toContain(
      'tickets_resent',
    );
    const pending = await t.request('GET', `${MANAGE_ORDERS}/${ids.pending}`, {
      token: owner.token,
    });
    expect(pending.body.data.status).toBe('pending');
    const promo = await t.request('GET', `${PROMOS}/${ids.promo}`, { token: owner.token });
    expect(promo.body.data).toMatchObject({ code: 'OWNERONLY', amount: 10 });
    const promos = await t.request('GET', `${PROMOS}?eventId=${ids.event}`, { token: owner.token });
    expect(promos.body.data).toHaveLength(1);
  });

  it("show another organiser nothing of someone else's in their own lists and figures", async () => {
    const orders = await t.request('GET', MANAGE_ORDERS, { token: stranger.token });
    expect(orders.body.data.total).toBe(0);
    const csv = await t.request('GET', `${MANAGE_ORDERS}/export.csv`, { token: stranger.token });
    expect(csv.text.trim().split('\r\n')).toHaveLength(1);
    const promos = await t.request('GET', PROMOS, { token: stranger.token });
    expect(promos.body.data).toEqual([]);
    const finances = await t.request('GET', FINANCES, { token: stranger.token });
    expect(finances.body.data.totals.orders).toBe(0);
    expect(finances.body.data.events).toEqual([]);
    const home = await t.request('GET', HOME, { token: stranger.token });
    expect(home.body.data.recentOrders).toEqual([]);
  });

  it('are all in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = JSON.parse(res.body).paths as Record<string, Record<string, unknown>>;
    const documented = new Set(
      Object.entries(paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((op) => `${op.toUpperCase()} ${path}`),
      ),
    );
    const asTemplate = (url: string) =>
      url
        .split('?')[0]!
        .replace(ids.event, '{eventId}')
        .replace(ids.promo, '{id}')
        .replace(ids.order, '{orderId}')
        .replace(ids.pending, '{orderId}');
    for (const [method, url] of [...ownedRoutes(), ...ownRoutes, ['POST', '/api/v1/orders/lookup']])
      expect(documented, `${method} ${url}`).toContain(`${method} ${asTemplate(url!)}`);
  });
});
