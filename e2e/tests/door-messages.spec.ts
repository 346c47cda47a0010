import type { Page } from '@playwright/test';
import { door, givenDoor, givenOrganiser, openDoor } from '../support/door.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * What the door screen says beyond its scans (issue 12): an event that is not the
 * organiser's, the answers of 'Send Validated Tickets' and Import, the ticket types on the
 * banner, and why the camera cannot start outside a secure context.
 */

const toasts = (page: Page) => page.locator('.Toastify__toast');

test("another organiser's door link, or an event that does not exist, says the event was not found", async ({
  page,
}) => {
  const { event } = await givenDoor(5000, [['Ada', 'Obi', 1]]);
  const stranger = await givenOrganiser();

  await openDoor(page, stranger, event.id);
  await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  await expect(page.getByText('This event does not exist or is not yours')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to my events' })).toBeVisible();
  // No scanner that would read every code as Invalid.
  await expect(door(page).count).toHaveCount(0);
  await expect(page.getByPlaceholder('Enter 8-digit code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Validated Tickets' })).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);

  for (const missing of ['00000000-0000-4000-8000-000000000000', 'no-such-event']) {
    await page.goto(`/events/manage/verify-ticket/${missing}`);
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
  }
});
