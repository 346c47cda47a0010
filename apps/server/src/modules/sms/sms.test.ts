import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from '../../../test/helper.ts';
import {
  buy,
  buyer,
  givenEventWithTypes,
  givenOrganiser,
  MANAGE_ORDERS,
  ORDERS,
} from '../../../test/organiser-factories.ts';
import { e164 } from '../../../test/factories.ts';
import { startTermiiFake, type TermiiFake } from '../../../test/termii-fake.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { MailService } from '../mail/mail.service.ts';
import * as outbox from '../mail/mail.repository.ts';
import type { MailRow } from '../mail/mail.table.ts';
import { logTransport } from '../mail/mail.transport.ts';
import { ORDER_CONFIRMATION_SMS, orderConfirmationSms } from '../orders/orders.sms.ts';
import { TermiiProvider } from './sms.provider.ts';
import { gsm7Length, toGsm7 } from './sms.text.ts';
import { smsLogTransport, smsTransport } from './sms.transport.ts';

/**
 * SMS through the outbox (issue 15 §3, decision 041), against a local Termii stand-in that
 * follows its documented request and answers (test/termii-fake.ts).
 */
let termii: TermiiFake;
let t: TestApp;
let organiser: Awaited<ReturnType<typeof givenOrganiser>>;

beforeAll(async () => {
  termii = await startTermiiFake();
  t = await startTestApp({
    termii: {
      apiKey: termii.apiKey,
      senderId: termii.senderId,
      baseUrl: termii.url,
      channel: 'generic',
    },
  });
  organiser = await givenOrganiser(t);
}, 240_000);
afterAll(async () => {
  await t?.close();
  await termii?.close();
});

const digits = (phone: string) => e164(phone).slice(1);
const sentTo = (phone: string) => termii.sent().filter((r) => r.to === digits(phone));

async function smsRows(app: TestApp, phone: string): Promise<MailRow[]> {
  return app.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('channel', '=', 'sms')
    .where('to_address', '=', e164(phone))
    .orderBy('created_at')
    .execute();
}

async function paidEvent(title = 'Afrobeats Night', price = 5000) {
  return givenEventWithTypes(t, organiser.token, [{ price, capacity: 50 }], { title });
}

describe('the confirmation SMS', () => {
  it("is sent once through Termii's documented request, with the code, the event, the date and the ticket link", async () => {
    const { event, types } = await paidEvent('Afrobeats Night');
    const who = buyer();
    const bought = await buy(t, event.id, types[0]!.id, { buyer: who, pay: 'test' });
    const [sms] = await eventually(() =>
      sentTo(who.phone).length ? sentTo(who.phone) : undefined,
    );
    expect(sentTo(who.phone)).toHaveLength(1);
    expect(sms).toMatchObject({
      apiKey: termii.apiKey,
      from: 'Gatepass',
      type: 'plain',
      channel: 'generic',
    });
    expect(sms!.to).toMatch(/^234803\d{7}$/);
    expect(sms!.sms).toContain(bought.order.orderCode);
    expect(sms!.sms).toContain('Afrobeats Night');
    expect(sms!.sms).toMatch(/TEST, NOT PAID/);
    expect(gsm7Length(sms!.sms)).toBeLessThanOrEqual(160);

    // The link is the order's ticket link, the same the buyer's order shows, and it opens.
    const link = /https?:\/\/\S+\/t\/\d{8}-[\w-]{12}/.exec(sms!.sms)?.[0];
    const dto = await t.request('GET', `${ORDERS}/${bought.order.id}`, {
      headers: { 'x-order-token': bought.accessToken },
    });
    expect(link).toBe(dto.body.data.ticketUrl);
    const page = await t.request('GET', new URL(link!).pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain(bought.order.orderCode);

    // The row: an SMS of the outbox, delivered once, with Termii's message id.
    const row = await eventually(async () => {
      const [r] = await smsRows(t, who.phone);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(row).toMatchObject({
      kind: ORDER_CONFIRMATION_SMS,
      attempts: 1,
      provider_ref: sms!.messageId,
      subject: '',
    });
    // The mail of the same confirmation carries the link too.
    const mail = await t.latestMailTo(who.email.toLowerCase(), 'order-confirmation');
    expect(mail.text_body).toContain(link);
  });

  it('is written in the transaction that confirms the order: a rolled-back confirmation sends none', async () => {
    const { event, types } = await paidEvent('Rollback Fest');
    const who = buyer();
    const bought = await buy(t, event.id, types[0]!.id, { buyer: who });
    const total = await sql<{ total_kobo: number }>`
      select total_kobo from orders where id = ${bought.order.id}`.execute(t.db);
    const payment = {
      method: 'paystack' as const,
      ref: `ref_${randomUUID()}`,
      amountKobo: Number(total.rows[0]!.total_kobo),
      currency: 'NGN',
    };
    await expect(
      t.db.transaction().execute(async (trx) => {
        expect(
          await t.app.services.orders.settlement.settlePayment(trx, bought.order.id, payment),
        ).toBe('completed');
        expect(await smsRows({ ...t, db: trx }, who.phone)).toHaveLength(1);
        throw new Error('the payment transaction fails after the confirmation was written');
      }),
    ).rejects.toThrow(/payment transaction fails/);
    t.app.services.mail.kick();
    await t.app.services.mail.idle();
    expect(await smsRows(t, who.phone)).toHaveLength(0);
    expect(termii.requests.filter((r) => r.to === digits(who.phone))).toHaveLength(0);

    // Committed, it is sent.
    await t.db.transaction().execute(async (trx) => {
      await t.app.services.orders.settlement.settlePayment(trx, bought.order.id, payment);
    });
    t.app.services.mail.kick();
    await eventually(() => (sentTo(who.phone).length ? true : undefined));
    expect(sentTo(who.phone)).toHaveLength(1);
  });

  it('is retried after Termii answers 500, and delivered once', async () => {
    const { event, types } = await paidEvent('Retry Jam', 0);
    const who = buyer();
    termii.failNext(1, 500);
    await buy(t, event.id, types[0]!.id, { buyer: who });
    const failed = await eventually(async () => {
      const [r] = await smsRows(t, who.phone);
      return r && r.attempts >= 1 ? r : undefined;
    });
    expect(failed.status).toBe('pending');
    expect(failed.last_error).toMatch(/Termii answered 500: Service temporarily unavailable/);
    expect(failed.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    expect(sentTo(who.phone)).toHaveLength(0);
    // Its backoff passes.
    await t.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', '=', failed.id)
      .execute();
    t.app.services.mail.kick();
    const sent = await eventually(async () => {
      const [r] = await smsRows(t, who.phone);
      return r?.status === 'sent' ? r : undefined;
    });
    expect(sent.attempts).toBe(2);
    expect(sent.last_error).toBeNull();
    expect(termii.requests.filter((r) => r.to === digits(who.phone))).toHaveLength(2);
    expect(sentTo(who.phone)).toHaveLength(1);
  });

  it('keeps an SMS Termii refuses for good (a wrong key) as failed after the last attempt, never deleted', async () => {
    const { event, types } = await paidEvent('Refused Key', 0);
    const who = buyer();
    termii.failNext(1, 401);
    await buy(t, event.id, types[0]!.id, { buyer: who });
    const first = await eventually(async () => {
      const [r] = await smsRows(t, who.phone);
      return r && r.attempts >= 1 ? r : undefined;
    });
    termii.failNext(1, 401);
    await t.db
      .updateTable('mail_outbox')
      .set({ attempts: 10, next_attempt_at: sql<Date>`now()` })
      .where('id', '=', first.id)
      .execute();
    t.app.services.mail.kick();
    const failed = await eventually(async () => {
      const [r] = await smsRows(t, who.phone);
      return r?.status === 'failed' ? r : undefined;
    });
    expect(failed.attempts).toBe(11);
    expect(failed.text_body).toContain('Refused Key');
  });

  it('is not written for an order whose phone cannot take an SMS; the mail still is', async () => {
    const { event, types } = await paidEvent('No Phone Party', 0);
    const who = buyer({ phone: 'call my office' });
    const bought = await buy(t, event.id, types[0]!.id, { buyer: who });
    expect(bought.order.status).toBe('completed');
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['channel', 'kind'])
      .where(sql<boolean>`context->>'orderId' = ${bought.order.id}`)
      .execute();
    expect(rows).toEqual([{ channel: 'mail', kind: 'order-confirmation' }]);
  });

  it("goes again with the organiser's resend, and to a transfer's new holder when their phone is given", async () => {
    const { event, types } = await paidEvent('Transfer Gala');
    const who = buyer();
    const bought = await buy(t, event.id, types[0]!.id, { buyer: who, pay: 'test' });
    await eventually(() => (sentTo(who.phone).length === 1 ? true : undefined));

    const resent = await t.post(
      `${MANAGE_ORDERS}/${bought.order.id}/resend-tickets`,
      {},
      { token: organiser.token },
    );
    expect(resent.status, resent.text).toBeLessThan(300);
    await eventually(() => (sentTo(who.phone).length === 2 ? true : undefined));

    const headers = { 'x-order-token': bought.accessToken };
    const bad = await t.post(
      `${ORDERS}/${bought.order.id}/transfer`,
      { firstName: 'Amaka', lastName: 'Eze', email: 'amaka.sms@example.com', phone: '12' },
      { headers },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/phone number does not look right/);

    const newHolder = buyer({ firstName: 'Amaka', lastName: 'Eze' });
    const moved = await t.post(
      `${ORDERS}/${bought.order.id}/transfer`,
      {
        firstName: 'Amaka',
        lastName: 'Eze',
        email: newHolder.email,
        phone: newHolder.phone,
      },
      { headers },
    );
    expect(moved.status, moved.text).toBe(200);
    const row = await sql<{ code: string; phone: string }>`
      select code, phone from orders where id = ${bought.order.id}`.execute(t.db);
    expect(row.rows[0]!.phone).toBe(e164(newHolder.phone));
    const [sms] = await eventually(() =>
      sentTo(newHolder.phone).length ? sentTo(newHolder.phone) : undefined,
    );
    expect(sms!.sms).toContain(row.rows[0]!.code);
    // The old holder is told the tickets left them (issue 24 §1), never the new code.
    await eventually(() => (sentTo(who.phone).length === 3 ? true : undefined));
    expect(sentTo(who.phone)[2]!.sms).toContain('transferred to Amaka E.');
    expect(sentTo(who.phone).some((s) => s.sms.includes(row.rows[0]!.code))).toBe(false);

    // Transferred on without a phone: the order keeps no one's phone, and no SMS goes to the
    // new holder — only Amaka's notice that the tickets left her.
    const newToken = await sql<{ n: number }>`select count(*)::int as n from mail_outbox
      where channel = 'sms'`.execute(t.db);
    const byOrganiser = await t.post(
      `${MANAGE_ORDERS}/${bought.order.id}/transfer`,
      // The code the organiser sees now: the order changed hands a moment ago (decision 050).
      { firstName: 'Tunde', lastName: 'Bello', email: buyer().email, orderCode: row.rows[0]!.code },
      { token: organiser.token },
    );
    expect(byOrganiser.status, byOrganiser.text).toBe(200);
    const after = await sql<{ phone: string }>`
      select phone from orders where id = ${bought.order.id}`.execute(t.db);
    expect(after.rows[0]!.phone).toBe('');
    const smsCount = await sql<{ n: number }>`select count(*)::int as n from mail_outbox
      where channel = 'sms'`.execute(t.db);
    expect(smsCount.rows[0]!.n).toBe(newToken.rows[0]!.n + 1);
    const notice = await sql<{ to_address: string; kind: string }>`select to_address, kind
      from mail_outbox where channel = 'sms' order by created_at desc limit 1`.execute(t.db);
    expect(notice.rows[0]).toEqual({
      to_address: e164(newHolder.phone),
      kind: 'order-transferred-sms',
    });
  });
});

describe('one outbox, several dispatchers', () => {
  const quiet = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
  const dispatcher = () =>
    new MailService(
      t.db,
      {
        mail: logTransport(quiet),
        sms: smsTransport(new TermiiProvider(termii.apiKey, termii.senderId, termii.url)),
      },
      quiet,
      60_000,
    );

  it('sends each SMS once when two dispatchers drain the outbox at the same time', async () => {
    const tag = randomUUID().slice(0, 8);
    const messages = Array.from({ length: 30 }, (_, i) => ({
      channel: 'sms' as const,
      kind: 'race-test',
      to: `+2348090${String(i).padStart(6, '0')}`,
      text: `race ${tag} #${i}`,
    }));
    await t.db.transaction().execute((trx) => t.app.services.mail.enqueueMany(trx, messages));
    const a = dispatcher();
    const b = dispatcher();
    termii.delayMs = 15;
    try {
      a.kick();
      b.kick();
      t.app.services.mail.kick();
      await Promise.all([a.idle(), b.idle(), t.app.services.mail.idle()]);
    } finally {
      termii.delayMs = 0;
    }
    const raced = termii.requests.filter((r) => r.sms.startsWith(`race ${tag} `));
    expect(raced).toHaveLength(30);
    expect(new Set(raced.map((r) => r.sms)).size).toBe(30);
    const rows = await t.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('kind', '=', 'race-test')
      .where('text_body', 'like', `race ${tag} %`)
      .execute();
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('does not let a dispatcher whose lease ran out send or record a row another has claimed since', async () => {
    const id = (await t.db.transaction().execute((trx) =>
      outbox.insertMail(trx, {
        channel: 'sms',
        kind: 'lease-test',
        to: '+2348091111111',
        text: 'x',
      }),
    ))!;
    // Only this row is due: everything else is pushed out of the way for the test.
    const due = (
      await t.db.selectFrom('mail_outbox').select('id').where('status', '=', 'pending').execute()
    ).map((r) => r.id);
    const others = due.filter((d) => d !== id);
    if (others.length)
      await t.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: sql<Date>`now() + interval '1 hour'` })
        .where('id', 'in', others)
        .execute();
    const first = randomUUID();
    const claimed = await outbox.claimDueMails(t.db, 10, 120, first);
    expect(claimed.map((r) => r.id)).toEqual([id]);
    // The first dispatcher stalls past its lease; a second claims the row.
    await t.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();
    const second = randomUUID();
    expect((await outbox.claimDueMails(t.db, 10, 120, second)).map((r) => r.id)).toEqual([id]);
    // The first may no longer send it, nor record an outcome for it.
    expect(await outbox.renewClaim(t.db, id, first, 120)).toBe(false);
    await outbox.markDelivered(t.db, id, first, 'sent', 'stale');
    await outbox.markFailedAttempt(t.db, id, first, 'stale', 10);
    let row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      provider_ref: null,
      last_error: null,
    });
    // The second can.
    expect(await outbox.renewClaim(t.db, id, second, 120)).toBe(true);
    await outbox.markDelivered(t.db, id, second, 'sent', 'fresh');
    row = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, provider_ref: 'fresh' });
    if (others.length)
      await t.db
        .updateTable('mail_outbox')
        .set({ next_attempt_at: sql<Date>`now()` })
        .where('id', 'in', others)
        .where('status', '=', 'pending')
        .execute();
  });
});

describe('without Termii', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp({}, { captureLogs: true });
  }, 240_000);
  afterAll(() => plain?.close());

  it('logs the SMS text and marks the row logged, like mail without SMTP_URL', async () => {
    const host = await givenOrganiser(plain);
    const { event, types } = await givenEventWithTypes(plain, host.token, [{ price: 0 }], {
      title: 'Logged Launch',
    });
    const who = buyer();
    const bought = await buy(plain, event.id, types[0]!.id, { buyer: who });
    const row = await eventually(async () => {
      const [r] = await smsRows(plain, who.phone);
      return r?.status === 'logged' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    const line = plain.logs.find((l) => l.includes('sms (no TERMII_API_KEY set)'));
    expect(line).toBeDefined();
    expect(line).toContain(bought.order.orderCode);
    expect(line).toContain('/t/');
  });
});

describe('the log transport', () => {
  const row = {
    id: randomUUID(),
    channel: 'sms',
    kind: ORDER_CONFIRMATION_SMS,
    to_address: '+2348031234567',
    text_body: 'Gatepass order 12345678: X. Ticket: http://gatepass.test/t/12345678-AbCdEfGhIj_-',
  } as MailRow;
  const capture = () => {
    const lines: string[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(line) },
    ) as unknown as FastifyBaseLogger;
    return { lines, log };
  };

  it('writes the text where mail is logged too (no SMTP_URL: a local run)', async () => {
    const { lines, log } = capture();
    await smsLogTransport(log, { withText: true }).send(row);
    expect(lines.join('')).toContain('12345678-AbCdEfGhIj_-');
  });

  it('keeps the code, the link and the number out of the log of a server that sends mail', async () => {
    const { lines, log } = capture();
    const transport = smsLogTransport(log, { withText: false });
    expect(transport.delivers).toBe('logged');
    await transport.send(row);
    const out = lines.join('');
    expect(out).toContain('sms not sent (no TERMII_API_KEY set)');
    expect(out).toContain(row.id);
    expect(out).toContain('…4567');
    expect(out).not.toContain('12345678');
    expect(out).not.toContain('2348031234567');
  });
});

describe('the SMS text', () => {
  const order = {
    id: randomUUID(),
    code: '12345678',
    phone: '0803 123 4567',
    payment_method: 'paystack' as const,
    paid_at: new Date(),
  };
  const link = 'https://tickets.gatepass.ng/t/12345678-AbCdEfGhIj_-';
  const lagos = (iso: string) => ({ start_at: new Date(iso), time_zone: 'Africa/Lagos' });

  it('says the code, the event, the day and time in the event time zone, and the link, in one segment', () => {
    const sms = orderConfirmationSms(
      order,
      { title: 'Afrobeats Night', ...lagos('2027-12-18T18:00:00Z') },
      link,
      false,
    )!;
    expect(sms.to).toBe('+2348031234567');
    expect(sms.text).toBe(
      `Gatepass order 12345678: Afrobeats Night, Sat 18 Dec 2027, 7:00 PM. Ticket: ${link}`,
    );
    expect(gsm7Length(sms.text)).toBeLessThanOrEqual(160);
  });

  it('cuts a long title, never the code or the link, and stays in GSM-7', () => {
    const title =
      'Ọlá & Ẹ̀kọ́ “Live” — The Great Big Annual Lagos Island Afro-Fusion Music, Food and Culture Festival 🎉🎶 2027 Edition';
    const sms = orderConfirmationSms(
      order,
      { title, ...lagos('2027-12-18T18:00:00Z') },
      link,
      true,
    )!;
    expect(gsm7Length(sms.text)).toBeLessThanOrEqual(160);
    expect(
      sms.text.startsWith('TEST, NOT PAID. Gatepass order 12345678: Ola & Eko "Live" - The'),
    ).toBe(true);
    expect(sms.text).toContain('...');
    expect(sms.text.endsWith(`Ticket: ${link}`)).toBe(true);
  });

  it('keeps the code and the link whole even when a long address leaves no room', () => {
    const long = `https://${'x'.repeat(120)}.example.com/t/12345678-AbCdEfGhIj_-`;
    const sms = orderConfirmationSms(
      order,
      { title: 'A Very Long Event Title Indeed', ...lagos('2027-01-02T10:00:00Z') },
      long,
      false,
    )!;
    expect(sms.text).toContain('12345678');
    expect(sms.text.endsWith(`Ticket: ${long}`)).toBe(true);
  });

  it('is not written without a phone that can be dialled', () => {
    const event = { title: 'X', ...lagos('2027-01-02T10:00:00Z') };
    expect(orderConfirmationSms({ ...order, phone: '' }, event, link, false)).toBeUndefined();
    expect(
      orderConfirmationSms({ ...order, phone: 'no phone' }, event, link, false),
    ).toBeUndefined();
  });

  it('turns look-alikes into GSM-7 and drops what has none', () => {
    expect(toGsm7('Ọlá’s “gig” – ₦5,000 🎉')).toBe('Ola\'s "gig" - N5,000 ');
    expect(gsm7Length('€[]')).toBe(6);
    expect(gsm7Length('🎉')).toBe(Infinity);
  });
});

describe('configuration', () => {
  it('wants TERMII_API_KEY and TERMII_SENDER_ID together', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };
    expect(problems({ TERMII_API_KEY: 'key' })).toEqual([
      'TERMII_SENDER_ID: must be set with TERMII_API_KEY (both or neither: SMS is sent through Termii only with both)',
    ]);
    expect(problems({ TERMII_SENDER_ID: 'Gatepass' })).toEqual([
      'TERMII_API_KEY: must be set with TERMII_SENDER_ID (both or neither: SMS is sent through Termii only with both)',
    ]);
    expect(
      problems({ TERMII_API_KEY: 'k', TERMII_SENDER_ID: 'this sender id is too long' })[0],
    ).toMatch(/^TERMII_SENDER_ID: must be the sender ID registered with Termii/);
    expect(loadConfig({}).termii).toBeUndefined();
    expect(
      loadConfig({
        TERMII_API_KEY: 'k',
        TERMII_SENDER_ID: 'Gatepass',
        TERMII_BASE_URL: 'http://x/',
      }).termii,
    ).toEqual({ apiKey: 'k', senderId: 'Gatepass', baseUrl: 'http://x', channel: 'generic' });
    expect(problems({ TERMII_CHANNEL: 'whatsapp' })[0]).toMatch(/^TERMII_CHANNEL: /);
    expect(loadConfig({ TERMII_API_KEY: 'k', TERMII_SENDER_ID: 'Gatepass' }).termii?.baseUrl).toBe(
      'https://api.ng.termii.com',
    );
  });
});
