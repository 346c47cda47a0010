import type { Locator, Page } from '@playwright/test';
import { api, createVerifiedUser } from '../support/api.ts';
import {
  expect,
  logInThroughUi,
  onPath,
  storedToken,
  test,
  userMenuButton,
} from '../support/fixtures.ts';

interface BarLook {
  /** Background colours from the Home link's parent up to the fixed/sticky bar. */
  backgrounds: string[];
  shadows: string[];
  linkColor: string;
}

/** Reads the look of the top bar: the fixed or sticky element around the Home link. */
async function barLook(page: Page): Promise<BarLook> {
  const home = page.getByRole('link', { name: 'Home', exact: true }).filter({ visible: true });
  return home.first().evaluate((link) => {
    const backgrounds: string[] = [];
    const shadows: string[] = [];
    let el = link.parentElement;
    while (el) {
      const style = getComputedStyle(el);
      backgrounds.push(style.backgroundColor);
      shadows.push(style.boxShadow);
      if (style.position === 'fixed' || style.position === 'sticky') break;
      el = el.parentElement;
    }
    if (!el) throw new Error('The Home link is not inside a fixed or sticky bar');
    return { backgrounds, shadows, linkColor: getComputedStyle(link).color };
  });
}

function rgba(color: string): [number, number, number, number] {
  const parts =
    /rgba?\(([^)]+)\)/
      .exec(color)?.[1]
      ?.split(/[ ,/]+/)
      .filter(Boolean) ?? [];
  const [r = 0, g = 0, b = 0, a = 1] = parts.map(Number);
  return [r, g, b, a];
}

function luminance(color: string): number {
  const [r, g, b] = rgba(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}

const isTransparentBar = (look: BarLook) =>
  look.backgrounds.every((c) => rgba(c)[3] === 0) && look.shadows.every((s) => s === 'none');
const isWhiteBarWithShadow = (look: BarLook) =>
  look.backgrounds.some((c) => c === 'rgb(255, 255, 255)') &&
  look.shadows.some((s) => s !== 'none');

test.describe('the top navigation bar', () => {
  test.use({ viewport: { width: 1280, height: 500 } });

  test('is transparent with light text at the top and white with a shadow once scrolled more than 20 px', async ({
    page,
  }) => {
    await page.goto('/');
    // Whatever the home page holds, make it tall enough to scroll.
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    await expect.poll(async () => isTransparentBar(await barLook(page))).toBe(true);
    expect(luminance((await barLook(page)).linkColor)).toBeGreaterThan(0.5);

    await page.evaluate(() => window.scrollTo(0, 15));
    await page.waitForTimeout(400);
    expect(isTransparentBar(await barLook(page)), 'still transparent at 15 px').toBe(true);

    await page.evaluate(() => window.scrollTo(0, 80));
    await expect.poll(async () => isWhiteBarWithShadow(await barLook(page))).toBe(true);
    await expect.poll(async () => luminance((await barLook(page)).linkColor)).toBeLessThan(0.5);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => isTransparentBar(await barLook(page))).toBe(true);
  });

  test('shows Home and Events links and the logo goes home', async ({ page }) => {
    await page.goto('/events');
    await expect(
      page.getByRole('link', { name: 'Events', exact: true }).filter({ visible: true }).first(),
    ).toHaveAttribute('href', /^\/events\/?$/);
    await page.getByRole('link', { name: 'Home', exact: true }).filter({ visible: true }).click();
    await expect(page).toHaveURL(onPath('/'));
  });
});

/** A user-menu entry, whichever element the menu uses for it. */
function menuEntry(page: Page, name: string): Locator {
  // The menu's own entries: a page behind it (the organiser home) has links of the same names.
  return page.getByRole('menuitem', { name, exact: true }).filter({ visible: true });
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
}

test.describe('the user menu', () => {
  test('opens on click under the email, headed Signed in as, with the three entries', async ({
    page,
  }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    await userMenuButton(page, user.email).click();
    await expect(page.getByText('Signed in as')).toBeVisible();
    for (const name of ['Manage my Events', 'Create Event', 'Logout']) {
      await expect(menuEntry(page, name)).toBeVisible();
    }
    await menuEntry(page, 'Manage my Events').click();
    await expect(page).toHaveURL(onPath('/events/manage/all'));
  });

  test('opens on hover', async ({ page }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    await expect(page.getByText('Signed in as')).toBeHidden();
    await userMenuButton(page, user.email).hover();
    await expect(page.getByText('Signed in as')).toBeVisible();
  });

  test('is usable with the keyboard alone', async ({ page }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    const button = userMenuButton(page, user.email);

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Signed in as')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText('Signed in as')).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Signed in as')).toBeVisible();
    // Menus move with the arrow keys (ARIA menu button pattern); plain link lists with Tab.
    let reached = false;
    for (const key of ['ArrowDown', 'Tab']) {
      for (let i = 0; i < 6 && !reached; i += 1) {
        if ((await focusedText(page)) === 'Create Event') reached = true;
        else await page.keyboard.press(key);
      }
      if (reached) break;
      await page.keyboard.press('Escape');
      await button.focus();
      await page.keyboard.press('Enter');
    }
    expect(reached, 'Create Event can be focused with the keyboard').toBe(true);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(onPath('/events/manage/create/event'));
  });

  test('opens with Enter every time, and Tab or Shift+Tab out of it closes it where focus went', async ({
    page,
  }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible(); // the page is there
    const button = userMenuButton(page, user.email);
    const menu = page.getByRole('menu');
    // Opened from the keyboard, focus goes to the first item and the menu stays open: it
    // used to close in the same moment now and then (its focus-out check ran too early).
    for (let i = 0; i < 25; i += 1) {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitem', { name: 'Manage my Events' })).toBeFocused();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    }
    // Tab past the last item: closed, focus on what follows, not sent back to the button.
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Manage my Events' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(menu).toBeHidden();
    await expect(button).not.toBeFocused();
    expect(await focusedText(page)).not.toBe('');
    // Shift+Tab from the button while open: closed, focus on the link before it.
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'Manage my Events' })).toBeFocused();
    await page.keyboard.press('Shift+Tab'); // first item → the button: still open
    await expect(button).toBeFocused();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Shift+Tab');
    await expect(menu).toBeHidden();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }),
    ).toBeFocused();
  });

  test('Logout says Logout successful, goes home and revokes the token on the server', async ({
    page,
  }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    expect((await api('GET', '/auth/user/me', { token: token! })).status).toBe(200);

    await userMenuButton(page, user.email).click();
    await menuEntry(page, 'Logout').click();
    await expect(page.getByText('Logout successful')).toBeVisible();
    await expect(page).toHaveURL(onPath('/'));
    await expect(page.getByText('Signed in as')).toBeHidden();
    expect(await storedToken(page)).toBeNull();
    await expect(userMenuButton(page, user.email)).toHaveCount(0);

    await expect
      .poll(async () => (await api('GET', '/auth/user/me', { token: token! })).status)
      .toBe(401);

    // Signed out, the organiser area is guarded again.
    await page.goto('/events/manage/home');
    await expect(page).toHaveURL(onPath('/login'));
  });

  test('Logout shows its message and nothing else: no request runs without the session', async ({
    page,
  }) => {
    const user = await createVerifiedUser();
    await logInThroughUi(page, user);
    // "Wait a moment": long enough for the session check to have answered.
    await page.waitForTimeout(1500);

    const tokenless: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && !request.headers()['authorization']) {
        tokenless.push(`${request.method()} ${url.pathname}`);
      }
    });
    await userMenuButton(page, user.email).click();
    await menuEntry(page, 'Logout').click();
    await expect(page.getByText('Logout successful')).toBeVisible();
    await expect(page).toHaveURL(onPath('/'));
    // Give a stray refetch time to come back and toast.
    const toasts = page.locator('.Toastify__toast');
    for (let i = 0; i < 4; i++) {
      await expect(toasts).toHaveText(['Logout successful']);
      await page.waitForTimeout(500);
    }
    expect(tokenless.filter((r) => r.includes('/auth/user/'))).toEqual([]);
  });
});
