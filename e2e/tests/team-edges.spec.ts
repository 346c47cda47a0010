import type { Page, Response } from '@playwright/test';
import { api, createVerifiedUser, newUser, type TestUser } from '../support/api.ts';
import {
  doorCount,
  givenDoor,
  givenDoorEvent,
  verifyTicketPath,
  type Organiser,
} from '../support/door.ts';
import {
  expect,
  loginScreen,
  onPath,
  signupScreen,
  test,
  verifyEmailScreen,
} from '../support/fixtures.ts';
import { waitForMail, waitForVerificationCode } from '../support/mailbox.ts';

/**
 * The team's edges (issue 21 §6, issue 24 §2) at a phone's and a laptop's width: a removed
 * door steward's device forgets the organiser's attendee lists on the first page it loads
 * and says why; a steward typing a manager's address is told the server's sentence; the
 * steward's doors never ask for what their role is refused.
 */

const DOOR_ONLY = 'Door stewards can only check tickets in. Ask the organiser if you need more.';

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

/** The owner invites `steward` as door steward for `eventIds`; the steward accepts (API). */
async function stewardOf(organiser: Organiser, eventIds: string[]) {
  const steward = await createVerifiedUser();
  const token = await tokenOf(steward);
  const since = Date.now();
  await must(
    api('POST', '/events/manage/team/invitations', {
      token: organiser.token,
      body: { email: steward.email, role: 'door', eventIds },
    }),
  );
  const mail = await waitForMail(steward.email, { matching: /team\/join\?token=/, since });
  const invitation = decodeURIComponent(/team\/join\?token=([\w-]+)/.exec(mail.text)![1]!);
  await must(api('POST', '/team/invitations/accept', { token, body: { token: invitation } }));
  const me = await must<{ id: string } | { user: { id: string } }>(
    api('GET', '/auth/user/me', { token }),
  );
  const id = 'id' in me ? me.id : me.user.id;
  const workspaces = await must<{ organiserId: string; organiserName: string }[]>(
    api('GET', '/team/workspaces', { token }),
  );
  const organiserName = workspaces.find((w) => w.organiserId !== id)!.organiserName;
  return { steward, id, organiserName };
}

async function logIn(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  const login = loginScreen(page);
  await login.phone.fill(user.phoneNumber);
  await login.password.fill(user.password);
  await login.loginButton.click();
  await expect(page).toHaveURL(onPath('/events/manage/verify-ticket'));
  await page.waitForFunction(() =>
    /loggedIn\\?"\s*:\s*true/.test(localStorage.getItem('persist:root') ?? ''),
  );
}

/** Every answer the page got with status 403, as "METHOD path". */
function refusals(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() !== 403) return;
    const url = new URL(response.url());
    seen.push(`${response.request().method()} ${url.pathname}`);
  });
  return seen;
}

const storage = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a door steward is told where they may go and never asks for what is refused', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const { organiser, event } = await givenDoor(0, [['Ada', 'Obi', 1]]);
      const other = await givenDoorEvent(organiser, { price: 0 });
      const { steward } = await stewardOf(organiser, [event.id, other.id]);
      const refused = refusals(page);

      await logIn(page, steward);
      // Logging in lands them on their doors, with no refusal: they typed nothing.
      await expect(page.getByRole('link', { name: new RegExp(event.title) })).toBeVisible();
      await expect(page.getByTestId('role-refusal')).toHaveCount(0);
      // Their doors, from their workspace: nothing asked that a steward is refused.
      await expect(page.getByRole('link', { name: new RegExp(event.title) })).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(other.title) })).toBeVisible();
      await page.reload();
      await expect(page.getByRole('link', { name: new RegExp(event.title) })).toBeVisible();
      await page.goto(verifyTicketPath(event.id));
      await expect(doorCount(page)).toHaveText('0 / 1');
      await page.reload();
      await expect(doorCount(page)).toHaveText('0 / 1');
      expect(refused).toEqual([]);

      // A manager's address typed in: the doors list, with the server's own sentence.
      for (const path of [
        '/events/manage/orders',
        '/events/manage/financies',
        '/events/manage/settings',
        '/events/manage/home',
        '/events/manage/create',
        '/events/manage/team',
      ]) {
        await page.goto(path);
        await expect(page).toHaveURL(onPath('/events/manage/verify-ticket'));
        await expect(page.getByTestId('role-refusal')).toHaveText(DOOR_ONLY);
      }
      // Opened on its own, the doors list says nothing of the kind.
      await page.goto('/');
      await page.goto('/events/manage/verify-ticket');
      await expect(page.getByRole('link', { name: new RegExp(event.title) })).toBeVisible();
      await expect(page.getByTestId('role-refusal')).toHaveCount(0);
      expect(refused).toEqual([]);
    });

    test('an invitee signs up from the link with the invited address, masked until proven', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const { organiser, event } = await givenDoor(0, [['Ada', 'Obi', 1]]);
      const invitee = newUser();
      const since = Date.now();
      await must(
        api('POST', '/events/manage/team/invitations', {
          token: organiser.token,
          body: { email: invitee.email, role: 'door', eventIds: [event.id] },
        }),
      );
      const mail = await waitForMail(invitee.email, { matching: /team\/join\?token=/, since });
      const link = /\/team\/join\?token=[\w-]+/.exec(mail.text)![0];
      const [local, domain] = invitee.email.split('@') as [string, string];
      const masked = `${local[0]}•••••${local.at(-1)}@${domain}`;
      const shown = async () => (await page.content()) + JSON.stringify(await storage(page));

      // The link, opened by whoever holds it: the address masked, everywhere.
      await page.goto(link);
      await expect(page.getByText(masked).first()).toBeVisible();
      expect(await shown()).not.toContain(invitee.email);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page).toHaveURL(onPath('/signup'));
      const signup = signupScreen(page);
      await expect(signup.email).toHaveValue(masked);
      await expect(signup.email).not.toBeEditable();
      await signup.fullName.fill(invitee.fullName);
      await signup.phone.fill(invitee.phoneNumber);
      await signup.password.fill(invitee.password);
      await page.screenshot({ path: testInfo.outputPath(`signup-${viewport.width}.png`) });
      const codeSince = Date.now();
      await signup.signupButton.click();
      await expect(page).toHaveURL(onPath('/verify-email'));
      await expect(page.getByText(masked)).toBeVisible();
      expect(await shown()).not.toContain(invitee.email);

      // The code went to the invited address: only its owner can go on.
      const code = await waitForVerificationCode(invitee.email, codeSince);
      await verifyEmailScreen(page).code.fill(code);
      await verifyEmailScreen(page).verifyButton.click();
      await expect(page).toHaveURL(onPath('/login'));
      const login = loginScreen(page);
      await login.phone.fill(invitee.phoneNumber);
      await login.password.fill(invitee.password);
      await login.loginButton.click();
      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === link);
      await page.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(page).toHaveURL(onPath(verifyTicketPath(event.id)));
      await expect(doorCount(page)).toHaveText('0 / 1');
    });

    test('a removed steward’s device forgets the organiser’s lists on the next page it loads', async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      const {
        organiser,
        event,
        orders: [ada, bayo],
      } = await givenDoor(0, [
        ['Ada', 'Obi', 1],
        ['Bayo', 'Ade', 1],
      ]);
      const { steward, id, organiserName } = await stewardOf(organiser, [event.id]);

      // The steward opens the door: the attendee list is on the phone.
      await logIn(page, steward);
      await page.goto(verifyTicketPath(event.id));
      await expect(doorCount(page)).toHaveText('0 / 2');
      const before = await storage(page);
      expect(before[`tickets_${event.id}`]).toContain(ada.email);

      // The owner removes them; the steward next lands on the home page, not the door.
      await must(api('DELETE', `/events/manage/team/members/${id}`, { token: organiser.token }));
      await page.goto('/');
      await expect(
        page.getByText(`You were removed from ${organiserName}'s team.`, { exact: false }),
      ).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(600); // the toast slides in
      await page.screenshot({ path: testInfo.outputPath(`removed-${viewport.width}.png`) });

      const kept = await storage(page);
      expect(Object.keys(kept).filter((k) => k.endsWith(event.id))).toEqual([]);
      expect(kept['gatepass.workspace']).toBeUndefined();
      const values = Object.values(kept).join('\n');
      for (const guest of [ada, bayo]) {
        expect(values).not.toContain(guest.email);
        expect(values).not.toContain(guest.orderCode);
      }
      expect(values).not.toContain('"firstName"');
      expect(values).not.toContain(event.title);
      // Nothing elsewhere on the device either: the app keeps no IndexedDB.
      expect(await page.evaluate(async () => (await indexedDB.databases()).length)).toBe(0);
      // Still signed in, as themselves: the session was never the organiser's.
      expect(kept.token).toBeTruthy();

      // A reload says nothing more: the device already forgot.
      await page.reload();
      await page.waitForTimeout(1_500);
      await expect(page.getByText(/You were removed from/)).toHaveCount(0);
    });
  });
}
