import { formatWallClock } from '@gatepass/shared';
import { api, dataOf } from '../support/api.ts';
import { givenDoorEvent, givenOrganiser } from '../support/door.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 24 §1 "In line": the event page tells of the fair queue before anyone presses
 * "Get tickets" — when the sale opens, that a queue opens before it, and a link to join.
 */
for (const width of [375, 1280]) {
  test(`the event page shows the on-sale time and the queue to join at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 900 });
    const organiser = await givenOrganiser();
    const event = await givenDoorEvent(organiser, { price: 0 });

    await page.goto(`/events/${event.slug}`);
    await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join the queue' })).toHaveCount(0);

    const onSaleAt = new Date(Date.now() + 2 * 3_600_000);
    onSaleAt.setUTCSeconds(0, 0);
    dataOf(
      await api('PUT', `/events/manage/${event.id}/waiting-room`, {
        token: organiser.token,
        body: { enabled: true, onSaleAt: onSaleAt.toISOString(), ratePerMinute: 60 },
      }),
      200,
      'turn the waiting room on',
    );
    // The public answer is cached for a second.
    await page.waitForTimeout(1100);
    await page.reload();
    const notice = page.getByRole('region', { name: /^Tickets go on sale / });
    await expect(notice).toBeVisible();
    const shown = dataOf<{ waitingRoom: { onSaleLocal: string } }>(
      await api('GET', `/events/${event.slug}`),
      200,
      'the public event',
    );
    await expect(notice).toContainText(formatWallClock(shown.waitingRoom.onSaleLocal));
    await expect(notice).toContainText('A fair queue opens before the sale');
    const join = notice.getByRole('link', { name: 'Join the queue' });
    await join.click();
    // The queue page; a visitor with no place yet is sent on to its join step (decision 055).
    await expect(page).toHaveURL(new RegExp(`/events/${event.slug}/queue(/join)?$`));
    // The browser's check solved and the place taken: the pre-queue page (the server's).
    await expect(page.getByRole('heading', { name: 'You are in the pre-queue' })).toBeVisible({
      timeout: 20_000,
    });
    // Left on a quiet page: the pre-queue refreshes itself, and twice in one CI run closing
    // the context mid-way through the check or a refresh outlasted the test's timeout.
    await page.goto('about:blank');
  });
}
