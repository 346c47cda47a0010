import { randomBytes } from 'node:crypto';
import { dataAt, newUser } from '../support/api.ts';
import { ENV, requireEnv } from '../support/env.ts';
import { expect, loginScreen, test } from '../support/fixtures.ts';
import { mailsTo, waitForMail, waitForVerificationCode } from '../support/mailbox.ts';
import { startOwnServer, type OwnServer } from '../support/own-server.ts';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture.ts';
import { startTermiiStandIn, type TermiiStandIn } from '../support/termii-stand-in.ts';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../support/whatsapp-stand-in.ts';

/**
 * Issue 25 §3's journey in Chromium, at 1280 and 375 px, against the built app with real
 * SMTP (a capture), SMS to the Termii stand-in and WhatsApp to the Cloud API stand-in: the
 * organiser writes to the VIP ticket holders, sees the SMS cost, previews, sends a test to
 * themselves, sends — two mails, two SMS and two WhatsApp messages, none to the Regular
 * holder — and the history counts them; one holder unsubscribes from the mail's link and the
 * next preview leaves them out.
 */

test.describe('messages to attendees (real mail, stand-in Termii and WhatsApp)', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer | undefined;
  let termii: TermiiStandIn;
  let whatsapp: WhatsAppStandIn;
  let smtp: SmtpCapture | undefined;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    termii = await startTermiiStandIn();
    whatsapp = await startWhatsAppStandIn();
    smtp = await startSmtpCapture(requireEnv(ENV.mailDir));
    server = await startOwnServer({
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      TERMII_API_KEY: termii.apiKey,
      TERMII_SENDER_ID: termii.senderId,
      TERMII_BASE_URL: termii.url,
      WHATSAPP_TOKEN: whatsapp.token,
      WHATSAPP_PHONE_NUMBER_ID: whatsapp.phoneNumberId,
      WHATSAPP_API_URL: whatsapp.url,
      MAIL_RETRY_INTERVAL_MS: '500',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await termii?.close();
    await whatsapp?.close();
    await smtp?.close();
  });

  for (const width of [1280, 375]) {
    test(`a message previewed, tested and sent to the VIP holders; unsubscribe honoured (${width} px)`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const base = server!.base;
      const tag = randomBytes(3).toString('hex');

      // The organiser, an event with Regular and VIP tickets and three holders, by the API.
      const organiser = newUser();
      await dataAt(base, 'POST', '/auth/user/signup', { body: organiser });
      const code = await waitForVerificationCode(organiser.email);
      await dataAt(base, 'POST', '/auth/user/verify-email', {
        body: { email: organiser.email, code },
      });
      const { token } = await dataAt<{ token: string }>(base, 'POST', '/auth/user/login', {
        body: { phoneNumber: organiser.phoneNumber, password: organiser.password },
      });
      const startAt = new Date(Date.now() + 30 * 86_400_000);
      const event = await dataAt<{ id: string }>(base, 'POST', '/events/manage', {
        token,
        body: {
          title: `Lagos Jazz ${tag}`,
          category: 'Music',
          venueName: 'Freedom Park',
          address: '1 Hospital Road',
          city: 'Lagos',
          startAt: startAt.toISOString(),
          endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(),
        },
      });
      const typeIds: Record<string, string> = {};
      for (const name of ['Regular', 'VIP']) {
        typeIds[name] = (
          await dataAt<{ id: string }>(base, 'POST', `/events/manage/${event.id}/ticket-types`, {
            token,
            body: { name, price: 0, capacity: 50 },
          })
        ).id;
      }
      await dataAt(base, 'POST', `/events/manage/${event.id}/publish`, { token });
      const holders = [
        { type: 'VIP', first: 'Amaka' },
        { type: 'VIP', first: 'Tunde' },
        { type: 'Regular', first: 'Bisi' },
      ].map((h, i) => ({
        ...h,
        email: `holder-${i}-${tag}@example.com`,
        phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
      }));
      for (const h of holders) {
        await dataAt(base, 'POST', '/orders', {
          body: {
            eventId: event.id,
            items: [{ ticketTypeId: typeIds[h.type], quantity: 1 }],
            buyer: { firstName: h.first, lastName: 'Okafor', email: h.email, phone: h.phone },
          },
        });
      }
      const digits = (phone: string) => `234${phone.slice(1)}`;
      const subject = `Doors open at 6 ${tag}`;
      const smsText = `Lagos Jazz: doors open at 6 PM. Bring your ticket. ${tag}`;

      // The organiser opens the event and writes to the VIP holders.
      await page.goto(`${base}/login`);
      const login = loginScreen(page);
      await login.phone.fill(organiser.phoneNumber);
      await login.password.fill(organiser.password);
      await login.loginButton.click();
      await expect(page).toHaveURL(/\/events\/manage\/home/);
      await page.goto(`${base}/events/manage/events/${event.id}`);
      const panel = page.getByRole('region', { name: 'Messages to attendees' });
      await panel.scrollIntoViewIfNeeded();
      const form = panel.getByRole('form', { name: 'New message' });
      await form.getByLabel('Send to').selectOption('everyone');
      await form.getByRole('checkbox', { name: 'VIP' }).check();
      await form.getByLabel('Subject').fill(subject);
      await form.getByLabel('Message').fill('Hello!\n\nDoors open at 6 PM. Bring your ticket.');
      await form.getByRole('checkbox', { name: 'Also by SMS where a phone is known' }).check();
      await form.getByLabel('SMS text').fill(smsText);
      await expect(form.getByTestId('sms-cost')).toHaveText(
        `${smsText.length} characters · 1 SMS segment (GSM-7, 160 a segment)`,
      );
      await form.getByRole('checkbox', { name: /Also by WhatsApp/ }).check();
      // Send waits for a preview of this very draft.
      await expect(form.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
      await form.getByRole('button', { name: 'Preview' }).click();
      const preview = form.getByLabel('Preview');
      await expect(preview).toContainText('2 mails, 2 SMS (2 segments), 2 WhatsApp messages');
      await expect(preview).toContainText('Doors open at 6 PM. Bring your ticket.');
      await expect(preview).toContainText(`SMS: ${smsText}`);
      await panel.screenshot({ path: `e2e/test-results/screens/messages-preview-${width}.png` });

      // A test to the organiser's own address first.
      await form.getByRole('button', { name: 'Send a test to myself' }).click();
      const testMail = await waitForMail(organiser.email, {
        matching: new RegExp(`\\[Test\\] ${subject}`),
      });
      expect(testMail.text).toContain('Doors open at 6 PM');

      // Sent: two mails, two SMS, two WhatsApp messages — none to the Regular holder.
      await form.getByRole('button', { name: 'Send to 2 people' }).click();
      await expect(page.getByText('Message sent. 2 recipients.')).toBeVisible();
      const [amaka, tunde, bisi] = holders as [
        (typeof holders)[0],
        (typeof holders)[0],
        (typeof holders)[0],
      ];
      const amakaMail = await waitForMail(amaka.email, { matching: new RegExp(subject) });
      await waitForMail(tunde.email, { matching: new RegExp(subject) });
      await expect
        .poll(() => termii.received.filter((s) => s.sms === smsText).length, { timeout: 20_000 })
        // The two VIP holders, and the organiser's own test (SMS on, their phone known).
        .toBe(3);
      await expect
        .poll(() => whatsapp.sent.filter((m) => m.params.includes(smsText)).length, {
          timeout: 20_000,
        })
        .toBe(2);
      expect(
        mailsTo(amaka.email, new RegExp(subject)).filter((m) => !m.subject.startsWith('[Test]')),
      ).toHaveLength(1);
      expect(mailsTo(tunde.email, new RegExp(subject))).toHaveLength(1);
      expect(mailsTo(bisi.email, new RegExp(subject))).toHaveLength(0);
      expect(
        termii.received.filter((s) => s.to === digits(bisi.phone) && s.sms === smsText),
      ).toHaveLength(0);
      expect(new Set(termii.received.filter((s) => s.sms === smsText).map((s) => s.to))).toEqual(
        new Set([digits(amaka.phone), digits(tunde.phone), digits(organiser.phoneNumber)]),
      );
      // The history counts the outbox: 2 mails, 2 SMS and 2 WhatsApp sent.
      const outcome = panel.getByTestId('message-outcome').first();
      await expect(outcome).toHaveText(
        'Mail: 2 sent · 0 failed — SMS: 2 sent · 0 failed — WhatsApp: 2 sent · 0 failed',
        { timeout: 30_000 },
      );
      await panel.screenshot({ path: `e2e/test-results/screens/messages-history-${width}.png` });

      // Amaka unsubscribes with one click from the mail's link.
      const link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(amakaMail.text)?.[0];
      expect(link).toBeTruthy();
      await page.goto(link!);
      await expect(page.getByText('You are unsubscribed.')).toBeVisible();
      await expect(page.getByRole('status')).toContainText(
        'will get no more announcements or reminders',
      );
      await page.screenshot({ path: `e2e/test-results/screens/unsubscribe-${width}.png` });

      // The next message leaves her out.
      await page.goto(`${base}/events/manage/events/${event.id}`);
      const again = page
        .getByRole('region', { name: 'Messages to attendees' })
        .getByRole('form', { name: 'New message' });
      await again.getByRole('checkbox', { name: 'VIP' }).check();
      await again.getByLabel('Subject').fill(`Second ${tag}`);
      await again.getByLabel('Message').fill('Parking is at the back.');
      await again.getByRole('button', { name: 'Preview' }).click();
      await expect(again.getByLabel('Preview')).toContainText('1 mail · 1 unsubscribed left out');
    });
  }
});
