import { givenDoorEvent, givenOrder, givenOrganiser, guest } from '../support/door.ts';
import { expect, logInThroughUi, test } from '../support/fixtures.ts';

/**
 * Issue 16: the e2e server runs in test mode (global-setup sets PAYMENTS_TEST_MODE), so
 * every page says "Test mode — no real money", and an order paid with the TEST provider is
 * marked as such in the organiser's orders. (Test mode off is covered at API level:
 * apps/server/test/web-delivery.test.ts and security/completion-paths.test.ts.)
 */
const BANNER = 'Test mode — no real money';

test('every page says test mode, and a TEST-paid order shows as test to the organiser', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const organiser = await givenOrganiser();
  const event = await givenDoorEvent(organiser, { price: 5000 });
  const paid = await givenOrder(event, guest('Tolu', 'Bankole'));

  await page.goto('/');
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('heading', { name: event.title, level: 1 })).toBeVisible();
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();

  await logInThroughUi(page, organiser.user);
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
  await page.goto('/events/manage/orders/');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
  const row = page.locator('tr', { hasText: paid.orderCode });
  await expect(row.getByText('TEST — not paid')).toBeVisible();

  await row.getByRole('button', { name: new RegExp(`^Order ${paid.orderCode}`) }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText('TEST — not paid').first()).toBeVisible();
  await expect(
    drawer.getByText(/No money was taken, and the finances leave this order out/),
  ).toBeVisible();
});
