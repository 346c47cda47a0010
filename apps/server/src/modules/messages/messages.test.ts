import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE } from '../../../test/event-factories.ts';
import { e164 } from '../../../test/factories.ts';
import { API, eventually, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
} from '../../../test/organiser-factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { startTermiiFake, type TermiiFake } from '../../../test/termii-fake.ts';
import { startWhatsAppFake, type WhatsAppFake } from '../../../test/whatsapp-fake.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { reminderDue } from './messages.reminders.ts';

/**
 * Messages to attendees (issue 25 §3): a segment by mail (real SMTP), SMS (the Termii
 * stand-in) and WhatsApp (the Cloud API stand-in); the history's counts from the outbox;
 * one message per request key; unsubscribe honoured; reminders once per order.
 */
let t: TestApp;
let smtp: TestSmtpServer;
let termii: TermiiFake;
let wa: WhatsAppFake;

beforeAll(async () => {
  smtp = await startSmtpServer();
  termii = await startTermiiFake();
  wa = await startWhatsAppFake();
  t = await startTestApp({
    smtpUrl: smtp.url,
    mailRetryIntervalMs: 200,
    // Swept by hand below.
    reminderSweepIntervalMs: 3_600_000,
    termii: {
      apiKey: termii.apiKey,
      senderId: termii.senderId,
      baseUrl: termii.url,
      channel: 'generic',
    },
    whatsapp: { token: wa.token, phoneNumberId: wa.phoneNumberId, apiUrl: wa.url, language: 'en' },
  });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await termii?.close();
  await wa?.close();
});

const digits = (phone: string) => e164(phone).slice(1);

async function world() {
  const owner = await givenOrganiser(t);
  const { event, types } = await givenEventWithTypes(
    t,
    owner.token,
    [
      { name: 'Regular', price: 0 },
      { name: 'VIP', price: 0 },
    ],
    { title: `Lagos Jazz ${randomUUID().slice(0, 6)}` },
  );
  const regular = types.find((x) => x.name === 'Regular')!;
  const vip = types.find((x) => x.name === 'VIP')!;
  const people = [buyer(), buyer(), buyer()];
  const orders = [
    await buy(t, event.id, regular.id, { buyer: people[0] }),
    await buy(t, event.id, vip.id, { buyer: people[1] }),
    await buy(t, event.id, vip.id, { buyer: people[2] }),
  ];
  // The third buyer's phone cannot be dialled (an old order's free text).
  await sql`update orders set phone = 'none' where id = ${orders[2]!.order.id}`.execute(t.db);
  return { owner, event, regular, vip, people, orders };
}

const draft = (over: Record<string, unknown> = {}) => ({
  audience: { who: 'everyone', ticketTypeIds: [] },
  subject: 'Doors open at 6',
  body: 'Hello!\n\nDoors open at 6 PM. Bring your ticket.',
  sms: true,
  smsText: 'Doors open at 6 PM. Bring your ticket.',
  whatsapp: false,
  ...over,
});

describe('messages to attendees', () => {
  it('previews a segment with its SMS cost, sends it once per request key, and counts the outbox', async () => {
    const w = await world();
    const url = `${MANAGE}/${w.event.id}/messages`;
    const vipOnly = { who: 'everyone', ticketTypeIds: [w.vip.id] };
    const preview = await t.post(
      `${url}/preview`,
      draft({ audience: vipOnly, smsText: `${'a'.repeat(150)}🎉` }),
      {
        token: w.owner.token,
      },
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.recipients).toEqual({ mail: 2, sms: 1, whatsapp: 0, unsubscribed: 0 });
    expect(preview.body.data.sms).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    expect(preview.body.data.smsSegmentsTotal).toBe(3);
    expect(preview.body.data.text).toContain('Doors open at 6 PM');

    const requestKey = randomUUID();
    const body = { ...draft({ audience: vipOnly, whatsapp: true }), requestKey };
    const sent = await t.post(url, body, { token: w.owner.token });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.data.recipients).toBe(2);
    expect(sent.body.data.channels).toEqual(['mail', 'sms', 'whatsapp']);
    // The same press again: the same message, nothing more queued.
    const again = await t.post(url, body, { token: w.owner.token });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(sent.body.data.id);

    const mail = await smtp.waitForMail(
      (m) => m.to.includes(w.people[1]!.email) && m.subject === 'Doors open at 6',
    );
    expect(mail.subject).toBe('Doors open at 6');
    const headers = mail.raw.replace(/\r\n[ \t]+/g, '');
    expect(headers).toMatch(
      /List-Unsubscribe:\s*<http:\/\/gatepass\.test\/api\/v1\/messages\/unsubscribe\?token=/,
    );
    expect(headers).toMatch(/List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/);
    await eventually(() =>
      termii.sent().find((r) => r.to === digits(w.people[1]!.phone) && r.sms.startsWith('Doors')),
    );
    const announced = (r: { to: string; template: string }) =>
      r.to === digits(w.people[1]!.phone) && r.template === 'gatepass_announcement';
    await eventually(() => wa.sent().find(announced));
    const whats = wa.sent().find(announced)!;
    expect(whats.template).toBe('gatepass_announcement');
    expect(whats.params[0]).toBe(w.event.title);
    // Tickets go by WhatsApp too where a phone is known (decision 083).
    const ticket = await eventually(() =>
      wa
        .sent()
        .find((r) => r.to === digits(w.people[0]!.phone) && r.template === 'gatepass_ticket'),
    );
    expect(ticket.params).toEqual([
      w.people[0]!.firstName,
      w.event.title,
      expect.stringMatching(/ • /),
      w.orders[0]!.order.orderCode,
      expect.stringMatching(/^http:\/\/gatepass\.test\/t\/\d{8}-/),
    ]);
    // The Regular buyer is not in the VIP segment.
    expect(
      termii.sent().filter((r) => r.to === digits(w.people[0]!.phone) && r.sms.startsWith('Doors')),
    ).toHaveLength(0);
    expect(
      termii.sent().filter((r) => r.to === digits(w.people[1]!.phone) && r.sms.startsWith('Doors')),
    ).toHaveLength(1);

    const history = await eventually(async () => {
      const res = await t.request('GET', url, { token: w.owner.token });
      const m = res.body.data.messages[0];
      return m?.outcome.mail.sent === 2 && m.outcome.sms.sent === 1 && m.outcome.whatsapp.sent === 1
        ? res.body.data
        : undefined;
    });
    expect(history.messages).toHaveLength(1);
    expect(history.channels).toEqual({ sms: true, whatsapp: true });
    expect(history.ticketTypes.map((x: { name: string }) => x.name)).toEqual(['Regular', 'VIP']);
    const rows = await sql<{ n: number }>`select count(*)::int as n from mail_outbox
      where context->>'messageId' = ${sent.body.data.id}`.execute(t.db);
    expect(rows.rows[0]!.n).toBe(4);
  });

  it('segments by check-in and the waiting list; an empty segment is refused', async () => {
    const w = await world();
    await sql`update orders set attended_at = now() where id = ${w.orders[0]!.order.id}`.execute(
      t.db,
    );
    const url = `${MANAGE}/${w.event.id}/messages/preview`;
    const count = async (who: string) =>
      (await t.post(url, draft({ audience: { who } }), { token: w.owner.token })).body.data
        .recipients.mail;
    expect(await count('checked-in')).toBe(1);
    expect(await count('not-checked-in')).toBe(2);
    expect(await count('everyone')).toBe(3);
    expect(await count('waiting-list')).toBe(0);
    const empty = await t.post(
      `${MANAGE}/${w.event.id}/messages`,
      { ...draft({ audience: { who: 'waiting-list' } }), requestKey: randomUUID() },
      { token: w.owner.token },
    );
    expect(empty.status).toBe(409);
    expect(empty.body.error).toBe('Nobody is in this group yet.');
  });

  it("sends a test to the organiser's own address only", async () => {
    const w = await world();
    const res = await t.post(
      `${MANAGE}/${w.event.id}/messages/test`,
      draft({ sms: false, smsText: '' }),
      {
        token: w.owner.token,
      },
    );
    expect(res.status, res.text).toBe(200);
    const mail = await smtp.waitForMail(
      (m) => m.to.includes(w.owner.email.toLowerCase()) && m.subject === '[Test] Doors open at 6',
    );
    expect(mail.text).toContain('Doors open at 6 PM');
    const tests = smtp.received.filter((m) => m.subject === '[Test] Doors open at 6');
    expect(tests.every((m) => m.to.includes(w.owner.email.toLowerCase()))).toBe(true);
    // A test carries no unsubscribe link: it is the organiser's own.
    expect(mail.raw).not.toContain('List-Unsubscribe');
  });

  it("refuses another organiser's event with 404 and a bad draft with 400", async () => {
    const w = await world();
    const other = await givenOrganiser(t);
    const url = `${MANAGE}/${w.event.id}/messages`;
    expect((await t.request('GET', url, { token: other.token })).status).toBe(404);
    const bad = await t.post(`${url}/preview`, draft({ smsText: '' }), { token: w.owner.token });
    expect(bad.status).toBe(400);
  });

  it('honours the unsubscribe link: the address gets no more announcements from the organiser', async () => {
    const w = await world();
    const url = `${MANAGE}/${w.event.id}/messages`;
    const who = w.people[0]!;
    const first = await t.post(
      url,
      { ...draft(), requestKey: randomUUID() },
      { token: w.owner.token },
    );
    expect(first.status, first.text).toBe(201);
    const mail = await smtp.waitForMail(
      (m) => m.to.includes(who.email) && m.subject === 'Doors open at 6',
    );
    const link = /http:\/\/gatepass\.test\/unsubscribe\?token=([^\s"<]+)/.exec(mail.text)![1]!;
    const token = decodeURIComponent(link);
    expect(
      (
        await t.request(
          'POST',
          `${API}/messages/unsubscribe?token=${encodeURIComponent(`${token}x`)}`,
        )
      ).status,
    ).toBe(400);
    // One click, as a mail client does it (RFC 8058).
    const done = await t.request(
      'POST',
      `${API}/messages/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    );
    expect(done.status, done.text).toBe(200);
    const preview = await t.post(`${url}/preview`, draft(), { token: w.owner.token });
    expect(preview.body.data.recipients).toMatchObject({ mail: 2, unsubscribed: 1 });
    const second = await t.post(
      url,
      { ...draft({ subject: 'Second' }), requestKey: randomUUID() },
      { token: w.owner.token },
    );
    expect(second.body.data.recipients).toBe(2);
    const rows = await sql<{ n: number }>`select count(*)::int as n from mail_outbox
      where context->>'messageId' = ${second.body.data.id} and to_address = ${who.email}`.execute(
      t.db,
    );
    expect(rows.rows[0]!.n).toBe(0);
  });
});

describe('changes by WhatsApp', () => {
  it("sends a ticket's change by WhatsApp too where WhatsApp is set up (decision 083)", async () => {
    const w = await world();
    const order = w.orders[0]!.order;
    const cancel = await t.post(
      `${API}/events/manage/orders/${order.id}/cancel`,
      { reason: 'Duplicate order' },
      { token: w.owner.token },
    );
    expect(cancel.status, cancel.text).toBe(200);
    const sms = await eventually(() =>
      termii
        .sent()
        .find((r) => r.to === digits(w.people[0]!.phone) && r.sms.includes('was cancelled')),
    );
    const whatsapp = await eventually(() =>
      wa
        .sent()
        .find((r) => r.to === digits(w.people[0]!.phone) && r.template === 'gatepass_update'),
    );
    expect(whatsapp.params).toEqual([sms.sms]);
  });
});

describe('configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
  };

  it('wants WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID together, and reads the rest', () => {
    expect(problems({ WHATSAPP_TOKEN: 'EAAG' })[0]).toMatch(
      /^WHATSAPP_PHONE_NUMBER_ID: must be set with WHATSAPP_TOKEN/,
    );
    expect(problems({ WHATSAPP_PHONE_NUMBER_ID: '1065403' })[0]).toMatch(
      /^WHATSAPP_TOKEN: must be set with/,
    );
    expect(problems({ WHATSAPP_TOKEN: 'EAAG', WHATSAPP_PHONE_NUMBER_ID: 'abc' })[0]).toMatch(
      /^WHATSAPP_PHONE_NUMBER_ID: must be the WhatsApp Business phone number ID/,
    );
    expect(loadConfig({}).whatsapp).toBeUndefined();
    expect(
      loadConfig({
        WHATSAPP_TOKEN: 'EAAG',
        WHATSAPP_PHONE_NUMBER_ID: '1065403',
        WHATSAPP_API_URL: 'http://x/v1/',
        WHATSAPP_TEMPLATE_LANGUAGE: 'en_GB',
      }).whatsapp,
    ).toEqual({
      token: 'EAAG',
      phoneNumberId: '1065403',
      apiUrl: 'http://x/v1',
      language: 'en_GB',
    });
    expect(loadConfig({}).reminderSweepIntervalMs).toBe(60_000);
    expect(loadConfig({ REMINDER_SWEEP_INTERVAL_MS: '5000' }).reminderSweepIntervalMs).toBe(5000);
  });
});

describe('reminders', () => {
  it('knows which reminder is due', () => {
    const start = new Date('2027-01-10T18:00:00Z');
    expect(reminderDue(start, new Date('2027-01-09T17:00:00Z'))).toBeUndefined();
    expect(reminderDue(start, new Date('2027-01-09T18:30:00Z'))).toBe('day-before');
    expect(reminderDue(start, new Date('2027-01-10T16:30:00Z'))).toBe('two-hours');
    expect(reminderDue(start, new Date('2027-01-10T18:00:01Z'))).toBeUndefined();
  });

  it('writes each reminder once per order even when two sweeps run at once, with the Lagos time and the ticket link', async () => {
    const w = await world();
    const reminders = `${MANAGE}/${w.event.id}/messages/reminders`;
    expect(
      (await t.request('PUT', reminders, { token: w.owner.token, body: { enabled: true } })).status,
    ).toBe(200);
    // The event starts in 20 hours: the day-before reminder is due.
    await sql`update events set start_at = now() + interval '20 hours', end_at = now() + interval '24 hours'
      where id = ${w.event.id}`.execute(t.db);
    const job = t.app.services.messages.reminders;
    const [a, b] = await Promise.all([job.sweep(), job.sweep()]);
    // Three orders: three mails, two SMS and two WhatsApp (one buyer has no phone).
    expect(a + b).toBe(7);
    expect(await job.sweep()).toBe(0);
    const rows = await sql<{
      kind: string;
      n: number;
    }>`select kind, count(*)::int as n from message_reminders
      where event_id = ${w.event.id} group by kind`.execute(t.db);
    expect(rows.rows).toEqual([{ kind: 'day-before', n: 3 }]);
    const mail = await smtp.waitForMail(
      (m) => m.to.includes(w.people[0]!.email) && m.subject.startsWith('Reminder:'),
    );
    expect(mail.subject).toBe(`Reminder: ${w.event.title} is tomorrow`);
    expect(mail.text).toContain('(Lagos time)');
    expect(mail.text).toMatch(/http:\/\/gatepass\.test\/t\/\d{8}-[A-Za-z0-9_-]{12}/);
    const sms = await eventually(() =>
      termii
        .sent()
        .find((r) => r.to === digits(w.people[0]!.phone) && r.sms.startsWith('Reminder:')),
    );
    expect(sms.sms.length).toBeLessThanOrEqual(160);
    await eventually(() =>
      wa
        .sent()
        .find((r) => r.to === digits(w.people[0]!.phone) && r.template === 'gatepass_reminder'),
    );
    // Turned off: nothing more, even when the two-hour one comes due.
    await t.request('PUT', reminders, { token: w.owner.token, body: { enabled: false } });
    await sql`update events set start_at = now() + interval '1 hour' where id = ${w.event.id}`.execute(
      t.db,
    );
    expect(await job.sweep()).toBe(0);
    await t.request('PUT', reminders, { token: w.owner.token, body: { enabled: true } });
    expect(await job.sweep()).toBe(7);
  });
});
