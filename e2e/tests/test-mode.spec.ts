import type { Page } from '@playwright/test';
import { givenDoorEvent, givenOrder, givenOrganiser, guest, openDoor } from '../support/door.ts';
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

/**
 * Issue 24 §4: the test-mode notice never covers content. Every visible element of the page
 * (the fixed navbar included) must keep clear of the notice's box, at a phone's width and a
 * desktop's, on the pages where a floating pill hid a category chip, a QR or the door's help.
 */
async function elementsUnderBanner(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.getElementById('test-mode-banner');
    if (!banner) return ['no banner'];
    const b = banner.getBoundingClientRect();
    const under: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el === banner || banner.contains(el) || el.contains(banner)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2) continue;
      const style = getComputedStyle(el);
      const clipped = style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)';
      if (style.visibility === 'hidden' || style.opacity === '0' || clipped) continue;
      const overlaps =
        r.top < b.bottom - 0.5 && r.bottom > b.top + 0.5 && r.left < b.right && r.right > b.left;
      if (overlaps)
        under.push(`${el.tagName.toLowerCase()} ${(el.textContent ?? '').slice(0, 40)}`);
    }
    return under;
  });
}

for (const width of [375, 1280]) {
  test(`the test-mode notice covers nothing at ${width} px`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const organiser = await givenOrganiser();
    const event = await givenDoorEvent(organiser, { price: 0 });
    await givenOrder(event, guest('Ada', 'Obi'));

    for (const url of ['/', '/events', `/events/${event.slug}`]) {
      await page.goto(url);
      await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await elementsUnderBanner(page), url).toEqual([]);
    }
    await openDoor(page, organiser, event.id, 1);
    await expect(page.getByText(BANNER, { exact: true })).toBeVisible();
    expect(await elementsUnderBanner(page), 'door').toEqual([]);
  });
}
