import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { makeImage, multipartBody } from '../event-factories.ts';
import { givenUser, logIn, type GivenUser } from '../factories.ts';
import { startTestApp, type Reply, type TestApp } from '../helper.ts';
import {
  openApiOperations,
  pathParams,
  registeredRoutes,
  routeKey,
  validValue,
  type Operation,
  type RegisteredRoute,
} from './routes.ts';
import { fingerprint, givenWorld, knownValues, paramResource, type World } from './world.ts';

/**
 * The authorization matrix, generated from the routes the server has registered (not
 * from a hand-kept list), so a route added tomorrow is checked tomorrow:
 *
 *   every route that is not public × anonymous → 401
 *                                   × another organiser → 404, and nothing of the owner's
 *                                     changes or shows in the answer
 *                                   × the owner → neither 401 nor 404 (nor a 5xx)
 *
 * A route is public only when PUBLIC (or ORDER_TOKEN) below says why. Path parameters are
 * filled with the owner's real ids by name; a route whose parameters cannot be filled fails
 * with its name, so the list stays honest.
 */

/** Routes anyone may call, with the reason. Anything else must require a login. */
const PUBLIC: Record<string, string> = {
  'GET /api/v1/health': 'load balancers and uptime checks probe it',
  'POST /api/v1/auth/user/signup': 'creating an account',
  'POST /api/v1/auth/user/verify-email': 'proves an email before any session exists',
  'POST /api/v1/auth/user/resend-verification': 'before any session exists',
  'POST /api/v1/auth/user/login': 'starts a session',
  'POST /api/v1/auth/user/forgot-password': 'the user cannot log in',
  'POST /api/v1/auth/user/reset-password': 'authorised by the mailed single-use token',
  'POST /api/v1/auth/user/reset-password/check':
    'the reset page asks whether its mailed link still works, before any session; rate-limited',
  'GET /api/v1/media/:id': 'event covers are shown on public pages',
  'GET /api/v1/events': 'the public events list',
  'GET /api/v1/events/:slug': "a published event's public page",
  'GET /api/v1/events/:slug/calendar.ics': "a published event's calendar file",
  'POST /api/v1/events/:slug/access-code':
    "a buyer's access code on a published event's page (decision 087): answers only the hidden types it unlocks, tries limited per address",
  'POST /api/v1/orders/quote': 'guests price a basket',
  'POST /api/v1/orders': 'guests may buy (DESIGN §2)',
  'POST /api/v1/orders/lookup':
    "the buyer's way back: order code plus the order's email, rate-limited",
  'POST /api/v1/orders/confirm-hold':
    "authorised by the single-use link mailed to an offline order's buyer (decision 025)",
  'GET /api/v1/payments/methods': 'the checkout shows the ways to pay',
  'POST /api/v1/waitlist':
    "anyone may join a sold-out type's waiting list (decision 032); rate-limited, one place per email",
  'POST /api/v1/waitlist/claim':
    'authorised by the single-use offer link mailed to the person in line (decision 032)',
  'POST /api/v1/waitlist/leave':
    'authorised by the signed leave link in the waiting-list mails (decision 047); wrong links are rate-limited',
  'POST /api/v1/payments/paystack/webhook': "Paystack's call, checked by its HMAC-SHA512 signature",
  'POST /api/v1/team/invitations/preview':
    'the join page shows whose team an invitation link is for, before sign-up; wrong tokens are rate-limited',
  // The public pages' HTML, with the public API answers their first render needs (decision 021).
  'GET /': 'the home page',
  'GET /events': 'the events list page',
  'GET /events/:slug': 'the event page, with its server-rendered <head>',
  'GET /embed/events/:slug':
    "the widget's page (issue 26 §1), framed on organisers' own sites: as public as the event page",
  // The app's shell (the same index.html every other address gets) with the page's code
  // preloaded; the page's data comes from the API, which checks it (decision 090).
  'GET /checkout/:eventId(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)':
    'the checkout page: any visitor may buy',
  'GET /events/manage/verify-ticket/:eventId(^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$)':
    "the door's page shell: the door list and check-ins are the API's, behind the organiser's token",
  'GET /events/:slug/queue':
    "the waiting room's queue page: every visitor joins the line (decision 034)",
  'GET /api/v1/waiting-room/:slug/status':
    "a visitor's place in the waiting room, as JSON (the gp_wr cookie is the visitor)",
  'POST /api/v1/waiting-room/:slug/join':
    "joins the pre-queue, authorised by a solved proof of work naming the visitor's signed cookie, or by the signed-in account (decision 055)",
  'GET /t/:link':
    'the light ticket page, authorised by the signed ticket link in the mail and SMS (decision 042)',
  'GET /t/sw.js': "the ticket pages' service worker, the same for everyone (decision 042)",
  // Wallet passes (decisions 043–044).
  'GET /t/:link/pass.pkpass':
    "the Apple Wallet pass of a ticket link, authorised by the link's HMAC (as the ticket page)",
  'GET /t/:link/google': 'the Google Wallet save link of a ticket link, authorised likewise',
  'POST /api/v1/wallet/apple/v1/devices/:device/registrations/:passType/:serial':
    "Apple Wallet's call, authorised by the pass's authenticationToken (ApplePass header)",
  'DELETE /api/v1/wallet/apple/v1/devices/:device/registrations/:passType/:serial':
    "Apple Wallet's call, authorised by the pass's authenticationToken",
  'GET /api/v1/wallet/apple/v1/devices/:device/registrations/:passType':
    "Apple Wallet asks which of a device's passes changed: opaque serials only, for a device id only it knows",
  'GET /api/v1/wallet/apple/v1/passes/:passType/:serial':
    "Apple Wallet fetches a pass, authorised by the pass's authenticationToken",
  'POST /api/v1/wallet/apple/v1/log': 'Apple Wallet reports errors about our passes: logged only',
  'GET /api/v1/events/:slug/questions':
    "the questions a published event's checkout asks (issue 25 §1): as public as its page",
  'POST /api/v1/messages/unsubscribe':
    'the one-click unsubscribe of announcement and reminder mails, authorised by the signed token in its link (decision 082); wrong tokens are rate-limited',
  'POST /api/v1/events/:slug/view':
    "the event page's view beacon: a count in aggregate, nothing read back (decision 071)",
};

/** Guest checkout: the order's own access token (X-Order-Token) stands in for a login. */
const ORDER_TOKEN: Record<string, string> = {
  'GET /api/v1/orders/:orderId': 'the checkout reads its order',
  'POST /api/v1/orders/:orderId/pay': 'the checkout chooses how to pay',
  'POST /api/v1/orders/:orderId/test-payment': 'the TEST provider page answers',
  'POST /api/v1/orders/:orderId/verify-payment': 'back from Paystack',
  'GET /api/v1/orders/:orderId/ticket.pdf': "the confirmation page's PDF download",
  'GET /api/v1/orders/:orderId/calendar.ics': "the confirmation page's calendar download",
  'POST /api/v1/orders/:orderId/transfer':
    'the buyer gives their order to someone else (decision 033)',
  'PUT /api/v1/orders/:orderId/tickets/:index':
    "the buyer names a ticket's holder (decision 080); another order's token is 404 (orders.named.test.ts)",
  'POST /api/v1/orders/:orderId/tickets/:index/send':
    'the buyer sends one ticket to its holder (decision 080); checked against the token under the lock',
  'POST /api/v1/orders/:orderId/tickets/:index/transfer':
    "the buyer transfers one sent ticket (decision 080); the group order's token, checked on the ticket's lock",
};

/** The OpenAPI UI and document. */
const isDocs = (url: string) =>
  url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs*');

/** Routes that end the session they are called with: each caller brings a spare one. */
const SESSION_ENDING = new Set(['POST /api/v1/auth/user/logout']);

/**
 * Bodies the schema alone cannot make valid (cross-field rules, files). Keyed by route;
 * anything else gets a body generated from its OpenAPI schema with the owner's ids.
 */
const EXAMPLES: Record<string, (w: World) => unknown> = {
  // A whole list that passes the contract's cross-field rules (decision 078).
  'PUT /api/v1/events/manage/:id/questions': () => ({
    questions: [{ id: randomUUID(), label: 'Matrix company', kind: 'short_text', per: 'order' }],
  }),
  'POST /api/v1/team/invitations/accept': (w) => ({ token: w.invitationToken }),
  'POST /api/v1/ticketPurchase/mark-attended': (w) => ({
    eventId: w.eventId,
    ticketCodes: [w.orderCode],
  }),
};

// API tokens (issue 26 §2) are sent a request per route each: their own limit out of the way.
const t: TestApp = await startTestApp({ apiTokenRequestsPerMinute: 100_000 });
afterAll(async () => {
  await t?.close();
});

const routes = registeredRoutes(t.app);
const operations = await openApiOperations(t.app);
const operationOf = (r: RegisteredRoute): Operation | undefined =>
  operations.find((o) => o.method === r.method && o.url === r.url);

const isPublic = (r: RegisteredRoute) =>
  isDocs(r.url) || routeKey(r) in PUBLIC || routeKey(r) in ORDER_TOKEN;
const guarded = routes.filter((r) => !isPublic(r));

let owner: GivenUser & { token: string };
let other: GivenUser & { token: string };
async function users() {
  if (!owner) {
    const [o, x] = [await givenUser(t), await givenUser(t)];
    owner = { ...o, token: await logIn(t, o) };
    other = { ...x, token: await logIn(t, x) };
  }
  return { owner, other };
}

/**
 * Reads share one world (the owner's GET changes nothing, and the fingerprint would say so);
 * every other method gets a fresh one, since the owner's call may delete or cancel things.
 */
let readWorld: World | undefined;
async function worldFor(route: RegisteredRoute): Promise<World> {
  const { owner } = await users();
  if (route.method !== 'GET') return givenWorld(t, owner.token);
  readWorld ??= await givenWorld(t, owner.token);
  return readWorld;
}

interface Built {
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/** The request this route gets, aimed at `w`'s things; throws when a parameter cannot be filled. */
async function build(r: RegisteredRoute, w: World): Promise<Built> {
  const known = knownValues(w);
  let url = r.url;
  for (const param of pathParams(r.url)) {
    const resource = paramResource(r.url, param);
    if (!resource)
      throw new Error(
        `${routeKey(r)}: cannot fill path parameter :${param}. Name it after what it is (eventId, orderId, ticketTypeId, promoId …) or teach PARAM_RESOURCE / ID_AFTER_SEGMENT in test/security/world.ts.`,
      );
    url = url.replace(`:${param}`, encodeURIComponent(String(w[resource])));
  }
  const op = operationOf(r);
  const query = new URLSearchParams();
  for (const p of op?.parameters ?? []) {
    if (p.in !== 'query') continue;
    if (p.required || p.name in known)
      query.set(p.name, String(validValue(p.schema, p.name, known)));
  }
  if ([...query].length) url += `?${query.toString()}`;

  const headers: Record<string, string> = {};
  const example = EXAMPLES[routeKey(r)];
  if (op?.multipart) {
    const file = multipartBody(await makeImage('png'), {
      filename: 'cover.png',
      contentType: 'image/png',
    });
    return { url, payload: file.payload, headers: { ...headers, ...file.headers } };
  }
  const body = example ? example(w) : validValue(op?.jsonBody, '', known);
  if (body === undefined) return { url, headers };
  return {
    url,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  };
}

async function send(
  r: RegisteredRoute,
  req: Built,
  token?: string,
  extra: Record<string, string> = {},
): Promise<Reply> {
  return t.request(r.method, req.url, {
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
    headers: { ...req.headers, ...extra },
    ...(token !== undefined ? { token } : {}),
  });
}

/** Anything that identifies the owner's things; none may reach another organiser. */
const secretsOf = (w: World) => [
  w.eventId,
  w.ticketTypeId,
  w.freeTicketTypeId,
  w.orderId,
  w.completedOrderId,
  w.orderCode,
  w.pendingOrderCode,
  w.buyerEmail,
  w.promoCodeId,
  w.promoCode,
  `Matrix${w.tag}`,
  w.teamMemberId,
  w.invitationId,
  `steward.${w.tag}`,
  `invitee.${w.tag}`,
  `matrix-${w.tag}`,
  w.webhookId,
];

describe('the route list the matrix is built from', () => {
  it('reads every route of the OpenAPI document from the router, and a sane number of them', () => {
    const keys = new Set(routes.map(routeKey));
    const missing = operations.map(routeKey).filter((k) => !keys.has(k));
    expect(missing, 'operations in /api/docs/json that printRoutes() did not show').toEqual([]);
    expect(routes.length).toBeGreaterThan(25);
    expect(guarded.length).toBeGreaterThan(10);
  });

  it('lists as public only routes that exist', () => {
    const keys = new Set(routes.map(routeKey));
    const stale = [...Object.keys(PUBLIC), ...Object.keys(ORDER_TOKEN)].filter((k) => !keys.has(k));
    expect(stale, 'PUBLIC/ORDER_TOKEN entries with no such route: remove them').toEqual([]);
  });

  it('can fill the path parameters of every guarded route with a real id', () => {
    const unfillable = guarded.flatMap((r) =>
      pathParams(r.url)
        .filter((p) => !paramResource(r.url, p))
        .map((p) => `${routeKey(r)} (:${p})`),
    );
    expect(unfillable, 'routes whose parameters the matrix cannot fill').toEqual([]);
  });

  it('has every guarded /api route documented as needing the bearer token', () => {
    const undocumented = guarded
      .filter((r) => r.url.startsWith('/api/'))
      .filter((r) => !operationOf(r)?.security)
      .map(routeKey);
    expect(undocumented, 'add `security: [{ bearer: [] }]` to their schema').toEqual([]);
  });
});

describe.each(guarded.map((r) => ({ ...r, key: routeKey(r) })))('$key', (route) => {
  it('answers anonymous 401, another organiser 404 without touching or showing anything, the owner neither', async () => {
    const { owner, other } = await users();
    const w = await worldFor(route);
    const req = await build(route, w);
    const before = await fingerprint(t, w);

    const anonymous = await send(route, req);
    expect(anonymous.status, `anonymous: ${anonymous.text}`).toBe(401);
    expect(anonymous.body?.code).toBe('UNAUTHORIZED');
    const forged = await send(route, req, 'x'.repeat(43));
    expect(forged.status, `unknown token: ${forged.text}`).toBe(401);
    expect(await fingerprint(t, w), 'anonymous calls changed the owner’s data').toBe(before);

    const ending = SESSION_ENDING.has(route.key);
    const stranger = await send(route, req, ending ? await logIn(t, other) : other.token);
    expect(stranger.status, `another organiser: ${stranger.text}`).toBeLessThan(500);
    expect(stranger.status, `another organiser: ${stranger.text}`).not.toBe(401);
    const ownsPathResource = pathParams(route.url).some(
      (p) => paramResource(route.url, p) !== 'slug',
    );
    if (ownsPathResource) expect(stranger.status, `another organiser: ${stranger.text}`).toBe(404);
    for (const secret of secretsOf(w)) {
      expect(stranger.text, `another organiser saw the owner's ${secret}`).not.toContain(secret);
    }
    expect(await fingerprint(t, w), 'another organiser changed the owner’s data').toBe(before);

    const token = ending ? await logIn(t, owner) : owner.token;
    const mine = await send(route, req, token);
    expect(mine.status, `owner: ${mine.text}`).toBeLessThan(500);
    expect([401, 404], `owner: ${mine.status} ${mine.text}`).not.toContain(mine.status);
  });
});

describe('guest checkout routes, guarded by the order token', () => {
  const tokenRoutes = routes.filter((r) => routeKey(r) in ORDER_TOKEN);

  it.each(tokenRoutes.map((r) => ({ ...r, key: routeKey(r) })))(
    '$key answers 404 without the order token or with another order’s, and serves the right one',
    async (route) => {
      const { owner } = await users();
      const w = await worldFor(route);
      const req = await build(route, w);
      const before = await fingerprint(t, w);
      const refused = await send(route, req);
      expect(refused.status, `no token: ${refused.text}`).toBe(404);
      for (const [label, headers] of [
        ['no token', {}],
        ['another order’s token', { 'x-order-token': w.completedOrderToken }],
        ['a made-up token', { 'x-order-token': 'x'.repeat(43) }],
      ] as const) {
        // The organiser's login is no key to a buyer's order either.
        const res = await send(route, req, owner.token, headers);
        expect(res.status, `${label}: ${res.text}`).toBe(404);
        expect(res.text).not.toContain(w.buyerEmail);
      }
      expect(await fingerprint(t, w)).toBe(before);
      const mine = await send(route, req, undefined, { 'x-order-token': w.orderToken });
      expect(mine.status, mine.text).toBeLessThan(500);
      expect(mine.status, mine.text).not.toBe(401);
      // A 404 of its own ("no Paystack payment was started") is fine; the not-found of a
      // refused token is not.
      if (mine.status === 404) expect(mine.body?.error).not.toBe(refused.body?.error);
    },
  );
});

describe('public routes', () => {
  it.each(
    routes
      .filter((r) => routeKey(r) in PUBLIC && r.method === 'GET')
      .map((r) => ({ ...r, key: routeKey(r) })),
  )('$key answers anonymous callers without a 401 or a 5xx', async (route) => {
    const w = await worldFor(route);
    const res = await send(route, await build(route, w));
    expect(res.status, res.text).toBeLessThan(500);
    expect(res.status).not.toBe(401);
  });
});

/**
 * Roles (issue 13): the same routes × the owner's team — a manager, a door steward given this
 * event, a door steward given another event of the owner. What each may call is written here
 * from the issue, not read from the routes' config, so a route that forgets its level fails:
 *
 *   - the spec's two door calls: managers and the event's stewards; another event's steward 403
 *   - the team (/events/manage/team…): the owner only; members 403
 *   - the member's own account (auth, settings, /team): everyone, on their own account
 *   - everything else guarded: owner and managers; stewards 403
 *
 * A refusal is 403 with a sentence, and changes nothing of the owner's.
 */
const DOOR_CALLS = new Set([
  'GET /api/v1/ticketPurchase/event/:eventId',
  // The door's compact list and sync (decision 088): the same people as the spec's list.
  'GET /api/v1/ticketPurchase/event/:eventId/compact',
  // The check-in lists a door may check (decision 084).
  'GET /api/v1/ticketPurchase/event/:eventId/lists',
  'POST /api/v1/ticketPurchase/mark-attended',
]);
const ownAccount = (r: RegisteredRoute) =>
  r.url.startsWith('/api/v1/auth/user/') ||
  r.url.startsWith('/api/v1/events/manage/settings') ||
  r.url.startsWith('/api/v1/team/');
const ownerOnly = (r: RegisteredRoute) =>
  r.url.startsWith('/api/v1/events/manage/team') ||
  // Webhooks (issue 26 §3): "an owner registers endpoints".
  r.url.startsWith('/api/v1/events/manage/webhooks') ||
  // API tokens reach the organiser's data: "an owner creates API tokens" (issue 26 §2).
  r.url.startsWith('/api/v1/events/manage/api-tokens');

type Member = GivenUser & { token: string; id: string };
let team:
  { manager: Member; doorHere: Member; doorElsewhere: Member; elsewhere: string } | undefined;
async function teamOf(): Promise<NonNullable<typeof team>> {
  if (team) return team;
  const { owner } = await users();
  const idOf = async (email: string) =>
    (
      await sql<{ id: string }>`select id from users where email = ${email.toLowerCase()}`.execute(
        t.db,
      )
    ).rows[0]!.id;
  const ownerId = await idOf(owner.email);
  const member = async (role: 'manager' | 'door'): Promise<Member> => {
    const u = await givenUser(t);
    const token = await logIn(t, u);
    const id = await idOf(u.email);
    await sql`insert into team_members (organiser_id, user_id, role, all_events)
      values (${ownerId}, ${id}, ${role}, ${role === 'manager'})`.execute(t.db);
    return { ...u, token, id };
  };
  const elsewhere = (await givenWorld(t, owner.token)).eventId;
  const doorElsewhere = await member('door');
  await sql`insert into team_member_events (organiser_id, user_id, event_id)
    values (${ownerId}, ${doorElsewhere.id}, ${elsewhere})`.execute(t.db);
  team = {
    manager: await member('manager'),
    doorHere: await member('door'),
    doorElsewhere,
    elsewhere,
  };
  return team;
}

describe.each(guarded.map((r) => ({ ...r, key: routeKey(r) })))('$key by role', (route) => {
  it('answers the manager and door stewards as their roles allow, and a refusal changes nothing', async () => {
    const { owner } = await users();
    const members = await teamOf();
    // A fresh world: an allowed call may change or delete what it names.
    const w = route.method === 'GET' ? await worldFor(route) : await givenWorld(t, owner.token);
    await sql`insert into team_member_events (organiser_id, user_id, event_id)
      values (${w.ownerId}, ${members.doorHere.id}, ${w.eventId}) on conflict do nothing`.execute(
      t.db,
    );
    const req = await build(route, w);
    const ending = SESSION_ENDING.has(route.key);
    const tokenOf = async (m: Member) => (ending ? logIn(t, m) : m.token);

    const refused = async (who: string, m: Member) => {
      const before = await fingerprint(t, w);
      const res = await send(route, req, await tokenOf(m));
      expect(res.status, `${who}: ${res.text}`).toBe(403);
      expect(res.body?.code).toBe('FORBIDDEN');
      expect(String(res.body?.error ?? '').length, 'a sentence').toBeGreaterThan(20);
      expect(await fingerprint(t, w), `${who}'s refused call changed the owner's data`).toBe(
        before,
      );
    };
    const allowed = async (who: string, m: Member) => {
      const res = await send(route, req, await tokenOf(m));
      expect(res.status, `${who}: ${res.text}`).toBeLessThan(500);
      expect([401, 403, 404], `${who}: ${res.status} ${res.text}`).not.toContain(res.status);
    };

    if (ownAccount(route)) {
      // Their own account: nothing of the owner's can be reached this way.
      const before = await fingerprint(t, w);
      for (const [who, m] of [
        ['door steward', members.doorHere],
        ['manager', members.manager],
      ] as const) {
        const res = await send(route, req, await tokenOf(m));
        expect(res.status, `${who}: ${res.text}`).toBeLessThan(500);
        expect(res.status, `${who}: ${res.text}`).not.toBe(401);
      }
      expect(await fingerprint(t, w)).toBe(before);
      return;
    }
    if (DOOR_CALLS.has(route.key)) {
      await refused('door steward of another event', members.doorElsewhere);
      await allowed('door steward of this event', members.doorHere);
      await allowed('manager', members.manager);
      return;
    }
    await refused('door steward of another event', members.doorElsewhere);
    await refused('door steward of this event', members.doorHere);
    if (ownerOnly(route)) await refused('manager', members.manager);
    else await allowed('manager', members.manager);
  });
});

/**
 * API tokens (issue 26 §2, decision 070): the same routes × a token of each scope. What each
 * scope may call is written here from the issue, not read from api-tokens.scopes.ts:
 *
 *   - read (orders and attendees): the order list, one order, the export, the door's list
 *   - checkin (write check-ins): the door's list and mark-attended
 *   - manage (events): create, change, publish, cancel, duplicate, delete events and their
 *     ticket types
 *   - every scope: list and read the organiser's events (to find the ids the others take)
 *
 * Anything else — the account, settings, team, tokens themselves, finances, promos, refunds —
 * answers a token 403 with a sentence and changes nothing. Allowed calls act for the owner;
 * another organiser's token is 404 on what the path names. A revoked token is 401.
 */
const EVERY_SCOPE = ['read', 'checkin', 'manage'] as const;
type Scope = (typeof EVERY_SCOPE)[number];
const TOKEN_ALLOWS: Record<string, readonly Scope[]> = {
  'GET /api/v1/events/manage': EVERY_SCOPE,
  'GET /api/v1/events/manage/:id': EVERY_SCOPE,
  'GET /api/v1/events/manage/orders': ['read'],
  'GET /api/v1/events/manage/orders/export.csv': ['read'],
  'GET /api/v1/events/manage/orders/:orderId': ['read'],
  'GET /api/v1/ticketPurchase/event/:eventId': ['read', 'checkin'],
  'GET /api/v1/ticketPurchase/event/:eventId/compact': ['read', 'checkin'],
  'POST /api/v1/ticketPurchase/mark-attended': ['checkin'],
  'POST /api/v1/events/manage': ['manage'],
  'PATCH /api/v1/events/manage/:id': ['manage'],
  'DELETE /api/v1/events/manage/:id': ['manage'],
  'POST /api/v1/events/manage/:id/publish': ['manage'],
  'POST /api/v1/events/manage/:id/cancel': ['manage'],
  'POST /api/v1/events/manage/:id/duplicate': ['manage'],
  'POST /api/v1/events/manage/:id/ticket-types': ['manage'],
  'PATCH /api/v1/events/manage/:id/ticket-types/:ticketTypeId': ['manage'],
  'DELETE /api/v1/events/manage/:id/ticket-types/:ticketTypeId': ['manage'],
};
const allowedScopes = (key: string): readonly Scope[] => TOKEN_ALLOWS[key.replace(/\/$/, '')] ?? [];

/** Every world gives the owner a live token: revoke them, to stay under the cap of 50. */
async function roomForTokens(email: string): Promise<void> {
  await sql`update api_tokens set revoked_at = now() where revoked_at is null
    and organiser_id = (select id from users where email = ${email.toLowerCase()})`.execute(t.db);
}

let apiTokens: { mine: Record<Scope, string>; foreign: Record<Scope, string> } | undefined;
async function tokensOf(): Promise<NonNullable<typeof apiTokens>> {
  if (apiTokens) return apiTokens;
  const { owner, other } = await users();
  await roomForTokens(owner.email);
  const make = async (session: string) => {
    const out = {} as Record<Scope, string>;
    for (const scope of EVERY_SCOPE) {
      const res = await t.post(
        '/api/v1/events/manage/api-tokens',
        { name: `Matrix ${scope}`, scope },
        { token: session },
      );
      expect(res.status, res.text).toBe(201);
      out[scope] = res.body.data.secret as string;
    }
    return out;
  };
  apiTokens = { mine: await make(owner.token), foreign: await make(other.token) };
  return apiTokens;
}

describe('API token scopes: the list the matrix checks against', () => {
  it('names only routes that exist', () => {
    const keys = new Set(routes.map((r) => routeKey(r).replace(/\/$/, '')));
    expect(Object.keys(TOKEN_ALLOWS).filter((k) => !keys.has(k))).toEqual([]);
  });
});

describe.each(guarded.map((r) => ({ ...r, key: routeKey(r) })))('$key by API token', (route) => {
  it('answers each scope as the issue allows, 403 outside it; another organiser’s token 404', async () => {
    const { owner } = await users();
    const tokens = await tokensOf();
    const w = route.method === 'GET' ? await worldFor(route) : await givenWorld(t, owner.token);
    const req = await build(route, w);
    const allowed = allowedScopes(route.key);
    const ownsPathResource = pathParams(route.url).some(
      (p) => paramResource(route.url, p) !== 'slug',
    );

    const before = await fingerprint(t, w);
    for (const scope of EVERY_SCOPE.filter((s) => !allowed.includes(s))) {
      const res = await send(route, req, tokens.mine[scope]);
      expect(res.status, `${scope} token: ${res.text}`).toBe(403);
      expect(res.body?.code).toBe('FORBIDDEN');
      expect(String(res.body?.error ?? '').length, 'a sentence').toBeGreaterThan(20);
    }
    for (const scope of EVERY_SCOPE) {
      const res = await send(route, req, tokens.foreign[scope]);
      expect(res.status, `another organiser's ${scope} token: ${res.text}`).toBeLessThan(500);
      if (allowed.includes(scope) && ownsPathResource) {
        expect(res.status, `another organiser's ${scope} token: ${res.text}`).toBe(404);
      }
      for (const secret of secretsOf(w)) {
        expect(res.text, `another organiser's token saw the owner's ${secret}`).not.toContain(
          secret,
        );
      }
    }
    expect(await fingerprint(t, w), 'a refused token call changed the owner’s data').toBe(before);

    for (const scope of allowed) {
      const res = await send(route, req, tokens.mine[scope]);
      expect(res.status, `${scope} token: ${res.text}`).toBeLessThan(500);
      expect([401, 403, 404], `${scope} token: ${res.status} ${res.text}`).not.toContain(
        res.status,
      );
    }
  });
});

describe('public routes and API tokens', () => {
  it('a revoked token is 401 on its next request, on every route it could call', async () => {
    const { owner } = await users();
    await roomForTokens(owner.email);
    const made = await t.post(
      '/api/v1/events/manage/api-tokens',
      { name: 'Soon revoked', scope: 'read' },
      { token: owner.token },
    );
    const secret = made.body.data.secret as string;
    expect((await t.request('GET', '/api/v1/events/manage', { token: secret })).status).toBe(200);
    const revoked = await t.request(
      'DELETE',
      `/api/v1/events/manage/api-tokens/${made.body.data.token.id}`,
      { token: owner.token },
    );
    expect(revoked.status).toBe(200);
    const w = await worldFor({ method: 'GET', url: '/api/v1/events/manage' });
    for (const key of Object.keys(TOKEN_ALLOWS).filter((k) => k.startsWith('GET '))) {
      const route = routes.find((r) => routeKey(r).replace(/\/$/, '') === key)!;
      const res = await send(route, await build(route, w), secret);
      expect(res.status, `${key}: ${res.text}`).toBe(401);
    }
  });
});
