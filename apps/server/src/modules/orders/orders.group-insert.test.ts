import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helper.ts';
import { givenOrganiser } from '../../../test/organiser-factories.ts';
import { givenPublishedEvent } from '../../../test/event-factories.ts';
import { insertOrdersWithItems, type NewGroupOrder } from './orders.repository.ts';

// A checkout group's orders, items and history lines in one statement (decision 105).

let t: TestApp;
let eventId: string;
let typeId: string;

beforeAll(async () => {
  t = await startTestApp();
  const organiser = await givenOrganiser(t);
  const event = await givenPublishedEvent(t, organiser.token, {}, [
    { name: 'Regular', price: 0, capacity: 100 },
  ]);
  eventId = event.id;
  const type = await t.db
    .selectFrom('ticket_types')
    .select('id')
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  typeId = type.id;
});

afterAll(async () => {
  await t?.close();
});

const newOrder = (code: string, quantity: number, admits?: number): NewGroupOrder => ({
  order: {
    code,
    eventId,
    buyerUserId: null,
    firstName: 'Ada',
    lastName: code,
    email: `${code}@example.com`,
    phone: '+2348031234567',
    emailKey: `${code}@example.com`,
    phoneKey: '+2348031234567',
    status: 'completed',
    paymentMethod: 'free',
    quantity,
    subtotalKobo: 0,
    discountKobo: 0,
    feeKobo: 0,
    totalKobo: 0,
    feeMode: 'pass',
    promoCodeId: null,
    accessTokenHash: `hash-${code}`,
    reservedUntil: null,
    paidAt: new Date('2026-11-27T12:00:00Z'),
    ticketNames:
      code === '90000003'
        ? [{ index: 0, firstName: 'Bo', lastName: 'Ade', email: null }]
        : undefined,
  },
  items: [
    {
      id: randomUUID(),
      ticketTypeId: typeId,
      name: 'Regular',
      quantity,
      unitPriceKobo: 0,
      ...(admits === undefined ? {} : { admits }),
    },
  ],
  history: { kind: 'created', detail: 'Free order confirmed', actorUserId: null },
});

const itemsOf = (orderId: string) =>
  t.db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
const historyOf = (orderId: string) =>
  t.db.selectFrom('order_history').selectAll().where('order_id', '=', orderId).execute();

describe('insertOrdersWithItems', () => {
  it('writes each order with its items, as given, and its history line', async () => {
    const group = [newOrder('90000001', 2), newOrder('90000002', 1, 8), newOrder('90000003', 1)];
    const rows = await t.db.transaction().execute((trx) => insertOrdersWithItems(trx, group));
    expect(rows.map((r) => r.code).sort()).toEqual(['90000001', '90000002', '90000003']);
    for (const [i, g] of group.entries()) {
      const row = rows.find((r) => r.code === g.order.code)!;
      expect(row.quantity).toBe(g.order.quantity);
      expect(row.paid_at).toEqual(new Date('2026-11-27T12:00:00Z'));
      expect(row.reserved_until).toBeNull();
      expect(await itemsOf(row.id)).toEqual([
        {
          id: g.items[0]!.id,
          order_id: row.id,
          ticket_type_id: typeId,
          name: 'Regular',
          quantity: g.order.quantity,
          unit_price_kobo: 0,
          // A regular line admits one; a table the number it seats.
          admits: i === 1 ? 8 : 1,
        },
      ]);
      const history = await historyOf(row.id);
      expect(history.map((h) => [h.kind, h.detail, h.actor_user_id])).toEqual([
        ['created', 'Free order confirmed', null],
      ]);
    }
    // The holders' names: a JSON value, not its text; none is null.
    expect(rows.find((r) => r.code === '90000003')!.ticket_names).toEqual([
      { index: 0, firstName: 'Bo', lastName: 'Ade', email: null },
    ]);
    expect(rows.find((r) => r.code === '90000001')!.ticket_names).toBeNull();
  });

  it('writes nothing of an order whose code is taken, and returns the others', async () => {
    const [first] = await t.db
      .transaction()
      .execute((trx) => insertOrdersWithItems(trx, [newOrder('90000010', 1)]));
    const clash = newOrder('90000010', 3);
    const other = newOrder('90000011', 2);
    const rows = await t.db
      .transaction()
      .execute((trx) => insertOrdersWithItems(trx, [clash, other]));
    expect(rows.map((r) => r.code)).toEqual(['90000011']);
    // The first order keeps its one line and one history line; the clash's line is nowhere.
    expect((await itemsOf(first!.id)).map((i) => i.quantity)).toEqual([1]);
    expect(await historyOf(first!.id)).toHaveLength(1);
    const stray = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('id', '=', clash.items[0]!.id)
      .execute();
    expect(stray).toEqual([]);
    expect((await itemsOf(rows[0]!.id)).map((i) => i.id)).toEqual([other.items[0]!.id]);
    expect(await historyOf(rows[0]!.id)).toHaveLength(1);
  });
});
