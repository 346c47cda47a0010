import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, logIn } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { buy, givenEventWithTypes } from '../../../test/organiser-factories.ts';

/** Doors by gate (issue 25 §4, decision 084): check-in lists, their door and their figures. */

const DOOR = `${API}/ticketPurchase`;
const MANAGE = `${API}/events/manage`;

let t: TestApp;
let owner: string;
let ownerId: string;
let stranger: string;

beforeAll(async () => {
  t = await startTestApp();
  const user = await givenUser(t);
  owner = await logIn(t, user);
  ownerId = (
    await sql<{
      id: string;
    }>`select id from users where email = ${user.email.toLowerCase()}`.execute(t.db)
  ).rows[0]!.id;
  stranger = await logIn(t, await givenUser(t));
});
afterAll(() => t?.close());

/** An event with Regular, VIP and Table, a "VIP gate" (VIP, Table) and a "Main gate" (Regular). */
async function gates() {
  const { event, types } = await givenEventWithTypes(t, owner, [
    { name: 'Regular', price: 0, capacity: 100 },
    { name: 'VIP', price: 0, capacity: 100 },
    { name: 'Table', price: 0, capacity: 100 },
  ]);
  const id = (name: string) => types.find((x) => x.name === name)!.id;
  const make = async (name: string, typeNames: string[]) => {
    const res = await t.post(
      `${MANAGE}/${event.id}/checkin-lists`,
      { name, ticketTypeIds: typeNames.map(id) },
      { token: owner },
    );
    expect(res.status, res.text).toBe(201);
    return res.body.data as {
      id: string;
      name: string;
      ticketTypes: { id: string; name: string }[];
    };
  };
  const vipGate = await make('VIP gate', ['VIP', 'Table']);
  const mainGate = await make('Main gate', ['Regular']);
  const order = async (name: string) => (await buy(t, event.id, id(name))).order;
  return { event, id, vipGate, mainGate, order };
}

const mark = (eventId: string, ticketCodes: string[], listId?: string, token = owner) =>
  t.post(
    `${DOOR}/mark-attended`,
    { eventId, ticketCodes, ...(listId ? { listId } : {}) },
    { token },
  );

async function steward(eventIds: string[] | null) {
  const user = await givenUser(t);
  const token = await logIn(t, user);
  const { id } = (
    await sql<{
      id: string;
    }>`select id from users where email = ${user.email.toLowerCase()}`.execute(t.db)
  ).rows[0]!;
  await sql`insert into team_members (organiser_id, user_id, role, all_events)
    values (${ownerId}, ${id}, 'door', ${eventIds === null})`.execute(t.db);
  for (const eventId of eventIds ?? []) {
    await sql`insert into team_member_events (organiser_id, user_id, event_id)
      values (${ownerId}, ${id}, ${eventId})`.execute(t.db);
  }
  return { id, token };
}

describe('check-in lists on the event page', () => {
  it('makes lists with their ticket types, refuses a second of the same name and a foreign type', async () => {
    const { event, vipGate } = await gates();
    expect(vipGate.ticketTypes.map((x) => x.name)).toEqual(['VIP', 'Table']);
    const list = await t.request('GET', `${MANAGE}/${event.id}/checkin-lists`, { token: owner });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((l: { name: string }) => l.name)).toEqual(['VIP gate', 'Main gate']);

    // Another event's type is not one of this event's.
    const elsewhere = await gates();
    const foreign = await t.post(
      `${MANAGE}/${event.id}/checkin-lists`,
      { name: 'Side gate', ticketTypeIds: [elsewhere.id('VIP')] },
      { token: owner },
    );
    expect(foreign.status, foreign.text).toBe(400);
    const dup = await t.post(
      `${MANAGE}/${event.id}/checkin-lists`,
      { name: 'vip GATE', ticketTypeIds: [vipGate.ticketTypes[0]!.id] },
      { token: owner },
    );
    expect(dup.status, dup.text).toBe(409);
    expect(dup.body.error).toBe('This event already has a list with that name.');
  });

  it("is another organiser's 404", async () => {
    const { event, vipGate } = await gates();
    const res = await t.request('GET', `${MANAGE}/${event.id}/checkin-lists`, { token: stranger });
    expect(res.status).toBe(404);
    const del = await t.request('DELETE', `${MANAGE}/${event.id}/checkin-lists/${vipGate.id}`, {
      token: stranger,
    });
    expect(del.status).toBe(404);
    const door = await t.request('GET', `${DOOR}/event/${event.id}?list=${vipGate.id}`, {
      token: stranger,
    });
    expect(door.status).toBe(404);
  });
});

describe('the door at a list', () => {
  it('lists only the orders the list takes, and refuses the others with their type and the list that takes them', async () => {
    const { event, vipGate, order } = await gates();
    const [vip, table, regular] = [
      await order('VIP'),
      await order('Table'),
      await order('Regular'),
    ];
    const res = await t.request('GET', `${DOOR}/event/${event.id}?list=${vipGate.id}`, {
      token: owner,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.list).toEqual({ id: vipGate.id, name: 'VIP gate' });
    expect(res.body.data.map((o: { orderCode: string }) => o.orderCode).sort()).toEqual(
      [vip.orderCode, table.orderCode].sort(),
    );
    expect(res.body.refused).toContainEqual({
      code: regular.orderCode,
      reason: 'other_list',
      type: 'Regular',
      list: 'Main gate',
    });
    // Without a list the door is as it always was: every order, no list.
    const whole = await t.request('GET', `${DOOR}/event/${event.id}`, { token: owner });
    expect(whole.body.data).toHaveLength(3);
    expect(whole.body.list).toBeUndefined();
    expect(whole.body.refused.filter((r: { reason: string }) => r.reason === 'other_list')).toEqual(
      [],
    );
  });

  it('admits a ticket the list takes, refuses one it does not with the reason, and logs both at the list', async () => {
    const { event, vipGate, order } = await gates();
    const [vip, regular] = [await order('VIP'), await order('Regular')];
    const res = await mark(event.id, [vip.orderCode, regular.orderCode], vipGate.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.marked).toEqual([vip.orderCode]);
    expect(res.body.data.notOnList).toEqual([
      { orderCode: regular.orderCode, type: 'Regular', list: 'Main gate' },
    ]);
    expect(res.body.data.message).toBe('1 ticket checked in; 1 ticket not taken at the VIP gate.');
    const log = await sql<{ code: string; result: string; list_id: string }>`
      select code, result, list_id from checkin_log where event_id = ${event.id} order by result`.execute(
      t.db,
    );
    expect(log.rows).toEqual([
      { code: vip.orderCode, result: 'admitted', list_id: vipGate.id },
      { code: regular.orderCode, result: 'not_on_list', list_id: vipGate.id },
    ]);
    // The first admission anywhere is the order's attended_at; the Regular one is not in.
    const at = await sql<{ code: string; attended: boolean }>`
      select code, attended_at is not null as attended from orders where event_id = ${event.id} order by code`.execute(
      t.db,
    );
    expect(Object.fromEntries(at.rows.map((r) => [r.code, r.attended]))).toEqual({
      [vip.orderCode]: true,
      [regular.orderCode]: false,
    });
  });

  it('keeps its own check-in state: in at the event door or on Day 1 is not in on Day 2, and twice at one list is used', async () => {
    const { event, id, order } = await gates();
    const day2 = await t.post(
      `${MANAGE}/${event.id}/checkin-lists`,
      { name: 'Day 2', ticketTypeIds: [id('Regular'), id('VIP'), id('Table')] },
      { token: owner },
    );
    const regular = await order('Regular');
    expect((await mark(event.id, [regular.orderCode])).body.data.marked).toEqual([
      regular.orderCode,
    ]);
    const first = await mark(event.id, [regular.orderCode], day2.body.data.id);
    expect(first.body.data.marked).toEqual([regular.orderCode]);
    const second = await mark(event.id, [regular.orderCode], day2.body.data.id);
    expect(second.body.data.marked).toEqual([]);
    expect(second.body.data.alreadyUsed).toEqual([
      { orderCode: regular.orderCode, attendedAt: expect.any(String) },
    ]);
    const door = await t.request('GET', `${DOOR}/event/${event.id}?list=${day2.body.data.id}`, {
      token: owner,
    });
    expect(door.body.data[0].attendedAt).toBe(second.body.data.alreadyUsed[0].attendedAt);
  });

  it("refuses another event's list", async () => {
    const a = await gates();
    const b = await gates();
    const res = await mark(a.event.id, ['12345678'], b.vipGate.id);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('This check-in list was not found.');
  });
});

describe('a steward given a list', () => {
  it('checks that list whatever the door asks, is refused another list, and the figures show them per list', async () => {
    const { event, vipGate, mainGate, order } = await gates();
    const s = await steward([event.id]);
    const give = await t.request('PUT', `${MANAGE}/team/members/${s.id}/checkin-list`, {
      token: owner,
      body: { listId: vipGate.id },
    });
    expect(give.status, give.text).toBe(200);
    expect(give.body.data.checkinList).toEqual({
      id: vipGate.id,
      name: 'VIP gate',
      eventId: event.id,
    });
    expect(give.body.message).toMatch(/checks tickets at the VIP gate\.$/);

    const lists = await t.request('GET', `${DOOR}/event/${event.id}/lists`, { token: s.token });
    expect(lists.status, lists.text).toBe(200);
    expect(lists.body.data.assigned).toBe(vipGate.id);
    expect(lists.body.data.lists.map((l: { name: string }) => l.name)).toEqual([
      'VIP gate',
      'Main gate',
    ]);

    const [vip, regular] = [await order('VIP'), await order('Regular')];
    const door = await t.request('GET', `${DOOR}/event/${event.id}`, { token: s.token });
    expect(door.body.list).toEqual({ id: vipGate.id, name: 'VIP gate' });
    expect(door.body.data.map((o: { orderCode: string }) => o.orderCode)).toEqual([vip.orderCode]);
    // The compact list (decision 088) gives the steward their list too, never the whole event.
    const compact = await t.request('GET', `${DOOR}/event/${event.id}/compact`, { token: s.token });
    expect(compact.status, compact.text).toBe(200);
    expect(compact.body.orders.map((r: unknown[]) => r[0])).toEqual([vip.orderCode]);
    expect(compact.body.refused).toContainEqual(
      expect.objectContaining({ code: regular.orderCode, reason: 'other_list' }),
    );
    const refused = await t.request('GET', `${DOOR}/event/${event.id}?list=${mainGate.id}`, {
      token: s.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You check tickets at the VIP gate only.');

    // Sent without a list (an old device), the steward's scans still count at their list.
    const res = await mark(event.id, [vip.orderCode, regular.orderCode], undefined, s.token);
    expect(res.body.data.marked).toEqual([vip.orderCode]);
    expect(res.body.data.notOnList).toEqual([
      { orderCode: regular.orderCode, type: 'Regular', list: 'Main gate' },
    ]);
    expect((await mark(event.id, [regular.orderCode], mainGate.id)).body.data.marked).toEqual([
      regular.orderCode,
    ]);

    const stats = await t.request('GET', `${MANAGE}/checkins?eventId=${event.id}`, {
      token: owner,
    });
    expect(stats.status, stats.text).toBe(200);
    expect(
      stats.body.data.byList.map(
        (l: {
          name: string;
          admitted: number;
          byUser: { userId: string; admitted: number }[];
        }) => ({
          name: l.name,
          admitted: l.admitted,
          users: l.byUser.map((u) => [u.userId, u.admitted]),
        }),
      ),
    ).toEqual([
      { name: 'VIP gate', admitted: 1, users: [[s.id, 1]] },
      { name: 'Main gate', admitted: 1, users: [[ownerId, 1]] },
    ]);
    const lists2 = await t.request('GET', `${MANAGE}/${event.id}/checkin-lists`, { token: owner });
    expect(lists2.body.data.map((l: { admitted: number }) => l.admitted)).toEqual([1, 1]);
  });

  it('is given only a list of an event they check, as a door steward; loses it with the door role', async () => {
    const { event, vipGate } = await gates();
    const other = await gates();
    const s = await steward([other.event.id]);
    const wrong = await t.request('PUT', `${MANAGE}/team/members/${s.id}/checkin-list`, {
      token: owner,
      body: { listId: vipGate.id },
    });
    expect(wrong.status, wrong.text).toBe(400);
    const all = await steward(null);
    const given = await t.request('PUT', `${MANAGE}/team/members/${all.id}/checkin-list`, {
      token: owner,
      body: { listId: vipGate.id },
    });
    expect(given.status, given.text).toBe(200);
    const manager = await t.request('PATCH', `${MANAGE}/team/members/${all.id}`, {
      token: owner,
      body: { role: 'manager' },
    });
    expect(manager.body.data.checkinList).toBeNull();
    const back = await t.request('PUT', `${MANAGE}/team/members/${all.id}/checkin-list`, {
      token: owner,
      body: { listId: vipGate.id },
    });
    expect(back.status).toBe(400);
    expect(back.body.error).toBe('Only door stewards are given a check-in list.');
    // A removed list leaves its stewards on the whole event's door.
    const s2 = await steward([event.id]);
    await t.request('PUT', `${MANAGE}/team/members/${s2.id}/checkin-list`, {
      token: owner,
      body: { listId: vipGate.id },
    });
    const del = await t.request('DELETE', `${MANAGE}/${event.id}/checkin-lists/${vipGate.id}`, {
      token: owner,
    });
    expect(del.status, del.text).toBe(200);
    const door = await t.request('GET', `${DOOR}/event/${event.id}`, { token: s2.token });
    expect(door.status).toBe(200);
    expect(door.body.list).toBeUndefined();
  });
});
