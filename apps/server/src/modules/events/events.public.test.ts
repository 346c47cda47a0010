import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EVENTS,
  MANAGE,
  givenDraftEvent,
  givenPublishedEvent,
  givenTicketType,
  makeImage,
  multipartBody,
  type EventInput,
  type TestClock,
} from '../../../test/event-factories.ts';
import { e164, givenLoggedInUser } from '../../../test/factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import { buy, givenEventWithTypes, SETTINGS } from '../../../test/organiser-factories.ts';

/**
 * The public side, at a pinned instant: Wednesday 12 June 2030, 11:00 in Lagos (10:00 UTC).
 * Lagos is UTC+1 all year, so 23:30 Lagos on the 12th is 22:30 UTC on the 12th, and 00:30
 * Lagos on the 13th is 23:30 UTC on the 12th: a filter working in UTC would put that one
 * on the wrong day.
 */
const NOW = new Date('2030-06-12T10:00:00Z');
const clock: TestClock = { now: NOW };
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-web-'));
fs.writeFileSync(
  path.join(webDir, 'index.html'),
  '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Gatepass</title>\n    <meta name="description" content="Event tickets" />\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

let t: TestApp;
let organiser: { token: string; fullName: string };
const slugs: Record<string, string> = {};

/** Lagos wall-clock to a UTC instant (Lagos is UTC+1, no daylight saving). */
const lagos = (local: string) => new Date(`${local}:00+01:00`).toISOString();
const hoursAfter = (iso: string, h: number) =>
  new Date(Date.parse(iso) + h * 3_600_000).toISOString();
const at = (local: string, hours = 2): Partial<EventInput> => ({
  startAt: lagos(local),
  endAt: hoursAfter(lagos(local), hours),
});

async function list(query = ''): Promise<string[]> {
  const res = await t.request('GET', `${EVENTS}${query ? `?${query}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data.items.map((e: { slug: string }) => e.slug);
}

beforeAll(async () => {
  t = await startTestApp({ webDistDir: webDir }, { now: () => clock.now });
  const user = await givenLoggedInUser(t, { fullName: 'Eko Events Ltd' });
  organiser = user;
  const token = user.token;

  slugs.lateToday = (
    await givenPublishedEvent(
      t,
      token,
      {
        title: 'Afrobeat Rooftop Party',
        category: 'Nightlife',
        city: 'Lagos',
        summary: 'Dance till dawn.',
        ...at('2030-06-12T23:30'),
      },
      [{ price: 5000 }],
    )
  ).slug;
  slugs.pastMidnight = (
    await givenPublishedEvent(
      t,
      token,
      {
        title: 'Founders Breakfast',
        category: 'Tech',
        city: 'Lagos',
        summary: 'Coffee and pitches.',
        ...at('2030-06-13T00:30'),
      },
      [{ price: 0 }],
    )
  ).slug;
  slugs.saturday = (
    await givenPublishedEvent(
      t,
      token,
      {
        title: 'Jollof Festival',
        category: 'Food & Drink',
        city: 'Abuja',
        venueName: 'Millennium Park',
        summary: 'Who makes it best?',
        ...at('2030-06-15T12:00', 6),
      },
      [
        { name: 'Free entry', price: 0 },
        { name: 'Tasting pass', price: 3000 },
      ],
    )
  ).slug;
  slugs.endOfMonth = (
    await givenPublishedEvent(
      t,
      token,
      {
        title: 'Sip and Paint',
        category: 'Arts',
        city: 'Lagos',
        summary: 'Canvas, colour & wine.',
        ...at('2030-06-28T16:00'),
      },
      [{ price: 12_000 }],
    )
  ).slug;
  slugs.online = (
    await givenPublishedEvent(
      t,
      token,
      {
        title: 'Remote Work Masterclass',
        category: 'Education',
        venueName: null,
        address: null,
        city: null,
        onlineUrl: 'https://meet.example.com/secret-room',
        summary: '100% online_course',
        ...at('2030-07-03T10:00'),
      },
      [{ price: 0 }],
    )
  ).slug;
  slugs.unlisted = (
    await givenPublishedEvent(t, token, {
      title: 'Private Jazz Evening',
      visibility: 'unlisted',
      city: 'Lagos',
      ...at('2030-06-12T20:00'),
    })
  ).slug;
  slugs.cancelled = (
    await givenPublishedEvent(t, token, {
      title: 'Cancelled Jazz Brunch',
      city: 'Lagos',
      ...at('2030-06-16T11:00'),
    })
  ).slug;
  slugs.draft = (
    await givenDraftEvent(t, token, {
      title: 'Draft Jazz Picnic',
      city: 'Lagos',
      ...at('2030-06-14T12:00'),
    })
  ).slug;

  // An event that ended this morning: published while it was still ahead.
  clock.now = new Date('2030-06-01T00:00:00Z');
  slugs.ended = (
    await givenPublishedEvent(t, token, {
      title: 'Morning Jazz Run',
      city: 'Lagos',
      ...at('2030-06-12T06:00'),
    })
  ).slug;
  clock.now = NOW;

  const cancelled = await t.request('GET', `${EVENTS}/${slugs.cancelled}`);
  const res = await t.post(
    `${MANAGE}/${cancelled.body.data.id}/cancel`,
    { reason: 'Rain storm warning.' },
    { token },
  );
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('the public list', () => {
  it('shows published public events that have not ended, by start time, and nothing else', async () => {
    expect(await list()).toEqual([
      slugs.lateToday,
      slugs.pastMidnight,
      slugs.saturday,
      slugs.endOfMonth,
      slugs.online,
    ]);
  });

  it('answers each card with what the list shows', async () => {
    const res = await t.request('GET', `${EVENTS}?q=jollof`);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: 12, total: 1, pageCount: 1 });
    expect(res.body.data.items[0]).toEqual({
      slug: slugs.saturday,
      title: 'Jollof Festival',
      summary: 'Who makes it best?',
      category: 'Food & Drink',
      startAt: '2030-06-15T11:00:00.000Z',
      endAt: '2030-06-15T17:00:00.000Z',
      timeZone: 'Africa/Lagos',
      startLocal: '2030-06-15T12:00',
      endLocal: '2030-06-15T18:00',
      venueName: 'Millennium Park',
      city: 'Abuja',
      online: false,
      coverUrl: null,
      // A free and a paid type: the card shows the range, never just "Free".
      lowestPrice: 0,
      highestPrice: 3000,
      isFree: false,
      status: 'published',
      url: `/events/${slugs.saturday}`,
    });
    const online = await t.request('GET', `${EVENTS}?q=masterclass`);
    expect(online.body.data.items[0]).toMatchObject({
      online: true,
      isFree: true,
      lowestPrice: 0,
      highestPrice: 0,
      venueName: null,
    });
    expect(JSON.stringify(online.body)).not.toContain('secret-room');
  });

  it('searches title, summary and city, case-insensitively, every word', async () => {
    expect(await list('q=ROOFTOP')).toEqual([slugs.lateToday]);
    expect(await list('q=pitches')).toEqual([slugs.pastMidnight]);
    expect(await list('q=abuja')).toEqual([slugs.saturday]);
    expect(await list('q=lagos%20paint')).toEqual([slugs.endOfMonth]);
    expect(await list('q=jazz')).toEqual([]); // unlisted, cancelled, draft and ended ones only
    expect(await list('q=nothing-like-this')).toEqual([]);
  });

  it('matches %, _ and \\ literally', async () => {
    expect(await list(`q=${encodeURIComponent('100%')}`)).toEqual([slugs.online]);
    expect(await list(`q=${encodeURIComponent('%')}`)).toEqual([slugs.online]);
    expect(await list(`q=${encodeURIComponent('online_c')}`)).toEqual([slugs.online]);
    expect(await list(`q=${encodeURIComponent('_')}`)).toEqual([slugs.online]);
    expect(await list(`q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('filters by category and by city', async () => {
    expect(await list('category=Tech')).toEqual([slugs.pastMidnight]);
    expect(await list(`category=${encodeURIComponent('Food & Drink')}`)).toEqual([slugs.saturday]);
    expect(await list('city=lagos')).toEqual([
      slugs.lateToday,
      slugs.pastMidnight,
      slugs.endOfMonth,
    ]);
    expect(await list('city=Abuja')).toEqual([slugs.saturday]);
    expect(await list('city=Lag')).toEqual([]);
    expect(await list('city=L_gos')).toEqual([]);
  });

  it('filters free and paid events', async () => {
    expect(await list('price=free')).toEqual([slugs.pastMidnight, slugs.online]);
    expect(await list('price=paid')).toEqual([slugs.lateToday, slugs.saturday, slugs.endOfMonth]);
  });

  it('filters by Lagos calendar days: 23:30 is still today, 00:30 is tomorrow', async () => {
    // The 23:30 party runs past midnight, yet belongs to the night it starts on.
    expect(await list('date=today')).toEqual([slugs.lateToday]);
    expect(await list('date=tomorrow')).toEqual([slugs.pastMidnight]);
    expect(await list('from=2030-06-12&to=2030-06-12')).toEqual([slugs.lateToday]);
    expect(await list('from=2030-06-13&to=2030-06-13')).toEqual([slugs.pastMidnight]);
  });

  it('filters this weekend (Friday to Sunday) and this month', async () => {
    expect(await list('date=weekend')).toEqual([slugs.saturday]);
    expect(await list('date=month')).toEqual([
      slugs.lateToday,
      slugs.pastMidnight,
      slugs.saturday,
      slugs.endOfMonth,
    ]);
    // From Saturday on, "this weekend" is the current one.
    clock.now = new Date('2030-06-15T13:00:00Z');
    try {
      expect(await list('date=weekend')).toEqual([slugs.saturday]);
    } finally {
      clock.now = NOW;
    }
  });

  it('filters an open-ended date range and combines filters', async () => {
    expect(await list('from=2030-07-01')).toEqual([slugs.online]);
    expect(await list('to=2030-06-13')).toEqual([slugs.lateToday, slugs.pastMidnight]);
    expect(await list('city=lagos&price=paid&date=month')).toEqual([
      slugs.lateToday,
      slugs.endOfMonth,
    ]);
  });

  it('pages through results with the total', async () => {
    const first = await t.request('GET', `${EVENTS}?pageSize=2`);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 2, total: 5, pageCount: 3 });
    const third = await t.request('GET', `${EVENTS}?pageSize=2&page=3`);
    expect(third.body.data.items.map((e: { slug: string }) => e.slug)).toEqual([slugs.online]);
    const beyond = await t.request('GET', `${EVENTS}?pageSize=2&page=9`);
    expect(beyond.body.data).toMatchObject({ items: [], total: 5 });
  });

  it('counts a festival for each of its days, and an all-night party only for its night', async () => {
    const token = organiser.token;
    const festival = await givenPublishedEvent(t, token, {
      title: 'Ibadan Arts Festival',
      city: 'Ibadan',
      startAt: lagos('2030-06-20T10:00'),
      endAt: lagos('2030-06-22T18:00'),
    });
    const party = await givenPublishedEvent(t, token, {
      title: 'Ibadan All Nighter',
      city: 'Ibadan',
      startAt: lagos('2030-06-20T23:00'),
      endAt: lagos('2030-06-21T04:00'),
    });
    expect(await list('city=ibadan&from=2030-06-20&to=2030-06-20')).toEqual([
      festival.slug,
      party.slug,
    ]);
    expect(await list('city=ibadan&from=2030-06-21&to=2030-06-21')).toEqual([festival.slug]);
    expect(await list('city=ibadan&from=2030-06-22')).toEqual([festival.slug]);
    expect(await list('city=ibadan&from=2030-06-23')).toEqual([]);
    expect(await list('city=ibadan&to=2030-06-19')).toEqual([]);
  });

  it('refuses bad filters with a sentence', async () => {
    const cases: Array<[string, string]> = [
      ['date=yesterday', 'Date must be one of: today, tomorrow, weekend, month.'],
      ['from=12/06/2030', 'From must be a date like 2026-12-05.'],
      ['from=2030-06-20&to=2030-06-10', 'The "from" date must be on or before the "to" date.'],
      ['price=cheap', 'Price must be free or paid.'],
      ['pageSize=500', 'Page size must be at most 50.'],
      ['page=0', 'Page must be at least 1.'],
      [
        'category=Wrestling',
        'Category must be one of: Music, Business, Tech, Food & Drink, Arts, Sports, Community, Education, Nightlife, Other.',
      ],
    ];
    for (const [query, message] of cases) {
      const res = await t.request('GET', `${EVENTS}?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe(message);
    }
  });
});

describe('one public event', () => {
  it('counts the tickets of each type held by unpaid orders, apart from what is left', async () => {
    const owner = await givenLoggedInUser(t);
    const { event, types } = await givenEventWithTypes(
      t,
      owner.token,
      [{ name: 'Delegate', price: 25_000, capacity: 3 }],
      { title: 'Held Summit', ...at('2030-06-21T10:00', 6) },
    );
    const delegate = types[0]!;
    await buy(t, event.id, delegate.id, { quantity: 2 });
    const some = await t.request('GET', `${EVENTS}/${event.slug}`);
    expect(some.body.data.ticketTypes[0]).toMatchObject({
      remaining: 1,
      held: 2,
      availability: 'on_sale',
    });
    await buy(t, event.id, delegate.id, { quantity: 1 });
    // Sold out only by holds: the checkout can say they may come back.
    const all = await t.request('GET', `${EVENTS}/${event.slug}`);
    expect(all.body.data.ticketTypes[0]).toMatchObject({
      remaining: 0,
      held: 3,
      availability: 'sold_out',
    });
    // The organiser's view counts the same holds per type, inside `sold`.
    const manage = await t.request('GET', `${MANAGE}/${event.id}`, { token: owner.token });
    expect(manage.status, manage.text).toBe(200);
    expect(manage.body.data.ticketTypes[0]).toMatchObject({ sold: 3, held: 3, remaining: 0 });
  });

  it('shows a published event with its visible ticket types, their availability and the organiser', async () => {
    const owner = await givenLoggedInUser(t, { fullName: 'Tunde Bakare' });
    const event = await givenDraftEvent(t, owner.token, {
      title: 'Highlife Evening',
      ...at('2030-06-20T19:00', 4),
    });
    const onSale = await givenTicketType(t, owner.token, event.id, {
      name: 'Regular',
      price: 5000,
      capacity: 100,
    });
    const soldOut = await givenTicketType(t, owner.token, event.id, {
      name: 'Early Bird',
      price: 3000,
      capacity: 10,
    });
    await givenTicketType(t, owner.token, event.id, {
      name: 'Late',
      price: 7000,
      capacity: 10,
      salesStartAt: '2030-06-18T00:00',
    });
    await givenTicketType(t, owner.token, event.id, {
      name: 'Presale',
      price: 4000,
      capacity: 10,
      salesEndAt: '2030-06-10T00:00',
    });
    await givenTicketType(t, owner.token, event.id, {
      name: 'Staff',
      price: 0,
      capacity: 10,
      hidden: true,
    });
    await t.db.updateTable('ticket_types').set({ sold: 10 }).where('id', '=', soldOut.id).execute();
    await t.db.updateTable('ticket_types').set({ sold: 40 }).where('id', '=', onSale.id).execute();
    expect(
      (await t.post(`${MANAGE}/${event.id}/publish`, undefined, { token: owner.token })).status,
    ).toBe(200);

    const res = await t.request('GET', `${EVENTS}/highlife-evening`);
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({
      title: 'Highlife Evening',
      status: 'published',
      ended: false,
      organiser: { name: 'Tunde Bakare', logoUrl: null },
      lowestPrice: 3000,
      highestPrice: 7000,
      isFree: false,
      startAt: '2030-06-20T18:00:00.000Z',
      // The event's wall clock, for browsers to show without time-zone data.
      startLocal: '2030-06-20T19:00',
      endLocal: '2030-06-20T23:00',
    });
    expect(
      data.ticketTypes.map(
        (x: { salesStartLocal: string | null; salesEndLocal: string | null }) => [
          x.salesStartLocal,
          x.salesEndLocal,
        ],
      ),
    ).toEqual([
      [null, null],
      [null, null],
      ['2030-06-18T00:00', null],
      [null, '2030-06-10T00:00'],
    ]);
    expect(
      data.ticketTypes.map(
        (x: { name: string; price: number; remaining: number; availability: string }) => [
          x.name,
          x.price,
          x.remaining,
          x.availability,
        ],
      ),
    ).toEqual([
      ['Regular', 5000, 60, 'on_sale'],
      ['Early Bird', 3000, 0, 'sold_out'],
      ['Late', 7000, 10, 'not_yet_on_sale'],
      ['Presale', 4000, 10, 'sales_ended'],
    ]);
    expect(JSON.stringify(data)).not.toContain('sold"');
    expect(JSON.stringify(data)).not.toContain('Staff');
  });

  it("shows the organiser's public name and logo, and none of their contact details", async () => {
    const owner = await givenLoggedInUser(t, { fullName: 'Kemi Adebayo' });
    const event = await givenPublishedEvent(t, owner.token, {
      title: 'Afrobeat Brunch',
      ...at('2030-06-22T12:00', 3),
    });
    const page = async () => {
      const res = await t.request('GET', `${EVENTS}/${event.slug}`);
      expect(res.status, res.text).toBe(200);
      return res;
    };
    expect((await page()).body.data.organiser).toEqual({ name: 'Kemi Adebayo', logoUrl: null });

    const { payload, headers } = multipartBody(await makeImage('png'), {
      filename: 'logo.png',
      contentType: 'image/png',
    });
    const upload = await t.request('POST', `${API}/media`, {
      token: owner.token,
      payload,
      headers,
    });
    expect(upload.status, upload.text).toBe(201);
    const logo = upload.body.data.id as string;
    const saved = await t.request('PATCH', `${SETTINGS}/organiser`, {
      token: owner.token,
      body: { publicName: 'Kemi Live', logoMediaId: logo },
    });
    expect(saved.status, saved.text).toBe(200);

    const res = await page();
    // Exactly the public fields: the name buyers see and the logo's address.
    expect(res.body.data.organiser).toEqual({
      name: 'Kemi Live',
      logoUrl: `/api/v1/media/${logo}`,
    });
    for (const secret of [
      owner.email,
      owner.phoneNumber,
      e164(owner.phoneNumber),
      'Kemi Adebayo',
    ]) {
      expect(res.text, secret).not.toContain(secret);
    }
    // Anyone may load the logo.
    const image = await t.request('GET', res.body.data.organiser.logoUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);

    // Removing the logo in settings removes it from the page.
    const removed = await t.request('PATCH', `${SETTINGS}/organiser`, {
      token: owner.token,
      body: { logoMediaId: null },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await page()).body.data.organiser).toEqual({ name: 'Kemi Live', logoUrl: null });
  });

  it('reaches an unlisted event by its link, and a cancelled one says so', async () => {
    const unlisted = await t.request('GET', `${EVENTS}/${slugs.unlisted}`);
    expect(unlisted.status).toBe(200);
    expect(unlisted.body.data.visibility).toBe('unlisted');
    const cancelled = await t.request('GET', `${EVENTS}/${slugs.cancelled}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Rain storm warning.',
    });
    expect(cancelled.body.data.ticketTypes[0].availability).toBe('sales_ended');
    const ended = await t.request('GET', `${EVENTS}/${slugs.ended}`);
    expect(ended.body.data).toMatchObject({ status: 'published', ended: true });
  });

  it('sends the description as sanitised HTML beside its Markdown source', async () => {
    const description = [
      '# Programme',
      '',
      '## Line-up',
      '',
      '### Doors',
      '',
      '<script>window.pwned = 1</script>',
      '',
      '<img src=x onerror=alert(1)>',
      '',
      '<b>bold?</b> [click](javascript:alert(1)) [data](data:text/html,hi) ![pic](javascript:x)',
      '',
      '| Act | Time |',
      '|:----|-----:|',
      '| Band | 7 pm |',
      '',
      'Tickets at [our site](https://example.com/tickets "Buy") or <hello@example.com>.',
      'Next line.',
    ].join('\n');
    const event = await givenPublishedEvent(t, organiser.token, {
      title: 'Markdown Night',
      description,
      ...at('2030-06-25T19:00'),
    });
    const read = async () => {
      const res = await t.request('GET', `${EVENTS}/${event.slug}`);
      expect(res.status, res.text).toBe(200);
      return res.body.data as { description: string | null; descriptionHtml: string };
    };
    const data = await read();
    expect(data.description).toBe(description);
    const html = data.descriptionHtml;

    // Headings start below the page's own h1 and h2.
    expect(html).toContain('<h3>Programme</h3>\n<h3>Line-up</h3>\n<h4>Doors</h4>');
    expect(html).not.toMatch(/<h[12]/);
    // Raw HTML is text: the script and the image handler are escaped, never elements.
    expect(html).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;b&gt;bold?&lt;/b&gt;');
    expect(html).not.toMatch(/<script|<img[^>]*onerror|<b>/i);
    // Links with other schemes lose their address (and are not made to open anywhere).
    expect(html).toContain('<a>click</a>');
    expect(html).toContain('<a>data</a>');
    expect(html).toContain('<img alt="pic" />');
    expect(html).not.toMatch(/javascript:|data:text/i);
    // GFM table with its alignment, line breaks kept, and links that open in a new tab.
    expect(html).toContain('<th align="left">Act</th>');
    expect(html).toContain('<td align="right">7 pm</td>');
    expect(html).toContain(
      '<a href="https://example.com/tickets" target="_blank" rel="noopener noreferrer nofollow ugc">our site</a>',
    );
    expect(html).toContain(
      '<a href="mailto:hello@example.com" target="_blank" rel="noopener noreferrer nofollow ugc">hello@example.com</a>.<br />Next line.',
    );

    // An edit shows at once (rendered HTML is remembered by its source, never by the event).
    const edited = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: organiser.token,
      body: { description: 'Now **sold out**.' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await read()).descriptionHtml).toBe('<p>Now <strong>sold out</strong>.</p>\n');

    const cleared = await t.request('PATCH', `${MANAGE}/${event.id}`, {
      token: organiser.token,
      body: { description: null },
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await read()).toMatchObject({ description: null, descriptionHtml: '' });
  });

  it('answers 404 for drafts and unknown slugs', async () => {
    for (const slug of [slugs.draft, 'no-such-event', 'UPPER', 'a'.repeat(150)]) {
      const res = await t.request('GET', `${EVENTS}/${slug}`);
      expect(res.status, slug).toBe(404);
      expect(res.body.error).toBe('This event does not exist or is no longer available.');
    }
  });

  it('never shows the online link to the public', async () => {
    const res = await t.request('GET', `${EVENTS}/${slugs.online}`);
    expect(res.body.data.online).toBe(true);
    expect(res.text).not.toContain('secret-room');
  });
});

describe('add to calendar', () => {
  it('answers an RFC 5545 file with CRLF lines, escaped text and UTC times', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${EVENTS}/${slugs.endOfMonth}/calendar.ics`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${slugs.endOfMonth}.ics"`,
    );
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(text).toContain('\r\nDTSTART:20300628T150000Z\r\n');
    expect(text).toContain('\r\nDTEND:20300628T170000Z\r\n');
    expect(text).toContain('\r\nSUMMARY:Sip and Paint\r\n');
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      '\r\nLOCATION:Terra Kulture\\, 1376 Tiamiyu Savage Street\\, Victoria Island\\, Lagos\r\n',
    );
    expect(unfolded).toContain(
      '\r\nDESCRIPTION:Canvas\\, colour & wine.\\n\\nDetails and tickets: http://gatepass.test/events/',
    );
    expect(text).toContain(`URL:http://gatepass.test/events/${slugs.endOfMonth}`);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const cancelled = await t.app.inject({
      method: 'GET',
      url: `${EVENTS}/${slugs.cancelled}/calendar.ics`,
    });
    expect(cancelled.body).toContain('STATUS:CANCELLED');
    expect(
      (await t.app.inject({ method: 'GET', url: `${EVENTS}/${slugs.draft}/calendar.ics` }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the HTML of /events/{slug}', () => {
  it('carries the title, description, canonical link, Open Graph and Twitter tags and Event JSON-LD', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/events/${slugs.saturday}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<title>Jollof Festival | Gatepass</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Who makes it best?">');
    expect(html).not.toContain('content="Event tickets"');
    expect(html).toContain(
      `<link rel="canonical" href="http://gatepass.test/events/${slugs.saturday}">`,
    );
    expect(html).toContain('<meta property="og:title" content="Jollof Festival">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain(
      `<meta property="og:url" content="http://gatepass.test/events/${slugs.saturday}">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(html).toContain('<div id="root"></div>');

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Jollof Festival',
      startDate: '2030-06-15T12:00:00+01:00',
      endDate: '2030-06-15T18:00:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Millennium Park',
        address: { '@type': 'PostalAddress', addressLocality: 'Abuja' },
      },
      organizer: { name: 'Eko Events Ltd' },
    });
    expect(ld.offers).toEqual([
      {
        '@type': 'Offer',
        name: 'Free entry',
        price: 0,
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        url: `http://gatepass.test/events/${slugs.saturday}`,
      },
      {
        '@type': 'Offer',
        name: 'Tasting pass',
        price: 3000,
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        url: `http://gatepass.test/events/${slugs.saturday}`,
      },
    ]);
  });

  it('describes online and cancelled events, and the cover as og:image', async () => {
    const online = jsonLd(
      (await t.app.inject({ method: 'GET', url: `/events/${slugs.online}` })).body,
    );
    expect(online.location).toEqual({
      '@type': 'VirtualLocation',
      url: `http://gatepass.test/events/${slugs.online}`,
    });
    expect(online.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    const withCover = await t.request('GET', `${EVENTS}/${slugs.endOfMonth}`);
    const { payload, headers } = multipartBody(await makeImage('jpeg'));
    const cover = await t.request('POST', `${MANAGE}/${withCover.body.data.id}/cover`, {
      payload,
      headers,
      token: organiser.token,
    });
    expect(cover.status, cover.text).toBe(200);
    const image = `http://gatepass.test${cover.body.data.coverUrl}`;
    const coverHtml = (await t.app.inject({ method: 'GET', url: `/events/${slugs.endOfMonth}` }))
      .body;
    expect(coverHtml).toContain(`<meta property="og:image" content="${image}">`);
    expect(coverHtml).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(coverHtml).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(jsonLd(coverHtml).image).toEqual([image]);
    // The card in the public list shows it too.
    const card = await t.request('GET', `${EVENTS}?q=paint`);
    expect(card.body.data.items[0].coverUrl).toBe(cover.body.data.coverUrl);

    const cancelledHtml = (await t.app.inject({ method: 'GET', url: `/events/${slugs.cancelled}` }))
      .body;
    expect(jsonLd(cancelledHtml).eventStatus).toBe('https://schema.org/EventCancelled');
    expect(cancelledHtml).toContain('<title>Cancelled: Cancelled Jazz Brunch | Gatepass</title>');
  });

  it('escapes everything an organiser typed: no markup or script gets through', async () => {
    const evil = '</script><script>alert(1)</script> "quoted" & <b>bold</b> $& $1';
    const event = await givenPublishedEvent(t, organiser.token, {
      title: evil,
      summary: `<img src=x onerror=alert(2)> ${evil}`,
      ...at('2030-06-22T18:00'),
    });
    const res = await t.app.inject({ method: 'GET', url: `/events/${event.slug}` });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt; $&amp; $1 | Gatepass</title>',
    );
    // Exactly two script elements, neither of which runs: the JSON-LD and the page's data
    // (decision 021), both parsing back to the raw title.
    expect(html.match(/<script[^>]*>/g)).toEqual([
      '<script type="application/ld+json">',
      '<script type="application/json" id="page-data">',
    ]);
    expect(jsonLd(html).name).toBe(evil);
    const pageData = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(
      html,
    )?.[1];
    const carried = JSON.parse(pageData ?? '{}') as Record<string, { data: { title: string } }>;
    expect(carried[`/events/${event.slug}`]?.data.title).toBe(evil);
  });

  it('answers 404 with the app for drafts and unknown slugs, and the plain app for its own pages', async () => {
    const draft = await t.app.inject({ method: 'GET', url: `/events/${slugs.draft}` });
    expect(draft.statusCode).toBe(404);
    expect(draft.body).toContain('<div id="root"></div>');
    expect(draft.body).not.toContain('og:title');
    expect((await t.app.inject({ method: 'GET', url: '/events/no-such-thing' })).statusCode).toBe(
      404,
    );
    const manage = await t.app.inject({ method: 'GET', url: '/events/manage/' });
    expect(manage.statusCode).toBe(200);
    expect(manage.body).toContain('<title>Gatepass</title>');
    expect((await t.app.inject({ method: 'GET', url: '/events/manage/all' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/events/' })).statusCode).toBe(200);
  });
});

function jsonLd(html: string): Record<string, unknown> & {
  offers: unknown[];
  location: unknown;
  eventStatus: string;
  name: string;
  eventAttendanceMode: string;
} {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error(`no JSON-LD in:\n${html}`);
  return JSON.parse(match[1]);
}
