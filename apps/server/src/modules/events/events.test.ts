import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  givenDraftEvent,
  givenPublishedEvent,
  givenTicketType,
  EVENTS,
  MANAGE,
  makeImage,
  multipartBody,
  ticketInput,
} from '../../../test/event-factories.ts';
import { givenLoggedInUser, uniquePhone } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('management routes are the owner’s alone', () => {
  it('answers 401 without a login, 404 to another organiser and 2xx to the owner on every route', async () => {
    const owner = await givenLoggedInUser(t);
    const stranger = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token, { title: 'Owner Only Gala' });
    const draftToDelete = await givenDraftEvent(t, owner.token, { title: 'Draft To Delete' });
    const regular = await givenTicketType(t, owner.token, event.id, { name: 'Regular' });
    const spare = await givenTicketType(t, owner.token, event.id, { name: 'Spare' });
    const jpeg = await makeImage('jpeg');

    type Call = {
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
      url: string;
      body?: unknown;
      upload?: Buffer;
      ok: number;
    };
    const id = event.id;
    // In an order that keeps every owner call valid (cancel comes last).
    const calls: Call[] = [
      { method: 'GET', url: `${MANAGE}/${id}`, ok: 200 },
      { method: 'PATCH', url: `${MANAGE}/${id}`, body: { summary: 'Changed' }, ok: 200 },
      {
        method: 'POST',
        url: `${MANAGE}/${id}/ticket-types`,
        body: ticketInput({ name: 'VIP' }),
        ok: 201,
      },
      {
        method: 'PATCH',
        url: `${MANAGE}/${id}/ticket-types/${regular.id}`,
        body: { capacity: 150 },
        ok: 200,
      },
      { method: 'DELETE', url: `${MANAGE}/${id}/ticket-types/${spare.id}`, ok: 200 },
      { method: 'POST', url: `${MANAGE}/${id}/cover`, upload: jpeg, ok: 200 },
      { method: 'DELETE', url: `${MANAGE}/${id}/cover`, ok: 200 },
      { method: 'POST', url: `${MANAGE}/${id}/duplicate`, ok: 201 },
      { method: 'DELETE', url: `${MANAGE}/${draftToDelete.id}`, ok: 200 },
      { method: 'POST', url: `${MANAGE}/${id}/publish`, ok: 200 },
      {
        method: 'POST',
        url: `${MANAGE}/${id}/cancel`,
        body: { reason: 'The venue flooded.' },
        ok: 200,
      },
    ];
    for (const call of calls) {
      const send = (token?: string) => {
        if (call.upload) {
          const { payload, headers } = multipartBody(call.upload);
          return t.request(call.method, call.url, {
            payload,
            headers,
            ...(token ? { token } : {}),
          });
        }
        return t.request(call.method, call.url, {
          ...(call.body !== undefined ? { body: call.body } : {}),
          ...(token ? { token } : {}),
        });
      };
      const label = `${call.method} ${call.url}`;
      const anonymous = await send();
      expect(anonymous.status, label).toBe(401);
      expect(anonymous.body.code, label).toBe('UNAUTHORIZED');
      const other = await send(stranger.token);
      expect(other.status, `${label}: ${other.text}`).toBe(404);
      expect(other.body.error, label).toMatch(/does not exist/);
      const mine = await send(owner.token);
      expect(mine.status, `${label}: ${mine.text}`).toBe(call.ok);
    }

    // The stranger's attempts changed nothing they could see or we could not undo.
    const after = await t.request('GET', `${MANAGE}/${id}`, { token: owner.token });
    expect(after.body.data.status).toBe('cancelled');
    expect(after.body.data.summary).toBe('Changed');
  });

  it('answers 401 to an anonymous list and shows each organiser only their own events', async () => {
    const a = await givenLoggedInUser(t);
    const b = await givenLoggedInUser(t);
    const mine = await givenDraftEvent(t, a.token, { title: 'Only For A' });
    expect((await t.request('GET', MANAGE)).status).toBe(401);
    const listA = await t.request('GET', MANAGE, { token: a.token });
    const listB = await t.request('GET', MANAGE, { token: b.token });
    expect(listA.status).toBe(200);
    expect(listA.body.data.map((e: { id: string }) => e.id)).toEqual([mine.id]);
    expect(listB.body.data).toEqual([]);
  });

  it('lists the organiser’s events by date: upcoming soonest first, undated drafts, then past latest first', async () => {
    const owner = await givenLoggedInUser(t);
    const when = (start: string, end: string) => ({ startAt: start, endAt: end });
    const made: Record<string, string> = {};
    for (const [title, dates] of [
      ['Long ago', when('2020-01-10T10:00', '2020-01-10T12:00')],
      ['Later', when('2031-03-01T10:00', '2031-03-01T12:00')],
      ['Undated', { startAt: null, endAt: null }],
      ['Last year', when('2021-06-01T10:00', '2021-06-01T12:00')],
      ['Soon', when('2030-02-01T10:00', '2030-02-01T12:00')],
    ] as const) {
      made[(await givenDraftEvent(t, owner.token, { title, ...dates })).id] = title;
    }
    const list = await t.request('GET', MANAGE, { token: owner.token });
    expect(list.body.data.map((e: { id: string }) => made[e.id])).toEqual([
      'Soon',
      'Later',
      'Undated',
      'Last year',
      'Long ago',
    ]);
  });

  it('answers 401 before validating a body, and 404 for ids that are not ids', async () => {
    const owner = await givenLoggedInUser(t);
    const res = await t.post(MANAGE, { title: '' });
    expect(res.status).toBe(401);
    const odd = await t.request('GET', `${MANAGE}/not-a-uuid`, { token: owner.token });
    expect(odd.status).toBe(404);
  });
});

describe('creating and editing', () => {
  it('creates a draft from a title alone, with Lagos time and sensible defaults', async () => {
    const owner = await givenLoggedInUser(t);
    const res = await t.post(MANAGE, { title: '  Owambe on the Island  ' }, { token: owner.token });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Draft saved.');
    expect(res.body.data).toMatchObject({
      title: 'Owambe on the Island',
      slug: 'owambe-on-the-island',
      status: 'draft',
      timeZone: 'Africa/Lagos',
      category: 'Other',
      visibility: 'public',
      feeMode: 'pass',
      startAt: null,
      ticketTypes: [],
      ended: false,
      url: '/events/owambe-on-the-island',
    });
  });

  it('reads a time without offset as wall-clock time in the event’s zone and answers both forms', async () => {
    const owner = await givenLoggedInUser(t);
    const res = await t.post(
      MANAGE,
      {
        title: 'Zoned',
        startAt: '2031-12-05T19:00',
        endAt: '2031-12-05T23:30',
        timeZone: 'Africa/Lagos',
      },
      { token: owner.token },
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.startAt).toBe('2031-12-05T18:00:00.000Z');
    expect(res.body.data.startLocal).toBe('2031-12-05T19:00');
    expect(res.body.data.endLocal).toBe('2031-12-05T23:30');
    const nairobi = await t.request('PATCH', `${MANAGE}/${res.body.data.id}`, {
      token: owner.token,
      body: { timeZone: 'Africa/Nairobi', startAt: '2031-12-05T19:00', endAt: '2031-12-05T22:00' },
    });
    expect(nairobi.body.data.startAt).toBe('2031-12-05T16:00:00.000Z');
  });

  it('refuses bad input with a readable sentence per field', async () => {
    const owner = await givenLoggedInUser(t);
    const cases: Array<[unknown, string]> = [
      [{}, 'Title is required.'],
      [{ title: '   ' }, 'Title is required.'],
      [{ title: 'x'.repeat(141) }, 'Title must be at most 140 characters.'],
      [
        { title: 'A', category: 'Wrestling' },
        'Category must be one of: Music, Business, Tech, Food & Drink, Arts, Sports, Community, Education, Nightlife, Other.',
      ],
      [
        { title: 'A', onlineUrl: 'javascript:alert(1)' },
        'The online link must be a web address starting with http:// or https://.',
      ],
      [
        { title: 'A', timeZone: 'Mars/Olympus' },
        'Time zone is not recognised (use a name like Africa/Lagos).',
      ],
      [{ title: 'A', startAt: 'next friday' }, 'Start must be a date and time.'],
      [
        { title: 'A', startAt: '2031-01-02T10:00:00Z', endAt: '2031-01-02T09:00:00Z' },
        'The end time must be after the start time.',
      ],
      [{ title: 'A', visibility: 'secret' }, 'Visibility must be public or unlisted.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.post(MANAGE, body, { token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }

    const event = await givenDraftEvent(t, owner.token);
    const ticketCases: Array<[unknown, string]> = [
      [{ capacity: 10 }, 'Ticket name is required.'],
      [
        { name: 'A', capacity: 10, price: -1 },
        'Price cannot be negative (use 0 for a free ticket).',
      ],
      [{ name: 'A', capacity: 10, price: 10.5 }, 'Price must be a whole number.'],
      [{ name: 'A', capacity: 10, price: '5000' }, 'Price must be a number.'],
      [{ name: 'A', capacity: 0 }, 'Capacity must be at least 1.'],
      [{ name: 'A' }, 'Capacity must be a number.'],
      [
        { name: 'A', capacity: 10, minPerOrder: 5, maxPerOrder: 2 },
        'Maximum per order cannot be less than the minimum.',
      ],
      [
        {
          name: 'A',
          capacity: 10,
          salesStartAt: '2031-01-02T10:00:00Z',
          salesEndAt: '2031-01-01T10:00:00Z',
        },
        'Sales must end after they start.',
      ],
    ];
    for (const [body, message] of ticketCases) {
      const res = await t.post(`${MANAGE}/${event.id}/ticket-types`, body, { token: owner.token });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
  });

  it('stores prices as kobo and answers whole naira, free as 0', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token);
    const paid = await givenTicketType(t, owner.token, event.id, { name: 'Regular', price: 7500 });
    await givenTicketType(t, owner.token, event.id, { name: 'Free', price: 0 });
    expect(paid.price).toBe(7500);
    const row = await t.db
      .selectFrom('ticket_types')
      .select('price_kobo')
      .where('id', '=', paid.id)
      .executeTakeFirstOrThrow();
    expect(row.price_kobo).toBe(750_000);
    const full = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    expect(
      full.body.data.ticketTypes.map(
        (x: { name: string; price: number; minPerOrder: number; maxPerOrder: number }) => [
          x.name,
          x.price,
          x.minPerOrder,
          x.maxPerOrder,
        ],
      ),
    ).toEqual([
      ['Regular', 7500, 1, 10],
      ['Free', 0, 1, 10],
    ]);
    expect(full.body.data.capacity).toBe(200);
  });

  it('clears optional fields with null or an empty string and leaves absent ones alone', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token);
    const res = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { summary: '', address: null },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.summary).toBeNull();
    expect(res.body.data.address).toBeNull();
    expect(res.body.data.venueName).toBe('Terra Kulture');
    expect(res.body.data.title).toBe('Lagos Jazz Night');
  });
});

describe('publishing', () => {
  it('lists every missing item at once, in details and in the sentence', async () => {
    const owner = await givenLoggedInUser(t);
    const draft = await t.post(MANAGE, { title: 'Bare Draft' }, { token: owner.token });
    const res = await t.post(`${MANAGE}/${draft.body.data.id}/publish`, undefined, {
      token: owner.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('EVENT_NOT_READY');
    expect(res.body.details.issues).toEqual([
      { field: 'startAt', message: 'Set when the event starts.' },
      { field: 'endAt', message: 'Set when the event ends.' },
      { field: 'venue', message: 'Add a venue (name, address and city) or an online link.' },
      { field: 'ticketTypes', message: 'Add at least one ticket type.' },
    ]);
    expect(res.body.error).toBe(
      'This event cannot be published yet. Set when the event starts. Set when the event ends. Add a venue (name, address and city) or an online link. Add at least one ticket type.',
    );
    const still = await t.request('GET', `${MANAGE}/${draft.body.data.id}`, { token: owner.token });
    expect(still.body.data.status).toBe('draft');
  });

  it('refuses a start in the past, an end before the start, and names the missing parts of a venue', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token, {
      startAt: '2020-01-01T18:00:00Z',
      endAt: '2020-01-01T20:00:00Z',
      address: null,
      city: null,
    });
    await givenTicketType(t, owner.token, event.id);
    const res = await t.post(`${MANAGE}/${event.id}/publish`, undefined, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body.details.issues).toEqual([
      { field: 'startAt', message: 'The start time must be in the future.' },
      { field: 'address', message: 'Add the venue address.' },
      { field: 'city', message: 'Add the city.' },
    ]);
  });

  it('publishes an online event without a venue, and publishing twice changes nothing', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token, {
      venueName: null,
      address: null,
      city: null,
      onlineUrl: 'https://meet.example.com/gatepass',
    });
    await givenTicketType(t, owner.token, event.id, { price: 0 });
    const first = await t.post(`${MANAGE}/${event.id}/publish`, undefined, { token: owner.token });
    expect(first.status, first.text).toBe(200);
    expect(first.body.message).toBe('Your event is live.');
    expect(first.body.data.status).toBe('published');
    const second = await t.post(`${MANAGE}/${event.id}/publish`, undefined, { token: owner.token });
    expect(second.status).toBe(200);
    expect(second.body.data.publishedAt).toBe(first.body.data.publishedAt);
  });

  it('keeps a published event sellable: its place cannot be removed and its last ticket type cannot go', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenPublishedEvent(t, owner.token);
    const noPlace = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { venueName: null, address: null, city: null },
    });
    expect(noPlace.status).toBe(400);
    expect(noPlace.body.error).toBe('Add a venue (name, address and city) or an online link.');
    const full = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    const only = full.body.data.ticketTypes[0].id as string;
    const del = await t.request('DELETE', `${MANAGE}/${event.id}/ticket-types/${only}`, {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(
      'A published event needs at least one ticket type. Add another one first.',
    );
    const after = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    expect(after.body.data.ticketTypes).toHaveLength(1);
  });
});

describe('slugs', () => {
  it('makes a readable slug from the title and numbers the next ones', async () => {
    const owner = await givenLoggedInUser(t);
    const a = await givenDraftEvent(t, owner.token, { title: 'Afro Café & Grill: Night #1' });
    const b = await givenDraftEvent(t, owner.token, { title: 'Afro Café & Grill: Night #1' });
    expect(a.slug).toBe('afro-cafe-and-grill-night-1');
    expect(b.slug).toBe('afro-cafe-and-grill-night-1-2');
    const reserved = await givenDraftEvent(t, owner.token, { title: 'Manage' });
    expect(reserved.slug).toBe('manage-2');
    const emoji = await givenDraftEvent(t, owner.token, { title: '🎉🎉' });
    expect(emoji.slug).toMatch(/^event(-\d+)?$/);
  });

  it('gives two simultaneous creates with the same title different slugs', async () => {
    const a = await givenLoggedInUser(t);
    const b = await givenLoggedInUser(t);
    const title = `Race Night ${Date.now()}`;
    const tokens = [a.token, b.token, a.token, b.token, a.token, b.token];
    const results = await Promise.all(tokens.map((token) => t.post(MANAGE, { title }, { token })));
    for (const r of results) expect(r.status, r.text).toBe(201);
    const slugs = results.map((r) => r.body.data.slug as string);
    const base = title.toLowerCase().replace(/ /g, '-');
    expect(slugs.sort()).toEqual(
      [base, `${base}-2`, `${base}-3`, `${base}-4`, `${base}-5`, `${base}-6`].sort(),
    );
  });

  it('follows the title while a draft, and stays put once published', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenDraftEvent(t, owner.token, { title: 'Working Title' });
    const renamed = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { title: 'Eko Comedy Jam' },
    });
    expect(renamed.body.data.slug).toBe('eko-comedy-jam');
    await givenTicketType(t, owner.token, event.id);
    await t.post(`${MANAGE}/${event.id}/publish`, undefined, { token: owner.token });
    const live = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { title: 'Eko Comedy Jam 2' },
    });
    expect(live.body.data.title).toBe('Eko Comedy Jam 2');
    expect(live.body.data.slug).toBe('eko-comedy-jam');
    const pub = await t.request('GET', `${EVENTS}/eko-comedy-jam`);
    expect(pub.status).toBe(200);
    expect(pub.body.data.title).toBe('Eko Comedy Jam 2');
  });
});

describe('ticket types with sales', () => {
  it('shows a draft’s ticket types as not on sale yet, and on sale once published', async () => {
    const owner = await givenLoggedInUser(t);
    const draft = await givenDraftEvent(t, owner.token, { title: 'Not Yet Selling' });
    await givenTicketType(t, owner.token, draft.id);
    const before = await t.request('GET', `${MANAGE}/${draft.id}`, { token: owner.token });
    expect(before.body.data.ticketTypes[0].availability).toBe('not_yet_on_sale');
    const published = await t.post(`${MANAGE}/${draft.id}/publish`, undefined, {
      token: owner.token,
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.ticketTypes[0].availability).toBe('on_sale');
  });

  it('refuses lowering capacity below what is sold, and deleting a type with sales', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenPublishedEvent(t, owner.token);
    const extra = await givenTicketType(t, owner.token, event.id, {
      name: 'Early Bird',
      capacity: 50,
    });
    // Sales arrive with the orders module; here the counter is set as a sale would set it.
    await t.db.updateTable('ticket_types').set({ sold: 12 }).where('id', '=', extra.id).execute();

    const lower = await t.request('PATCH', `${MANAGE}/${event.id}/ticket-types/${extra.id}`, {
      token: owner.token,
      body: { capacity: 11 },
    });
    expect(lower.status).toBe(409);
    expect(lower.body.code).toBe('CAPACITY_BELOW_SOLD');
    expect(lower.body.error).toBe('Capacity cannot be lower than the 12 tickets already sold.');
    const exact = await t.request('PATCH', `${MANAGE}/${event.id}/ticket-types/${extra.id}`, {
      token: owner.token,
      body: { capacity: 12 },
    });
    expect(exact.status).toBe(200);
    expect(exact.body.data).toMatchObject({
      capacity: 12,
      sold: 12,
      remaining: 0,
      availability: 'sold_out',
    });

    const del = await t.request('DELETE', `${MANAGE}/${event.id}/ticket-types/${extra.id}`, {
      token: owner.token,
    });
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('TICKET_TYPE_HAS_SALES');
    const list = await t.request('GET', MANAGE, { token: owner.token });
    const item = list.body.data.find((e: { id: string }) => e.id === event.id);
    // The event's sold/held/gross come from its orders; a bare counter is no order.
    expect(item).toMatchObject({ sold: 0, held: 0, capacity: 112, gross: 0, ticketTypeCount: 2 });
  });

  it('refuses deleting a type that orders refer to, even once their tickets were released', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenPublishedEvent(t, owner.token, {}, [
      { name: 'Free', price: 0 },
      { name: 'Other', price: 0 },
    ]);
    const full = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    const free = full.body.data.ticketTypes[0].id as string;
    const order = await t.post(`${API}/orders`, {
      eventId: event.id,
      items: [{ ticketTypeId: free, quantity: 1 }],
      buyer: {
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada.obi@example.com',
        phone: uniquePhone(),
      },
    });
    expect(order.status, order.text).toBe(201);
    // As when that order is cancelled: the seat goes back, the order line stays.
    await t.db.updateTable('ticket_types').set({ sold: 0 }).where('id', '=', free).execute();
    const del = await t.request('DELETE', `${MANAGE}/${event.id}/ticket-types/${free}`, {
      token: owner.token,
    });
    expect(del.status, del.text).toBe(409);
    expect(del.body.code).toBe('TICKET_TYPE_HAS_SALES');
  });

  it('answers 404 for a ticket type of another event', async () => {
    const owner = await givenLoggedInUser(t);
    const one = await givenDraftEvent(t, owner.token);
    const two = await givenDraftEvent(t, owner.token);
    const type = await givenTicketType(t, owner.token, one.id);
    const res = await t.request('PATCH', `${MANAGE}/${two.id}/ticket-types/${type.id}`, {
      token: owner.token,
      body: { capacity: 5 },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('This ticket type does not exist.');
  });
});

describe('cancelling, deleting and duplicating', () => {
  it('needs a reason, records it with the time, and freezes the event', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenPublishedEvent(t, owner.token);
    const noReason = await t.post(
      `${MANAGE}/${event.id}/cancel`,
      { reason: ' ' },
      { token: owner.token },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe('Please say why the event is cancelled.');
    const res = await t.post(
      `${MANAGE}/${event.id}/cancel`,
      { reason: 'The artist is unwell.' },
      { token: owner.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The artist is unwell.',
    });
    expect(Date.parse(res.body.data.cancelledAt)).toBeGreaterThan(Date.now() - 60_000);

    const edit = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: owner.token,
      body: { title: 'Back on' },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('EVENT_CANCELLED');
    const again = await t.post(
      `${MANAGE}/${event.id}/cancel`,
      { reason: 'Twice' },
      { token: owner.token },
    );
    expect(again.status).toBe(409);
    const republish = await t.post(`${MANAGE}/${event.id}/publish`, undefined, {
      token: owner.token,
    });
    expect(republish.status).toBe(409);
  });

  it('cancels only published events and deletes only drafts', async () => {
    const owner = await givenLoggedInUser(t);
    const draft = await givenDraftEvent(t, owner.token);
    const cancelDraft = await t.post(
      `${MANAGE}/${draft.id}/cancel`,
      { reason: 'x' },
      { token: owner.token },
    );
    expect(cancelDraft.status).toBe(409);
    expect(cancelDraft.body.error).toBe(
      'Only a published event can be cancelled. A draft can be deleted instead.',
    );
    const live = await givenPublishedEvent(t, owner.token);
    const delLive = await t.request('DELETE', `${MANAGE}/${live.id}`, { token: owner.token });
    expect(delLive.status).toBe(409);
    const delDraft = await t.request('DELETE', `${MANAGE}/${draft.id}`, { token: owner.token });
    expect(delDraft.status).toBe(200);
    expect((await t.request('GET', `${MANAGE}/${draft.id}`, { token: owner.token })).status).toBe(
      404,
    );
  });

  it('duplicates into a draft with the same ticket types and nothing sold', async () => {
    const owner = await givenLoggedInUser(t);
    const event = await givenPublishedEvent(t, owner.token, { title: 'Annual Tech Summit' }, [
      { name: 'Regular', price: 10_000, capacity: 300 },
      { name: 'VIP', price: 50_000, capacity: 20, hidden: true },
    ]);
    const res = await t.post(`${MANAGE}/${event.id}/duplicate`, undefined, { token: owner.token });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      title: 'Copy of Annual Tech Summit',
      status: 'draft',
      slug: 'copy-of-annual-tech-summit',
      publishedAt: null,
    });
    expect(
      res.body.data.ticketTypes.map(
        (x: { name: string; price: number; sold: number; hidden: boolean }) => [
          x.name,
          x.price,
          x.sold,
          x.hidden,
        ],
      ),
    ).toEqual([
      ['Regular', 10_000, 0, false],
      ['VIP', 50_000, 0, true],
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the events and media routes', async () => {
    const res = await t.request('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/v1/events',
      '/api/v1/events/{slug}',
      '/api/v1/events/{slug}/calendar.ics',
      '/api/v1/events/manage',
      '/api/v1/events/manage/{id}',
      '/api/v1/events/manage/{id}/publish',
      '/api/v1/events/manage/{id}/cancel',
      '/api/v1/events/manage/{id}/duplicate',
      '/api/v1/events/manage/{id}/cover',
      '/api/v1/events/manage/{id}/ticket-types',
      '/api/v1/events/manage/{id}/ticket-types/{ticketTypeId}',
      '/api/v1/media',
      '/api/v1/media/{id}',
    ]) {
      expect(paths, p).toContain(p);
    }
    // The web page that carries meta tags is not part of the API.
    expect(paths).not.toContain('/events/{slug}');
  });
});
