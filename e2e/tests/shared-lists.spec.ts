import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { givenDoorEvent, givenOrganiser } from '../support/door.ts';
import { expect, logInThroughUi, onPath, test } from '../support/fixtures.ts';

/**
 * Issue 22 §3, decision 066: the organiser's events are one cache entry that every list
 * reads (home, events, the orders and finances filters, marketing's picker, the team's event
 * choice, the door list), and a change invalidates it through the one key factory. So an
 * event created, or a draft published, in the app shows in every list at once — without a
 * reload (a marker set on the page after login must still be there at the end), and sooner
 * than any list's cache would have gone stale by itself (each list is first shown, so
 * cached, moments before the change).
 */

/** Moves inside the app as a link does (the router's own history), never loading a page. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(onPath(path));
}

/** A sidebar item, clicked as the organiser clicks it. */
async function sidebar(page: Page, path: string): Promise<void> {
  await page.locator(`nav[aria-label="Manage"] a[href="${path}"]`).click();
  await expect(page).toHaveURL(onPath(path));
}

/** Shown at least once (a list may render a row and a card), or not at all. */
async function expectListed(entry: ReturnType<Page['locator']>, listed: boolean, what: string) {
  if (listed) await expect(entry.first(), what).toBeAttached();
  else await expect(entry, what).toHaveCount(0);
}

/** Every list that shows the organiser's events, each checked for (or against) a title. */
const LISTS: Array<{
  name: string;
  open: (page: Page) => Promise<void>;
  /** Where the title would be, once the list has answered. */
  entry: (page: Page, title: string) => ReturnType<Page['locator']>;
  ready: (page: Page) => ReturnType<Page['locator']>;
  /** Drafts are left out of this list (they sell nothing, no one checks them in). */
  publishedOnly?: boolean;
}> = [
  {
    name: 'home',
    open: (page) => sidebar(page, '/events/manage/home'),
    ready: (page) => page.getByRole('heading', { level: 1 }),
    entry: (page, title) =>
      page.locator('main').getByText(title, { exact: true }).filter({ visible: true }),
  },
  {
    name: 'events list',
    open: (page) => sidebar(page, '/events/manage/all'),
    ready: (page) => page.getByRole('heading', { level: 1 }),
    entry: (page, title) =>
      page.locator('main').getByText(title, { exact: true }).filter({ visible: true }),
  },
  {
    name: 'orders filter',
    open: (page) => sidebar(page, '/events/manage/orders'),
    ready: (page) => page.getByLabel('Event', { exact: true }).locator('option').first(),
    entry: (page, title) =>
      page.getByLabel('Event', { exact: true }).locator('option', { hasText: title }),
  },
  {
    name: 'marketing picker',
    open: (page) => sidebar(page, '/events/manage/marketing'),
    ready: (page) => page.getByLabel('Event', { exact: true }).locator('option').first(),
    entry: (page, title) =>
      page.getByLabel('Event', { exact: true }).locator('option', { hasText: title }),
  },
  {
    name: 'finances filter',
    open: (page) => sidebar(page, '/events/manage/financies'),
    ready: (page) => page.getByLabel('Event', { exact: true }).locator('option').first(),
    entry: (page, title) =>
      page.getByLabel('Event', { exact: true }).locator('option', { hasText: title }),
    publishedOnly: true,
  },
  {
    name: "team's event choice",
    open: async (page) => {
      await sidebar(page, '/events/manage/team');
      await page.getByText('Pick events', { exact: true }).click();
    },
    ready: (page) => page.getByRole('checkbox').first(),
    entry: (page, title) => page.getByRole('checkbox', { name: title }),
  },
  {
    name: 'door list',
    open: (page) => goInApp(page, '/events/manage/verify-ticket'),
    ready: (page) => page.getByRole('heading', { name: 'Your events' }),
    entry: (page, title) =>
      page.locator('main').getByText(title, { exact: true }).filter({ visible: true }),
    publishedOnly: true,
  },
];

test.describe('one list of the organiser’s events behind every screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('an event created and a draft published show in every list without a reload', async ({
    page,
  }) => {
    const organiser = await givenOrganiser();
    // A draft with everything publishing needs, made through the API.
    const ready = await givenDoorEvent(organiser, { price: 0 }, { publish: false });
    const readyTitle = ready.title;
    const readyId = ready.id;
    const freshTitle = `Fresh Night ${randomBytes(3).toString('hex')}`;

    await logInThroughUi(page, organiser.user);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    // Every list answers once, and so is cached: the draft where drafts are listed only.
    for (const list of LISTS) {
      await list.open(page);
      await expect(list.ready(page), list.name).toBeAttached();
      await expectListed(list.entry(page, readyTitle), !list.publishedOnly, list.name);
    }

    // A new event, through the create page.
    await goInApp(page, '/events/manage/create/event');
    await page.getByLabel('Event title').fill(freshTitle);
    await page.getByLabel('Category').selectOption('Music');
    await page.getByRole('button', { name: 'Create draft and continue' }).click();
    await expect(page).toHaveURL(/\/events\/manage\/create\/[^/]+\/details/);

    // The ready draft, published from its page.
    await goInApp(page, `/events/manage/events/${readyId}`);
    await page.getByRole('link', { name: 'Review and publish' }).click();
    await page.getByRole('button', { name: 'Publish event' }).click();
    await expect(page).toHaveURL(onPath(`/events/manage/events/${readyId}`));
    await expect(page.getByText('Your event is published.')).toBeVisible();

    for (const list of LISTS) {
      await list.open(page);
      await expectListed(list.entry(page, readyTitle), true, `${list.name}: published`);
      await expectListed(
        list.entry(page, freshTitle),
        !list.publishedOnly,
        `${list.name}: created`,
      );
    }

    const sameDocument = await page.evaluate(
      () => (window as unknown as { sameDocument?: boolean }).sameDocument === true,
    );
    expect(sameDocument, 'no page was loaded after login').toBe(true);
  });
});
