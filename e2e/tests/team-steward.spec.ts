import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import { createVerifiedUser, newUser, type TestUser } from '../support/api.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import {
  attendedAt,
  door,
  doorCount,
  enterCode,
  givenDoor,
  givenDoorEvent,
  verifyTicketPath,
  writeQrVideo,
} from '../support/door.ts';
import {
  expect,
  logInThroughUi,
  loginScreen,
  onPath,
  signupScreen,
  test,
  verifyEmailScreen,
} from '../support/fixtures.ts';
import { waitForMail, waitForVerificationCode } from '../support/mailbox.ts';

/**
 * Teams (issue 13) in Chromium: the owner invites by email (the real SMTP capture), the
 * invitee signs up or logs in from the link and accepts; a door steward scans at their
 * event with the fake camera, is refused another event, and once removed their door's
 * next sync is refused and the attendee list leaves the device. A manager sees orders and
 * no Team.
 */

const toasts = (page: Page) => page.locator('.Toastify__toast');
const manageNav = (page: Page) => page.getByRole('navigation', { name: 'Manage' });

/** The owner invites `email` from the Team page, as `role`, for `events` (titles) or all. */
async function invite(
  page: Page,
  email: string,
  role: 'Manager' | 'Door steward',
  events: string[] | 'all',
): Promise<string> {
  await page.goto('/events/manage/team/');
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  const form = page.locator('#invite');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('radio', { name: new RegExp(`^${role}`) }).check();
  if (events !== 'all') {
    await form.getByRole('radio', { name: /^Pick events/ }).check();
    for (const title of events) await form.getByRole('checkbox', { name: title }).check();
  }
  const since = Date.now();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(toasts(page).filter({ hasText: `Invitation sent to ${email}` })).toBeVisible();
  await expect(page.locator('#invitations')).toContainText(email);
  const mail = await waitForMail(email, { matching: /team\/join\?token=/, since });
  const link = /\/team\/join\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No join link in the invitation mail: ${mail.text}`);
  return link;
}

async function waitForSession(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    /loggedIn\\?"\s*:\s*true/.test(localStorage.getItem('persist:root') ?? ''),
  );
}

/** Serious and critical accessibility problems in the page's main content (axe-core). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Every local-storage value of the page, for what a device keeps. */
const storage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));

test('a door steward joins by email, scans at their event, is refused another, and is cut off when removed', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const {
    organiser,
    event,
    orders: [ada, bayo],
  } = await givenDoor(5000, [
    ['Ada', 'Obi', 1],
    ['Bayo', 'Ade', 1],
  ]);
  const other = await givenDoorEvent(organiser);

  // The owner invites a steward for one event.
  await logInThroughUi(page, organiser.user);
  await expect(manageNav(page).getByRole('link', { name: 'Team' })).toBeVisible();
  const steward = newUser();
  const link = await invite(page, steward.email, 'Door steward', [event.title]);
  await expect(page.locator('#invitations')).toContainText(event.title);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('team-page-1280.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // The steward's phone: a camera that shows Ada's ticket.
  const video = testInfo.outputPath('ada-qr.y4m');
  writeQrVideo(video, ada.orderCode);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'] });
    const phone = await context.newPage();
    await phone.goto(link);
    await expect(phone.getByTestId('invitation-sentence')).toHaveText(
      new RegExp(`invited you to join their team as Door steward for ${event.title}\\.$`),
    );
    await phone.screenshot({ path: testInfo.outputPath('join-page.png') });
    expect(await seriousViolations(phone)).toEqual([]);

    // Sign up from the link; the email's code verifies; login brings them back to the link.
    await phone.getByRole('button', { name: 'Sign up' }).click();
    await expect(phone).toHaveURL(onPath('/signup'));
    const signup = signupScreen(phone);
    await signup.fullName.fill(steward.fullName);
    // The invited address, masked and read-only: the server fills it in (issue 24 §2).
    await expect(signup.email).not.toBeEditable();
    await expect(signup.email).toHaveValue(/^e•••••.@example\.com$/);
    await signup.phone.fill(steward.phoneNumber);
    await signup.password.fill(steward.password);
    const since = Date.now();
    await signup.signupButton.click();
    await expect(phone).toHaveURL(onPath('/verify-email'));
    await verifyEmailScreen(phone).code.fill(await waitForVerificationCode(steward.email, since));
    await verifyEmailScreen(phone).verifyButton.click();
    await expect(phone).toHaveURL(onPath('/login'));
    const login = loginScreen(phone);
    await login.phone.fill(steward.phoneNumber);
    await login.password.fill(steward.password);
    await login.loginButton.click();
    await expect(phone).toHaveURL((url) => `${url.pathname}${url.search}` === link);
    await waitForSession(phone);

    // Accept: one event, so straight to its door; the camera admits Ada.
    await phone.getByRole('button', { name: 'Accept invitation' }).click();
    await expect(phone).toHaveURL(onPath(verifyTicketPath(event.id)));
    const d = door(phone);
    await expect(d.bannerBox).toHaveAttribute('data-result', 'valid', { timeout: 20_000 });
    await expect(d.banner).toContainText('Valid: Ada Obi');
    await expect(doorCount(phone)).toHaveText('1 / 2');
    await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();

    // The owner's event page tells who let Ada in, from how many devices, and when.
    await page.goto(`/events/manage/events/${event.id}/`);
    const checkins = page.locator('#checkins');
    const stewardRow = checkins.getByRole('row').filter({ hasText: steward.fullName });
    await expect(stewardRow).toContainText('Door steward');
    await expect(stewardRow.getByRole('cell')).toHaveText([/.+/, '1', '1']);
    await expect(checkins.getByRole('listitem')).toHaveCount(1);

    // Only "Verify tickets" in their manage area; other pages send them to their doors.
    const links = manageNav(phone).getByRole('link');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveAccessibleName('Verify tickets');
    await phone.screenshot({ path: testInfo.outputPath('steward-sidebar-1280.png') });
    await phone.goto('/events/manage/orders');
    await expect(phone).toHaveURL(onPath('/events/manage/verify-ticket'));
    await expect(phone.getByRole('link', { name: new RegExp(event.title) })).toBeVisible();
    await phone.setViewportSize({ width: 375, height: 740 });
    await phone.getByRole('button', { name: 'Open menu' }).click();
    const overlay = phone.getByRole('dialog');
    await expect(overlay.getByRole('link', { name: 'Verify tickets' })).toBeVisible();
    await expect(overlay.getByRole('link', { name: 'Manage', exact: true })).toHaveCount(0);
    await expect(overlay.getByRole('link', { name: 'Create' })).toHaveCount(0);
    await phone.waitForTimeout(400);
    await phone.screenshot({ path: testInfo.outputPath('steward-menu-375.png') });
    await phone.keyboard.press('Escape');
    await phone.setViewportSize({ width: 1280, height: 800 });

    // Another event of the same owner: refused, with the server's sentence.
    await phone.goto(verifyTicketPath(other.id));
    await expect(phone.getByText("You don't have access to this event's door.")).toBeVisible();
    await expect(phone.getByText(/not a door steward for this event/)).toBeVisible();

    // Back at their door; offline, Bayo is let in and waits to be sent.
    await phone.goto(verifyTicketPath(event.id));
    await expect(doorCount(phone)).toHaveText('1 / 2');
    await context.setOffline(true);
    await enterCode(phone, bayo.orderCode);
    await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
    expect(Object.keys(await storage(phone))).toContain(`tickets_${event.id}`);

    // The owner removes the steward.
    await page.goto('/events/manage/team/');
    const members = page.locator('#members');
    await expect(members).toContainText(steward.email);
    const row = members.getByRole('listitem').filter({ hasText: steward.email });
    await expect(row).toContainText('Door steward');
    await row.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(members).not.toContainText(steward.email);

    // The phone's next sync is refused: the list leaves, Bayo's unsent code stays.
    await context.setOffline(false);
    await expect(phone.getByText("You no longer have access to this event's door.")).toBeVisible({
      timeout: 15_000,
    });
    const kept = await storage(phone);
    expect(kept[`tickets_${event.id}`]).toBeUndefined();
    expect(JSON.parse(kept[`validated_${event.id}`] ?? 'null')).toEqual([bayo.orderCode]);
    const values = Object.values(kept).join('\n');
    for (const guest of [ada, bayo]) expect(values).not.toContain(guest.email);
    expect(values).not.toContain('"firstName"');
    expect(await attendedAt(organiser, event.id, bayo.orderCode)).toBeNull();
    await context.close();
  } finally {
    await browser.close();
  }
});

test('a manager invited by email logs in from the link, sees orders and no Team', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const { organiser, event } = await givenDoor(2500, [['Chidi', 'Eze', 1]]);
  const manager: TestUser = await createVerifiedUser();

  await logInThroughUi(page, organiser.user);
  const link = await invite(page, manager.email, 'Manager', 'all');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: testInfo.outputPath('team-page-375.png'), fullPage: true });

  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.goto(link);
  await expect(other.getByTestId('invitation-sentence')).toContainText(
    'invited you to join their team as Manager for all events.',
  );
  await other.getByRole('link', { name: 'Log in' }).click();
  const login = loginScreen(other);
  await login.phone.fill(manager.phoneNumber);
  await login.password.fill(manager.password);
  await login.loginButton.click();
  await expect(other).toHaveURL((url) => `${url.pathname}${url.search}` === link);
  await waitForSession(other);
  await other.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(other).toHaveURL(onPath('/events/manage/home'));

  // The owner's sales, with the manager's own login; no Team, and Team itself refused.
  const nav = manageNav(other);
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Team' })).toHaveCount(0);
  await expect(nav.getByRole('button', { name: /^Working for: / })).toBeVisible();
  await other.goto('/events/manage/orders');
  await expect(other.getByText('Chidi Eze').filter({ visible: true }).first()).toBeVisible();
  await other.goto('/events/manage/all');
  await expect(other.getByText(event.title).filter({ visible: true }).first()).toBeVisible();
  await other.goto('/events/manage/team/');
  await expect(other).toHaveURL(onPath('/events/manage/home'));

  // Accepting twice: already a member.
  await other.goto(link);
  await expect(other.getByText(/not valid|already/i).first()).toBeVisible();
  await context.close();
});
