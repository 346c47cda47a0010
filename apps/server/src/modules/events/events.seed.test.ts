import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  DEMO_ORGANISER,
  DEMO_TEAM,
  seed,
  seedRefusal,
  seedSummary,
  type SeedResult,
} from '../../seed.ts';
import { API, AUTH, startTestApp, testConfig, type TestApp } from '../../../test/helper.ts';
import { EVENTS } from '../../../test/event-factories.ts';

let t: TestApp;
let first: SeedResult;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo data (npm run seed)', () => {
  it('creates a verified organiser who can log in, and published events the public can find', async () => {
    first = await seed(t.db);
    expect(first.created.length).toBeGreaterThanOrEqual(6);

    const login = await t.post(`${AUTH}/login`, {
      phoneNumber: DEMO_ORGANISER.phoneNumber,
      password: DEMO_ORGANISER.password,
    });
    expect(login.status, login.text).toBe(200);
    token = login.body.data.token;
    // "Welcome back, Folake": a first name, not "Gatepass".
    expect(login.body.data.user.fullName).toBe('Folake Adeyemi');

    const list = await t.request('GET', `${EVENTS}?pageSize=50`);
    expect(list.body.data.total).toBe(first.created.length);
    const items = list.body.data.items as Array<{
      title: string;
      startAt: string;
      coverUrl: string | null;
      isFree: boolean;
      online: boolean;
      category: string;
    }>;
    for (const item of items) {
      expect(Date.parse(item.startAt)).toBeGreaterThan(Date.now());
      expect(item.coverUrl).not.toBeNull();
    }
    expect(items.some((i) => i.online)).toBe(true);
    expect(items.some((i) => i.isFree)).toBe(true);
    expect(items.some((i) => !i.isFree)).toBe(true);
    expect(new Set(items.map((i) => i.category)).size).toBeGreaterThanOrEqual(5);
    const cover = await t.request('GET', items[0]!.coverUrl!);
    expect(cover.status).toBe(200);
    // Questions at checkout, answered on several orders of every demo event (issue 25 §1).
    const asked = await t.db
      .selectFrom('event_questions')
      .select(['event_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('event_id')
      .execute();
    expect(asked).toHaveLength(first.created.length);
    for (const row of asked) expect(Number(row.n)).toBe(3);
    const answered = await t.db
      .selectFrom('order_answers')
      .select(['event_id', (eb) => eb.fn.count<number>('order_id').distinct().as('n')])
      .groupBy('event_id')
      .execute();
    expect(answered.filter((r) => Number(r.n) >= 3).length).toBeGreaterThanOrEqual(5);
    // Some 120 orders through the checkout: slow on a busy machine.
  }, 180_000);

  it('sells tickets: orders of every kind, over past weeks, paid for real (not TEST), some checked in', async () => {
    type Page = {
      total: number;
      items: Array<{
        totalPrice: number;
        paymentMethod: string | null;
        createdAt: string;
        attendedAt: string | null;
      }>;
    };
    // Every page: the demo has more than a page of completed orders.
    const orders = async (status: string): Promise<Page> => {
      const all: Page = { total: 0, items: [] };
      for (let n = 1; n === 1 || all.items.length < all.total; n++) {
        const page = await t.request(
          'GET',
          `${API}/events/manage/orders?status=${status}&pageSize=100&page=${n}`,
          { token },
        );
        expect(page.status, page.text).toBe(200);
        const data = page.body.data as Page;
        all.total = data.total;
        all.items.push(...data.items);
        if (data.items.length === 0) break;
      }
      return all;
    };
    const completed = await orders('completed');
    const pending = await orders('pending');
    const refunded = await orders('refunded');
    const cancelled = await orders('cancelled');
    const paid = completed.items.filter((o) => o.totalPrice > 0);
    const free = completed.items.filter((o) => o.totalPrice === 0);
    expect(paid.length).toBeGreaterThanOrEqual(20);
    expect(free.length).toBeGreaterThanOrEqual(10);
    expect(pending.total).toBeGreaterThanOrEqual(3);
    expect(refunded.total).toBeGreaterThanOrEqual(2);
    expect(cancelled.total).toBeGreaterThanOrEqual(1);
    // …and the ticket the named group order sent to its holder: an order of its own (decision 080).
    expect(completed.total).toBe(first.orders.paid + first.orders.free + 1);
    // Paid offline and marked paid by the organiser: no TEST-provider order in the demo.
    for (const o of [...completed.items, ...pending.items, ...refunded.items]) {
      expect(o.paymentMethod).not.toBe('test');
    }
    // Paid offline and marked paid, or through the local Paystack sandbox (decision 058),
    // so the payout ledger has lines.
    expect(paid.every((o) => ['offline', 'paystack'].includes(o.paymentMethod ?? ''))).toBe(true);
    const paystack = paid.filter((o) => o.paymentMethod === 'paystack').length;
    expect(paystack).toBe(first.paystack);
    expect(paystack).toBeGreaterThanOrEqual(10);

    // Sold over the past weeks, more of it lately: the finances chart has a curve.
    const days = completed.items.map((o) => (Date.now() - Date.parse(o.createdAt)) / 86_400_000);
    expect(Math.max(...days)).toBeGreaterThan(21);
    expect(days.filter((d) => d < 7).length).toBeGreaterThan(days.filter((d) => d > 21).length);
    const finances = await t.request('GET', `${API}/events/manage/finances`, { token });
    expect(finances.status, finances.text).toBe(200);
    const report = finances.body.data as {
      totals: { gross: number; net: number; orders: number };
      daily: Array<{ gross: number }>;
    };
    expect(report.totals.gross).toBeGreaterThan(0);
    expect(report.totals.net).toBeGreaterThan(0);
    expect(report.daily.length).toBeGreaterThan(21);
    expect(report.daily.filter((d) => d.gross > 0).length).toBeGreaterThanOrEqual(8);

    // The door: some of an event's ticket holders are in already.
    expect(first.checkedIn).toBeGreaterThan(0);
    expect(completed.items.filter((o) => o.attendedAt !== null).length).toBe(first.checkedIn);
  });

  it('has a team: the steward works the jazz night door only, the manager runs sales, both checked in people', async () => {
    const logIn = async (m: (typeof DEMO_TEAM)[number]) => {
      const res = await t.post(`${AUTH}/login`, {
        phoneNumber: m.phoneNumber,
        password: m.password,
      });
      expect(res.status, res.text).toBe(200);
      return res.body.data.token as string;
    };
    const [steward, manager] = [
      DEMO_TEAM.find((m) => m.role === 'door')!,
      DEMO_TEAM.find((m) => m.role === 'manager')!,
    ];
    const stewardToken = await logIn(steward);
    const spaces = await t.request('GET', `${API}/team/workspaces`, { token: stewardToken });
    const door = spaces.body.data.find((w: { role: string }) => w.role === 'door');
    expect(door.organiserName).toBe('Folake Adeyemi');
    expect(door.isDefault).toBe(true);
    expect(door.events.map((e: { title: string }) => e.title)).toEqual(['Lagos Jazz Night']);
    const jazz = door.events[0].id as string;
    const list = await t.request('GET', `${API}/ticketPurchase/event/${jazz}`, {
      token: stewardToken,
    });
    expect(list.status, list.text).toBe(200);
    const orders = await t.request('GET', `${API}/events/manage/orders`, { token: stewardToken });
    expect(orders.status).toBe(403);

    const managerToken = await logIn(manager);
    const sales = await t.request('GET', `${API}/events/manage/orders`, { token: managerToken });
    expect(sales.status, sales.text).toBe(200);
    expect(sales.body.data.total).toBeGreaterThan(50);

    const stats = await t.request('GET', `${API}/events/manage/checkins?eventId=${jazz}`, {
      token,
    });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.data.byUser.map((u: { name: string }) => u.name).sort()).toEqual([
      'Emeka Obi',
      'Folake Adeyemi',
    ]);
    // Doors by gate (decision 084): two lists, the steward on the VIP gate, check-ins at each.
    expect(
      stats.body.data.byList.map((l: { name: string; byUser: { name: string }[] }) => [
        l.name,
        l.byUser.map((u) => u.name),
      ]),
    ).toEqual([
      ['VIP gate', ['Emeka Obi']],
      ['Main gate', ['Folake Adeyemi']],
    ]);
    const lists = await t.request('GET', `${API}/ticketPurchase/event/${jazz}/lists`, {
      token: stewardToken,
    });
    expect(lists.body.data.lists.map((l: { name: string }) => l.name)).toEqual([
      'VIP gate',
      'Main gate',
    ]);
    expect(lists.body.data.assigned).toBe(lists.body.data.lists[0].id);
    expect(list.body.list?.name).toBe('VIP gate');
  });

  it('shows a sell-out: a sold-out type with its waiting list, and a transferred order', async () => {
    const mine = await t.request('GET', `${API}/events/manage`, { token });
    const party = (mine.body.data as { id: string; title: string }[]).find(
      (e) => e.title === 'Afrobeats Rooftop Party',
    )!;
    const event = await t.request('GET', `${API}/events/manage/${party.id}`, { token });
    const early = event.body.data.ticketTypes.find(
      (x: { name: string }) => x.name === 'Early bird',
    );
    expect(early).toMatchObject({ remaining: 0, availability: 'sold_out' });
    const line = await t.request('GET', `${API}/events/manage/${party.id}/waitlist`, { token });
    expect(line.status, line.text).toBe(200);
    expect(JSON.stringify(line.body.data)).toContain('Ngozi Okafor');
    expect(line.text.match(/"status":"waiting"/g)).toHaveLength(3);

    const orders = await t.request(
      'GET',
      `${API}/events/manage/orders?eventId=${party.id}&search=chiamaka.eze@example.com`,
      { token },
    );
    expect(orders.status, orders.text).toBe(200);
    const given = (orders.body.data.items as { id: string; email: string }[]).find(
      (o) => o.email === 'chiamaka.eze@example.com',
    );
    const detail = await t.request('GET', `${API}/events/manage/orders/${given!.id}`, { token });
    expect(detail.body.data.history.map((h: { kind: string }) => h.kind)).toContain('transferred');
  });

  it("shows a sent message in an event's history and reminders on (issue 25 §3)", async () => {
    const mine = await t.request('GET', `${API}/events/manage`, { token });
    const events = (mine.body.data.items ?? mine.body.data) as { id: string }[];
    const overviews = await Promise.all(
      events.map(
        async (e) =>
          (await t.request('GET', `${API}/events/manage/${e.id}/messages`, { token })).body.data,
      ),
    );
    const withMessage = overviews.filter((o) => o?.messages?.length);
    expect(withMessage).toHaveLength(1);
    const [message] = withMessage[0].messages;
    expect(message.subject).toBe('Doors open at 6 PM');
    expect(message.recipients).toBeGreaterThan(0);
    expect(message.outcome.mail.sent).toBe(message.recipients);
    expect(message.outcome.mail.pending).toBe(0);
    expect(message.outcome.sms.sent).toBeGreaterThan(0);
    expect(withMessage[0].reminders.enabled).toBe(true);
  });

  it('shows a group order with named tickets, one sent to its holder (decision 080)', async () => {
    const found = await t.request('GET', `${API}/events/manage/orders?q=folasade.akinwande`, {
      token,
    });
    expect(found.status, found.text).toBe(200);
    const group = (found.body.data.items as { id: string; orderCode: string }[])[0]!;
    const detail = await t.request('GET', `${API}/events/manage/orders/${group.id}`, { token });
    const tickets = detail.body.data.tickets as { firstName: string | null; sent: boolean }[];
    expect(tickets.slice(0, 2)).toMatchObject([
      { firstName: 'Folasade', sent: false },
      { firstName: 'Damilola', sent: true },
    ]);
    const tolu = await t.request('GET', `${API}/events/manage/orders?q=damilola.akinwande`, {
      token,
    });
    expect(tolu.body.data.items).toMatchObject([{ parentOrderCode: group.orderCode }]);
  });

  it('prints the address the app uses (PORT, PUBLIC_URL)', () => {
    const printed = (env: Record<string, string>) => seedSummary(loadConfig(env), first).join('\n');
    expect(printed({ PORT: '4100' })).toContain('http://localhost:4100/login');
    expect(printed({ PORT: '4100' })).toContain('http://localhost:4100/events');
    expect(printed({ PUBLIC_URL: 'https://door.example.com/' })).toContain(
      'log in at https://door.example.com/login',
    );
    const summary = printed({});
    expect(summary).toContain(DEMO_ORGANISER.phoneNumber);
    expect(summary).toContain(DEMO_ORGANISER.password);
    expect(summary).toMatch(/\d+ orders: \d+ paid, \d+ free, \d+ awaiting payment/);
  });

  it('adds nothing twice when run again', async () => {
    const before = await t.count('users');
    const ordersBefore = await t.request('GET', `${API}/events/manage/orders?pageSize=1`, {
      token,
    });
    const again = await seed(t.db);
    expect(again.created).toEqual([]);
    expect(again.orders).toEqual({ paid: 0, free: 0, pending: 0, refunded: 0, cancelled: 0 });
    const ordersAfter = await t.request('GET', `${API}/events/manage/orders?pageSize=1`, {
      token,
    });
    expect(ordersAfter.body.data.total).toBe(ordersBefore.body.data.total);
    expect(again.kept.length).toBeGreaterThanOrEqual(6);
    expect(await t.count('users')).toBe(before);
    const list = await t.request('GET', `${EVENTS}?pageSize=50`);
    expect(list.body.data.total).toBe(again.kept.length);
    expect(again.coversAdded).toEqual([]);
  });

  it('gives a kept demo event its cover when it has none (Sip and Paint Saturday)', async () => {
    const cover = () =>
      t.db
        .selectFrom('events')
        .select('cover_image_id')
        .where('title', '=', 'Sip and Paint Saturday')
        .executeTakeFirstOrThrow();
    await t.db
      .updateTable('events')
      .set({ cover_image_id: null })
      .where('title', '=', 'Sip and Paint Saturday')
      .execute();
    const again = await seed(t.db);
    expect(again.coversAdded).toEqual(['Sip and Paint Saturday']);
    const { cover_image_id: id } = await cover();
    expect(id).not.toBeNull();
    const image = await t.request('GET', `${API}/media/${id}`);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
  }, 120_000);

  it('refuses a PostgreSQL database unless forced', () => {
    const embedded = testConfig();
    const postgres = { ...embedded, databaseUrl: 'postgres://someone@db.example:5432/gatepass' };
    expect(seedRefusal(embedded, [])).toBeUndefined();
    expect(seedRefusal(postgres, [])).toMatch(/^Refusing to seed: DATABASE_URL/);
    expect(seedRefusal(postgres, ['--force'])).toBeUndefined();
    expect(seedRefusal({ ...postgres, seedAllow: true }, [])).toBeUndefined();
    // SEED_ALLOW as the environment gives it, read by the configuration.
    const withEnv = (env: Record<string, string>) =>
      loadConfig({ DATABASE_URL: postgres.databaseUrl, ...env });
    expect(seedRefusal(withEnv({}), [])).toBeDefined();
    expect(seedRefusal(withEnv({ SEED_ALLOW: '0' }), [])).toBeDefined();
    expect(seedRefusal(withEnv({ SEED_ALLOW: '1' }), [])).toBeUndefined();
  });
});
