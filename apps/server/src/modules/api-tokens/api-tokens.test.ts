import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
} from '../../../test/organiser-factories.ts';

const TOKENS = `${MANAGE}/api-tokens`;
const DOOR = '/api/v1/ticketPurchase';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ apiTokenRequestsPerMinute: 30 });
});
afterAll(async () => {
  await t?.close();
});

async function makeToken(
  owner: string,
  body: { name?: string; scope: string; eventIds?: string[] | null },
): Promise<{ id: string; secret: string }> {
  const res = await t.post(TOKENS, { name: 'Tool', ...body }, { token: owner });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.token.id, secret: res.body.data.secret };
}

describe('API tokens', () => {
  it('shows the secret once, stores only its hash, and lists the token with its last use', async () => {
    const owner = await givenOrganiser(t);
    const made = await t.post(TOKENS, { name: 'CRM', scope: 'read' }, { token: owner.token });
    expect(made.status, made.text).toBe(201);
    const secret = made.body.data.secret as string;
    expect(secret).toMatch(/^gpat_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data.token).toMatchObject({ name: 'CRM', scope: 'read', events: null });
    expect(made.body.data.token.prefix).toBe(secret.slice(0, 9));

    const stored = await sql<{ token_hash: string }>`select token_hash from api_tokens`.execute(
      t.db,
    );
    expect(JSON.stringify(stored.rows)).not.toContain(secret);
    expect(JSON.stringify(stored.rows)).not.toContain(secret.slice(5));

    const list = await t.request('GET', TOKENS, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(secret);
    expect(list.body.data[0].lastUsedAt).toBeNull();

    const used = await t.request('GET', MANAGE, { token: secret });
    expect(used.status, used.text).toBe(200);
    const after = await t.request('GET', TOKENS, { token: owner.token });
    expect(after.body.data[0].lastUsedAt).not.toBeNull();
  });

  it('acts for the owner within its scope: read orders, not change them; 403 outside it', async () => {
    const owner = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, owner.token, [{ price: 0 }]);
    const order = await buy(t, event.id, types[0]!.id);
    const read = await makeToken(owner.token, { scope: 'read' });
    const checkin = await makeToken(owner.token, { scope: 'checkin' });
    const manage = await makeToken(owner.token, { scope: 'manage' });

    const list = await t.request('GET', `${MANAGE_ORDERS}?eventId=${event.id}`, {
      token: read.secret,
    });
    expect(list.status, list.text).toBe(200);
    expect(list.text).toContain(order.order.orderCode);
    expect(
      (await t.request('GET', `${DOOR}/event/${event.id}`, { token: read.secret })).status,
    ).toBe(200);

    // Outside the scope: refused with a sentence, nothing changes.
    for (const [secret, method, url, body] of [
      [
        read.secret,
        'POST',
        `${DOOR}/mark-attended`,
        { eventId: event.id, ticketCodes: [order.order.orderCode] },
      ],
      [read.secret, 'POST', `${MANAGE}/${event.id}/cancel`, { reason: 'Rain' }],
      [checkin.secret, 'GET', MANAGE_ORDERS, undefined],
      [manage.secret, 'GET', `${MANAGE_ORDERS}/${order.order.id}`, undefined],
      [manage.secret, 'GET', TOKENS, undefined],
      [manage.secret, 'POST', TOKENS, { name: 'More', scope: 'manage' }],
      [manage.secret, 'GET', '/api/v1/auth/user/me', undefined],
      [manage.secret, 'GET', '/api/v1/events/manage/settings', undefined],
    ] as const) {
      const res = await t.request(method, url, { token: secret, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(403);
      expect(res.body.error).toMatch(/scope/);
    }
    const tokens = await sql<{ n: number }>`select count(*)::int as n from api_tokens`.execute(
      t.db,
    );
    expect(tokens.rows[0]!.n).toBeGreaterThanOrEqual(4);

    // Write check-ins: the door's calls, recorded as the owner's.
    const scan = await t.post(
      `${DOOR}/mark-attended`,
      { eventId: event.id, ticketCodes: [order.order.orderCode] },
      { token: checkin.secret },
    );
    expect(scan.status, scan.text).toBe(200);
    // Manage events: change one.
    const renamed = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: manage.secret,
      body: { title: 'Renamed by the API' },
    });
    expect(renamed.status, renamed.text).toBe(200);
  });

  it("never reaches another organiser's things: 404, as for their login", async () => {
    const owner = await givenOrganiser(t);
    const other = await givenOrganiser(t);
    const { event, types } = await givenEventWithTypes(t, owner.token, [{ price: 0 }]);
    const order = await buy(t, event.id, types[0]!.id);
    const foreign = await makeToken(other.token, { scope: 'read' });
    const foreignManage = await makeToken(other.token, { scope: 'manage' });
    for (const url of [
      `${MANAGE}/${event.id}`,
      `${MANAGE_ORDERS}/${order.order.id}`,
      `${MANAGE_ORDERS}?eventId=${event.id}`,
      `${DOOR}/event/${event.id}`,
    ]) {
      const res = await t.request('GET', url, { token: foreign.secret });
      expect(res.status, `${url}: ${res.text}`).toBe(404);
      expect(res.text).not.toContain(order.order.orderCode);
    }
    const patch = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: foreignManage.secret,
      body: { title: 'Hijacked' },
    });
    expect(patch.status).toBe(404);
    const list = await t.request('GET', MANAGE, { token: foreign.secret });
    expect(list.status).toBe(200);
    expect(list.text).not.toContain(event.id);
  });

  it('limited to some events: those only (403 for the others), and a call must name one', async () => {
    const owner = await givenOrganiser(t);
    const mine = await givenEventWithTypes(t, owner.token, [{ price: 0 }]);
    const otherEvent = await givenEventWithTypes(t, owner.token, [{ price: 0 }]);
    const token = await makeToken(owner.token, { scope: 'read', eventIds: [mine.event.id] });
    expect(
      (await t.request('GET', `${DOOR}/event/${mine.event.id}`, { token: token.secret })).status,
    ).toBe(200);
    const refused = await t.request('GET', `${DOOR}/event/${otherEvent.event.id}`, {
      token: token.secret,
    });
    expect(refused.status, refused.text).toBe(403);
    const unnamed = await t.request('GET', MANAGE_ORDERS, { token: token.secret });
    expect(unnamed.status, unnamed.text).toBe(403);
    const named = await t.request('GET', `${MANAGE_ORDERS}?eventId=${mine.event.id}`, {
      token: token.secret,
    });
    expect(named.status, named.text).toBe(200);
    // Another organiser's event cannot be given to a token.
    const stranger = await givenOrganiser(t);
    const bad = await t.post(
      TOKENS,
      { name: 'x', scope: 'read', eventIds: [mine.event.id] },
      { token: stranger.token },
    );
    expect(bad.status, bad.text).toBe(400);
  });

  it('a revoked token fails on its next request', async () => {
    const owner = await givenOrganiser(t);
    const token = await makeToken(owner.token, { scope: 'read' });
    expect((await t.request('GET', MANAGE, { token: token.secret })).status).toBe(200);
    const revoked = await t.request('DELETE', `${TOKENS}/${token.id}`, { token: owner.token });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.data.revokedAt).not.toBeNull();
    const next = await t.request('GET', MANAGE, { token: token.secret });
    expect(next.status, next.text).toBe(401);
    // Another organiser cannot revoke it (404), nor a manager (403: owner only).
    const other = await givenOrganiser(t);
    const live = await makeToken(owner.token, { scope: 'read' });
    const foreign = await t.request('DELETE', `${TOKENS}/${live.id}`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect((await t.request('GET', MANAGE, { token: live.secret })).status).toBe(200);
  });

  it('limits requests per token: one token over its minute is 429, another still works', async () => {
    const owner = await givenOrganiser(t);
    const busy = await makeToken(owner.token, { scope: 'read' });
    const calm = await makeToken(owner.token, { scope: 'read' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await t.request('GET', MANAGE, { token: busy.secret })).status);
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await t.request('GET', MANAGE, { token: calm.secret })).status).toBe(200);
  });

  it('/api/docs says which routes take a token and how', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = JSON.parse(res.body) as {
      info: { description: string };
      components: { securitySchemes: Record<string, { scheme: string; bearerFormat?: string }> };
      paths: Record<
        string,
        Record<string, { security?: Record<string, unknown>[]; description?: string }>
      >;
    };
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ scheme: 'bearer' });
    expect(doc.info.description).toContain('Authorization: Bearer gpat_');
    const door = doc.paths['/api/v1/ticketPurchase/mark-attended']!.post!;
    expect(door.security).toContainEqual({ apiToken: [] });
    expect(door.description).toContain('`checkin`');
    const settings =
      doc.paths['/api/v1/events/manage/settings/']?.get ??
      doc.paths['/api/v1/events/manage/settings']!.get!;
    expect(settings.security).not.toContainEqual({ apiToken: [] });
  });
});
