import jsQR from 'jsqr';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenDraftEvent } from '../../../test/event-factories.ts';
import { API, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
  PROMOS,
  SETTINGS,
  SHARE_KIT,
} from '../../../test/organiser-factories.ts';
import { uniquePhone } from '../../../test/factories.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  ({ token } = await givenOrganiser(t));
});
afterAll(() => t?.close());

const create = (body: Record<string, unknown>, as = token) => t.post(PROMOS, body, { token: as });

describe('promo codes', () => {
  it('creates, lists, changes and deletes a code, stored upper-case and unique per event', async () => {
    const { event } = await givenEventWithTypes(t, token, [{ price: 5000 }]);
    const res = await create({
      eventId: event.id,
      code: ' early-bird ',
      kind: 'percent',
      amount: 20,
      maxUses: 50,
      startsAt: '2026-01-01T00:00',
      endsAt: '2030-01-01T00:00',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Promo code created.');
    const promo = res.body.data;
    expect(promo).toMatchObject({
      eventId: event.id,
      code: 'EARLY-BIRD',
      kind: 'percent',
      amount: 20,
      maxUses: 50,
      active: true,
      usableNow: true,
      // Wall-clock inputs are the event's zone (Lagos, UTC+1).
      startsAt: '2025-12-31T23:00:00.000Z',
      startsLocal: '2026-01-01T00:00',
      timeZone: 'Africa/Lagos',
      usage: {
        uses: 0,
        remaining: 50,
        completedOrders: 0,
        tickets: 0,
        discountGiven: 0,
        revenue: 0,
      },
    });

    const clash = await create({
      eventId: event.id,
      code: 'Early-Bird',
      kind: 'fixed',
      amount: 500,
    });
    expect(clash.status).toBe(409);
    expect(clash.body).toEqual({
      error: 'This event already has a promo code EARLY-BIRD.',
      code: 'PROMO_CODE_TAKEN',
    });
    // The same code on another event is fine.
    const other = await givenEventWithTypes(t, token, [{ price: 5000 }]);
    expect(
      (await create({ eventId: other.event.id, code: 'EARLY-BIRD', kind: 'fixed', amount: 500 }))
        .status,
    ).toBe(201);

    const listed = await t.request('GET', `${PROMOS}?eventId=${event.id}`, { token });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { code: string }) => p.code)).toEqual(['EARLY-BIRD']);
    const all = await t.request('GET', PROMOS, { token });
    expect(all.body.data).toHaveLength(2);

    const changed = await t.request('PATCH', `${PROMOS}/${promo.id}`, {
      token,
      body: { kind: 'fixed', amount: 1500, maxUses: null, active: false, endsAt: null },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({
      kind: 'fixed',
      amount: 1500,
      maxUses: null,
      active: false,
      usableNow: false,
      endsAt: null,
      usage: { remaining: null },
    });

    const deleted = await t.request('DELETE', `${PROMOS}/${promo.id}`, { token });
    expect(deleted.status, deleted.text).toBe(200);
    expect((await t.request('GET', `${PROMOS}/${promo.id}`, { token })).status).toBe(404);
  });

  it('refuses amounts, windows and codes that make no sense', async () => {
    const { event } = await givenEventWithTypes(t, token, [{ price: 5000 }]);
    const cases: [Record<string, unknown>, string][] = [
      [
        { kind: 'percent', amount: 101 },
        'A percentage must be between 1 and 100; a fixed amount at most ₦10,000,000.',
      ],
      [{ kind: 'percent', amount: 0 }, 'Amount must be at least 1.'],
      [{ kind: 'fixed', amount: 12.5 }, 'Amount must be a whole number.'],
      [{ code: 'no spaces' }, 'Code may only use letters, digits, - and _.'],
      [{ code: 'AB' }, 'Code must be at least 3 characters.'],
      [
        { startsAt: '2026-12-05T19:00', endsAt: '2026-12-05T18:00' },
        'The end must be after the start.',
      ],
      [{ startsAt: 'tomorrow' }, 'Start must be a date and time like 2026-12-05T19:00.'],
    ];
    for (const [override, error] of cases) {
      const res = await create({
        eventId: event.id,
        code: 'VALID10',
        kind: 'percent',
        amount: 10,
        ...override,
      });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const kindOnly = await create({
      eventId: event.id,
      code: 'KIND1',
      kind: 'percent',
      amount: 10,
    });
    const switched = await t.request('PATCH', `${PROMOS}/${kindOnly.body.data.id}`, {
      token,
      body: { kind: 'fixed' },
    });
    expect(switched.status).toBe(400);
    expect(switched.body.error).toBe(
      'Give the amount again when changing between percent and fixed.',
    );
  });

  it('is applied at checkout, counted while held, and reports what it gave away', async () => {
    const { event, types } = await givenEventWithTypes(t, token, [{ price: 5000, capacity: 20 }]);
    const typeId = types[0]!.id;
    const promo = (
      await create({ eventId: event.id, code: 'lagos25', kind: 'percent', amount: 25, maxUses: 3 })
    ).body.data;

    const quote = await t.post(`${ORDERS}/quote`, {
      eventId: event.id,
      items: [{ ticketTypeId: typeId, quantity: 2 }],
      promoCode: 'LAGOS25',
    });
    expect(quote.status, quote.text).toBe(200);
    // 10,000 − 25 % = 7,500; fee 7,500 × 4.5 % + 100 = 437.5 → 440.
    expect(quote.body.data).toMatchObject({
      subtotal: 10_000,
      discount: 2_500,
      fee: 440,
      totalPrice: 7_940,
      promoCode: 'LAGOS25',
    });

    const paid = await buy(t, event.id, typeId, { quantity: 2, promoCode: 'lagos25', pay: 'test' });
    expect(paid.order.status).toBe('completed');
    const held = await buy(t, event.id, typeId, { quantity: 1, promoCode: 'LAGOS25' });
    const cancelled = await buy(t, event.id, typeId, { quantity: 1, promoCode: 'LAGOS25' });

    const usage = async () =>
      (await t.request('GET', `${PROMOS}/${promo.id}`, { token })).body.data.usage;
    expect(await usage()).toEqual({
      uses: 3,
      remaining: 0,
      completedOrders: 1,
      tickets: 2,
      discountGiven: 2_500,
      revenue: 7_940,
    });
    // Used up while three orders hold it.
    const refused = await t.post(ORDERS, {
      eventId: event.id,
      items: [{ ticketTypeId: typeId, quantity: 1 }],
      promoCode: 'LAGOS25',
      buyer: { firstName: 'A', lastName: 'B', email: 'ab@example.com', phone: uniquePhone() },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('This promo code has been used up.');

    // Cancelling an order gives its use back; the maximum cannot drop below what is used.
    await t.post(`${MANAGE_ORDERS}/${cancelled.order.id}/cancel`, {}, { token });
    expect((await usage()).uses).toBe(2);
    const tooLow = await t.request('PATCH', `${PROMOS}/${promo.id}`, {
      token,
      body: { maxUses: 1 },
    });
    expect(tooLow.status).toBe(409);
    expect(tooLow.body.error).toBe('This code has been used 2 times; the maximum cannot be lower.');
    expect(held.order.status).toBe('pending');

    // A used code stays for the orders' records.
    const del = await t.request('DELETE', `${PROMOS}/${promo.id}`, { token });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe(
      'Orders have used this code, so it is kept for their records. Switch it off instead.',
    );
    const off = await t.request('PATCH', `${PROMOS}/${promo.id}`, {
      token,
      body: { active: false },
    });
    expect(off.status).toBe(200);
    const quoteOff = await t.post(`${ORDERS}/quote`, {
      eventId: event.id,
      items: [{ ticketTypeId: typeId, quantity: 1 }],
      promoCode: 'LAGOS25',
    });
    expect(quoteOff.status).toBe(400);
  });

  it('takes a fixed amount off, never more than the tickets cost', async () => {
    const { event, types } = await givenEventWithTypes(t, token, [{ price: 1000, capacity: 5 }]);
    await create({ eventId: event.id, code: 'MINUS5000', kind: 'fixed', amount: 5000 });
    const quote = await t.post(`${ORDERS}/quote`, {
      eventId: event.id,
      items: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      promoCode: 'minus5000',
    });
    expect(quote.body.data).toMatchObject({
      subtotal: 2000,
      discount: 2000,
      fee: 0,
      totalPrice: 0,
    });
  });
});

describe('share kit', () => {
  it('gives the public link, a QR preview and a printable poster whose QR code opens the event', async () => {
    await t.request('PATCH', `${SETTINGS}/organiser`, {
      token,
      body: { publicName: 'Ọjà Events' },
    });
    const { event } = await givenEventWithTypes(t, token, [{ price: 0 }], {
      title: 'Ẹ̀kọ́ Art Fair: Ọjà by the Lagoon',
    });
    const kit = await t.request('GET', `${SHARE_KIT}/${event.id}`, { token });
    expect(kit.status, kit.text).toBe(200);
    const link = `http://gatepass.test/events/${event.slug}`;
    expect(kit.body.data).toMatchObject({
      eventId: event.id,
      link,
      posterPng: `${API}/events/manage/share-kit/${event.id}/poster.png`,
      posterPdf: `${API}/events/manage/share-kit/${event.id}/poster.pdf`,
    });
    expect(kit.body.data.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const png = await t.app.inject({
      method: 'GET',
      url: kit.body.data.posterPng,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const meta = await sharp(png.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1240, 1754]);
    const { data, info } = await sharp(png.rawPayload)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(decoded?.data).toBe(link);

    const pdf = await t.app.inject({
      method: 'GET',
      url: kit.body.data.posterPdf,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="${event.slug}-poster.pdf"`,
    );
    const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    const { text } = await extractText(doc, { mergePages: true });
    expect(doc.numPages).toBe(1);
    // Letter-spaced and wrapped lines come back with spaces and breaks: compare without them.
    const flat = text.replace(/\s+/g, '');
    for (const expected of [
      'Ẹ̀kọ́ Art Fair: Ọjà by the Lagoon',
      'Scan for tickets',
      link,
      'ỌJÀ EVENTS',
    ])
      expect(flat).toContain(expected.replace(/\s+/g, ''));
  });

  it('has nothing to share for a draft', async () => {
    const draft = await givenDraftEvent(t, token);
    const res = await t.request('GET', `${SHARE_KIT}/${draft.id}/poster.png`, { token });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Publish the event first: its page is not public yet.');
  });
});
