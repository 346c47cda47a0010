import { afterAll, describe, expect, it } from 'vitest';
import { givenUser, logIn, newSignup, uniqueEmail, uniquePhone } from '../factories.ts';
import { API, AUTH, startTestApp, type TestApp } from '../helper.ts';
import {
  openApiOperations,
  pathParams,
  registeredRoutes,
  routeKey,
  validValue,
  type RegisteredRoute,
} from './routes.ts';
import { givenWorld, knownValues, paramResource, type World } from './world.ts';

/**
 * Every answer that carries a token or someone's data says `Cache-Control: no-store`
 * (issue 16 §4, OWASP ASVS 8.2.1), walked over the routes the server has registered, so a
 * route added tomorrow is covered by the default rather than by remembering a header.
 * Only the answers below may be kept by a cache: the same for everyone, nobody's data.
 */
const CACHEABLE: Record<string, string> = {
  'GET /api/v1/events': 'the public events list',
  'GET /api/v1/events/:slug': "a published event's public page",
  'GET /api/v1/events/:slug/calendar.ics': "a published event's calendar file",
  'GET /api/v1/media/:id': 'event covers, immutable by id',
};
/** Order routes a guest reaches with the order's own token. */
const byOrderToken = (r: RegisteredRoute) => /^\/api\/v1\/orders\/:orderId/.test(r.url);
const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs');

const t: TestApp = await startTestApp();
afterAll(async () => {
  await t?.close();
});

const routes = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api/') && !isDocs(r.url));
const operations = await openApiOperations(t.app);

let ownerToken: string | undefined;
let world: World | undefined;
async function owner(): Promise<{ token: string; world: World }> {
  if (!ownerToken) {
    const user = await givenUser(t);
    ownerToken = await logIn(t, user);
    world = await givenWorld(t, ownerToken);
  }
  return { token: ownerToken, world: world! };
}

const noStore = (headers: Record<string, unknown>) => String(headers['cache-control'] ?? '');

describe('Cache-Control on every API answer', () => {
  it.each(
    routes.filter((r) => !(routeKey(r) in CACHEABLE)).map((r) => ({ ...r, key: routeKey(r) })),
  )('$key answers no-store, whoever calls it', async (route) => {
    const { token, world: w } = await owner();
    const known = knownValues(w);
    let url = route.url;
    for (const param of pathParams(route.url)) {
      const resource = paramResource(route.url, param);
      url = url.replace(`:${param}`, encodeURIComponent(String(resource ? w[resource] : 'x')));
    }
    const op = operations.find((o) => o.method === route.method && o.url === route.url);
    const body = op?.multipart ? undefined : validValue(op?.jsonBody, '', known);
    const payload =
      body === undefined
        ? {}
        : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
    // Anonymous first: the default must not hang on a token being sent.
    const anonymous = await t.request(route.method, url, payload);
    expect(noStore(anonymous.headers), `anonymous ${anonymous.status}`).toMatch(/no-store/);
    const credentials = byOrderToken(route)
      ? { headers: { ...(payload.headers ?? {}), 'x-order-token': w.orderToken } }
      : { token, headers: payload.headers ?? {} };
    const mine = await t.request(route.method, url, { ...payload, ...credentials });
    expect(noStore(mine.headers), `with credentials ${mine.status}: ${mine.text}`).toMatch(
      /no-store/,
    );
  });

  it('keeps the public reads cacheable for everyone', async () => {
    const { world: w } = await owner();
    for (const url of [`${API}/events`, `${API}/events/${w.slug}`]) {
      const res = await t.request('GET', url);
      expect(res.status).toBe(200);
      expect(noStore(res.headers), url).not.toMatch(/no-store/);
    }
  });
});

describe('the answers that hand out tokens or personal data, answered 2xx', () => {
  it('signup, login, me, a new order, its read and the lookup all say no-store', async () => {
    const { world: w } = await owner();
    const signup = await t.post(`${AUTH}/signup`, newSignup());
    expect(signup.status, signup.text).toBe(201);
    expect(noStore(signup.headers)).toMatch(/no-store/);

    const user = await givenUser(t);
    const login = await t.post(`${AUTH}/login`, {
      phoneNumber: user.phoneNumber,
      password: user.password,
    });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();
    expect(noStore(login.headers)).toMatch(/no-store/);

    const me = await t.request('GET', `${AUTH}/me`, { token: login.body.token as string });
    expect(me.status).toBe(200);
    expect(noStore(me.headers)).toMatch(/no-store/);

    // A buyer of its own: the world's buyer and the route walk's generated one ("08031234567")
    // already hold this event's tickets, and a buyer may hold only two (decision 025).
    const buyerEmail = uniqueEmail('cache');
    const order = await t.post(`${API}/orders`, {
      eventId: w.eventId,
      items: [{ ticketTypeId: w.freeTicketTypeId, quantity: 1 }],
      buyer: { firstName: 'Ada', lastName: 'Cache', email: buyerEmail, phone: uniquePhone() },
    });
    expect(order.status, order.text).toBe(201);
    expect(order.body.data.accessToken).toBeTruthy();
    expect(noStore(order.headers)).toMatch(/no-store/);

    const read = await t.request('GET', `${API}/orders/${order.body.data.order.id as string}`, {
      headers: { 'x-order-token': order.body.data.accessToken as string },
    });
    expect(read.status).toBe(200);
    expect(noStore(read.headers)).toMatch(/no-store/);

    const lookup = await t.post(`${API}/orders/lookup`, {
      orderCode: order.body.data.order.orderCode as string,
      email: buyerEmail,
    });
    expect(lookup.status, lookup.text).toBe(200);
    expect(noStore(lookup.headers)).toMatch(/no-store/);
  });
});
