import type { Page } from '@playwright/test';
import { api, createVerifiedUser, type TestUser } from '../support/api.ts';
import {
  door,
  doorCount,
  enterCode,
  givenDoorEvent,
  givenOrder,
  givenOrganiser,
  guest,
  verifyTicketPath,
  type Organiser,
} from '../support/door.ts';
import { expect, loginScreen, logInThroughUi, onPath, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';

/**
 * Doors by gate (issue 25 §4, decision 084) in Chromium at a phone's and a laptop's width:
 * the organiser makes a "VIP gate" and a "Main gate" on the event page and gives a door
 * steward (invited by real mail) the VIP gate; the steward's door says which list it is
 * checking, refuses a Regular ticket with the reason and admits a VIP one; the event page
 * shows the figures per list and per steward.
 */

async function must<T>(answer: Promise<{ status: number; body: Record<string, unknown> }>) {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) throw new Error(`${status}: ${JSON.stringify(body)}`);
  return body.data as T;
}

async function tokenOf(user: TestUser): Promise<string> {
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  return (login.body as { token: string }).token;
}

/** The owner invites a door steward for `eventId` by mail; the steward accepts (API). */
async function stewardOf(organiser: Organiser, eventId: string): Promise<TestUser> {
  const steward = await createVerifiedUser();
  const token = await tokenOf(steward);
  const since = Date.now();
  await must(
    api('POST', '/events/manage/team/invitations', {
      token: organiser.token,
      body: { email: steward.email, role: 'door', eventIds: [eventId] },
    }),
  );
  const mail = await waitForMail(steward.email, { matching: /team\/join\?token=/, since });
  const invitation = decodeURIComponent(/team\/join\?token=([\w-]+)/.exec(mail.text)![1]!);
  await must(api('POST', '/team/invitations/accept', { token, body: { token: invitation } }));
  return steward;
}

async function logIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(user.password);
  await login.loginButton.click();
  await page.waitForFunction(() =>
    /loggedIn\\?"\s*:\s*true/.test(localStorage.getItem('persist:root') ?? ''),
  );
}

/** Makes a list on the event page's "Check-in lists" panel. */
async function makeList(page: Page, name: string, types: string[]): Promise<void> {
  const form = page.getByRole('form', { name: 'New check-in list' });
  await form.getByLabel('List name').fill(name);
  for (const type of types) await form.getByRole('checkbox', { name: type, exact: true }).check();
  await form.getByRole('button', { name: 'Add list' }).click();
  await expect(
    page.locator('.Toastify__toast').filter({ hasText: `${name} added.` }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Check-in lists' })).toContainText(name);
}

for (const width of [375, 1280] as const) {
  test(`at ${width} px: a steward on the VIP gate refuses a Regular ticket with the reason and admits a VIP one`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(150_000);
    const height = width === 375 ? 740 : 900;
    await page.setViewportSize({ width, height });
    const organiser = await givenOrganiser();
    const event = await givenDoorEvent(organiser, { price: 0 });
    const vip = await must<{ id: string }>(
      api('POST', `/events/manage/${event.id}/ticket-types`, {
        token: organiser.token,
        body: { name: 'VIP', price: 0, capacity: 50, maxPerOrder: 2 },
      }),
    );
    const bola = await givenOrder(event, guest('Bola', 'Ade'));
    const ada = await givenOrder({ ...event, ticketTypeId: vip.id }, guest('Ada', 'Obi'));
    const steward = await stewardOf(organiser, event.id);

    // The organiser makes the two lists and gives the steward the VIP gate.
    await logInThroughUi(page, organiser.user);
    await page.waitForFunction(() =>
      /loggedIn\\?"\s*:\s*true/.test(localStorage.getItem('persist:root') ?? ''),
    );
    await page.goto(`/events/manage/events/${event.id}/`);
    await makeList(page, 'VIP gate', ['VIP']);
    await makeList(page, 'Main gate', ['Regular']);
    const lists = page.getByRole('list', { name: 'Check-in lists' });
    const vipRow = lists.getByTestId('checkin-list').filter({
      has: page.getByTestId('checkin-list-name').getByText('VIP gate', { exact: true }),
    });
    await vipRow.getByLabel('Give the VIP gate to').selectOption({ label: steward.fullName });
    await expect(
      page.locator('.Toastify__toast').filter({
        hasText: `${steward.fullName} checks tickets at the VIP gate.`,
      }),
    ).toBeVisible();
    await expect(vipRow).toContainText(`Stewards: ${steward.fullName}`);
    await page
      .locator('section[aria-labelledby="checkin-lists-title"]')
      .screenshot({ path: testInfo.outputPath(`lists-${width}.png`) });

    // The steward's phone: the door names the VIP gate, refuses Bola's Regular ticket with
    // the reason, admits Ada's VIP one.
    const context = await browser.newContext({ baseURL, viewport: { width, height } });
    const phone = await context.newPage();
    await logIn(phone, steward);
    await phone.goto(verifyTicketPath(event.id));
    await expect(phone.getByTestId('door-list')).toHaveText('Checking: VIP gate');
    await expect(doorCount(phone)).toHaveText('0 / 1');
    const d = door(phone);
    await enterCode(phone, bola.orderCode);
    await expect(d.bannerBox).toHaveAttribute('data-result', 'invalid');
    await expect(d.banner).toContainText('Invalid');
    await expect(phone.getByTestId('refusal-reason')).toHaveText(
      'Regular ticket — send to the Main gate',
    );
    await phone.screenshot({ path: testInfo.outputPath(`steward-refuses-${width}.png`) });
    await enterCode(phone, ada.orderCode);
    await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
    await expect(d.banner).toContainText('Valid: Ada Obi');
    await expect(doorCount(phone)).toHaveText('1 / 1');
    await phone.screenshot({ path: testInfo.outputPath(`steward-admits-${width}.png`) });
    // The door's idle sync sends it to the VIP gate on the server.
    await expect
      .poll(
        async () =>
          (
            await must<{ admitted: number; name: string }[]>(
              api('GET', `/events/manage/${event.id}/checkin-lists`, { token: organiser.token }),
            )
          ).map((l) => `${l.name}:${l.admitted}`),
        { timeout: 20_000 },
      )
      .toEqual(['VIP gate:1', 'Main gate:0']);
    await context.close();

    // The organiser's figures: per list, and who let in how many.
    await page.reload();
    await expect(vipRow.getByTestId('checkin-list-admitted')).toHaveText('1 checked in');
    const byList = page.getByTestId('checkins-by-list');
    await expect(byList).toHaveCount(1);
    await expect(byList).toContainText('VIP gate');
    await expect(byList).toContainText('1 admitted');
    await expect(byList).toContainText(steward.fullName);
    await page
      .locator('#checkins')
      .screenshot({ path: testInfo.outputPath(`figures-${width}.png`) });

    // The Team page says which list the steward checks.
    await page.goto('/events/manage/team/');
    await expect(
      page.locator('#members').getByRole('listitem').filter({ hasText: steward.email }),
    ).toContainText('Checks the VIP gate');

    // The owner's own door chooses a list: at the Main gate, Ada's VIP ticket is sent on.
    await page.goto(verifyTicketPath(event.id));
    await expect(page).toHaveURL(onPath(verifyTicketPath(event.id)));
    await page.getByLabel('Check-in list').selectOption({ label: 'Main gate' });
    await expect(doorCount(page)).toHaveText('0 / 1');
    await enterCode(page, ada.orderCode);
    await expect(page.getByTestId('refusal-reason')).toHaveText(
      'VIP ticket — send to the VIP gate',
    );
    await page.screenshot({ path: testInfo.outputPath(`owner-door-${width}.png`) });
  });
}
