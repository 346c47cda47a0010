import { randomBytes } from 'node:crypto';
import { api, createVerifiedUser, type ApiAnswer } from '../support/api.ts';
import { expect, logInThroughUi, onPath, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';

/**
 * An offline hold from end to end (issue 16 §2, decision 025): the organiser turns offline
 * payment on in the wizard's Tickets step; a buyer checks out paying offline, confirms
 * their email from the mailed link and is told how long the tickets are held; the
 * organiser sees the hold on the event's manage page, marked confirmed, and releases it;
 * the tickets are back on sale.
 */

function data<T>(answer: ApiAnswer, status: number, what: string): T {
  if (answer.status !== status)
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

interface ManageEvent {
  id: string;
  slug: string;
  title: string;
  timeZone: string;
  held: number;
  offlinePayment: boolean;
  offlineHoldHours: number;
  ticketTypes: { id: string; name: string }[];
}

interface Hold {
  orderId: string;
  orderCode: string;
  quantity: number;
  reservedUntil: string;
  holdConfirmedAt: string | null;
}

const HOUR = 3_600_000;

/** "5 Dec 2026, 7:00 pm": the short form the manage pages use for times (shared date.ts). */
const shortDateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(new Date(iso));

test('offline payment: turned on in the wizard, confirmed by the buyer from the mail, seen and released by the organiser', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const organiser = await createVerifiedUser();
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: organiser.phoneNumber, password: organiser.password },
  });
  const bearer = login.body.token as string;

  // A published event that does not take offline payment yet (the default).
  const start = new Date(Date.now() + 30 * 24 * HOUR);
  start.setUTCHours(17, 0, 0, 0);
  const created = data<{ id: string }>(
    await api('POST', '/events/manage', {
      token: bearer,
      body: {
        title: `Hold Night ${randomBytes(3).toString('hex')}`,
        summary: 'Pay by transfer, keep your seat.',
        category: 'Music',
        venueName: 'Terra Kulture',
        address: '1376 Tiamiyu Savage Street, Victoria Island',
        city: 'Lagos',
        startAt: start.toISOString(),
        endAt: new Date(start.getTime() + 3 * HOUR).toISOString(),
      },
    }),
    201,
    'create event',
  );
  data(
    await api('POST', `/events/manage/${created.id}/ticket-types`, {
      token: bearer,
      body: { name: 'Delegate', price: 5000, capacity: 20 },
    }),
    201,
    'create ticket type',
  );
  data(
    await api('POST', `/events/manage/${created.id}/publish`, { token: bearer }),
    200,
    'publish',
  );
  const readEvent = async () =>
    data<ManageEvent>(
      await api('GET', `/events/manage/${created.id}`, { token: bearer }),
      200,
      'read event',
    );
  const event = await readEvent();
  expect(event.offlinePayment).toBe(false);

  // 1. The organiser turns offline payment on, with a 48-hour hold, in the Tickets step.
  await logInThroughUi(page, organiser);
  await page.goto(`/events/manage/create/${event.id}/tickets`);
  const offline = page.getByRole('group', { name: 'Can buyers pay offline?' });
  await expect(offline.getByRole('radio', { name: /^No/ })).toBeChecked();
  await offline.getByRole('radio', { name: /^Yes, by bank transfer or at the venue/ }).check();
  await page.getByLabel('Offline hold (hours)').fill('48');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect
    .poll(async () => {
      const e = await readEvent();
      return [e.offlinePayment, e.offlineHoldHours];
    })
    .toEqual([true, 48]);

  // 2. A buyer, in a browser of their own, checks out two Delegates paying offline.
  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  const id = randomBytes(3).toString('hex');
  const buyer = {
    firstName: 'Ngozi',
    lastName: `Eze ${id}`,
    email: `hold-${id}@example.com`,
    phone: `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
  };
  const typeId = event.ticketTypes[0]!.id;
  const since = Date.now();
  await buyerPage.goto(
    `/checkout/${event.id}?slug=${encodeURIComponent(event.slug)}&items=${typeId}:2`,
  );
  await buyerPage.getByLabel('First name').fill(buyer.firstName);
  await buyerPage.getByLabel('Last name').fill(buyer.lastName);
  await buyerPage.getByLabel('Email').fill(buyer.email);
  await buyerPage.getByLabel('Phone number').fill(buyer.phone);
  await buyerPage.getByRole('button', { name: 'Continue to payment' }).click();
  await buyerPage.getByLabel(/Pay offline \(bank transfer or at the venue\)/).check();
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage).toHaveURL(/\/checkout\/complete\//);
  await expect(buyerPage.getByText('Awaiting payment', { exact: true })).toBeVisible();
  expect((await readEvent()).held).toBe(2);

  // 3. The mail's link confirms the email; the page says the tickets are held for longer.
  const mail = await waitForMail(buyer.email, { matching: /Confirm your email/, since });
  expect(mail.text).toContain('keep your tickets for 48 hours');
  const link = /https?:\/\/\S+\/checkout\/hold\/confirm\?token=[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await buyerPage.goto(link!);
  const confirmed = buyerPage.getByRole('status').filter({ hasText: 'Your email is confirmed' });
  await expect(confirmed).toBeVisible();
  await expect(confirmed).toContainText(`Your 2 tickets are held for ${event.title} until`);
  await buyerContext.close();

  const [hold] = data<Hold[]>(
    await api('GET', `/events/manage/orders/holds?eventId=${event.id}`, { token: bearer }),
    200,
    'holds',
  );
  expect(hold!.holdConfirmedAt).not.toBeNull();
  // Held for the event's 48 hours now, not the 15 minutes of a checkout.
  expect(Date.parse(hold!.reservedUntil) - Date.now()).toBeGreaterThan(47 * HOUR);

  // 4. The organiser sees the hold on the event's page, marked confirmed, until when.
  await page.goto(`/events/manage/events/${event.id}/`);
  const sold = page.getByRole('region', { name: 'Key figures' });
  await expect(sold).toContainText('2 held in checkouts');
  const holds = page.getByRole('region', { name: 'Holds' });
  const row = holds.getByRole('listitem', { name: `Hold of ${buyer.firstName} ${buyer.lastName}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText(buyer.email);
  await expect(row).toContainText('2 tickets');
  await expect(row).toContainText(hold!.orderCode);
  await expect(row).toContainText('Offline · email confirmed');
  await expect(row).toContainText(
    `Held until ${shortDateTime(hold!.reservedUntil, event.timeZone)}`,
  );
  await page.screenshot({ path: test.info().outputPath('holds-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await holds.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('holds-375.png'), fullPage: true });

  // 5. Release, confirmed in a dialog: the hold is gone and the tickets are on sale again.
  await row.getByRole('button', { name: /Release the hold of/ }).click();
  const dialog = page.getByRole('dialog', {
    name: `Release ${buyer.firstName} ${buyer.lastName}’s hold?`,
  });
  await expect(dialog).toContainText('confirmed their email');
  await page.screenshot({ path: test.info().outputPath('release-375.png') });
  await dialog.getByRole('button', { name: 'Release tickets' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`2 tickets from order ${hold!.orderCode} are back on sale.`),
  ).toBeVisible();
  await expect(holds).toContainText('No tickets are held right now');
  await expect(sold).not.toContainText('held in checkouts');
  await expect(page).toHaveURL(onPath(`/events/manage/events/${event.id}/`));

  expect((await readEvent()).held).toBe(0);
  const publicEvent = data<{ ticketTypes: { remaining: number }[] }>(
    await api('GET', `/events/${event.slug}`),
    200,
    'public event',
  );
  expect(publicEvent.ticketTypes[0]!.remaining).toBe(20);
});
