import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { givenDraftEvent, givenTicketType, MANAGE } from '../event-factories.ts';
import { givenUser, logIn, newSignup, uniqueEmail } from '../factories.ts';
import { API, AUTH, testEngine, type Reply, type RequestOptions, type TestApp } from '../helper.ts';
import { buyer, givenEventWithTypes, SETTINGS } from '../organiser-factories.ts';
import { givenPayoutAccount, startPaystackWorld, type PaystackWorld } from '../paystack-world.ts';
import { loadConfig } from '../../src/config.ts';
import { startApnsStandIn, walletKeys, type WalletKeys } from '../wallet-stand-ins.ts';
import { solveJoinChallenge } from '../waiting-room-proof.ts';
import { registeredRoutes, routeKey } from './routes.ts';

/**
 * Take first (issue 21 §2, decision 051): every route that changes state is sent the same
 * request twenty times at once, on PostgreSQL, and must make exactly one change and send at
 * most one message per change. The suite walks the routes the server has registered (as
 * no-store.test.ts does): a new POST/PUT/PATCH/DELETE under /api/ fails it until it has a
 * race case below or a reasoned entry in EXEMPT.
 *
 * Every case also checks, from the tables, that the race wrote no order history line twice
 * (same order, same kind) and queued no message twice (same recipient, same kind).
 */

const N = 20;

/** State-changing routes with no race case, and why none is needed. */
const EXEMPT: Record<string, string> = {
  'POST /api/v1/auth/user/login': 'a session per call is the effect, by design',
  'POST /api/v1/auth/user/resend-verification':
    'a new code per call is the effect (the latest one works); bounded by its per-account and per-address limits (auth.test.ts)',
  'POST /api/v1/auth/user/forgot-password':
    'a new reset link per call is the effect; bounded by its per-address and per-account limits (auth.test.ts)',
  'POST /api/v1/auth/user/reset-password/check': 'reads whether a link works; changes nothing',
  'POST /api/v1/orders/quote': 'prices a basket; changes nothing',
  'POST /api/v1/events/manage/:id/messages/preview':
    "counts a draft's recipients and SMS segments; changes nothing",
  'POST /api/v1/orders/lookup':
    'a read token per right answer is the effect, like a login; wrong tries are counted by the limiter',
  'POST /api/v1/team/invitations/preview': 'reads an invitation; changes nothing',
  'POST /api/v1/media':
    'each upload is a new image by design (an organiser may upload the same file twice)',
  'POST /api/v1/events/manage': 'each call creates a new draft event by design, as a form submit',
  'POST /api/v1/events/manage/:id/ticket-types':
    'each call adds a ticket type by design (two types may share a name)',
  'POST /api/v1/events/manage/:id/cover':
    'each upload replaces the cover: the last one wins, nothing is counted or sent',
  'POST /api/v1/events/manage/settings/email':
    'a new confirmation link per call is the effect (only the latest works); bounded by its per-account limit (settings.test.ts)',
  'POST /api/v1/events/:slug/access-code':
    'reads which hidden ticket types a code unlocks; changes nothing (tries are counted by its limiter)',
  'POST /api/v1/wallet/apple/v1/log':
    "Apple's device log: writes a log line per call, nothing else",
};

let ipSeq = 0;
const freshIp = () => `10.21.${Math.floor(++ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;

let w: PaystackWorld | undefined;
let t: TestApp;
let owner: string;
let ownerId: string;
/** Apple Wallet on (a throwaway pass certificate, an APNs stand-in): its device routes race. */
const PASS_TYPE = 'pass.test.gatepass.tickets';
let keys: WalletKeys | undefined;
let apns: Awaited<ReturnType<typeof startApnsStandIn>> | undefined;
afterAll(async () => {
  await w?.close();
  await apns?.close();
  keys?.remove();
});

if (testEngine === 'postgres') {
  keys = walletKeys(PASS_TYPE);
  apns = await startApnsStandIn(keys);
  const { appleWallet } = loadConfig({
    APPLE_PASS_TYPE_ID: PASS_TYPE,
    APPLE_TEAM_ID: 'ABCDE12345',
    APPLE_PASS_CERT_FILE: keys.files.cert,
    APPLE_PASS_KEY_FILE: keys.files.key,
    APPLE_WWDR_CERT_FILE: keys.files.wwdr,
    APPLE_APNS_URL: apns.url,
  });
  w = await startPaystackWorld({
    appleWallet: { ...appleWallet!, apnsCa: keys.root.certPem },
    walletSweepIntervalMs: 3_600_000,
  });
  t = w.t;
  owner = w.organiser;
  ownerId = (
    await sql<{
      user_id: string;
    }>`select user_id from sessions where token_hash = ${createHash('sha256').update(owner).digest('hex')}`.execute(
      t.db,
    )
  ).rows[0]!.user_id;
}

const ORDERS = `${API}/orders`;
const MANAGE_ORDERS = `${MANAGE}/orders`;
const TEAM = `${MANAGE}/team`;

// Firing and counting ----------------------------------------------------------------------

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The same request N times at once. */
async function fire(method: Method, url: string, options: RequestOptions = {}): Promise<Reply[]> {
  await mark();
  return Promise.all(Array.from({ length: N }, () => t.request(method, url, options)));
}

const ok = (replies: Reply[]) => replies.filter((r) => r.status >= 200 && r.status < 300);
const statuses = (replies: Reply[]) =>
  [...new Set(replies.map((r) => r.status))].sort().join(',') +
  ' ' +
  replies
    .filter((r) => r.status >= 500)
    .map((r) => r.text)
    .slice(0, 1)
    .join('');

/** Exactly one request made the change; the others were refused without a server error. */
function exactlyOne(replies: Reply[], refused: number[] = [404, 409]) {
  expect(ok(replies).length, statuses(replies)).toBe(1);
  for (const r of replies)
    if (r.status >= 300) expect(refused, `${r.status} ${r.text}`).toContain(r.status);
}

/** An idempotent change: every request answered 2xx (or the given refusals), none failed. */
function allFine(replies: Reply[], refused: number[] = []) {
  for (const r of replies) {
    if (r.status >= 200 && r.status < 300) continue;
    expect(refused, `${r.status} ${r.text}`).toContain(r.status);
  }
}

/** When the latest race began: the checks after each case look at what it wrote since. */
let raceStart = new Date(0);
async function mark(): Promise<Date> {
  const { rows } = await sql<{ at: Date }>`select clock_timestamp() as at`.execute(t.db);
  raceStart = rows[0]!.at;
  return raceStart;
}

/** Messages queued since `since` to the same recipient with the same kind more than once. */
async function duplicateMessages(since: Date) {
  const { rows } = await sql<{ to_address: string; kind: string; n: number }>`
    select to_address, kind, count(*)::int as n from mail_outbox where created_at >= ${since}
    group by to_address, kind having count(*) > 1`.execute(t.db);
  return rows;
}

/** Order history lines written since `since` twice for the same order and kind. */
async function duplicateHistory(since: Date) {
  const { rows } = await sql<{ order_id: string; kind: string; n: number }>`
    select order_id, kind, count(*)::int as n from order_history where created_at >= ${since}
    group by order_id, kind having count(*) > 1`.execute(t.db);
  return rows;
}

async function messages(since: Date, to: string, kind?: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from mail_outbox where created_at >= ${since}
      and lower(to_address) = lower(${to}) and (${kind ?? null}::text is null or kind = ${kind ?? null})`.execute(
    t.db,
  );
  return rows[0]!.n;
}

async function history(orderId: string, kind: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from order_history where order_id = ${orderId} and kind = ${kind}`.execute(
    t.db,
  );
  return rows[0]!.n;
}

async function one<T>(query: ReturnType<typeof sql<T>>): Promise<T> {
  const { rows } = await query.execute(t.db);
  return rows[0]!;
}

const sold = async (ticketTypeId: string) =>
  (await one(sql<{ sold: number }>`select sold from ticket_types where id = ${ticketTypeId}`)).sold;
const orderStatus = async (orderId: string) =>
  (await one(sql<{ status: string }>`select status from orders where id = ${orderId}`)).status;

// Things to race on -------------------------------------------------------------------------

let deviceSeq = 0;
/**
 * A completed order's Apple pass, downloaded as the buyer does, and a new device's
 * registration URL for it with the pass's own `ApplePass` token (as wallet.test.ts reads it).
 */
async function applePass(): Promise<{ url: string; headers: Record<string, string> }> {
  const o = await order('free');
  const res = await t.request('GET', `${ORDERS}/${o.id}`, { headers: o.headers });
  expect(res.status, res.text).toBe(200);
  const ticketPath = new URL(res.body.data.ticketUrl as string).pathname;
  const pkpass = await t.app.inject({ method: 'GET', url: `${ticketPath}/pass.pkpass` });
  expect(pkpass.statusCode, pkpass.body).toBe(200);
  const files = unzipSync(new Uint8Array(pkpass.rawPayload));
  const pass = JSON.parse(Buffer.from(files['pass.json']!).toString()) as {
    serialNumber: string;
    authenticationToken: string;
  };
  deviceSeq += 1;
  return {
    url: `${API}/wallet/apple/v1/devices/race-device-${deviceSeq}/registrations/${PASS_TYPE}/${pass.serialNumber}`,
    headers: { authorization: `ApplePass ${pass.authenticationToken}` },
  };
}

/** The (device, serial) registrations a registration URL names. */
async function registrations(url: string): Promise<number> {
  const [device, serial] = /devices\/([^/]+)\/registrations\/[^/]+\/([^/]+)$/.exec(url)!.slice(1);
  return (
    await one(sql<{ n: number }>`
      select count(*)::int as n from wallet_registrations
      where device_library_id = ${device} and serial_number = ${serial}`)
  ).n;
}

interface Shop {
  eventId: string;
  slug: string;
  paidTypeId: string;
  freeTypeId: string;
}
let shopCache: Shop | undefined;
/** One published event with room for every case's orders, offline payment on. */
async function shop(): Promise<Shop> {
  if (shopCache) return shopCache;
  const { event, types } = await givenEventWithTypes(
    t,
    owner,
    [
      { name: 'Regular', price: 5000, capacity: 2000 },
      { name: 'Free', price: 0, capacity: 2000 },
    ],
    { offlinePayment: true },
  );
  shopCache = {
    eventId: event.id,
    slug: event.slug,
    paidTypeId: types.find((x) => x.name === 'Regular')!.id,
    freeTypeId: types.find((x) => x.name === 'Free')!.id,
  };
  return shopCache;
}

interface Bought {
  id: string;
  code: string;
  email: string;
  token: string;
  headers: Record<string, string>;
  typeId: string;
}

async function order(
  kind: 'free' | 'paid',
  eventId?: string,
  typeId?: string,
  quantity = 1,
): Promise<Bought> {
  const s = await shop();
  const ticketTypeId = typeId ?? (kind === 'free' ? s.freeTypeId : s.paidTypeId);
  const who = buyer();
  const res = await t.post(
    ORDERS,
    { eventId: eventId ?? s.eventId, items: [{ ticketTypeId, quantity }], buyer: who },
    { ip: freshIp() },
  );
  expect(res.status, res.text).toBe(201);
  const token = res.body.data.accessToken as string;
  return {
    id: res.body.data.order.id,
    code: res.body.data.order.orderCode,
    email: who.email,
    token,
    headers: { 'x-order-token': token },
    typeId: ticketTypeId,
  };
}

async function choose(o: Bought, method: 'test' | 'offline' | 'paystack') {
  const res = await t.post(
    `${ORDERS}/${o.id}/pay`,
    { method },
    { headers: o.headers, ip: freshIp() },
  );
  expect(res.status, res.text).toBe(200);
}

/** A completed paid order, marked paid by the organiser (offline: real money, no Paystack payment). */
async function paidOrder(): Promise<Bought> {
  const o = await order('paid');
  await choose(o, 'offline');
  const res = await t.post(`${MANAGE_ORDERS}/${o.id}/mark-paid`, {}, { token: owner });
  expect(res.status, res.text).toBe(200);
  return o;
}

async function user() {
  const u = await givenUser(t);
  return { ...u, token: await logIn(t, u) };
}

/** A door steward of the owner's team, written directly (the team routes act on them). */
async function steward(): Promise<string> {
  const tag = randomBytes(4).toString('hex');
  const { id } = await one(sql<{ id: string }>`
    insert into users (full_name, email, phone, password_hash, email_verified_at)
    values (${`Steward ${tag}`}, ${`steward.${tag}@example.com`}, ${`+234803${String(randomBytes(4).readUInt32BE() % 1e7).padStart(7, '0')}`}, 'no login', now())
    returning id`);
  await sql`insert into team_members (organiser_id, user_id, role, all_events)
    values (${ownerId}, ${id}, 'door', true)`.execute(t.db);
  return id;
}

/** A check-in list of the shop's event taking `typeId` (decision 084), made as the owner does. */
async function gate(typeId: string): Promise<string> {
  const s = await shop();
  const res = await t.post(
    `${MANAGE}/${s.eventId}/checkin-lists`,
    { name: `Gate ${randomBytes(3).toString('hex')}`, ticketTypeIds: [typeId] },
    { token: owner },
  );
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

/** An open invitation to the owner's team for `email`, and its link's token. */
async function invitation(email: string): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const { id } = await one(sql<{ id: string }>`
    insert into team_invitations (organiser_id, email, role, event_ids, token_hash, expires_at, sent_at)
    values (${ownerId}, ${email}, 'door', null,
      ${createHash('sha256').update(token).digest('hex')}, now() + interval '7 days',
      now() - interval '1 hour')
    returning id`);
  return { id, token };
}

/** A paid type of one ticket, sold out by a pending hold, so its waiting list is open. */
async function soldOut() {
  const { event, types } = await givenEventWithTypes(t, owner, [
    { name: 'Scarce', price: 5000, capacity: 1 },
  ]);
  const typeId = types[0]!.id;
  const hold = await order('paid', event.id, typeId);
  return { eventId: event.id, typeId, hold };
}

async function joinWaitlist(eventId: string, typeId: string, email: string) {
  const res = await t.post(
    `${API}/waitlist`,
    { eventId, ticketTypeId: typeId, name: 'Amaka Obi', email, quantity: 1 },
    { ip: freshIp() },
  );
  expect(res.status, res.text).toBe(201);
}

const HOOKS = `${MANAGE}/webhooks`;

/**
 * A webhook endpoint of the owner and one delivery of it, written directly. Its URL is this
 * machine's discard port, which this app (no WEBHOOKS_ALLOW_LOOPBACK) refuses at delivery:
 * nothing leaves the machine.
 */
async function webhookWithDelivery(
  endpointStatus: 'active' | 'paused',
  deliveryStatus: 'failed' | 'held',
): Promise<{ endpointId: string; deliveryId: string }> {
  const endpoint = await one(sql<{ id: string }>`
    insert into webhook_endpoints (organiser_id, url, events, secret, status)
    values (${ownerId}, 'http://127.0.0.1:9/hook', '["order.completed"]'::jsonb, 'whsec_race', ${endpointStatus})
    returning id`);
  const delivery = await one(sql<{ id: string }>`
    insert into webhook_deliveries (endpoint_id, event_type, change_key, payload, status)
    values (${endpoint.id}, 'order.completed', ${`race:${randomBytes(4).toString('hex')}`}, '{}', ${deliveryStatus})
    returning id`);
  return { endpointId: endpoint.id, deliveryId: delivery.id };
}

/** Outbox rows that send this delivery. */
const queuedSends = async (deliveryId: string) =>
  (
    await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where channel = 'webhook' and to_address = ${deliveryId}`,
    )
  ).n;

const linkToken = (text: string, re: RegExp) => {
  const match = re.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
};

// The cases ----------------------------------------------------------------------------------

type Case = () => Promise<void>;

/** One change made by one of the N identical requests; the route key names the route. */
const CASES: Record<string, Case> = {
  // Accounts ----------------------------------------------------------------------------------
  'POST /api/v1/auth/user/signup': async () => {
    const input = newSignup();
    const since = await mark();
    const replies = await fire('POST', `${AUTH}/signup`, { body: input, ip: freshIp() });
    expect(ok(replies).length, statuses(replies)).toBe(1);
    const users = await one(
      sql<{ n: number }>`select count(*)::int as n from users where email = ${input.email}`,
    );
    expect(users.n).toBe(1);
    expect(await messages(since, input.email, 'verify-email')).toBe(1);
  },
  'POST /api/v1/auth/user/verify-email': async () => {
    const u = await t.post(`${AUTH}/signup`, newSignup(), { ip: freshIp() });
    expect(u.status, u.text).toBe(201);
    const email = u.body.user.email as string;
    const code = await t.latestCodeFor(email);
    const since = await mark();
    const replies = await fire('POST', `${AUTH}/verify-email`, {
      body: { email, code },
      ip: freshIp(),
    });
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    allFine(replies, [400, 409, 429]);
    expect(await messages(since, email)).toBeLessThanOrEqual(1);
  },
  'POST /api/v1/auth/user/logout': async () => {
    const u = await user();
    const replies = await fire('POST', `${AUTH}/logout`, { token: u.token });
    allFine(replies, [401]);
    const me = await t.request('GET', `${AUTH}/me`, { token: u.token });
    expect(me.status).toBe(401);
  },
  'POST /api/v1/auth/user/reset-password': async () => {
    const u = await givenUser(t);
    const asked = await t.post(`${AUTH}/forgot-password`, { email: u.email }, { ip: freshIp() });
    expect(asked.status, asked.text).toBeLessThan(300);
    const token = await t.latestResetTokenFor(u.email);
    const since = await mark();
    const replies = await fire('POST', `${AUTH}/reset-password`, {
      body: { token, password: 'a brand new password 21' },
      ip: freshIp(),
    });
    exactlyOne(replies, [400, 404, 409, 410, 429]);
    const used = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from password_resets where user_id = ${u.id} and used_at is not null`,
    );
    expect(used.n).toBe(1);
    expect(await messages(since, u.email)).toBeLessThanOrEqual(1);
  },

  // Settings -------------------------------------------------------------------------------
  'PATCH /api/v1/events/manage/settings/profile': async () => {
    const u = await user();
    allFine(
      await fire('PATCH', `${SETTINGS}/profile`, {
        token: u.token,
        body: { fullName: 'Race Twenty' },
      }),
    );
    const row = await one(
      sql<{ full_name: string }>`select full_name from users where id = ${u.id}`,
    );
    expect(row.full_name).toBe('Race Twenty');
  },
  'PATCH /api/v1/events/manage/settings/preferences': async () => {
    const u = await user();
    allFine(
      await fire('PATCH', `${SETTINGS}/preferences`, {
        token: u.token,
        body: { orderNotifications: false },
      }),
    );
  },
  'PATCH /api/v1/events/manage/settings/organiser': async () => {
    const u = await user();
    allFine(
      await fire('PATCH', `${SETTINGS}/organiser`, {
        token: u.token,
        body: { organiserName: 'Race Promotions' },
      }),
      [400],
    );
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from organiser_settings where user_id = ${u.id}`,
    );
    expect(rows.n).toBeLessThanOrEqual(1);
  },
  'PUT /api/v1/events/manage/settings/payout': async () => {
    const u = await user();
    const accountNumber = `03${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`;
    w!.paystack.addAccount('058', accountNumber, 'RACE TWENTY VENTURES');
    const before = w!.paystack.subaccounts.size;
    const replies = await fire('PUT', `${SETTINGS}/payout`, {
      token: u.token,
      body: {
        bankName: 'Guaranty Trust Bank',
        bankCode: '058',
        accountNumber,
        accountName: 'RACE TWENTY VENTURES',
      },
    });
    allFine(replies, [409, 429]);
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    // One Paystack subaccount for the organiser, however many saves arrived at once.
    expect(w!.paystack.subaccounts.size - before).toBe(1);
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from organiser_settings where user_id = ${u.id}`,
    );
    expect(rows.n).toBe(1);
  },
  'DELETE /api/v1/events/manage/settings/payout': async () => {
    const u = await user();
    await givenPayoutAccount(t, u.token, w!.paystack);
    allFine(await fire('DELETE', `${SETTINGS}/payout`, { token: u.token }), [404, 409]);
  },
  'POST /api/v1/events/manage/settings/password': async () => {
    const u = await user();
    const since = await mark();
    const replies = await fire('POST', `${SETTINGS}/password`, {
      token: u.token,
      body: { currentPassword: u.password, newPassword: 'another long password 21' },
    });
    exactlyOne(replies, [400, 401, 403, 409, 429]);
    expect(await messages(since, u.email, 'password-changed')).toBe(1);
  },
  'DELETE /api/v1/events/manage/settings/email': async () => {
    const u = await user();
    const asked = await t.post(
      `${SETTINGS}/email`,
      { email: uniqueEmail('moving'), currentPassword: u.password },
      { token: u.token },
    );
    expect(asked.status, asked.text).toBe(200);
    allFine(await fire('DELETE', `${SETTINGS}/email`, { token: u.token }), [404, 409]);
  },
  'POST /api/v1/events/manage/settings/email/confirm': async () => {
    const u = await user();
    const to = uniqueEmail('moved');
    const asked = await t.post(
      `${SETTINGS}/email`,
      { email: to, currentPassword: u.password },
      { token: u.token },
    );
    expect(asked.status, asked.text).toBe(200);
    const mail = await t.latestMailTo(to, 'email-change-confirm');
    const token = new URL(/https?:\/\/\S+/.exec(mail.text_body)![0]).searchParams.get(
      'confirm-email',
    )!;
    const since = await mark();
    const replies = await fire('POST', `${SETTINGS}/email/confirm`, {
      token: u.token,
      body: { token },
    });
    exactlyOne(replies, [400, 404, 409, 410]);
    expect(await messages(since, u.email, 'email-changed')).toBeLessThanOrEqual(1);
  },

  // Team ---------------------------------------------------------------------------------------
  'POST /api/v1/events/manage/team/invitations': async () => {
    const email = uniqueEmail('invitee');
    const since = await mark();
    const replies = await fire('POST', `${TEAM}/invitations`, {
      token: owner,
      body: { email, role: 'door', eventIds: null },
    });
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    allFine(replies, [409, 429]);
    const open = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from team_invitations where email = ${email} and organiser_id = ${ownerId}`,
    );
    expect(open.n).toBe(1);
    expect(await messages(since, email, 'team-invitation')).toBe(1);
  },
  'POST /api/v1/events/manage/team/invitations/:invitationId/resend': async () => {
    const email = uniqueEmail('invitee');
    const inv = await invitation(email);
    const since = await mark();
    const replies = await fire('POST', `${TEAM}/invitations/${inv.id}/resend`, { token: owner });
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    allFine(replies, [409, 429]);
    expect(await messages(since, email, 'team-invitation')).toBe(1);
  },
  'DELETE /api/v1/events/manage/team/invitations/:invitationId': async () => {
    const email = uniqueEmail('invitee');
    const inv = await invitation(email);
    const since = await mark();
    allFine(await fire('DELETE', `${TEAM}/invitations/${inv.id}`, { token: owner }), [404]);
    const left = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from team_invitations where id = ${inv.id}`,
    );
    expect(left.n).toBe(0);
    expect(await messages(since, email)).toBeLessThanOrEqual(1);
  },
  'POST /api/v1/team/invitations/accept': async () => {
    const u = await user();
    const inv = await invitation(u.email);
    const replies = await fire('POST', `${API}/team/invitations/accept`, {
      token: u.token,
      body: { token: inv.token },
    });
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    allFine(replies, [404, 409, 410]);
    const members = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from team_members where user_id = ${u.id} and organiser_id = ${ownerId}`,
    );
    expect(members.n).toBe(1);
  },
  'PATCH /api/v1/events/manage/team/members/:userId': async () => {
    const id = await steward();
    const since = await mark();
    allFine(
      await fire('PATCH', `${TEAM}/members/${id}`, { token: owner, body: { role: 'manager' } }),
    );
    const row = await one(
      sql<{
        role: string;
      }>`select role from team_members where user_id = ${id} and organiser_id = ${ownerId}`,
    );
    expect(row.role).toBe('manager');
    expect(await duplicateMessages(since)).toEqual([]);
  },
  'DELETE /api/v1/events/manage/team/members/:userId': async () => {
    const id = await steward();
    const since = await mark();
    allFine(await fire('DELETE', `${TEAM}/members/${id}`, { token: owner }), [404]);
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from team_members where user_id = ${id}`,
    );
    expect(rows.n).toBe(0);
    expect(await duplicateMessages(since)).toEqual([]);
  },

  // Events ---------------------------------------------------------------------------------
  'PATCH /api/v1/events/manage/:id': async () => {
    const event = await givenDraftEvent(t, owner);
    allFine(
      await fire('PATCH', `${MANAGE}/${event.id}`, { token: owner, body: { title: 'Race night' } }),
    );
  },
  'DELETE /api/v1/events/manage/:id': async () => {
    const event = await givenDraftEvent(t, owner);
    exactlyOne(await fire('DELETE', `${MANAGE}/${event.id}`, { token: owner }), [404, 409]);
  },
  'POST /api/v1/events/manage/:id/publish': async () => {
    const event = await givenDraftEvent(t, owner);
    await givenTicketType(t, owner, event.id);
    const since = await mark();
    const replies = await fire('POST', `${MANAGE}/${event.id}/publish`, { token: owner });
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    allFine(replies, [409]);
    expect(await duplicateMessages(since)).toEqual([]);
  },
  'POST /api/v1/events/manage/:id/cancel': async () => {
    const { event, types } = await givenEventWithTypes(t, owner, [{ price: 0, capacity: 50 }]);
    const a = await order('free', event.id, types[0]!.id);
    const b = await order('free', event.id, types[0]!.id);
    const since = await mark();
    const replies = await fire('POST', `${MANAGE}/${event.id}/cancel`, {
      token: owner,
      body: { reason: 'The venue flooded' },
    });
    exactlyOne(replies, [409]);
    const row = await one(
      sql<{ status: string }>`select status from events where id = ${event.id}`,
    );
    expect(row.status).toBe('cancelled');
    for (const o of [a, b]) {
      expect(await messages(since, o.email)).toBeLessThanOrEqual(1);
    }
    expect(await duplicateMessages(since)).toEqual([]);
  },
  'POST /api/v1/events/manage/:id/duplicate': async () => {
    const event = await givenDraftEvent(t, owner);
    const before = await one(
      sql<{ n: number }>`select count(*)::int as n from events where owner_id = ${ownerId}`,
    );
    const replies = await fire('POST', `${MANAGE}/${event.id}/duplicate`, { token: owner });
    allFine(replies, [409, 429]);
    const after = await one(
      sql<{ n: number }>`select count(*)::int as n from events where owner_id = ${ownerId}`,
    );
    expect(after.n - before.n).toBe(1);
  },
  'DELETE /api/v1/events/manage/:id/cover': async () => {
    const event = await givenDraftEvent(t, owner);
    allFine(await fire('DELETE', `${MANAGE}/${event.id}/cover`, { token: owner }), [404]);
  },
  'PATCH /api/v1/events/manage/:id/ticket-types/:ticketTypeId': async () => {
    const event = await givenDraftEvent(t, owner);
    const type = await givenTicketType(t, owner, event.id);
    allFine(
      await fire('PATCH', `${MANAGE}/${event.id}/ticket-types/${type.id}`, {
        token: owner,
        body: { capacity: 77 },
      }),
    );
    const row = await one(
      sql<{ capacity: number }>`select capacity from ticket_types where id = ${type.id}`,
    );
    expect(row.capacity).toBe(77);
  },
  'DELETE /api/v1/events/manage/:id/ticket-types/:ticketTypeId': async () => {
    const event = await givenDraftEvent(t, owner);
    await givenTicketType(t, owner, event.id);
    const type = await givenTicketType(t, owner, event.id);
    exactlyOne(
      await fire('DELETE', `${MANAGE}/${event.id}/ticket-types/${type.id}`, { token: owner }),
      [404, 409],
    );
  },
  'PUT /api/v1/events/manage/:id/waiting-room': async () => {
    const { event } = await givenEventWithTypes(t, owner, [{ price: 5000, capacity: 100 }]);
    const body = {
      enabled: true,
      onSaleAt: new Date(Date.now() + 86_400_000).toISOString(),
      ratePerMinute: 60,
    };
    allFine(await fire('PUT', `${MANAGE}/${event.id}/waiting-room`, { token: owner, body }));
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from waiting_rooms where event_id = ${event.id}`,
    );
    expect(rows.n).toBe(1);
  },
  'POST /api/v1/waiting-room/:slug/join': async () => {
    // The pre-queue (decisions 054, 055): one browser double-taps "Join" with its solved
    // check. One place, and the repeats answer as a repeat does (the place), spending none of
    // the address's places a minute — behind one mobile network's address, others need them.
    const { event } = await givenEventWithTypes(t, owner, [{ price: 0, capacity: 100 }]);
    const room = async (joinCheck: 'work' | 'account') => {
      const res = await t.request('PUT', `${MANAGE}/${event.id}/waiting-room`, {
        token: owner,
        body: {
          enabled: true,
          onSaleAt: new Date(Date.now() + 86_400_000).toISOString(),
          ratePerMinute: 60,
          joinCheck,
        },
      });
      expect(res.status, res.text).toBe(200);
      return (
        await one(sql<{ room_id: string }>`
          select room_id from waiting_rooms where event_id = ${event.id}`)
      ).room_id;
    };
    const entries = async (roomId: string) =>
      (
        await one(sql<{ n: number }>`
          select count(*)::int as n from waiting_room_entries where room_id = ${roomId}`)
      ).n;
    const JOIN = `${API}/waiting-room/${event.slug}/join`;

    const workRoom = await room('work');
    const ip = freshIp();
    const status = await t.request('GET', `${API}/waiting-room/${event.slug}/status`, { ip });
    expect(status.body?.data?.state, status.text).toBe('check');
    const cookie = ([status.headers['set-cookie']].flat()[0] as string).split(';')[0]!;
    const body = await solveJoinChallenge(status.body.data.challenge);
    const replies = await fire('POST', JOIN, { body, headers: { cookie }, ip });
    allFine(replies);
    expect(replies.map((r) => r.body.data.state as string)).toEqual(
      Array.from({ length: N }, () => 'prequeue'),
    );
    expect(await entries(workRoom)).toBe(1);
    const spent = await one(sql<{ n: number }>`
      select coalesce(sum(places), 0)::int as n from waiting_room_address_windows
      where room_id = ${workRoom}`);
    expect(spent.n, "the address's places taken by one visitor").toBe(1);

    // A room that asks for an account: one place per account, whatever the browser.
    // (Still on, the same room: the visitor above keeps their place.)
    const accountRoom = await room('account');
    const before = await entries(accountRoom);
    const member = await user();
    const accountReplies = await fire('POST', JOIN, {
      body: {},
      token: member.token,
      ip: freshIp(),
    });
    allFine(accountReplies);
    expect(accountReplies.every((r) => r.body.data.state === 'prequeue')).toBe(true);
    expect(await entries(accountRoom)).toBe(before + 1);
  },

  // Apple Wallet's device web service ---------------------------------------------------------
  'POST /api/v1/wallet/apple/v1/devices/:device/registrations/:passType/:serial': async () => {
    const { url, headers } = await applePass();
    const replies = await fire('POST', url, { body: { pushToken: 'push-1' }, headers });
    allFine(replies);
    expect(replies.filter((r) => r.status === 201).length, statuses(replies)).toBe(1);
    expect(await registrations(url)).toBe(1);
  },
  'DELETE /api/v1/wallet/apple/v1/devices/:device/registrations/:passType/:serial': async () => {
    const { url, headers } = await applePass();
    const reg = await t.post(url, { pushToken: 'push-1' }, { headers });
    expect(reg.status, reg.text).toBe(201);
    allFine(await fire('DELETE', url, { headers }));
    expect(await registrations(url)).toBe(0);
  },

  // API tokens and tracking links (issue 26 §2, §4) -------------------------------------------
  'POST /api/v1/events/manage/api-tokens': async () => {
    // Five places left under the cap of live tokens: twenty creates at once make five.
    const { n } = await one(
      sql<{ n: number }>`select count(*)::int as n from api_tokens
        where organiser_id = ${ownerId} and revoked_at is null`,
    );
    const fill = 50 - 5 - n;
    for (let i = 0; i < fill; i++) {
      await sql`insert into api_tokens (organiser_id, name, scope, token_hash, prefix)
        values (${ownerId}, ${`Filler ${i}`}, 'read', ${randomBytes(32).toString('hex')}, 'gpat_xxxx')`.execute(
        t.db,
      );
    }
    const replies = await fire('POST', `${MANAGE}/api-tokens`, {
      token: owner,
      body: { name: 'Race', scope: 'read' },
    });
    allFine(replies, [409]);
    expect(ok(replies).length, statuses(replies)).toBe(5);
    const live = await one(
      sql<{ n: number }>`select count(*)::int as n from api_tokens
        where organiser_id = ${ownerId} and revoked_at is null`,
    );
    expect(live.n).toBe(50);
    // Leave room for the other cases.
    await sql`update api_tokens set revoked_at = now() where organiser_id = ${ownerId}
      and revoked_at is null`.execute(t.db);
  },
  'DELETE /api/v1/events/manage/api-tokens/:tokenId': async () => {
    const made = await t.post(
      `${MANAGE}/api-tokens`,
      { name: 'Race revoke', scope: 'read' },
      { token: owner },
    );
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.token.id as string;
    const replies = await fire('DELETE', `${MANAGE}/api-tokens/${id}`, { token: owner });
    allFine(replies);
    // One revocation time, the same in every answer.
    expect(new Set(replies.map((r) => r.body.data.revokedAt)).size).toBe(1);
    const next = await t.request('GET', MANAGE, { token: made.body.data.secret });
    expect(next.status).toBe(401);
  },
  'POST /api/v1/events/manage/:id/tracking-links': async () => {
    const s = await shop();
    const name = `Race ${randomBytes(3).toString('hex')}`;
    exactlyOne(
      await fire('POST', `${MANAGE}/${s.eventId}/tracking-links`, { token: owner, body: { name } }),
      [409],
    );
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from tracking_links
        where event_id = ${s.eventId} and name = ${name}`,
    );
    expect(rows.n).toBe(1);
  },
  'PUT /api/v1/events/manage/:id/questions': async () => {
    // Twenty saves of the same list: every one answers it, and it is there once (decision 078).
    // An event of its own: a required question on the shared shop would refuse every later
    // case's orders.
    const { event } = await givenEventWithTypes(t, owner, [{ name: 'Free', price: 0 }]);
    const s = { eventId: event.id };
    const a = randomUUID();
    const b = randomUUID();
    const body = {
      questions: [
        { id: a, label: 'Dietary needs', kind: 'yes_no', per: 'ticket', required: true },
        {
          id: b,
          label: 'Which allergy?',
          kind: 'short_text',
          per: 'ticket',
          showIf: { questionId: a, equals: 'Yes' },
        },
      ],
    };
    const replies = await fire('PUT', `${MANAGE}/${s.eventId}/questions`, { token: owner, body });
    allFine(replies);
    for (const r of replies) expect(r.body.data.map((q: { id: string }) => q.id)).toEqual([a, b]);
    const rows = await one(
      sql<{ n: number; live: number }>`select count(*)::int as n,
        count(*) filter (where removed_at is null)::int as live
        from event_questions where event_id = ${s.eventId}`,
    );
    expect(rows).toEqual({ n: 2, live: 2 });
  },
  // Messages to attendees (issue 25 §3) -------------------------------------------------------
  'POST /api/v1/events/manage/:id/messages': async () => {
    // Twenty presses of "Send" (one request key): one message, one mail per attendee.
    const { event, types } = await givenEventWithTypes(t, owner, [{ name: 'Free', price: 0 }]);
    for (let i = 0; i < 2; i++) {
      const res = await t.post(
        ORDERS,
        { eventId: event.id, items: [{ ticketTypeId: types[0]!.id, quantity: 1 }], buyer: buyer() },
        { ip: freshIp() },
      );
      expect(res.status, res.text).toBe(201);
    }
    const body = {
      requestKey: randomUUID(),
      audience: { who: 'everyone' },
      subject: 'Race message',
      body: 'Doors open at 6.',
      sms: true,
      smsText: 'Doors open at 6.',
    };
    const replies = await fire('POST', `${MANAGE}/${event.id}/messages`, { token: owner, body });
    allFine(replies);
    expect(replies.filter((r) => r.status === 201).length, statuses(replies)).toBe(1);
    expect(new Set(replies.map((r) => r.body.data.id)).size).toBe(1);
    const made = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from attendee_messages where event_id = ${event.id}`,
    );
    expect(made.n).toBe(1);
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from mail_outbox
        where context->>'messageId' = ${replies[0]!.body.data.id as string} and channel = 'mail'`,
    );
    expect(rows.n).toBe(2);
  },
  'POST /api/v1/events/manage/:id/messages/test': async () => {
    const s = await shop();
    const me = await one(sql<{ email: string }>`select email from users where id = ${ownerId}`);
    const since = await mark();
    const replies = await fire('POST', `${MANAGE}/${s.eventId}/messages/test`, {
      token: owner,
      body: { audience: { who: 'everyone' }, subject: `Race test ${randomUUID()}`, body: 'Hi' },
    });
    allFine(replies);
    expect(await messages(since, me.email, 'attendee-message-test')).toBe(1);
  },
  'PUT /api/v1/events/manage/:id/messages/reminders': async () => {
    const s = await shop();
    allFine(
      await fire('PUT', `${MANAGE}/${s.eventId}/messages/reminders`, {
        token: owner,
        body: { enabled: true },
      }),
    );
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from message_reminder_settings
        where event_id = ${s.eventId} and enabled`,
    );
    expect(rows.n).toBe(1);
  },
  'POST /api/v1/messages/unsubscribe': async () => {
    const { text_body } = await one(
      sql<{ text_body: string }>`select text_body from mail_outbox where kind = 'attendee-message'
        order by created_at desc limit 1`,
    );
    const token = decodeURIComponent(/unsubscribe\?token=(\S+)/.exec(text_body)![1]!);
    allFine(
      await fire('POST', `${API}/messages/unsubscribe?token=${encodeURIComponent(token)}`, {
        ip: freshIp(),
      }),
    );
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from message_unsubscribes
        where organiser_id = ${ownerId}`,
    );
    expect(rows.n).toBe(1);
  },
  'POST /api/v1/events/:slug/view': async () => {
    // Twenty views are twenty: counts in memory, added in one statement, none lost.
    const s = await shop();
    await t.app.services.tracking.flush();
    const views = async () =>
      Number(
        (
          await one(
            sql<{ n: string | null }>`select sum(views)::text as n from tracking_views
              where event_id = ${s.eventId}`,
          )
        ).n ?? 0,
      );
    const before = await views();
    const replies = await fire('POST', `${API}/events/${s.slug}/view`, { body: {} });
    allFine(replies);
    await Promise.all([t.app.services.tracking.flush(), t.app.services.tracking.flush()]);
    expect((await views()) - before).toBe(N);
  },

  // Promos ---------------------------------------------------------------------------------
  'POST /api/v1/events/manage/promo-codes': async () => {
    const s = await shop();
    const code = `RACE${randomBytes(3).toString('hex').toUpperCase()}`;
    const replies = await fire('POST', `${MANAGE}/promo-codes`, {
      token: owner,
      body: { eventId: s.eventId, code, kind: 'percent', amount: 10 },
    });
    exactlyOne(replies, [409]);
    const rows = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from promo_codes where event_id = ${s.eventId} and code = ${code}`,
    );
    expect(rows.n).toBe(1);
  },
  'PATCH /api/v1/events/manage/promo-codes/:id': async () => {
    const s = await shop();
    const code = `RACE${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await t.post(
      `${MANAGE}/promo-codes`,
      { eventId: s.eventId, code, kind: 'percent', amount: 10 },
      { token: owner },
    );
    expect(made.status, made.text).toBe(201);
    allFine(
      await fire('PATCH', `${MANAGE}/promo-codes/${made.body.data.id}`, {
        token: owner,
        body: { amount: 20 },
      }),
    );
  },
  'DELETE /api/v1/events/manage/promo-codes/:id': async () => {
    const s = await shop();
    const code = `RACE${randomBytes(3).toString('hex').toUpperCase()}`;
    const made = await t.post(
      `${MANAGE}/promo-codes`,
      { eventId: s.eventId, code, kind: 'percent', amount: 10 },
      { token: owner },
    );
    expect(made.status, made.text).toBe(201);
    allFine(
      await fire('DELETE', `${MANAGE}/promo-codes/${made.body.data.id}`, { token: owner }),
      [404, 409],
    );
  },

  // Checkout ---------------------------------------------------------------------------------
  'POST /api/v1/orders': async () => {
    // One buyer sends the same paid order twenty times: at most two open holds per buyer and
    // event (decision 025), however many arrive at once.
    const s = await shop();
    const who = buyer();
    const before = await sold(s.paidTypeId);
    const replies = await fire('POST', ORDERS, {
      body: {
        eventId: s.eventId,
        items: [{ ticketTypeId: s.paidTypeId, quantity: 1 }],
        buyer: who,
      },
      ip: freshIp(),
    });
    allFine(replies, [409, 429]);
    const made = ok(replies).length;
    expect(made, statuses(replies)).toBeGreaterThanOrEqual(1);
    expect(made, statuses(replies)).toBeLessThanOrEqual(2);
    expect((await sold(s.paidTypeId)) - before).toBe(made);
  },
  'POST /api/v1/orders/:orderId/pay': async () => {
    const o = await order('paid');
    const since = await mark();
    const replies = await fire('POST', `${ORDERS}/${o.id}/pay`, {
      body: { method: 'offline' },
      headers: o.headers,
      ip: freshIp(),
    });
    allFine(replies, [409, 429]);
    expect(await messages(since, o.email, 'hold-confirmation')).toBeLessThanOrEqual(1);
    expect(await history(o.id, 'payment_method')).toBe(1);
  },
  'POST /api/v1/orders/confirm-hold': async () => {
    const o = await order('paid');
    await choose(o, 'offline');
    const mail = (await t.mailsTo(o.email))[0]!;
    const token = linkToken(mail.text_body, /hold\/confirm\?token=([A-Za-z0-9_-]+)/);
    const replies = await fire('POST', `${ORDERS}/confirm-hold`, {
      body: { token },
      ip: freshIp(),
    });
    exactlyOne(replies, [404, 409]);
    expect(await history(o.id, 'hold_confirmed')).toBe(1);
  },
  'POST /api/v1/orders/:orderId/test-payment': async () => {
    const o = await order('paid');
    await choose(o, 'test');
    const since = await mark();
    const replies = await fire('POST', `${ORDERS}/${o.id}/test-payment`, {
      body: { outcome: 'success' },
      headers: o.headers,
    });
    exactlyOne(replies, [409]);
    expect(await history(o.id, 'paid')).toBe(1);
    expect(await messages(since, o.email, 'order-confirmation')).toBe(1);
  },
  'POST /api/v1/orders/:orderId/verify-payment': async () => {
    const o = await order('paid');
    await choose(o, 'paystack');
    const reference = [...w!.paystack.transactions.values()].find(
      (tx) => (tx.metadata as { order_id?: string }).order_id === o.id,
    )!.reference;
    w!.paystack.pay(reference);
    const since = await mark();
    const replies = await fire('POST', `${ORDERS}/${o.id}/verify-payment`, {
      body: { reference },
      headers: o.headers,
    });
    allFine(replies);
    expect(await orderStatus(o.id)).toBe('completed');
    expect(await history(o.id, 'paid')).toBe(1);
    expect(await messages(since, o.email, 'order-confirmation')).toBe(1);
  },
  'POST /api/v1/payments/paystack/webhook': async () => {
    const o = await order('paid');
    await choose(o, 'paystack');
    const reference = [...w!.paystack.transactions.values()].find(
      (tx) => (tx.metadata as { order_id?: string }).order_id === o.id,
    )!.reference;
    w!.paystack.pay(reference);
    const { body, signature } = w!.paystack.webhook(reference);
    const since = await mark();
    const replies = await fire('POST', `${API}/payments/paystack/webhook`, {
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    allFine(replies);
    expect(await orderStatus(o.id)).toBe('completed');
    expect(await history(o.id, 'paid')).toBe(1);
    expect(await messages(since, o.email, 'order-confirmation')).toBe(1);
    const payments = await one(
      sql<{ n: number }>`select count(*)::int as n from payments where order_id = ${o.id}`,
    );
    expect(payments.n).toBe(1);
  },
  'POST /api/v1/orders/:orderId/transfer': async () => {
    const o = await order('free');
    const since = await mark();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          `${ORDERS}/${o.id}/transfer`,
          { firstName: 'Tobi', lastName: `Race${i}`, email: uniqueEmail(`to${i}`) },
          { headers: o.headers },
        ),
      ),
    );
    exactlyOne(replies, [404, 409, 429]);
    const moved = await one(
      sql<{ n: number }>`select count(*)::int as n from order_transfers where order_id = ${o.id}`,
    );
    expect(moved.n).toBe(1);
    const sent = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where created_at >= ${since} and kind = 'order-transferred'`,
    );
    expect(sent.n).toBeLessThanOrEqual(1);
  },

  // Named tickets (issue 25 §2, decision 080) ------------------------------------------------
  'PUT /api/v1/orders/:orderId/tickets/:index': async () => {
    const o = await order('free', undefined, undefined, 4);
    const replies = await fire('PUT', `${ORDERS}/${o.id}/tickets/2`, {
      body: { firstName: 'Ada', lastName: 'Named' },
      headers: o.headers,
    });
    allFine(replies);
    expect(await history(o.id, 'ticket_named')).toBe(1);
  },
  'POST /api/v1/orders/:orderId/tickets/:index/send': async () => {
    const o = await order('free', undefined, undefined, 4);
    const email = uniqueEmail('holder');
    const since = await mark();
    const replies = await fire('POST', `${ORDERS}/${o.id}/tickets/2/send`, {
      body: { firstName: 'Ada', lastName: 'Holder', email },
      headers: o.headers,
    });
    exactlyOne(replies, [409]);
    const split = await one(
      sql<{ n: number; q: number }>`select count(*)::int as n,
        (select quantity from orders where id = ${o.id}) as q
        from orders where parent_order_id = ${o.id}`,
    );
    expect(split).toEqual({ n: 1, q: 3 });
    expect(await messages(since, email, 'order-confirmation')).toBe(1);
    expect(await history(o.id, 'ticket_sent')).toBe(1);
  },
  'POST /api/v1/orders/:orderId/tickets/:index/transfer': async () => {
    const o = await order('free', undefined, undefined, 4);
    const sent = await t.post(
      `${ORDERS}/${o.id}/tickets/3/send`,
      { firstName: 'Ada', lastName: 'Holder', email: uniqueEmail('holder') },
      { headers: o.headers },
    );
    expect(sent.status, sent.text).toBe(200);
    const since = await mark();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          `${ORDERS}/${o.id}/tickets/3/transfer`,
          { firstName: 'Tobi', lastName: `Race${i}`, email: uniqueEmail(`to${i}`) },
          { headers: o.headers },
        ),
      ),
    );
    exactlyOne(replies, [409]);
    const moved = await one(
      sql<{ n: number }>`select count(*)::int as n from order_transfers t
        join orders c on c.id = t.order_id where c.parent_order_id = ${o.id}`,
    );
    expect(moved.n).toBe(1);
    const mails = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where created_at >= ${since} and kind = 'order-transferred'`,
    );
    expect(mails.n).toBeLessThanOrEqual(1);
  },

  // Organiser order actions -------------------------------------------------------------------
  'POST /api/v1/events/manage/orders/:orderId/transfer': async () => {
    const o = await order('free');
    const since = await mark();
    const replies = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        t.post(
          `${MANAGE_ORDERS}/${o.id}/transfer`,
          { firstName: 'Tobi', lastName: `Race${i}`, email: uniqueEmail(`to${i}`) },
          { token: owner },
        ),
      ),
    );
    exactlyOne(replies, [404, 409, 429]);
    const moved = await one(
      sql<{ n: number }>`select count(*)::int as n from order_transfers where order_id = ${o.id}`,
    );
    expect(moved.n).toBe(1);
    const sent = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from mail_outbox where created_at >= ${since} and kind = 'order-transferred'`,
    );
    expect(sent.n).toBeLessThanOrEqual(1);
  },
  'POST /api/v1/events/manage/orders/:orderId/release': async () => {
    const o = await order('paid');
    const before = await sold(o.typeId);
    exactlyOne(await fire('POST', `${MANAGE_ORDERS}/${o.id}/release`, { token: owner }));
    expect(await sold(o.typeId)).toBe(before - 1);
    expect(await history(o.id, 'cancelled')).toBe(1);
  },
  'POST /api/v1/events/manage/orders/:orderId/mark-paid': async () => {
    const o = await order('paid');
    await choose(o, 'offline');
    const since = await mark();
    exactlyOne(
      await fire('POST', `${MANAGE_ORDERS}/${o.id}/mark-paid`, { token: owner, body: {} }),
    );
    expect(await history(o.id, 'paid')).toBe(1);
    expect(await messages(since, o.email, 'order-confirmation')).toBe(1);
  },
  'POST /api/v1/events/manage/orders/:orderId/cancel': async () => {
    const o = await paidOrder();
    const before = await sold(o.typeId);
    exactlyOne(await fire('POST', `${MANAGE_ORDERS}/${o.id}/cancel`, { token: owner, body: {} }));
    expect(await sold(o.typeId)).toBe(before - 1);
    expect(await history(o.id, 'cancelled')).toBe(1);
  },
  'POST /api/v1/events/manage/orders/:orderId/refund': async () => {
    const o = await paidOrder();
    const before = await sold(o.typeId);
    exactlyOne(
      await fire('POST', `${MANAGE_ORDERS}/${o.id}/refund`, { token: owner, body: {} }),
      [404, 409, 502],
    );
    expect(await sold(o.typeId)).toBe(before - 1);
    expect(await history(o.id, 'refunded')).toBe(1);
  },
  'POST /api/v1/events/manage/orders/:orderId/resend-tickets': async () => {
    const o = await order('free');
    const since = await mark();
    const replies = await fire('POST', `${MANAGE_ORDERS}/${o.id}/resend-tickets`, {
      token: owner,
      body: {},
    });
    expect(ok(replies).length, statuses(replies)).toBeGreaterThanOrEqual(1);
    allFine(replies, [409, 429]);
    expect(await history(o.id, 'tickets_resent')).toBe(1);
    expect(await messages(since, o.email, 'order-confirmation')).toBe(1);
  },

  // The door ----------------------------------------------------------------------------------
  'POST /api/v1/ticketPurchase/mark-attended': async () => {
    const s = await shop();
    const o = await order('free');
    const replies = await fire('POST', `${API}/ticketPurchase/mark-attended`, {
      token: owner,
      body: { eventId: s.eventId, ticketCodes: [o.code] },
    });
    allFine(replies);
    const marked = replies.filter((r) => (r.body.data.marked as string[]).includes(o.code));
    expect(
      marked.length,
      replies
        .map((r) => r.text)
        .join('\n')
        .slice(0, 500),
    ).toBe(1);
    const row = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from orders where id = ${o.id} and attended_at is not null`,
    );
    expect(row.n).toBe(1);
    // The same code at a check-in list (decision 084): the list has its own check-in state,
    // so the order already in at the event's door is let in there once more — exactly once.
    const listId = await gate(s.freeTypeId);
    const atList = await fire('POST', `${API}/ticketPurchase/mark-attended`, {
      token: owner,
      body: { eventId: s.eventId, ticketCodes: [o.code], listId },
    });
    allFine(atList);
    const admitted = atList.filter((r) => (r.body.data.marked as string[]).includes(o.code));
    expect(
      admitted.length,
      atList
        .map((r) => r.text)
        .join('\n')
        .slice(0, 500),
    ).toBe(1);
    const entries = await one(
      sql<{ n: number }>`select count(*)::int as n from checkin_list_entries
        where list_id = ${listId} and order_id = ${o.id}`,
    );
    expect(entries.n).toBe(1);
    const logged = await one(
      sql<{ n: number }>`select count(*)::int as n from checkin_log
        where list_id = ${listId} and order_id = ${o.id} and result = 'admitted'`,
    );
    expect(logged.n).toBe(1);
  },

  // Check-in lists (decision 084) ---------------------------------------------------------------
  'POST /api/v1/events/manage/:id/checkin-lists': async () => {
    const s = await shop();
    const name = `Gate ${randomBytes(3).toString('hex')}`;
    exactlyOne(
      await fire('POST', `${MANAGE}/${s.eventId}/checkin-lists`, {
        token: owner,
        body: { name, ticketTypeIds: [s.freeTypeId] },
      }),
      [409],
    );
    const rows = await one(
      sql<{ n: number }>`select count(*)::int as n from checkin_lists
        where event_id = ${s.eventId} and name = ${name}`,
    );
    expect(rows.n).toBe(1);
  },
  'DELETE /api/v1/events/manage/:id/checkin-lists/:listId': async () => {
    const s = await shop();
    const listId = await gate(s.freeTypeId);
    exactlyOne(
      await fire('DELETE', `${MANAGE}/${s.eventId}/checkin-lists/${listId}`, { token: owner }),
    );
  },
  'PUT /api/v1/events/manage/team/members/:userId/checkin-list': async () => {
    const s = await shop();
    const [id, listId] = [await steward(), await gate(s.freeTypeId)];
    allFine(
      await fire('PUT', `${TEAM}/members/${id}/checkin-list`, { token: owner, body: { listId } }),
    );
    const row = await one(
      sql<{ checkin_list_id: string }>`select checkin_list_id from team_members
        where user_id = ${id} and organiser_id = ${ownerId}`,
    );
    expect(row.checkin_list_id).toBe(listId);
  },

  // Waiting list ------------------------------------------------------------------------------
  'POST /api/v1/waitlist': async () => {
    const { eventId, typeId } = await soldOut();
    const email = uniqueEmail('waiting');
    const since = await mark();
    const replies = await fire('POST', `${API}/waitlist`, {
      body: { eventId, ticketTypeId: typeId, name: 'Amaka Obi', email, quantity: 1 },
      ip: freshIp(),
    });
    allFine(replies, [429]);
    const rows = await one(
      sql<{
        n: number;
      }>`select count(*)::int as n from waitlist_entries where ticket_type_id = ${typeId}`,
    );
    expect(rows.n).toBe(1);
    expect(await messages(since, email, 'waitlist-joined')).toBe(1);
  },
  'POST /api/v1/waitlist/leave': async () => {
    const { eventId, typeId } = await soldOut();
    const email = uniqueEmail('waiting');
    await joinWaitlist(eventId, typeId, email);
    const mail = await t.latestMailTo(email, 'waitlist-joined');
    const token = linkToken(
      mail.text_body,
      /\/waitlist\/leave\?token=([0-9a-f-]{36}\.[A-Za-z0-9_-]{43})/,
    );
    const since = await mark();
    allFine(await fire('POST', `${API}/waitlist/leave`, { body: { token }, ip: freshIp() }), [429]);
    const entry = await one(
      sql<{ status: string }>`select status from waitlist_entries where ticket_type_id = ${typeId}`,
    );
    expect(entry.status).toBe('left');
    expect(await duplicateMessages(since)).toEqual([]);
  },
  'POST /api/v1/waitlist/claim': async () => {
    // A free type of one ticket, held by a waiting-list offer: claiming completes it.
    const { event, types } = await givenEventWithTypes(t, owner, [
      { name: 'Scarce free', price: 0, capacity: 1 },
    ]);
    const typeId = types[0]!.id;
    const first = await order('free', event.id, typeId);
    const email = uniqueEmail('waiting');
    await joinWaitlist(event.id, typeId, email);
    const cancelled = await t.post(`${MANAGE_ORDERS}/${first.id}/cancel`, {}, { token: owner });
    expect(cancelled.status, cancelled.text).toBe(200);
    const offer = await t.latestMailTo(email, 'waitlist-offer');
    const token = linkToken(offer.text_body, /\/checkout\/waitlist\?token=([A-Za-z0-9_-]+)/);
    const { order_id: orderId } = await one(
      sql<{
        order_id: string;
      }>`select order_id from waitlist_entries where ticket_type_id = ${typeId}`,
    );
    const since = await mark();
    const replies = await fire('POST', `${API}/waitlist/claim`, { body: { token }, ip: freshIp() });
    allFine(replies, [409, 429]);
    expect(await orderStatus(orderId)).toBe('completed');
    expect(await history(orderId, 'paid')).toBeLessThanOrEqual(1);
    expect(await messages(since, email, 'order-confirmation')).toBe(1);
  },
  // Webhooks (issue 26 §3) ---------------------------------------------------------------------
  'POST /api/v1/events/manage/webhooks': async () => {
    // Each call registers an endpoint (as a form would), but never past the cap of 10.
    const u = await user();
    await mark();
    const replies = await fire('POST', HOOKS, {
      token: u.token,
      body: { url: 'https://93.184.216.34/race', events: ['waitlist.offered'] },
    });
    allFine(replies, [409]);
    expect(ok(replies).length, statuses(replies)).toBe(10);
    const { n } = await one(sql<{ n: number }>`
      select count(*)::int as n from webhook_endpoints e join users u on u.id = e.organiser_id
      where u.email = ${u.email.toLowerCase()}`);
    expect(n).toBe(10);
    // Never sent to: turned off at once.
    await sql`update webhook_endpoints set status = 'disabled' where url = 'https://93.184.216.34/race'`.execute(
      t.db,
    );
  },
  'PATCH /api/v1/events/manage/webhooks/:webhookId': async () => {
    // Resuming a paused endpoint sends each held delivery once.
    const { endpointId, deliveryId } = await webhookWithDelivery('paused', 'held');
    allFine(
      await fire('PATCH', `${HOOKS}/${endpointId}`, { token: owner, body: { enabled: true } }),
    );
    expect(await queuedSends(deliveryId)).toBe(1);
  },
  'DELETE /api/v1/events/manage/webhooks/:webhookId': async () => {
    const { endpointId } = await webhookWithDelivery('active', 'failed');
    allFine(await fire('DELETE', `${HOOKS}/${endpointId}`, { token: owner }), [404]);
    const { n } = await one(
      sql<{ n: number }>`select count(*)::int as n from webhook_endpoints where id = ${endpointId}`,
    );
    expect(n).toBe(0);
  },
  'POST /api/v1/events/manage/webhooks/:webhookId/deliveries/:deliveryId/redeliver': async () => {
    const { endpointId, deliveryId } = await webhookWithDelivery('active', 'failed');
    exactlyOne(
      await fire('POST', `${HOOKS}/${endpointId}/deliveries/${deliveryId}/redeliver`, {
        token: owner,
      }),
      [409],
    );
    expect(await queuedSends(deliveryId)).toBe(1);
  },
  'POST /api/v1/events/manage/:id/waitlist/:entryId/remove': async () => {
    const { eventId, typeId } = await soldOut();
    const email = uniqueEmail('waiting');
    await joinWaitlist(eventId, typeId, email);
    const { id } = await one(
      sql<{ id: string }>`select id from waitlist_entries where ticket_type_id = ${typeId}`,
    );
    const since = await mark();
    allFine(
      await fire('POST', `${MANAGE}/${eventId}/waitlist/${id}/remove`, { token: owner, body: {} }),
      [404, 409],
    );
    expect(await messages(since, email)).toBeLessThanOrEqual(1);
  },
};

// The walk -----------------------------------------------------------------------------------

const isStateChanging = (r: { method: string; url: string }) =>
  r.method !== 'GET' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs');

describe.skipIf(testEngine !== 'postgres')(
  'races: 20 identical requests at once (PostgreSQL)',
  () => {
    const routes = t ? registeredRoutes(t.app).filter(isStateChanging).map(routeKey) : [];

    it('has a race case or a reasoned exemption for every state-changing route', () => {
      const missing = routes.filter((key) => !(key in CASES) && !(key in EXEMPT));
      expect(missing, 'add a race case to races.test.ts (or a reason to EXEMPT)').toEqual([]);
      const stale = [...Object.keys(CASES), ...Object.keys(EXEMPT)].filter(
        (k) => !routes.includes(k),
      );
      expect(stale, 'cases or exemptions for routes that no longer exist').toEqual([]);
      const both = Object.keys(CASES).filter((k) => k in EXEMPT);
      expect(both).toEqual([]);
    });

    it.each(Object.keys(CASES))(
      '%s: one change, at most one message per change',
      async (key) => {
        await CASES[key]!();
        const since = raceStart;
        expect(await duplicateHistory(since), 'order history lines written twice').toEqual([]);
        expect(await duplicateMessages(since), 'messages queued twice').toEqual([]);
      },
      120_000,
    );
  },
);

describe.skipIf(testEngine !== 'postgres')('races: the last table (decision 086)', () => {
  it('twenty orders for the last table of ten at once: one gets it, nineteen are told it sold out', async () => {
    const { event, types } = await givenEventWithTypes(t, owner, [
      { name: 'Table for ten', kind: 'table', seats: 10, price: 0, capacity: 3, maxPerOrder: 1 },
    ]);
    const table = types[0]!.id;
    // Two tables gone; the last one raced for by twenty buyers at once.
    await sql`update ticket_types set sold = 2 where id = ${table}`.execute(t.db);
    await mark();
    const replies = await Promise.all(
      Array.from({ length: N }, () =>
        t.post(
          ORDERS,
          { eventId: event.id, items: [{ ticketTypeId: table, quantity: 1 }], buyer: buyer() },
          { ip: freshIp() },
        ),
      ),
    );
    exactlyOne(replies, [409]);
    for (const r of replies) if (r.status === 409) expect(r.body.code).toBe('SOLD_OUT');
    expect(await sold(table)).toBe(3);
    const admitted = await one(sql<{ n: number }>`
      select coalesce(sum(i.quantity * i.admits), 0)::int as n from order_items i
      join orders o on o.id = i.order_id where i.ticket_type_id = ${table} and o.status = 'completed'`);
    expect(admitted.n).toBe(10);
  });
});

describe.skipIf(testEngine === 'postgres')('races', () => {
  it.skip('run on PostgreSQL only: PGlite runs one statement at a time and hides races', () => {});
});
