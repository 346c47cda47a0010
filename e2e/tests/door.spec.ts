import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import {
  attendedAt,
  door,
  doorCount,
  doorList,
  enterCode,
  givenDoor,
  givenOrder,
  guest,
  importFile,
  openDoor,
  verifyTicketPath,
  writeQrVideo,
} from '../support/door.ts';
import { chromiumArgs, chromiumPath } from '../support/chromium.ts';
import { expect, logInThroughUi, onPath, test, userMenuButton } from '../support/fixtures.ts';

/**
 * The door (spec §2 verify-ticket screen, §4 scan results and idle sync, §5 manual code
 * and search, §7 the two ticketPurchase calls, §9 timings), against the built app, a real
 * server and PostgreSQL. Orders are made through the public API.
 */

/** The guests most tests let in: Ada with one ticket, Bayo with two. */
const ADA = ['Ada', 'Obi', 1] as const;
const BAYO = ['Bayo', 'Adeyemi', 2] as const;

const toasts = (page: Page) => page.locator('.Toastify__toast');

/**
 * Serious and critical axe-core violations of the door screen as it is now (the page's
 * main region; the shared navbar has its own checks).
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

test('Manual and Search: validation only at 8 digits, the three banners, the counter, quiet idle sync and the Send toast', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const {
    organiser,
    event,
    orders: [ada, bayo],
  } = await givenDoor(5000, [ADA, BAYO]);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));

  await openDoor(page, organiser, event.id, 3);
  const d = door(page);
  await expect(page.getByRole('heading', { name: 'Verify tickets' })).toBeVisible();
  await expect(page.getByText(event.title)).toBeVisible();
  // Three tabs, QR Scan first. This browser has no camera: only logged, and a quiet hint.
  await expect(page.getByRole('tab')).toHaveText(['QR Scan', 'Manual', 'Search']);
  await expect(d.tab('QR Scan')).toHaveAttribute('aria-selected', 'true');
  await expect(d.hints).toContainText('Camera off');
  expect(errors.some((e) => e.includes('The camera could not start'))).toBe(true);
  await expect(toasts(page)).toHaveCount(0);
  // No torch button without a camera that has one.
  await expect(page.getByRole('button', { name: /torch/i })).toHaveCount(0);

  await d.tab('Manual').click();
  await expect(d.hints.getByText('Camera off')).toHaveCount(0);
  for (const notYet of [
    ada.orderCode.slice(0, 7),
    `${ada.orderCode}9`,
    `${ada.orderCode.slice(0, 7)}x`,
  ]) {
    await d.manual.fill(notYet);
    await expect(d.manual).toHaveValue(notYet);
  }
  await expect(d.bannerBox).toHaveCount(0);

  await d.manual.fill(ada.orderCode);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
  await expect(d.banner).toContainText('Valid: Ada Obi, ₦5,000.00');
  await expect(d.banner).toContainText('Qty: 1');
  // Paid with the TEST provider (the e2e server runs in test mode): the steward sees it.
  await expect(d.banner).toContainText('TEST — not paid');
  await expect(d.manual).toHaveValue('');
  await expect(d.count).toHaveText('1 / 3');

  await d.manual.fill(ada.orderCode);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'used');
  await expect(d.banner).toContainText('Already used');
  await expect(d.banner).toContainText('Qty: 1');

  const unknown = ada.orderCode === '00000000' ? '00000001' : '00000000';
  await d.manual.fill(unknown);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'invalid');
  await expect(d.banner.locator('[data-result] p').first()).toHaveText('Invalid');
  await expect(d.count).toHaveText('1 / 3');

  // Search: case-insensitive on 'first last' or email, each match with a Validate button.
  await d.tab('Search').click();
  await d.search.fill('bAYO adE');
  await expect(d.matches).toHaveCount(1);
  await expect(d.matches.first()).toContainText(bayo.email);
  await d.matches
    .first()
    .getByRole('button', { name: /Validate/ })
    .click();
  await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
  await expect(d.banner).toContainText('Valid: Bayo Adeyemi, ₦10,000.00');
  await expect(d.banner).toContainText('Qty: 2');
  await expect(d.count).toHaveText('3 / 3');

  await d.search.fill(ada.email.toUpperCase());
  await expect(d.matches).toHaveCount(1);
  await expect(d.matches.first()).toContainText('Checked in');
  await d.matches
    .first()
    .getByRole('button', { name: /Validate/ })
    .click();
  await expect(d.bannerBox).toHaveAttribute('data-result', 'used');
  await d.search.fill('nobody-here');
  await expect(page.getByText('No matches')).toBeVisible();
  // The order code is not a search key (spec: name or email).
  await d.search.fill(ada.orderCode);
  await expect(d.matches).toHaveCount(0);

  // 3 s after the last scan the codes reach the server, with no toast.
  await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();
  await expect.poll(() => attendedAt(organiser, event.id, bayo.orderCode)).not.toBeNull();
  await expect(d.hints.getByText('waiting to send')).toHaveCount(0);
  await expect(toasts(page)).toHaveCount(0);

  // 'Send Validated Tickets': the toast is the answer's data.data.message.
  const answer = page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/v1/ticketPurchase/mark-attended') && r.request().method() === 'POST',
  );
  await d.send.click();
  const response = await answer;
  const sent = response.request().postDataJSON() as { ticketCodes: string[]; eventId: string };
  expect(sent.eventId).toBe(event.id);
  expect(sent.ticketCodes.sort()).toEqual([ada.orderCode, bayo.orderCode].sort());
  const { data } = (await response.json()) as { data: { message: string } };
  // The idle sync sent both already: the message says so (not 'already used').
  expect(data.message).toBe('All 2 tickets were already sent.');
  await expect(toasts(page).filter({ hasText: data.message })).toBeVisible();

  // Without a message the toast falls back to 'Tickets sent'.
  await page.route('**/api/v1/ticketPurchase/mark-attended', (route) =>
    route.fulfill({ json: { data: { marked: [], alreadyUsed: [], unknown: [] } } }),
  );
  await d.send.click();
  await expect(toasts(page).filter({ hasText: 'Tickets sent' })).toBeVisible();
});

test('QR Scan with a fake camera: Valid, the same QR ignored for 5 s, then Already used', async ({
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const {
    organiser,
    event,
    orders: [ada],
  } = await givenDoor(5000, [ADA]);
  const video = testInfo.outputPath('ticket-qr.y4m');
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
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text()))
        problems.push(m.text());
    });
    // Not waiting to see '0 / 1': the camera may validate the code the moment the list
    // arrives (the compact list comes sooner), so the count can go from '0 / 0' to '1 / 1'.
    await openDoor(page, organiser, event.id);
    const d = door(page);
    await expect(d.tab('QR Scan')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: /torch/i })).toHaveCount(0);

    await expect(d.bannerBox).toHaveAttribute('data-result', 'valid', { timeout: 20_000 });
    await expect(d.banner).toContainText('Valid: Ada Obi, ₦5,000.00');
    await expect(d.banner).toContainText('QR scan');
    const firstId = await d.bannerBox.getAttribute('data-result-id');
    const firstAt = Number(await d.bannerBox.getAttribute('data-result-at'));
    await expect(d.count).toHaveText('1 / 1');

    // The camera keeps seeing the code; for 5 s it is ignored. Read 4 s after the first
    // result by the page's own clock (a loaded machine may be slow to get here): the banner
    // is still the first result, or one that came at least 5 s after it.
    await page.waitForFunction((t) => Date.now() >= t, firstAt + 4000);
    const seen = await d.bannerBox.evaluate((el) => ({
      id: el.getAttribute('data-result-id'),
      at: Number(el.getAttribute('data-result-at')),
    }));
    if (seen.id !== firstId) expect(seen.at - firstAt).toBeGreaterThanOrEqual(5000);

    await expect(d.bannerBox).toHaveAttribute('data-result', 'used', { timeout: 10_000 });
    await expect(d.banner).toContainText('Already used');
    await expect(d.banner).toContainText('Qty: 1');
    const againAt = Number(await d.bannerBox.getAttribute('data-result-at'));
    expect(againAt - firstAt).toBeGreaterThanOrEqual(5000);
    expect(againAt - firstAt).toBeLessThan(9000);
    await expect(d.hints.getByText('Camera off')).toHaveCount(0);
    // qr-scanner's decoder runs as a blob: worker under the server's CSP.
    expect(problems).toEqual([]);
    await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();
    await context.close();
  } finally {
    await browser.close();
  }
});

test('Export then Import restores the tickets and the validated codes on another device; a malformed file is ignored', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const {
    organiser,
    event,
    orders: [ada, bayo, chidi],
  } = await givenDoor(2500, [ADA, BAYO, ['Chidi', 'Eze', 1]]);

  await openDoor(page, organiser, event.id, 4);
  await enterCode(page, ada.orderCode);
  await expect(door(page).bannerBox).toHaveAttribute('data-result', 'valid');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    door(page).exportButton.click(),
  ]);
  expect(download.suggestedFilename()).toBe('data.json');
  const file = await download.path();
  const backup = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    tickets: { orderCode: string; firstName: string; quantity: number }[];
    validated: string[];
  };
  expect(backup.validated).toEqual([ada.orderCode]);
  expect(backup.tickets.map((t) => t.orderCode).sort()).toEqual(
    [ada, bayo, chidi].map((o) => o.orderCode).sort(),
  );
  expect(backup.tickets.find((t) => t.orderCode === bayo.orderCode)).toMatchObject({
    firstName: 'Bayo',
    quantity: 2,
  });

  // Another device that cannot reach the door calls: its lists come from the file only.
  const other = await browser.newContext({ baseURL });
  const page2 = await other.newPage();
  await page2.route('**/api/v1/ticketPurchase/**', (route) => route.abort('internetdisconnected'));
  await openDoor(page2, organiser, event.id);
  const d2 = door(page2);
  await expect(d2.count).toHaveText('0 / 0');
  await expect(d2.hints).toContainText('Could not load the order list');
  await expect(toasts(page2)).toHaveCount(0);

  for (const bad of ['{"tickets": "nope"', '{"tickets": [], "validated": [42]}', '[]']) {
    await importFile(page2, {
      name: 'data.json',
      mimeType: 'application/json',
      buffer: Buffer.from(bad),
    });
  }
  await page2.waitForTimeout(300);
  await expect(d2.count).toHaveText('0 / 0');
  await expect(toasts(page2)).toHaveCount(0);

  await importFile(page2, file);
  await expect(d2.count).toHaveText('1 / 4');
  await enterCode(page2, ada.orderCode);
  await expect(d2.bannerBox).toHaveAttribute('data-result', 'used');
  await enterCode(page2, chidi.orderCode);
  await expect(d2.banner).toContainText('Valid: Chidi Eze, ₦2,500.00');
  await expect(d2.count).toHaveText('2 / 4');

  // A malformed file after a good one changes nothing either.
  await importFile(page2, {
    name: 'data.json',
    mimeType: 'application/json',
    buffer: Buffer.from('not json at all'),
  });
  await page2.waitForTimeout(300);
  await expect(d2.count).toHaveText('2 / 4');

  // Restored lists are saved on the device.
  await page2.reload();
  await expect(d2.count).toHaveText('2 / 4');
  await other.close();
});

test('Offline: validates from the cache, survives a reload served by the service worker, and reaches the server when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const {
    organiser,
    event,
    orders: [ada, bayo],
  } = await givenDoor(5000, [ADA, BAYO]);

  await openDoor(page, organiser, event.id, 3);
  // The service worker has precached the app shell and every built file.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first idle save has written the list (3 s after opening).
  await expect
    .poll(() => page.evaluate((id) => localStorage.getItem(`tickets_${id}`), event.id))
    .toContain(ada.orderCode);

  await context.setOffline(true);
  const d = door(page);
  await expect(d.hints).toContainText('Offline');
  await enterCode(page, ada.orderCode);
  await expect(d.banner).toContainText('Valid: Ada Obi, ₦5,000.00');
  await expect(d.hints).toContainText('Offline, 1 waiting to send');

  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(d.count).toHaveText('1 / 3');
  await enterCode(page, ada.orderCode);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'used');
  await enterCode(page, bayo.orderCode);
  await expect(d.banner).toContainText('Valid: Bayo Adeyemi, ₦10,000.00');
  await expect(d.hints).toContainText('Offline, 2 waiting to send');
  await page.screenshot({ path: test.info().outputPath('offline.png'), animations: 'disabled' });
  await page.waitForTimeout(3500);
  expect(await attendedAt(organiser, event.id, ada.orderCode)).toBeNull();

  // A cold start offline too: a new tab of the same browser opens the route.
  const coldTab = await context.newPage();
  await coldTab.goto(verifyTicketPath(event.id));
  await expect(doorCount(coldTab)).toHaveText('3 / 3');
  await coldTab.close();

  await context.setOffline(false);
  await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();
  await expect.poll(() => attendedAt(organiser, event.id, bayo.orderCode)).not.toBeNull();
  await expect(d.hints.getByText('waiting to send')).toHaveCount(0);
  await expect(d.hints.getByText('Offline')).toHaveCount(0);
});

test('Logout: the attendee list leaves the device, an unsent check-in stays as its code only and reaches the server at the next login', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const {
    organiser,
    event,
    orders: [ada, bayo],
  } = await givenDoor(5000, [ADA, BAYO]);
  const device = () =>
    page.evaluate(() =>
      Object.fromEntries(
        Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)!).map((k) => [
          k,
          localStorage.getItem(k)!,
        ]),
      ),
    );

  await openDoor(page, organiser, event.id, 3);
  await expect
    .poll(() => page.evaluate((id) => localStorage.getItem(`tickets_${id}`), event.id))
    .toContain(bayo.email);
  await context.setOffline(true);
  await enterCode(page, ada.orderCode);
  await expect(door(page).banner).toContainText('Valid: Ada Obi, ₦5,000.00');
  await expect(door(page).hints).toContainText('Offline, 1 waiting to send');

  await userMenuButton(page, organiser.user.email).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logout successful')).toBeVisible();
  await expect(page).toHaveURL(onPath('/'));
  await expect.poll(async () => Object.keys(await device())).not.toContain(`tickets_${event.id}`);
  const left = await device();
  expect(left[`validated_${event.id}`]).toBe(JSON.stringify([ada.orderCode]));
  const everything = JSON.stringify(left);
  for (const personal of ['Ada', 'Obi', 'Bayo', 'Adeyemi', ada.email, bayo.email]) {
    expect(everything, personal).not.toContain(personal);
  }
  expect(await attendedAt(organiser, event.id, ada.orderCode)).toBeNull();

  await context.setOffline(false);
  await logInThroughUi(page, organiser.user);
  await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();
  await expect.poll(async () => Object.keys(await device())).not.toContain(`validated_${event.id}`);
  expect(await attendedAt(organiser, event.id, bayo.orderCode)).toBeNull();
});

test.describe('before the service worker has installed', () => {
  // A steward who loses the network right after opening the door: nothing is cached yet
  // and no service worker answers, so what the door may show offline must have loaded
  // with it (the toast library, lib/toast.ts preloadToasts; decision 090).
  test.use({ serviceWorkers: 'block' });

  test('Logout offline still says "Logout successful"', async ({ page, context }) => {
    const { organiser, event } = await givenDoor(5000, [ADA]);
    await openDoor(page, organiser, event.id, 1);
    await context.setOffline(true);
    await expect(door(page).hints).toContainText('Offline');
    await userMenuButton(page, organiser.user.email).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logout successful')).toBeVisible();
    await context.setOffline(false);
  });
});

test('Two devices on one event: the code is Valid on one and Already used on the other after its refresh', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const {
    organiser,
    event,
    orders: [ada, bayo],
  } = await givenDoor(5000, [ADA, BAYO]);
  const deviceA = await browser.newContext({ baseURL });
  const deviceB = await browser.newContext({ baseURL });
  const a = await deviceA.newPage();
  const b = await deviceB.newPage();
  await openDoor(a, organiser, event.id, 3);
  await openDoor(b, organiser, event.id, 3);

  await enterCode(a, ada.orderCode);
  await expect(door(a).banner).toContainText('Valid: Ada Obi, ₦5,000.00');
  await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();

  // Device B lets Bayo in; its next refresh (3 s later) brings Ada's check-in.
  await enterCode(b, bayo.orderCode);
  await expect(door(b).bannerBox).toHaveAttribute('data-result', 'valid');
  await expect(doorCount(b)).toHaveText('3 / 3', { timeout: 10_000 });
  await enterCode(b, ada.orderCode);
  await expect(door(b).bannerBox).toHaveAttribute('data-result', 'used');
  await expect(door(b).banner).toContainText('Already used');

  // And device A, idle meanwhile, learns of Bayo at one of its idle refreshes.
  await expect.poll(() => attendedAt(organiser, event.id, bayo.orderCode)).not.toBeNull();
  await expect(doorCount(a)).toHaveText('3 / 3', { timeout: 30_000 });
  await enterCode(a, bayo.orderCode);
  await expect(door(a).bannerBox).toHaveAttribute('data-result', 'used');
  // Checked in once each, by the first scan.
  const list = await doorList(organiser, event.id);
  expect(list.filter((o) => o.attendedAt)).toHaveLength(2);
  await deviceA.close();
  await deviceB.close();
});

test('a guest who buys at the gate while the door is open is Valid at once, not Invalid until the next sync (decision 109)', async ({
  page,
}) => {
  const {
    organiser,
    event,
    orders: [ada],
  } = await givenDoor(5000, [ADA]);
  await openDoor(page, organiser, event.id, 1);
  // Ada is let in; the door's next sync is then up to 3 s away.
  await enterCode(page, ada.orderCode);
  await expect(door(page).bannerBox).toHaveAttribute('data-result', 'valid');
  await expect.poll(() => attendedAt(organiser, event.id, ada.orderCode)).not.toBeNull();

  const late = await givenOrder(event, guest('Kemi', 'Bello'), 1);
  await enterCode(page, late.orderCode);
  await expect(door(page).bannerBox).toHaveAttribute('data-result', 'valid', { timeout: 4000 });
  await expect(door(page).banner).toContainText('Valid: Kemi Bello, ₦5,000.00');
  await expect(doorCount(page)).toHaveText('2 / 2');

  // A code nobody bought is still Invalid, after the same short look at the server.
  await enterCode(page, '00000000');
  await expect(door(page).bannerBox).toHaveAttribute('data-result', 'invalid', { timeout: 4000 });
});

/**
 * Shows each banner through the Manual tab, checks it with axe-core (contrast of the
 * coloured banners included) and saves a screenshot of the screen.
 */
async function screenshotBanners(
  page: Page,
  codes: { valid: string; invalid: string },
  name: string,
) {
  const d = door(page);
  const shots: Record<string, Buffer> = {};
  await enterCode(page, codes.valid);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'valid');
  await page.waitForTimeout(250); // the banner's entrance, before colours are measured
  expect(await seriousViolations(page)).toEqual([]);
  shots.valid = await page.screenshot({
    path: test.info().outputPath(`${name}-valid.png`),
    animations: 'disabled',
  });
  await enterCode(page, codes.valid);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'used');
  await page.waitForTimeout(250);
  expect(await seriousViolations(page)).toEqual([]);
  shots.used = await page.screenshot({
    path: test.info().outputPath(`${name}-already-used.png`),
    animations: 'disabled',
  });
  await enterCode(page, codes.invalid);
  await expect(d.bannerBox).toHaveAttribute('data-result', 'invalid');
  await page.waitForTimeout(250);
  expect(await seriousViolations(page)).toEqual([]);
  shots.invalid = await page.screenshot({
    path: test.info().outputPath(`${name}-invalid.png`),
    animations: 'disabled',
  });
  for (const [kind, shot] of Object.entries(shots)) {
    await test.info().attach(`${name}-${kind}`, { body: shot, contentType: 'image/png' });
  }
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the banner, the tabs and the buttons are big and in reach, and nothing scrolls sideways', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const {
      organiser,
      event,
      orders: [ada],
    } = await givenDoor(15000, [
      ['Adaeze', 'Okonkwo-Nwachukwu', 3],
      ['Bayo', 'Adeyemi', 1],
    ]);
    await openDoor(page, organiser, event.id, 4);
    const d = door(page);
    // On the QR Scan tab the whole camera view fits on the screen under the banner.
    const cameraView = await page.getByLabel('Camera view').boundingBox();
    expect(cameraView!.y + cameraView!.height).toBeLessThanOrEqual(740);
    await page.screenshot({
      path: test.info().outputPath('phone-qr-tab.png'),
      animations: 'disabled',
    });
    await screenshotBanners(page, { valid: ada.orderCode, invalid: '00000000' }, 'phone');

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    // The banner sits in view under the navbar, as wide as the screen allows.
    const banner = await d.bannerBox.boundingBox();
    expect(banner).not.toBeNull();
    expect(banner!.y).toBeGreaterThanOrEqual(60);
    expect(banner!.y + banner!.height).toBeLessThanOrEqual(740);
    expect(banner!.width).toBeGreaterThanOrEqual(330);
    expect(banner!.height).toBeGreaterThanOrEqual(90);
    // Tap targets of at least 44 px.
    for (const target of [
      d.tab('QR Scan'),
      d.tab('Manual'),
      d.tab('Search'),
      d.manual,
      d.send,
      d.exportButton,
      d.importButton,
    ]) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    // Scrolled down to the buttons, the banner stays in view (sticky under the navbar).
    await d.send.scrollIntoViewIfNeeded();
    await expect(d.bannerBox).toBeInViewport();

    await d.tab('Search').click();
    await d.search.fill('okonkwo');
    await expect(d.matches).toHaveCount(1);
    const validate = await d.matches
      .first()
      .getByRole('button', { name: /Validate/ })
      .boundingBox();
    expect(validate?.height ?? 0).toBeGreaterThanOrEqual(44);
    await page.screenshot({
      path: test.info().outputPath('phone-search.png'),
      animations: 'disabled',
    });
  });
});

test('desktop screenshots of each banner', async ({ page }) => {
  test.setTimeout(60_000);
  const {
    organiser,
    event,
    orders: [ada],
  } = await givenDoor(5000, [['Ada', 'Obi', 2]]);
  await openDoor(page, organiser, event.id, 2);
  await screenshotBanners(page, { valid: ada.orderCode, invalid: '00000000' }, 'desktop');
  const banner = await door(page).bannerBox.boundingBox();
  expect(banner!.y + banner!.height).toBeLessThanOrEqual(800);
});

test('a large event: 10,000 orders load and each search keystroke answers within a frame', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { organiser, event } = await givenDoor(5000, []);
  const lastNames = ['Okafor', 'Adeyemi', 'Bello', 'Eze'];
  // The door's compact rows (decision 088): code, names, email, kobo, quantity, let in,
  // test payment, ticket type and its count, further fields.
  const rows = Array.from({ length: 10_000 }, (_, i) => [
    String(20_000_000 + i),
    `Guest${i}`,
    lastNames[i % 4]!,
    `guest${i}@example.com`,
    500_000 * (1 + (i % 3)),
    1 + (i % 3),
    null,
    0,
    'Regular',
    1 + (i % 3),
    null,
  ]);
  const total = rows.reduce((sum, r) => sum + (r[5] as number), 0);
  // The server's answer for this event is replaced by a large one (and its syncs by none).
  await page.route(`**/api/v1/ticketPurchase/event/${event.id}/compact*`, (route) =>
    route.fulfill({
      json: new URL(route.request().url()).searchParams.has('since')
        ? { cursor: '1.5', full: false }
        : { cursor: '1.5', full: true, types: ['Regular'], orders: rows, refused: [] },
    }),
  );
  await page.route('**/api/v1/ticketPurchase/mark-attended', (route) =>
    route.fulfill({ json: { data: { message: 'ok', marked: [], alreadyUsed: [], unknown: [] } } }),
  );
  await openDoor(page, organiser, event.id);
  const started = Date.now();
  await expect(doorCount(page)).toHaveText(`0 / ${total.toLocaleString('en-NG')}`);
  const loadMs = Date.now() - started;
  expect(loadMs).toBeLessThan(5000);

  const d = door(page);
  await d.tab('Search').click();
  const timings = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>(
      'input[placeholder="Search by name or email"]',
    )!;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const out: { query: string; ms: number; shown: number }[] = [];
    for (const query of [
      'g',
      'gu',
      'gue',
      'gues',
      'guest',
      'guest9',
      'guest99',
      'guest999',
      'guest9999',
      'EZE',
    ]) {
      const t0 = performance.now();
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Preact (docs/decisions/015) renders the state change in the microtask queued by the
      // event, which runs before this await resumes: the time includes that render.
      await Promise.resolve();
      const ms = performance.now() - t0;
      const shown = document.querySelectorAll('[aria-label="Matching orders"] li').length;
      out.push({ query, ms, shown });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return out;
  });
  console.log(
    `[door] 10,000 orders listed in ${loadMs} ms; search per keystroke (ms): ${timings.map((t) => `${t.query}=${t.ms.toFixed(1)}`).join(' ')}`,
  );
  expect(timings.find((t) => t.query === 'g')?.shown).toBe(50);
  expect(timings.find((t) => t.query === 'guest9999')?.shown).toBe(1);
  expect(timings.find((t) => t.query === 'EZE')?.shown).toBe(50);
  const sorted = timings.map((t) => t.ms).sort((x, y) => x - y);
  // A frame is 16.7 ms: the median keystroke fits in one (the slowest gets slack for a
  // garbage collection or a busy CI machine).
  expect(sorted[Math.floor(sorted.length / 2)]!).toBeLessThan(16.7);
  expect(sorted.at(-1)!).toBeLessThan(100);
  await expect(
    page.getByText('Showing 50 of 2,500 matches. Type more to narrow down.'),
  ).toBeVisible();

  await d.search.fill('guest9999@');
  await d.matches
    .first()
    .getByRole('button', { name: /Validate/ })
    .click();
  await expect(d.banner).toContainText('Valid: Guest9999 Eze, ₦5,000.00');
  await expect(d.banner).toContainText('Qty: 1');
});

test('installable: the web app manifest, its icons and the service worker are served', async ({
  page,
  request,
}) => {
  const manifest = await request.get('/manifest.webmanifest');
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(body).toMatchObject({ name: 'Gatepass', display: 'standalone' });
  expect(body.start_url).toMatch(/^\//);
  for (const size of ['192x192', '512x512']) {
    const icon = body.icons.find((i) => i.sizes === size && i.type === 'image/png');
    expect(icon, size).toBeDefined();
    const image = await request.get(icon!.src);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  }
  expect(body.icons.some((i) => i.purpose === 'maskable')).toBe(true);

  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  const source = await sw.text();
  const build = JSON.parse(/const BUILD = (.*); \/\/ gatepass:precache/.exec(source)![1]!) as {
    version: string;
    files: string[];
  };
  expect(build.version).not.toBe('dev');
  expect(build.files).toContain('/index.html');
  expect(build.files.some((f) => /^\/assets\/verify-ticket-.*\.js$/.test(f))).toBe(true);
  expect(build.files.some((f) => /^\/assets\/qr-scanner-worker.*\.js$/.test(f))).toBe(true);
  expect(build.files.some((f) => f.endsWith('.map'))).toBe(false);
  for (const file of build.files) {
    expect((await request.get(file)).status(), file).toBe(200);
  }

  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
    'href',
    '/manifest.webmanifest',
  );
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
});
