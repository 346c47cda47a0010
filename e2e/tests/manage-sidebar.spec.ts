import type { Locator, Page } from '@playwright/test';
import { createVerifiedUser } from '../support/api.ts';
import { expect, logInThroughUi, onPath, test } from '../support/fixtures.ts';

/** The spec's six items (§ sidebar), in its order. */
const SPEC_ITEMS = [
  ['Home', '/events/manage/home'],
  ['Events', '/events/manage/all'],
  ['Orders', '/events/manage/orders'],
  ['Marketing', '/events/manage/marketing'],
  ['Financies', '/events/manage/financies'],
  ['Settings', '/events/manage/settings'],
] as const;

/** What an owner sees: the six, with Team before Settings (issue 13, decision 039). */
const ITEMS = [
  ...SPEC_ITEMS.slice(0, 5),
  ['Team', '/events/manage/team'],
  ...SPEC_ITEMS.slice(5),
] as const;

/**
 * Finds the sidebar as the 70 px wide element around the Orders link and marks it, so
 * the rest of the test can look inside it.
 */
async function sidebar(page: Page): Promise<Locator> {
  const orders = page.locator('a[href="/events/manage/orders"]').filter({ visible: true });
  await expect(orders).toHaveCount(1);
  const found = await orders.evaluate((link) => {
    let el: HTMLElement | null = link.parentElement;
    while (el && Math.round(el.getBoundingClientRect().width) !== 70) el = el.parentElement;
    if (!el) return null;
    el.setAttribute('data-e2e-sidebar', '');
    return { left: el.getBoundingClientRect().left };
  });
  expect(found, 'an element 70 px wide holds the sidebar items').not.toBeNull();
  expect(found?.left).toBe(0);
  return page.locator('[data-e2e-sidebar]');
}

/** The computed look of a sidebar link itself: what "highlighted" changes. */
async function lookOf(link: Locator): Promise<string> {
  return link.evaluate((a) => {
    const s = getComputedStyle(a);
    return `${s.backgroundColor}|${s.color}|${s.boxShadow}|${s.fontWeight}|${s.outlineStyle}`;
  });
}

/** Why `currentPath` is not shown as the one highlighted item, or null when it is. */
async function highlightProblem(bar: Locator, currentPath: string): Promise<string | null> {
  const looks = new Map<string, string>();
  for (const [, path] of ITEMS) looks.set(path, await lookOf(bar.locator(`a[href="${path}"]`)));
  const current = looks.get(currentPath);
  const others = ITEMS.filter(([, p]) => p !== currentPath).map(([, p]) => looks.get(p));
  if (others.some((other) => other === current)) return `${currentPath} looks like another item`;
  if (new Set(others).size !== 1) return 'the items that are not current do not look alike';
  return null;
}

test.describe('the organiser sidebar on a large screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("is 70 px wide with the spec's six items and Team (seven for an owner), the current one highlighted", async ({
    page,
  }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    const bar = await sidebar(page);

    for (const [name, path] of ITEMS) {
      await expect(bar.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
    }
    // Exactly those seven, in that order.
    await expect(bar.locator('a[href^="/events/manage/"]')).toHaveCount(ITEMS.length);
    expect(
      await bar
        .locator('a[href^="/events/manage/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).toEqual(ITEMS.map(([, path]) => path));
    await expect.poll(() => highlightProblem(bar, '/events/manage/home')).toBeNull();

    await bar.getByRole('link', { name: 'Orders', exact: true }).click();
    await expect(page).toHaveURL(onPath('/events/manage/orders'));
    await expect.poll(() => highlightProblem(bar, '/events/manage/orders')).toBeNull();
  });

  test('shows a tooltip with the item title on hover', async ({ page }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    const bar = await sidebar(page);
    const link = bar.getByRole('link', { name: 'Marketing', exact: true });
    await link.hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: 'Marketing' });
    await expect(tooltip).toBeVisible();

    // The tooltip floats 10 px (the default offset) from the item.
    const a = await link.boundingBox();
    const t = await tooltip.boundingBox();
    if (!a || !t) throw new Error('no boxes');
    const gap = Math.max(
      t.x - (a.x + a.width),
      a.x - (t.x + t.width),
      t.y - (a.y + a.height),
      a.y - (t.y + t.height),
    );
    expect(gap).toBeGreaterThanOrEqual(8);
    expect(gap).toBeLessThanOrEqual(12);
  });

  test('does not show outside the organiser area', async ({ page }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    await page.goto('/events');
    await expect(
      page.locator('a[href="/events/manage/orders"]').filter({ visible: true }),
    ).toHaveCount(0);
  });
});
