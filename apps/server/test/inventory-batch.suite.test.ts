import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_GROUPS_IN_FLIGHT as IN_FLIGHT } from '../src/modules/orders/orders.buyer-checkout.ts';
import { EVENTS, givenPublishedEvent, givenTicketType } from './event-factories.ts';
import { givenLoggedInUser, uniquePhone } from './factories.ts';
import { API, startTestApp, testEngine, type Reply, type TestApp } from './helper.ts';

/**
 * Purchases that arrive together are decided against an in-memory tally and written as a
 * group, the tickets taken last with one conditional UPDATE per type (orders.checkout.ts).
 * A crowd of mixed buyers — good ones, bad quantities, a promo code that runs out, baskets
 * of two types refused for one of them, more buyers than tickets — must get exactly the
 * answers they would get one by one, and leave the counters exact; and a group that finds
 * its tickets taken by someone else meanwhile must be decided again, exactly.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await givenLoggedInUser(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const buyer = (i: number) => ({
  firstName: 'Crowd',
  lastName: `Buyer${i}`,
  email: `crowd.${i}@example.com`,
  // Each buyer their own phone and (below) address: checkout limits count per buyer and per
  // address (decision 025); this suite is about grouping, not those limits.
  phone: uniquePhone(),
});
const from = (i: number) => ({ ip: `10.9.${i >> 8}.${i & 255}` });

describe('purchases grouped into shared transactions', () => {
  it('answers a mixed crowd exactly as one by one, with exact counters, and does group them', async () => {
    const event = await givenPublishedEvent(t, token, { title: 'Crowd Night' }, [
      { name: 'Free', price: 0, capacity: 12, maxPerOrder: 4 },
      { name: 'Paid', price: 5000, capacity: 100, maxPerOrder: 4 },
    ]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes as {
      id: string;
      name: string;
    }[];
    const free = types.find((x) => x.name === 'Free')!.id;
    const paid = types.find((x) => x.name === 'Paid')!.id;
    await sql`insert into promo_codes (event_id, code, kind, amount, max_uses)
              values (${event.id}, 'TWICE', 'percent', 10, 2)`.execute(t.db);

    // Two more types, and baskets of both: a basket refused for the scarce one must not
    // keep (nor count) the plentiful one it would otherwise have taken.
    const [plenty, scarce] = [
      await givenTicketType(t, token, event.id, { name: 'Plenty', price: 0, capacity: 100 }),
      await givenTicketType(t, token, event.id, { name: 'Scarce', price: 0, capacity: 100 }),
    ]
      .map((x) => x.id)
      .sort();
    await sql`update ticket_types set capacity = 5 where id = ${scarce!}`.execute(t.db);

    const order = (
      i: number,
      items: { ticketTypeId: string; quantity: number }[],
      promoCode?: string,
    ) =>
      t.post(
        `${API}/orders`,
        {
          eventId: event.id,
          items,
          buyer: buyer(i),
          ...(promoCode ? { promoCode } : {}),
        },
        from(i),
      );
    // All at once: 20 for the 12 free tickets, 5 with a bad quantity, 6 paid ones with a
    // promo code that has 2 uses left (the 4 late ones are refused although tickets are left).
    const crowd: Promise<Reply>[] = [];
    for (let i = 0; i < 20; i++) crowd.push(order(i, [{ ticketTypeId: free, quantity: 1 }]));
    for (let i = 20; i < 25; i++) crowd.push(order(i, [{ ticketTypeId: free, quantity: 9 }]));
    for (let i = 25; i < 31; i++)
      crowd.push(order(i, [{ ticketTypeId: paid, quantity: 2 }], 'TWICE'));
    for (let i = 31; i < 46; i++)
      crowd.push(
        order(i, [
          { ticketTypeId: plenty!, quantity: 1 },
          { ticketTypeId: scarce!, quantity: 1 },
        ]),
      );
    const replies = await Promise.all(crowd);

    const freeReplies = replies.slice(0, 20);
    expect(freeReplies.filter((r) => r.status === 201)).toHaveLength(12);
    for (const r of freeReplies.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body.code).toBe('SOLD_OUT');
    }
    for (const r of replies.slice(20, 25)) {
      expect(r.status, r.text).toBe(400);
      expect(r.body.error).toMatch(/^Choose between 1 and 4 "Free" tickets per order\.$/);
    }
    const basketReplies = replies.slice(31);
    expect(basketReplies.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of basketReplies.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body.code).toBe('SOLD_OUT');
    }
    const promoReplies = replies.slice(25, 31);
    expect(promoReplies.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of promoReplies.filter((x) => x.status !== 201)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body.error).toBe('This promo code has been used up.');
    }

    const { rows: counters } = await sql<{ name: string; sold: number; live: number }>`
      select tt.name, tt.sold,
             coalesce(sum(oi.quantity) filter (where o.status in ('pending', 'completed')), 0)::int as live
      from ticket_types tt
      left join order_items oi on oi.ticket_type_id = tt.id
      left join orders o on o.id = oi.order_id
      where tt.event_id = ${event.id} group by tt.id`.execute(t.db);
    expect(Object.fromEntries(counters.map((c) => [c.name, [c.sold, c.live]]))).toEqual({
      Free: [12, 12],
      Paid: [4, 4],
      Plenty: [5, 5],
      Scarce: [5, 5],
    });
    const { rows: promo } = await sql<{ uses: number }>`
      select uses from promo_codes where event_id = ${event.id}`.execute(t.db);
    expect(promo[0]!.uses).toBe(2);
    const { rows: orders } = await sql<{ n: number; moments: number; mails: number }>`
      select count(*)::int as n, count(distinct o.created_at)::int as moments,
             (select count(*)::int from mail_outbox m where m.to_address like 'crowd.%') as mails
      from orders o where o.event_id = ${event.id}`.execute(t.db);
    expect(orders[0]!.n).toBe(19);
    // Only the completed free orders were mailed: nothing of a refused purchase survives.
    expect(orders[0]!.mails).toBe(17);
    // now() is the transaction's start: orders sharing one were made in one transaction.
    // (PGlite answers in process and so fast that a crowd rarely queues up: PostgreSQL only.)
    if (testEngine === 'postgres') expect(orders[0]!.moments).toBeLessThan(19);
  });
});

describe.runIf(testEngine === 'postgres')('a group whose tickets were taken meanwhile', () => {
  it('is decided again with the rows locked: exact answers, nothing of the first try kept', async () => {
    // A process writes IN_FLIGHT groups of an event at once: the first is held below, the
    // others (one order each) queue for the ticket row behind it, and the next group forms.
    const fillers = IN_FLIGHT - 1;
    const event = await givenPublishedEvent(t, token, { title: 'Contested Night' }, [
      { name: 'Free', price: 0, capacity: 10 + fillers, maxPerOrder: 4 },
    ]);
    const free = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes[0]
      .id as string;
    await sql`insert into promo_codes (event_id, code, kind, amount, max_uses)
              values (${event.id}, 'HOLDME', 'percent', 10, 5)`.execute(t.db);
    const order = (i: number, promoCode?: string) =>
      t.post(
        `${API}/orders`,
        {
          eventId: event.id,
          items: [{ ticketTypeId: free, quantity: 1 }],
          buyer: { ...buyer(i), email: `contested.${i}@example.com` },
          ...(promoCode ? { promoCode } : {}),
        },
        from(i),
      );
    // Sessions of this database waiting for a lock, running a statement that starts so.
    const waiting = async (statement: string, sessions = 1) => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and starts_with(query, ${statement})`.execute(t.db);
      return rows[0]!.n === sessions;
    };
    const until = async (check: () => Promise<boolean>) => {
      for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await check()).toBe(true);
    };

    // Another buyer of the same tickets, on a connection of its own (another process).
    const promoHolder = new pg.Client({ connectionString: t.database.url! });
    const other = new pg.Client({ connectionString: t.database.url! });
    await Promise.all([promoHolder.connect(), other.connect()]);
    try {
      // 1. The first group (one order with a promo code) takes its ticket, then waits for the
      //    promo row, so it holds the ticket row while the next group forms behind it.
      await promoHolder.query('begin');
      await promoHolder.query(
        `select id from promo_codes where event_id = $1 and code = 'HOLDME' for no key update`,
        [event.id],
      );
      const first = order(0, 'HOLDME');
      await until(() => waiting('update "promo_codes"'));
      const others = Array.from({ length: fillers }, (_, i) => order(100 + i));
      await until(() => waiting('update "ticket_types"', fillers));
      const group = Array.from({ length: 8 }, (_, i) => order(i + 1));
      // 2. The other buyer queues for the ticket row behind the fillers and takes 6 of what
      //    is left once the first groups commit, before the next group (8 orders) can.
      await other.query('begin');
      const taking = other.query(`update ticket_types set sold = sold + 6 where id = $1`, [free]);
      await until(() => waiting('update ticket_types set sold = sold + 6'));
      await promoHolder.query('commit');
      expect((await first).status).toBe(201);
      await taking;
      // PostgreSQL does not promise the order in which the waiters of a row go on once its
      // writer commits: the fillers usually take their ticket first, but the other buyer may
      // overtake them, and then they wait for it too.
      const { rows: seen } = await other.query<{ sold: number }>(
        'select sold from ticket_types where id = $1',
        [free],
      );
      const overtaken = seen[0]!.sold === 1 + 6 ? fillers : 0;
      // 3. The second group read what was committed (9 or more left), accepted all 8, wrote
      //    them and now waits for the ticket row; the other buyer commits, so its conditional
      //    UPDATE refuses and the group is decided again with the row locked.
      await until(() => waiting('update "ticket_types"', 1 + overtaken));
      await other.query('commit');
      const fillerReplies = await Promise.all(others);
      const replies = await Promise.all(group);
      // 3 + fillers tickets were left for the fillers and the group of 8: exactly that many
      // orders, the fillers' first when they were not overtaken; every other is sold out.
      const all = [...fillerReplies, ...replies];
      expect(all.filter((r) => r.status === 201)).toHaveLength(3 + fillers);
      if (!overtaken) for (const r of fillerReplies) expect(r.status, r.text).toBe(201);
      for (const r of all.filter((x) => x.status !== 201)) {
        expect(r.status, r.text).toBe(409);
        expect(r.body.code).toBe('SOLD_OUT');
        expect(r.body.error).toBe('Sorry, "Free" is sold out.');
      }
    } finally {
      await Promise.all([promoHolder.end(), other.end()]);
    }
    const { rows } = await sql<{ sold: number; orders: number; items: number; mails: number }>`
      select (select sold from ticket_types where id = ${free}) as sold,
             (select count(*)::int from orders where event_id = ${event.id}) as orders,
             (select coalesce(sum(quantity), 0)::int from order_items where ticket_type_id = ${free}) as items,
             (select count(*)::int from mail_outbox
               where kind = 'order-confirmation' and to_address like 'contested.%') as mails`.execute(
      t.db,
    );
    // 1 (first group) + 6 (the other buyer, who wrote no order) + the 3 + fillers left,
    // shared by the fillers and the last group (decided again).
    const written = 4 + fillers;
    expect(rows[0]).toEqual({
      sold: 10 + fillers,
      orders: written,
      items: written,
      mails: written,
    });
  });
});

describe.runIf(testEngine === 'postgres')('a group whose COMMIT fails', () => {
  it('is not run again one by one: its outcome is unknown, so running it again could write it twice', async () => {
    const event = await givenPublishedEvent(t, token, { title: 'Uncertain Night' }, [
      { name: 'Free', price: 0, capacity: 20, maxPerOrder: 4 },
    ]);
    const free = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes[0]
      .id as string;
    // A deferred constraint trigger fails these buyers' transactions at COMMIT, after every
    // statement ran; the sequence (not transactional) counts the COMMITs it refused (the
    // first refusing row ends a COMMIT, so one per transaction).
    await sql`create sequence commit_probe`.execute(t.db);
    await sql`create function fail_at_commit() returns trigger language plpgsql as $$
      begin perform nextval('commit_probe'); raise exception 'refused at commit'; end $$`.execute(
      t.db,
    );
    await sql`create constraint trigger fail_at_commit after insert on orders
      deferrable initially deferred for each row when (new.email like 'uncertain.%')
      execute function fail_at_commit()`.execute(t.db);
    const order = (i: number) =>
      t.post(
        `${API}/orders`,
        {
          eventId: event.id,
          items: [{ ticketTypeId: free, quantity: 1 }],
          buyer: { ...buyer(i), email: `uncertain.${i}@example.com` },
        },
        from(i),
      );
    const holder = new pg.Client({ connectionString: t.database.url! });
    await holder.connect();
    try {
      // The first groups (one order each, as many as a process writes at once) wait for the
      // ticket row; six more queue behind them.
      await holder.query('begin');
      await holder.query('select id from ticket_types where id = $1 for no key update', [free]);
      const firsts = Array.from({ length: IN_FLIGHT }, (_, i) => order(100 + i));
      const waits = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'
              and starts_with(query, 'update "ticket_types"')`.execute(t.db)
        ).rows[0]!.n === IN_FLIGHT;
      for (let i = 0; i < 400 && !(await waits()); i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waits()).toBe(true);
      const group = Array.from({ length: 6 }, (_, i) => order(i + 1));
      await new Promise((r) => setTimeout(r, 500));
      await holder.query('commit');
      const replies = await Promise.all([...firsts, ...group]);
      for (const r of replies) expect(r.status, r.text).toBe(500);
    } finally {
      await holder.end();
      await sql`drop trigger fail_at_commit on orders`.execute(t.db);
      await sql`drop function fail_at_commit()`.execute(t.db);
    }
    const { rows } = await sql<{ seen: string; sold: number; orders: number }>`
      select (select last_value from commit_probe)::text as seen,
             (select sold from ticket_types where id = ${free}) as sold,
             (select count(*)::int from orders where event_id = ${event.id}) as orders`.execute(
      t.db,
    );
    // The first groups' and the group of six's transactions reached COMMIT. Running the six
    // again one by one would have made it six more. Nothing was kept.
    expect(rows[0]).toEqual({ seen: String(IN_FLIGHT + 1), sold: 0, orders: 0 });
  });
});
