import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS, givenPublishedEvent } from '../../../test/event-factories.ts';
import { givenUser, logIn, uniqueEmail, uniquePhone } from '../../../test/factories.ts';
import { API, eventually, startTestApp, type TestApp } from '../../../test/helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import {
  icsDate,
  mimeParts,
  parseIcs,
  pdfImages,
  pdfText,
  readCode128,
  readQr,
  readQrPng,
} from '../../../test/ticket-files.ts';
import type { MailRow, StoredAttachment } from '../mail/mail.table.ts';
import { TicketRenderer } from './tickets.pool.ts';
import type { TicketOrder } from './tickets.render.ts';

const ORDERS = `${API}/orders`;
const QR_CID = 'ticket-qr@gatepass';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp({}, { captureLogs: true });
  token = await logIn(t, await givenUser(t));
});
afterAll(() => t?.close());

/** Yoruba names keep their marks on the ticket. */
const buyer = () => ({
  firstName: 'Ọláwálé',
  lastName: 'Ẹ̀kọ́',
  email: uniqueEmail('buyer'),
  phone: uniquePhone(),
});

async function eventWith(tickets: { name: string; price: number; capacity: number }[]) {
  const event = await givenPublishedEvent(
    t,
    token,
    { title: 'Lagos Jazz Night & Friends' },
    tickets,
  );
  const detail = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data;
  return { event, detail, types: detail.ticketTypes as { id: string; name: string }[] };
}

async function buy(
  app: TestApp,
  eventId: string,
  items: { ticketTypeId: string; quantity: number }[],
) {
  const res = await app.post(ORDERS, { eventId, items, buyer: buyer() });
  expect(res.status, res.text).toBe(201);
  return res.body.data as {
    order: { id: string; orderCode: string; email: string; status: string };
    accessToken: string;
  };
}

/** The confirmation mail once the dispatcher has rendered and delivered it. */
async function deliveredConfirmation(app: TestApp, email: string): Promise<MailRow> {
  return eventually(async () => {
    const mail = (await app.mailsTo(email)).find((m) => m.kind === 'order-confirmation');
    return mail && mail.status !== 'pending' ? mail : undefined;
  });
}

const file = (mail: MailRow, pattern: RegExp): StoredAttachment => {
  const found = mail.attachments?.find((a) => pattern.test(a.filename));
  if (!found)
    throw new Error(
      `no attachment matching ${pattern} in ${mail.attachments?.map((a) => a.filename).join(', ')}`,
    );
  return found;
};
const bytes = (a: StoredAttachment) => Buffer.from(a.content, 'base64');

describe('the confirmation mail carries the tickets', () => {
  it('has the QR image of the order code, the PDF ticket (QR, barcode, event, buyer, quantity, lines) and a valid .ics', async () => {
    const { event, detail, types } = await eventWith([
      { name: 'Early bird', price: 0, capacity: 10 },
      { name: 'Student', price: 0, capacity: 10 },
    ]);
    const { order } = await buy(t, event.id, [
      { ticketTypeId: types[0]!.id, quantity: 2 },
      { ticketTypeId: types[1]!.id, quantity: 1 },
    ]);
    expect(order.status).toBe('completed');
    const mail = await deliveredConfirmation(t, order.email);
    expect(mail.status).toBe('logged');
    expect(mail.attachments?.map((a) => [a.filename, a.contentType])).toEqual([
      [`qr-${order.orderCode}.png`, 'image/png'],
      [`gatepass-ticket-${order.orderCode}.pdf`, 'application/pdf'],
      [`${event.slug}.ics`, 'text/calendar; charset=utf-8'],
    ]);

    // The inline QR image: the HTML shows it, and it decodes to the order code.
    const qr = file(mail, /^qr-/);
    expect(qr.cid).toBe(QR_CID);
    expect(mail.html_body).toContain(`src="cid:${QR_CID}"`);
    expect(mail.html_body).toContain(order.orderCode);
    expect(mail.text_body).toContain(`Order code: ${order.orderCode}`);
    expect(readQrPng(bytes(qr))).toBe(order.orderCode);

    // The PDF: real text a reader can search, and both codes scannable from its images.
    const pdf = bytes(file(mail, /\.pdf$/));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of [
      order.orderCode,
      'Lagos Jazz Night & Friends',
      'Ọláwálé Ẹ̀kọ́',
      order.email,
      '3 people',
      'Early bird',
      'Student',
      'Terra Kulture',
    ])
      expect(text).toContain(expected);
    const images = await pdfImages(pdf);
    expect(images.map(readQr)).toContain(order.orderCode);
    expect(images.map(readCode128)).toContain(order.orderCode);

    // The calendar entry: RFC 5545 framing, the event's time, and the order code.
    const ics = parseIcs(bytes(file(mail, /\.ics$/)).toString('utf8'));
    expect(ics.UID).toBe(`${event.id}@gatepass`);
    expect(icsDate(ics.DTSTART!).toISOString()).toBe(new Date(detail.startAt).toISOString());
    expect(icsDate(ics.DTEND!).toISOString()).toBe(new Date(detail.endAt).toISOString());
    expect(ics.SUMMARY).toBe('Lagos Jazz Night & Friends');
    expect(ics.LOCATION).toContain('Terra Kulture');
    expect(ics.DESCRIPTION).toContain(`Order code: ${order.orderCode}`);
    expect(ics.DESCRIPTION).toContain('2 × Early bird, 1 × Student');
  });

  it('is sent when a TEST payment succeeds, with the price on the PDF', async () => {
    const { event, types } = await eventWith([{ name: 'VIP', price: 15000, capacity: 5 }]);
    const { order, accessToken } = await buy(t, event.id, [
      { ticketTypeId: types[0]!.id, quantity: 1 },
    ]);
    const headers = { 'x-order-token': accessToken };
    expect(
      (await t.post(`${ORDERS}/${order.id}/pay`, { method: 'test' }, { headers })).status,
    ).toBe(200);
    expect(await t.mailsTo(order.email)).toHaveLength(0);
    const paid = await t.post(
      `${ORDERS}/${order.id}/test-payment`,
      { outcome: 'success' },
      { headers },
    );
    expect(paid.status, paid.text).toBe(200);
    const mail = await deliveredConfirmation(t, order.email);
    const text = (await pdfText(bytes(file(mail, /\.pdf$/)))).replace(/\s+/g, ' ');
    // ₦15,000 + 4.5 % + ₦100 = ₦15,775 → ₦15,780.
    expect(text).toContain('₦15,000.00');
    expect(text).toContain('₦15,780.00');
    expect(readQrPng(bytes(file(mail, /^qr-/)))).toBe(order.orderCode);
  });

  it('logs only the names of the files, never their bytes', async () => {
    const { event, types } = await eventWith([{ name: 'Free', price: 0, capacity: 5 }]);
    const { order } = await buy(t, event.id, [{ ticketTypeId: types[0]!.id, quantity: 1 }]);
    const mail = await deliveredConfirmation(t, order.email);
    const line = t.logs.find((l) => l.includes(mail.id));
    expect(line).toBeDefined();
    const logged = JSON.parse(line!);
    expect(logged.attachments).toEqual(mail.attachments!.map((a) => a.filename));
    for (const a of mail.attachments!) expect(line).not.toContain(a.content.slice(0, 40));
  });

  it('keeps the rendered files in the outbox, so a retry sends the same bytes', async () => {
    const { event, types } = await eventWith([{ name: 'Free', price: 0, capacity: 5 }]);
    const { order } = await buy(t, event.id, [{ ticketTypeId: types[0]!.id, quantity: 1 }]);
    const first = await deliveredConfirmation(t, order.email);
    // The PDF carries its creation second: a second rendering would differ.
    await new Promise((r) => setTimeout(r, 1_100));
    await t.db
      .updateTable('mail_outbox')
      .set({ status: 'pending', next_attempt_at: sql<Date>`now()` })
      .where('id', '=', first.id)
      .execute();
    t.app.services.mail.kick();
    const again = await eventually(async () => {
      const row = (await t.mailsTo(order.email)).find((m) => m.id === first.id)!;
      return row.attempts === 2 ? row : undefined;
    });
    expect(again.attachments).toEqual(first.attachments);
  });
});

describe('ticket downloads for the confirmation page', () => {
  it('serves the PDF ticket and the .ics to the holder of the order token, by header or link', async () => {
    const { event, types } = await eventWith([{ name: 'Free', price: 0, capacity: 5 }]);
    const { order, accessToken } = await buy(t, event.id, [
      { ticketTypeId: types[0]!.id, quantity: 2 },
    ]);

    const byHeader = await t.app.inject({
      url: `${ORDERS}/${order.id}/ticket.pdf`,
      headers: { 'x-order-token': accessToken },
    });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-type']).toBe('application/pdf');
    expect(byHeader.headers['content-disposition']).toBe(
      `attachment; filename="gatepass-ticket-${order.orderCode}.pdf"`,
    );
    expect(byHeader.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(byHeader.rawPayload);
    expect(text).toContain(order.orderCode);
    expect(text).toContain('2 people');

    const byLink = await t.app.inject({
      url: `${ORDERS}/${order.id}/ticket.pdf?token=${encodeURIComponent(accessToken)}`,
    });
    expect(byLink.statusCode).toBe(200);
    expect(await pdfText(byLink.rawPayload)).toContain(order.orderCode);

    const ics = await t.app.inject({
      url: `${ORDERS}/${order.id}/calendar.ics?token=${encodeURIComponent(accessToken)}`,
    });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(parseIcs(ics.body).DESCRIPTION).toContain(order.orderCode);
  });

  it('refuses without the token, with a wrong one, and before the order is paid', async () => {
    const { event, types } = await eventWith([{ name: 'Paid', price: 2000, capacity: 5 }]);
    const { order, accessToken } = await buy(t, event.id, [
      { ticketTypeId: types[0]!.id, quantity: 1 },
    ]);
    for (const path of ['ticket.pdf', 'calendar.ics']) {
      expect((await t.request('GET', `${ORDERS}/${order.id}/${path}`)).status).toBe(404);
      expect((await t.request('GET', `${ORDERS}/${order.id}/${path}?token=wrong`)).status).toBe(
        404,
      );
      const pending = await t.request('GET', `${ORDERS}/${order.id}/${path}`, {
        headers: { 'x-order-token': accessToken },
      });
      expect(pending.status).toBe(409);
      expect(pending.body.error).toBe('Your tickets are ready once the order is paid.');
    }
  });
});

describe('over SMTP', () => {
  let smtp: TestSmtpServer;
  let s: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    s = await startTestApp({ smtpUrl: smtp.url, mailRetryIntervalMs: 100 });
  });
  afterAll(async () => {
    await s?.close();
    await smtp?.close();
  });

  it('delivers the QR code inline and the PDF and .ics as attachments', async () => {
    const organiser = await logIn(s, await givenUser(s));
    const event = await givenPublishedEvent(s, organiser, {}, [
      { name: 'Free', price: 0, capacity: 3 },
    ]);
    const types = (await s.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes;
    const { order } = await buy(s, event.id, [{ ticketTypeId: types[0].id, quantity: 1 }]);

    const received = await smtp.waitForMail((m) => m.to.includes(order.email));
    const parts = mimeParts(received.raw);
    const html = parts.find((p) => p.contentType === 'text/html')!;
    expect(html.body.toString('utf8')).toContain(`cid:${QR_CID}`);
    const inline = parts.find((p) => p.cid === QR_CID)!;
    expect(inline.contentType).toBe('image/png');
    expect(readQrPng(inline.body)).toBe(order.orderCode);
    const pdf = parts.find((p) => p.filename === `gatepass-ticket-${order.orderCode}.pdf`)!;
    expect(pdf.contentType).toBe('application/pdf');
    expect(await pdfText(pdf.body)).toContain(order.orderCode);
    const ics = parts.find((p) => p.filename === `${event.slug}.ics`)!;
    expect(ics.contentType).toBe('text/calendar');
    expect(parseIcs(ics.body.toString('utf8')).DESCRIPTION).toContain(order.orderCode);
  });
});

describe('ticket files on worker threads (decision 093)', () => {
  it('renders the same QR and PDF on a worker thread as in the main thread', async () => {
    const renderer = new TicketRenderer(1, t.app.log);
    const order: TicketOrder = {
      orderCode: '48151623',
      firstName: 'Ọláwálé',
      lastName: 'Ẹ̀kọ́',
      email: 'ola@example.com',
      quantity: 2,
      items: [
        {
          ticketTypeId: 't',
          name: 'Early bird',
          quantity: 2,
          unitPrice: 5000,
          lineTotal: 10_000,
          admits: 1,
        },
      ],
      totalPrice: 10_660,
      testPayment: false,
      eventId: 'e',
      event: {
        title: 'Lagos Jazz Night',
        slug: 'lagos-jazz-night',
        startAt: '2026-12-20T18:00:00.000Z',
        endAt: null,
        timeZone: 'Africa/Lagos',
        venueName: 'Terra Kulture',
        address: null,
        city: 'Lagos',
        online: false,
      } as TicketOrder['event'],
    };
    try {
      const { qr, pdf } = await renderer.render(order, 'http://gatepass.test');
      expect(readQrPng(qr)).toBe(order.orderCode);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
      for (const expected of [order.orderCode, 'Lagos Jazz Night', 'Ọláwálé Ẹ̀kọ́', 'Terra Kulture'])
        expect(text).toContain(expected);
      const images = await pdfImages(pdf);
      expect(images.map(readQr)).toContain(order.orderCode);
      expect(images.map(readCode128)).toContain(order.orderCode);
    } finally {
      await renderer.close();
    }
  }, 120_000);
});
