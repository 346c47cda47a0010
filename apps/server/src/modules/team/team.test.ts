import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, logIn, newSignup, type GivenUser } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { buy, givenEventWithTypes, MANAGE_ORDERS } from '../../../test/organiser-factories.ts';

const TEAM = `${API}/events/manage/team`;
const INVITE = `${TEAM}/invitations`;
const ACCEPT = `${API}/team/invitations/accept`;
const PREVIEW = `${API}/team/invitations/preview`;
const WORKSPACES = `${API}/team/workspaces`;
const DOOR_LIST = (eventId: string) => `${API}/ticketPurchase/event/${eventId}`;
const MARK = `${API}/ticketPurchase/mark-attended`;

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestApp({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});

type Person = GivenUser & { token: string; id: string };

async function person(): Promise<Person> {
  const u = await givenUser(t);
  const token = await logIn(t, u);
  const me = await t.request('GET', `${API}/auth/user/me`, { token });
  expect(me.status, me.text).toBe(200);
  const id = (me.body.data?.id ?? me.body.user?.id ?? me.body.data?.user?.id) as string;
  expect(id).toBeTruthy();
  return { ...u, token, id };
}

/** The token in the latest invitation mail to `email`. */
async function invitationToken(email: string): Promise<string> {
  const mail = await t.latestMailTo(email, 'team-invitation');
  const match = /\/team\/join\?token=([\w-]+)/.exec(mail.text_body);
  expect(match, mail.text_body).not.toBeNull();
  return decodeURIComponent(match![1]!);
}

async function invite(
  owner: Person,
  email: string,
  role: 'manager' | 'door',
  eventIds?: string[] | null,
) {
  const res = await t.post(INVITE, { email, role, eventIds }, { token: owner.token });
  expect(res.status, res.text).toBe(201);
  return { invitation: res.body.data, token: await invitationToken(email) };
}

async function givenTeam() {
  const owner = await person();
  const steward = await person();
  const manager = await person();
  const a = await givenEventWithTypes(t, owner.token, [{ name: 'Regular', price: 0 }]);
  const b = await givenEventWithTypes(t, owner.token, [{ name: 'Regular', price: 0 }]);
  const s = await invite(owner, steward.email, 'door', [a.event.id]);
  expect((await t.post(ACCEPT, { token: s.token }, { token: steward.token })).status).toBe(200);
  const m = await invite(owner, manager.email, 'manager');
  expect((await t.post(ACCEPT, { token: m.token }, { token: manager.token })).status).toBe(200);
  return { owner, steward, manager, a, b };
}

describe('invitations', () => {
  it('mails a single-use link for the invited address; the invitee joins with their own login', async () => {
    const owner = await person();
    const steward = await person();
    const { event } = await givenEventWithTypes(t, owner.token, [{ price: 0 }]);
    const { invitation, token } = await invite(owner, steward.email, 'door', [event.id]);
    expect(invitation).toMatchObject({ email: steward.email.toLowerCase(), role: 'door' });
    expect(invitation.events).toEqual([{ id: event.id, title: expect.any(String) }]);
    // Stored hashed: the token is nowhere in the table.
    const rows = await sql<{ token_hash: string }>`select token_hash from team_invitations`.execute(
      t.db,
    );
    expect(rows.rows.map((r) => r.token_hash)).not.toContain(token);

    const preview = await t.post(PREVIEW, { token });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data).toMatchObject({ role: 'door' });
    // No login needed to read it, so the address is masked (issue 21 §4).
    const [local, domain] = steward.email.toLowerCase().split('@') as [string, string];
    expect(preview.body.data.email).toBe(`${local[0]}•••••${local.at(-1)}@${domain}`);
    expect(preview.text).not.toContain(steward.email.toLowerCase());
    expect(preview.text).not.toContain(local);

    const accepted = await t.post(ACCEPT, { token }, { token: steward.token });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body.data.workspace).toMatchObject({
      organiserId: owner.id,
      role: 'door',
      events: [expect.objectContaining({ id: event.id })],
      isDefault: true,
    });
    const again = await t.post(ACCEPT, { token }, { token: steward.token });
    expect(again.status, again.text).toBe(404);
    expect((await t.post(PREVIEW, { token })).status).toBe(404);

    const team = await t.request('GET', TEAM, { token: owner.token });
    expect(team.status, team.text).toBe(200);
    expect(team.body.data.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'door']);
    expect(team.body.data.invitations).toEqual([]);
  });

  it('signs up from the link with the invited address, shown masked until it is verified', async () => {
    const owner = await person();
    const invited = newSignup();
    const { token } = await invite(owner, invited.email, 'door');
    const masked = (await t.post(PREVIEW, { token })).body.data.email as string;
    const AUTH = `${API}/auth/user`;

    // No email typed: the invitation's own address is used, and answered masked.
    const { email: _typed, ...form } = invited;
    const signup = await t.post(`${AUTH}/signup`, { ...form, invitationToken: token });
    expect(signup.status, signup.text).toBe(201);
    expect(signup.body.user.email).toBe(masked);
    expect(signup.text).not.toContain(invited.email.toLowerCase());
    // Logging in before verifying says which address, masked too.
    const early = await t.post(`${AUTH}/login`, {
      phoneNumber: invited.phoneNumber,
      password: invited.password,
    });
    expect(early.status, early.text).toBe(403);
    expect(early.body.details.email).toBe(masked);
    // A new code and the verification go by the invitation; the code reached the address.
    expect((await t.post(`${AUTH}/resend-verification`, { invitationToken: token })).status).toBe(
      200,
    );
    const code = await t.latestCodeFor(invited.email);
    const verified = await t.post(`${AUTH}/verify-email`, { invitationToken: token, code });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.user.email).toBe(invited.email.toLowerCase());
    const sessionToken = await logIn(t, invited);
    expect((await t.post(ACCEPT, { token }, { token: sessionToken })).status).toBe(200);

    // A dead link makes no account; naming neither an address nor a link is a blank field.
    const again = newSignup();
    const dead = await t.post(`${AUTH}/signup`, {
      ...again,
      email: undefined,
      invitationToken: token,
    });
    expect(dead.status, dead.text).toBe(404);
    const blank = await t.post(`${AUTH}/signup`, { ...again, email: undefined });
    expect(blank.status, blank.text).toBe(400);
    expect(blank.body.error).toBe('Email is required');
  });

  it('refuses the link to another account, to the owner, and once expired', async () => {
    const owner = await person();
    const invited = await person();
    const stranger = await person();
    const { token } = await invite(owner, invited.email, 'manager');

    const wrong = await t.post(ACCEPT, { token }, { token: stranger.token });
    expect(wrong.status, wrong.text).toBe(403);
    const domain = invited.email.toLowerCase().split('@')[1]!;
    expect(wrong.body.error).toContain(`@${domain}`);
    expect(wrong.body.error).not.toContain(invited.email.toLowerCase());
    const own = await t.post(ACCEPT, { token }, { token: owner.token });
    expect(own.status, own.text).toBe(409);
    expect((await t.post(ACCEPT, { token })).status).toBe(401);

    clock += 7 * 86_400_000 + 60_000;
    try {
      const late = await t.post(ACCEPT, { token }, { token: invited.token });
      expect(late.status, late.text).toBe(404);
      const team = await t.request('GET', TEAM, { token: owner.token });
      expect(team.body.data.invitations[0].expired).toBe(true);
    } finally {
      clock = Date.now();
    }
  });

  it('replaces the old link when the same address is invited again, and resend does too', async () => {
    const owner = await person();
    const invited = await person();
    const first = await invite(owner, invited.email, 'door');
    const second = await invite(owner, invited.email, 'manager');
    expect(second.invitation.id).toBe(first.invitation.id);
    expect((await t.post(PREVIEW, { token: first.token })).status).toBe(404);
    // A resend within a minute of the last mail sends nothing new (decision 051).
    const early = await t.post(
      `${INVITE}/${second.invitation.id}/resend`,
      {},
      { token: owner.token },
    );
    expect(early.status, early.text).toBe(200);
    expect(await invitationToken(invited.email)).toBe(second.token);
    clock += 61_000;
    const resent = await t.post(
      `${INVITE}/${second.invitation.id}/resend`,
      {},
      { token: owner.token },
    );
    expect(resent.status, resent.text).toBe(200);
    const third = await invitationToken(invited.email);
    expect(third).not.toBe(second.token);
    expect((await t.post(PREVIEW, { token: second.token })).status).toBe(404);
    const accepted = await t.post(ACCEPT, { token: third }, { token: invited.token });
    expect(accepted.body.data.workspace.role).toBe('manager');
    clock = Date.now();
  });

  it('withdraws an invitation: its link stops working', async () => {
    const owner = await person();
    const { invitation, token } = await invite(owner, 'later.steward@example.com', 'door');
    const res = await t.request('DELETE', `${INVITE}/${invitation.id}`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    expect((await t.post(PREVIEW, { token })).status).toBe(404);
  });

  it('refuses inviting oneself, a member, and events of another organiser', async () => {
    const owner = await person();
    const other = await person();
    const { event } = await givenEventWithTypes(t, other.token, [{ price: 0 }]);
    const self = await t.post(INVITE, { email: owner.email, role: 'door' }, { token: owner.token });
    expect(self.status, self.text).toBe(400);
    const foreign = await t.post(
      INVITE,
      { email: 'x.steward@example.com', role: 'door', eventIds: [event.id] },
      { token: owner.token },
    );
    expect(foreign.status, foreign.text).toBe(400);
    const member = await person();
    const { token } = await invite(owner, member.email, 'door');
    await t.post(ACCEPT, { token }, { token: member.token });
    const twice = await t.post(
      INVITE,
      { email: member.email, role: 'door' },
      { token: owner.token },
    );
    expect(twice.status, twice.text).toBe(409);
  });

  it('limits wrong tokens per address (brute force), whatever the token', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 22; i += 1) {
      const res = await t.request('POST', PREVIEW, {
        body: { token: `made-up-token-${i}-${'x'.repeat(30)}` },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another address is not affected.
    const other = await t.request('POST', PREVIEW, {
      body: { token: 'y'.repeat(43) },
      ip: '198.51.100.78',
    });
    expect(other.status).toBe(404);
  });
});

describe('roles at work', () => {
  it('a door steward checks in at their event only, recorded with their user and device', async () => {
    const { owner, steward, a, b } = await givenTeam();
    const order = await buy(t, a.event.id, a.types[0]!.id);
    const list = await t.request('GET', DOOR_LIST(a.event.id), { token: steward.token });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((o: { orderCode: string }) => o.orderCode)).toContain(
      order.order.orderCode,
    );
    const marked = await t.post(
      MARK,
      { eventId: a.event.id, ticketCodes: [order.order.orderCode] },
      { token: steward.token, headers: { 'x-gatepass-device': 'gate-2-phone' } },
    );
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.data.marked).toEqual([order.order.orderCode]);
    const log = await sql<{ user_id: string; device_id: string }>`
      select user_id, device_id from checkin_log where event_id = ${a.event.id}`.execute(t.db);
    expect(log.rows).toEqual([{ user_id: steward.id, device_id: 'gate-2-phone' }]);

    const elsewhere = await t.request('GET', DOOR_LIST(b.event.id), { token: steward.token });
    expect(elsewhere.status, elsewhere.text).toBe(403);
    expect(elsewhere.body.error).toMatch(/not a door steward for this event/);
    const orders = await t.request('GET', `${MANAGE_ORDERS}?eventId=${a.event.id}`, {
      token: steward.token,
    });
    expect(orders.status, orders.text).toBe(403);

    const stats = await t.request('GET', `${API}/events/manage/checkins?eventId=${a.event.id}`, {
      token: owner.token,
    });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.data.total).toBe(1);
    expect(stats.body.data.byUser).toEqual([
      expect.objectContaining({ userId: steward.id, role: 'door', admitted: 1, devices: 1 }),
    ]);
    expect(stats.body.data.byHour).toHaveLength(1);
    const stewardStats = await t.request(
      'GET',
      `${API}/events/manage/checkins?eventId=${a.event.id}`,
      { token: steward.token },
    );
    expect(stewardStats.status).toBe(403);
  });

  it('a manager runs sales without the owner’s password, and the history names them', async () => {
    const { owner, manager, a } = await givenTeam();
    const events = await t.request('GET', `${API}/events/manage`, { token: manager.token });
    expect(events.status, events.text).toBe(200);
    expect(events.body.data.map((e: { id: string }) => e.id)).toContain(a.event.id);
    const order = await buy(t, a.event.id, a.types[0]!.id);
    const cancelled = await t.post(
      `${MANAGE_ORDERS}/${order.order.id}/cancel`,
      { reason: 'Asked by the buyer' },
      { token: manager.token },
    );
    expect(cancelled.status, cancelled.text).toBe(200);
    const history = await sql<{ actor_user_id: string }>`
      select actor_user_id from order_history where order_id = ${order.order.id} and kind = 'cancelled'`.execute(
      t.db,
    );
    expect(history.rows).toEqual([{ actor_user_id: manager.id }]);
    for (const [method, url] of [
      ['GET', TEAM],
      ['POST', INVITE],
    ] as const) {
      const res = await t.request(method, url, {
        token: manager.token,
        body: { email: 'x@example.com', role: 'door' },
      });
      expect(res.status, `${method} ${url}: ${res.text}`).toBe(403);
    }
    // Their settings are their own account's, never the owner's.
    const settings = await t.request('GET', `${API}/events/manage/settings`, {
      token: manager.token,
    });
    expect(JSON.stringify(settings.body)).not.toContain(owner.email.toLowerCase());
  });

  it('a change or a removal takes effect on the member’s very next request', async () => {
    const { owner, steward, a, b } = await givenTeam();
    const headers = { 'x-gatepass-organiser': owner.id };
    expect((await t.request('GET', DOOR_LIST(b.event.id), { token: steward.token })).status).toBe(
      403,
    );
    const patched = await t.request('PATCH', `${TEAM}/members/${steward.id}`, {
      token: owner.token,
      body: { eventIds: [a.event.id, b.event.id] },
    });
    expect(patched.status, patched.text).toBe(200);
    expect((await t.request('GET', DOOR_LIST(b.event.id), { token: steward.token })).status).toBe(
      200,
    );
    const promoted = await t.request('PATCH', `${TEAM}/members/${steward.id}`, {
      token: owner.token,
      body: { role: 'manager' },
    });
    expect(promoted.body.data).toMatchObject({ role: 'manager', events: null });
    expect(
      (await t.request('GET', `${API}/events/manage/finances`, { token: steward.token, headers }))
        .status,
    ).toBe(200);

    const removed = await t.request('DELETE', `${TEAM}/members/${steward.id}`, {
      token: owner.token,
    });
    expect(removed.status, removed.text).toBe(200);
    // The door's next sync, with the organiser it worked for: refused with a sentence.
    const sync = await t.request('GET', DOOR_LIST(a.event.id), { token: steward.token, headers });
    expect(sync.status, sync.text).toBe(403);
    expect(sync.body.error).toMatch(/not on this organiser’s team/);
    // Without the header they act for their own account, which has no such event.
    const bare = await t.request('GET', DOOR_LIST(a.event.id), { token: steward.token });
    expect(bare.status, bare.text).toBe(404);
    const mark = await t.post(
      MARK,
      { eventId: a.event.id, ticketCodes: ['ABCDEFGH'] },
      { token: steward.token },
    );
    expect(mark.status, mark.text).toBe(404);
  });

  it('lists the workspaces of someone on two teams, and the chosen one is used', async () => {
    const ownerA = await person();
    const ownerB = await person();
    const both = await person();
    const ea = await givenEventWithTypes(t, ownerA.token, [{ price: 0 }]);
    const eb = await givenEventWithTypes(t, ownerB.token, [{ price: 0 }]);
    const ia = await invite(ownerA, both.email, 'manager');
    await t.post(ACCEPT, { token: ia.token }, { token: both.token });
    const ib = await invite(ownerB, both.email, 'door', [eb.event.id]);
    await t.post(ACCEPT, { token: ib.token }, { token: both.token });
    const ws = await t.request('GET', WORKSPACES, { token: both.token });
    expect(ws.status, ws.text).toBe(200);
    expect(ws.body.data.map((w: { role: string }) => w.role)).toEqual(['owner', 'door', 'manager']);
    const asManager = await t.request('GET', `${API}/events/manage`, {
      token: both.token,
      headers: { 'x-gatepass-organiser': ownerA.id },
    });
    expect(asManager.body.data.map((e: { id: string }) => e.id)).toEqual([ea.event.id]);
    const asDoor = await t.request('GET', `${API}/events/manage`, {
      token: both.token,
      headers: { 'x-gatepass-organiser': ownerB.id },
    });
    expect(asDoor.status).toBe(403);
    const nobody = await t.request('GET', `${API}/events/manage`, {
      token: both.token,
      headers: { 'x-gatepass-organiser': (await person()).id },
    });
    expect(nobody.status).toBe(403);
  });
});
