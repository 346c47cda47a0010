import AxeBuilder from '@axe-core/playwright';
import { formatEventDate } from '@gatepass/shared';
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { api, createVerifiedUser, type TestUser } from '../support/api.ts';
import { expect, logInThroughUi, onPath, test } from '../support/fixtures.ts';

/**
 * Events end to end: an organiser builds an event through every wizard step (with a cover
 * upload and a reload half-way), publishes it, and an anonymous visitor finds it by search
 * and by filters, opens it and reads the spec's ₦ and date formats; at 1280 and at 375 px.
 */

// A PNG made here (no image library): a 1200 × 675 diagonal gradient, RGB, no filter.
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function gradientPng(width = 1200, height = 675): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    rows[row] = 0;
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      rows[i] = Math.round((x / width) * 200) + 40;
      rows[i + 1] = 60;
      rows[i + 2] = Math.round((y / height) * 180) + 60;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Serious and critical axe-core violations on the page as it is now, at the top of the
 * page. The fixed navbar is pinned as `absolute` for the check (the same place and look at
 * the top): axe's layout grid does not see what lies under a fixed element and judges its
 * light text against the body's light background instead of the dark band behind it.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const pin = await page.addStyleTag({ content: 'header { position: absolute !important; }' });
  const results = await new AxeBuilder({ page }).analyze();
  await pin.evaluate((node) => (node as HTMLElement).remove());
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

interface CreatedEvent {
  id: string;
  slug: string;
  title: string;
  city: string;
  /** The start as the spec's date format shows it. */
  when: string;
  /** yyyy-mm-dd of the start in Lagos. */
  day: string;
}

const nextYear = new Date().getUTCFullYear() + 1;

/** The Lagos wall-clock start the wizard is given, and what the pages must show for it. */
function eventTimes() {
  const day = `${nextYear}-12-05`;
  return {
    day,
    startLocal: `${day}T19:00`,
    endLocal: `${day}T23:30`,
    when: formatEventDate(new Date(`${day}T19:00:00+01:00`), 'Africa/Lagos'),
  };
}

const DESCRIPTION = [
  '## The line-up',
  '',
  '- **The Lagos Jazz Trio**',
  '- Guest vocalists',
  '',
  '<script>window.__pwned = true</script>',
  '<img src="x" onerror="window.__pwned = true">',
  '[Click me](javascript:window.__pwned=true)',
].join('\n');

async function next(page: Page, heading: string) {
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
}

/** The organiser's side: every step of the wizard through the UI, ending published. */
async function createThroughWizard(page: Page, user: TestUser, tag: string): Promise<CreatedEvent> {
  const id = randomBytes(3).toString('hex');
  const title = `Harbour Jazz ${tag} ${id}`;
  const city = `Lagos ${id}`;
  const times = eventTimes();

  await logInThroughUi(page, user);
  await page.goto('/events/manage/create/event');
  await page.getByLabel('Event title').fill(title);
  await page.getByLabel('Category').selectOption('Music');
  await page.getByRole('button', { name: 'Create draft and continue' }).click();
  await expect(page).toHaveURL(/\/events\/manage\/create\/[0-9a-f-]{36}\/details$/);
  const eventId = /create\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('navigation', { name: 'Event setup steps' })).toBeVisible();

  // Details: the client checks the shared contract before anything is sent.
  await page.getByLabel('Event title').fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('main').getByText('Title is required.')).toBeVisible();
  await page.getByLabel('Event title').fill(title);
  await page.getByLabel('Summary').fill('Live jazz and highlife by the lagoon.');
  await page.getByRole('textbox', { name: /description/i }).fill(DESCRIPTION);
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'The line-up' })).toBeVisible();
  await page.getByRole('tab', { name: 'Write' }).click();
  await next(page, 'Date & place');

  // Date & place, then a reload before saving: the persisted event store keeps what was typed.
  await page.getByLabel('Starts').fill(times.startLocal);
  await page.getByLabel('Ends').fill(times.endLocal);
  await expect(page.getByLabel('Time zone')).toHaveValue('Africa/Lagos');
  await page.getByLabel('Venue name').fill('Terra Kulture');
  await page.getByLabel('Address').fill('1376 Tiamiyu Savage Street, Victoria Island');
  await page.getByLabel('City').fill(city);
  await expect
    .poll(() => page.evaluate(() => window.localStorage.getItem('persist:root') ?? ''))
    .toContain(city);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Date & place' })).toBeVisible();
  await expect(page.getByLabel('Starts')).toHaveValue(times.startLocal);
  await expect(page.getByLabel('Venue name')).toHaveValue('Terra Kulture');
  await expect(page.getByLabel('City')).toHaveValue(city);
  // The server's own rule (end after start) comes back beside the field.
  await page.getByLabel('Ends').fill(`${times.day}T18:00`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('main').getByText('The end time must be after the start time.'),
  ).toBeVisible();
  await page.getByLabel('Ends').fill(times.endLocal);
  await next(page, 'Tickets');

  // Tickets: two types, added one after the other.
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  await page.getByLabel('Ticket name').fill('Regular');
  await page.getByLabel('Price', { exact: true }).fill('5000');
  await page.getByLabel('Capacity').fill('100');
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  await expect(page.getByRole('main').getByText('₦5,000.00')).toBeVisible();
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  await page.getByLabel('Ticket name').fill('VIP table');
  await page.getByLabel('Price', { exact: true }).fill('25000');
  await page.getByLabel('Capacity').fill('20');
  await page.getByLabel('Maximum per order').fill('4');
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  await expect(page.getByRole('main').getByText('₦25,000.00')).toBeVisible();
  await next(page, 'Media');

  // Media: a PNG cover, shown back from the server once stored.
  await page.getByLabel(/upload a cover image/i).setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: gradientPng(),
  });
  await expect(page.getByText('Cover image saved.')).toBeVisible();
  const cover = page.locator('img[src^="/api/v1/media/"]').first();
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await next(page, 'Review & publish');

  await expect(page.getByText('Ready to publish')).toBeVisible();
  await expect(page.getByText(times.when).first()).toBeVisible();
  await page.getByRole('button', { name: 'Publish event' }).click();
  await expect(page).toHaveURL(onPath(`/events/manage/events/${eventId}`));
  await expect(page.getByText('Your event is published.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const link = await page.getByLabel('Event link').inputValue();
  const slug = new URL(link).pathname.replace(/^\/events\//, '');
  expect(slug).toMatch(/^harbour-jazz/);
  return { id: eventId, slug, title, city, when: times.when, day: times.day };
}

/** The visitor's side: search from the home page, filters on the list, the event page. */
async function findAsVisitor(page: Page, event: CreatedEvent) {
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search events' }).fill(event.title);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/events\?q=/);
  await expect(page.getByText(/^1\s+event/)).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: event.title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('₦5,000.00 – ₦25,000.00');
  await expect(card).toContainText(event.when);

  // Filters, kept in the URL: category, city and a date range around the day.
  await page.goto('/events');
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toBeVisible();
  // On a phone the filters fold under a button.
  const phoneFilters = page.getByRole('button', { name: /^Filters/ });
  if (await phoneFilters.isVisible()) await phoneFilters.click();
  await page.getByLabel('Category').selectOption('Music');
  await expect(page).toHaveURL(/category=Music/);
  await page.getByLabel('City').fill(event.city);
  await page.getByLabel('City').press('Enter');
  await expect(page).toHaveURL(/city=/);
  await page.getByLabel('Date', { exact: true }).selectOption('range');
  await page.getByLabel('From', { exact: true }).fill(event.day);
  await page.getByLabel('To', { exact: true }).fill(event.day);
  await expect(page).toHaveURL(new RegExp(`from=${event.day}&to=${event.day}`));
  await expect(page.getByText(/^1\s+event/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search events' })).toBeVisible();
  if (await phoneFilters.isVisible()) {
    await expect(phoneFilters).toHaveText('Filters (3)');
    await phoneFilters.click();
  }
  await expect(page.getByLabel('City')).toHaveValue(event.city);
  // A range that misses the day finds nothing, and says so.
  await page.getByLabel('To', { exact: true }).fill(`${nextYear}-12-07`);
  await page.getByLabel('From', { exact: true }).fill(`${nextYear}-12-06`);
  await expect(page.getByRole('heading', { name: 'No events found' })).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill(event.day);
  await page.getByLabel('To', { exact: true }).fill(event.day);

  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.getByRole('link', { name: event.title }).click();
  await expect(page).toHaveURL(onPath(`/events/${event.slug}`));
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByText(event.when, { exact: true })).toBeVisible();
  await expect(page.getByText('₦5,000.00', { exact: true })).toBeVisible();
  await expect(page.getByText('₦25,000.00', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /open in google maps/i })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Terra%20Kulture/,
  );
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    `/api/v1/events/${event.slug}/calendar.ics`,
  );

  // The description is Markdown rendered without raw HTML: tags show as text, nothing runs.
  const about = page.getByRole('region', { name: 'About this event' });
  await expect(about.getByRole('heading', { name: 'The line-up' })).toBeVisible();
  await expect(about.getByText('The Lagos Jazz Trio')).toBeVisible();
  await expect(about).toContainText('<script>');
  expect(await about.locator('script, img[onerror], a[href^="javascript"]').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  // The server sent it rendered and sanitised (decision 019): no Markdown parser was loaded.
  expect(scripts.length).toBeGreaterThan(0);
  // (markdown-classes is the prose styling shared with the preview, not a parser.)
  expect(scripts.filter((url) => /markdown-view|marked|purify/i.test(url))).toEqual([]);

  // Quantities within min/max, then Get tickets opens the checkout with the chosen lines.
  const getTickets = page.getByRole('button', { name: 'Get tickets' });
  await expect(getTickets).toBeDisabled();
  await page.getByRole('button', { name: 'One more Regular' }).click();
  await page.getByRole('button', { name: 'One more Regular' }).click();
  for (let i = 0; i < 4; i++)
    await page.getByRole('button', { name: 'One more VIP table' }).click();
  await expect(page.getByRole('status', { name: 'VIP table quantity' })).toHaveText('4');
  await expect(page.getByRole('button', { name: 'One more VIP table' })).toBeDisabled();
  await expect(page.getByText('₦110,000.00')).toBeVisible();
  // The checkout screen may move on by itself; the address it was opened with is what counts.
  let checkoutUrl: URL | undefined;
  await Promise.all([
    page.waitForURL((url) => {
      if (url.pathname === `/checkout/${event.id}`) checkoutUrl = url;
      return checkoutUrl !== undefined;
    }),
    getTickets.click(),
  ]);
  expect(checkoutUrl?.searchParams.get('slug')).toBe(event.slug);
  const items = checkoutUrl?.searchParams.get('items') ?? '';
  expect(items.split(',')).toHaveLength(2);
  expect(items).toMatch(/^[0-9a-f-]{36}:2,[0-9a-f-]{36}:4$|^[0-9a-f-]{36}:4,[0-9a-f-]{36}:2$/);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: '375 px', width: 375, height: 812 },
]) {
  test.describe(`events at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    test.describe.configure({ mode: 'serial' });
    let created: CreatedEvent | undefined;

    test('an organiser creates an event through every step, reloading half-way, and publishes it', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const user = await createVerifiedUser();
      created = await createThroughWizard(page, user, viewport.width > 600 ? 'D' : 'M');
      // The organiser's list shows it with its figures and actions.
      await page.goto('/events/manage/all');
      const list = page.getByText(created.title).filter({ visible: true });
      await expect(list.first()).toBeVisible();
      await expect(page.getByText('Published').filter({ visible: true }).first()).toBeVisible();
    });

    test('an anonymous visitor finds it by search and by filters and sees ₦ prices and the spec’s date', async ({
      page,
    }) => {
      test.setTimeout(60_000);
      test.skip(!created, 'needs the event of the previous test');
      await findAsVisitor(page, created!);
    });
  });
}

/** A published event made through the API, for the checks that are not about the wizard. */
async function givenPublishedEvent(): Promise<{
  slug: string;
  id: string;
  title: string;
  token: string;
  user: TestUser;
}> {
  const user = await createVerifiedUser();
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  const token = login.body.token as string;
  const title = `Api Gala ${randomBytes(3).toString('hex')}`;
  const times = eventTimes();
  const created = await api('POST', '/events/manage', {
    token,
    body: {
      title,
      summary: 'An evening of "music" & <friends>.',
      description: '## Programme\n\nDinner, then dancing.',
      category: 'Music',
      startAt: times.startLocal,
      endAt: times.endLocal,
      venueName: 'Eko Hotel',
      address: 'Adetokunbo Ademola Street',
      city: 'Lagos',
    },
  });
  expect(created.status).toBe(201);
  const event = created.body.data as { id: string; slug: string };
  const type = await api('POST', `/events/manage/${event.id}/ticket-types`, {
    token,
    body: { name: 'Regular', price: 7500, capacity: 50 },
  });
  expect(type.status).toBe(201);
  const published = await api('POST', `/events/manage/${event.id}/publish`, { token });
  expect(published.status).toBe(200);
  return { ...event, title, token, user };
}

test('a plain HTTP GET of /events/{slug} carries the Open Graph tags and the JSON-LD', async ({
  request,
}) => {
  const event = await givenPublishedEvent();
  const response = await request.get(`/events/${event.slug}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<meta property="og:title" content="${event.title}"`);
  expect(html).toContain('application/ld+json');
  const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const data = JSON.parse(jsonLd) as { '@type': string; name: string; offers: unknown };
  expect(data['@type']).toBe('Event');
  expect(data.name).toBe(event.title);
  expect(data.offers).toBeTruthy();
});

test("the event page shows who organises it: the settings' public name and logo, with alt text, and no contact details", async ({
  page,
  browser,
  baseURL,
}) => {
  const event = await givenPublishedEvent();
  await page.goto(`/events/${event.slug}`);
  const organiser = page.getByRole('region', { name: 'Organised by' });
  await expect(organiser).toContainText(event.user.fullName);
  await expect(organiser.getByRole('img')).toHaveCount(0);

  await logInThroughUi(page, event.user);
  await page.goto('/events/manage/settings');
  await page.getByLabel(/^Public name/).fill('Harbour Nights Co');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByLabel('Logo image').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: gradientPng(256, 256),
  });
  await expect(page.getByText('Logo saved.')).toBeVisible();

  // A visitor who is not signed in opens the page.
  const visitor = await browser.newContext({ baseURL });
  const anon = await visitor.newPage();
  // The public answer names the organiser and nothing more; the page's HTML carries the
  // same answer (decision 021), so nothing else reaches the visitor there either.
  const answer = (await (await visitor.request.get(`/api/v1/events/${event.slug}`)).json()) as {
    data: { organiser: unknown };
  };
  expect(answer.data.organiser).toEqual({
    name: 'Harbour Nights Co',
    logoUrl: expect.any(String),
  });
  const html = await (await visitor.request.get(`/events/${event.slug}`)).text();
  expect(html).toContain('Harbour Nights Co');
  expect(html).not.toContain(event.user.email);
  expect(html).not.toContain(event.user.phoneNumber);
  await anon.goto(`/events/${event.slug}`);
  const shown = anon.getByRole('region', { name: 'Organised by' });
  await expect(shown).toContainText('Harbour Nights Co');
  const logo = shown.getByRole('img', { name: 'Harbour Nights Co logo' });
  await expect(logo).toBeVisible();
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const text = await anon.locator('body').innerText();
  expect(text).not.toContain(event.user.email);
  expect(text).not.toContain(event.user.fullName);
  await visitor.close();
});

test('a public page arrives with its data: a first load asks the API nothing, moving on asks as before', async ({
  page,
}) => {
  // Decision 021: the HTML of /, /events/ and /events/{slug} carries the answers their first
  // render needs; each is used once, and the app asks the server for anything after that.
  const event = await givenPublishedEvent();
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The event page's view beacon (decision 071) reads nothing: it is a count sent after
    // the page has rendered.
    if (url.pathname.startsWith('/api/v1/events') && !url.pathname.endsWith('/view'))
      asked.push(`${url.pathname}${url.search}`);
  });

  await page.goto(`/events/?q=${encodeURIComponent(event.title)}`);
  await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
  await expect(page.getByText('1 event', { exact: false })).toBeVisible();
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About this event' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Upcoming events' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Browse by category' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  expect(asked).toEqual([]);

  // Inside the app, the list of all events is asked of the server as before.
  await page.getByRole('link', { name: 'See all events' }).click();
  await expect(page).toHaveURL(/\/events\/?$/);
  await expect.poll(() => asked).toContain('/api/v1/events?page=1');
});

test('a cancelled event says so on its page and offers no tickets', async ({ page }) => {
  const event = await givenPublishedEvent();
  const cancelled = await api('POST', `/events/manage/${event.id}/cancel`, {
    token: event.token,
    body: { reason: 'The venue flooded.' },
  });
  expect(cancelled.status).toBe(200);
  await page.goto(`/events/${event.slug}`);
  await expect(page.getByText('This event has been cancelled.')).toBeVisible();
  await expect(page.getByText('The venue flooded.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get tickets' })).toHaveCount(0);
});

test('an organiser cancels a published event from their list, saying why', async ({ page }) => {
  const user = await createVerifiedUser();
  await logInThroughUi(page, user);
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  const token = login.body.token as string;
  const times = eventTimes();
  const created = await api('POST', '/events/manage', {
    token,
    body: {
      title: 'Rooftop Sessions',
      category: 'Nightlife',
      startAt: times.startLocal,
      endAt: times.endLocal,
      onlineUrl: 'https://meet.example.com/rooftop',
    },
  });
  const event = created.body.data as { id: string; slug: string };
  await api('POST', `/events/manage/${event.id}/ticket-types`, {
    token,
    body: { name: 'Free entry', price: 0, capacity: 30 },
  });
  await api('POST', `/events/manage/${event.id}/publish`, { token });

  await page.goto('/events/manage/all');
  await page
    .getByRole('button', { name: 'Actions for Rooftop Sessions' })
    .filter({ visible: true })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel event…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Cancel “Rooftop Sessions”?');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(dialog.getByText('Please say why the event is cancelled.')).toBeVisible();
  await dialog.getByLabel('Why is it cancelled?').fill('The artist is unwell.');
  await dialog.getByRole('button', { name: 'Cancel event' }).click();
  await expect(page.getByText('The event is cancelled.')).toBeVisible();
  await expect(page.getByText('Cancelled').filter({ visible: true }).first()).toBeVisible();

  await page.goto(`/events/${event.slug}`);
  await expect(page.getByText('This event has been cancelled.')).toBeVisible();
  await expect(page.getByText('The artist is unwell.')).toBeVisible();
});

test('/, /events/ and /events/{slug} have no serious or critical axe-core violation', async ({
  page,
}) => {
  // Three full axe analyses: ~15 s alone, more on a loaded machine.
  test.slow();
  const event = await givenPublishedEvent();
  const pages = [
    { path: '/', ready: page.getByRole('article').first() },
    { path: '/events/', ready: page.getByRole('article').first() },
    { path: `/events/${event.slug}`, ready: page.getByRole('button', { name: 'Get tickets' }) },
  ];
  for (const { path, ready } of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Judged with the data on screen, not the loading skeletons.
    await expect(ready).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('editing a published event with sales warns about buyers and shows the server’s refusal of capacity below sold', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  const token = login.body.token as string;
  const times = eventTimes();
  const created = await api('POST', '/events/manage', {
    token,
    body: {
      title: 'Sold Some Gala',
      category: 'Music',
      startAt: times.startLocal,
      endAt: times.endLocal,
      venueName: 'Eko Hotel',
      address: 'Adetokunbo Ademola Street',
      city: 'Lagos',
    },
  });
  const event = created.body.data as { id: string };
  const type = await api('POST', `/events/manage/${event.id}/ticket-types`, {
    token,
    // Free, so the order below completes at once.
    body: { name: 'Regular', price: 0, capacity: 50 },
  });
  const typeId = (type.body.data as { id: string }).id;
  expect((await api('POST', `/events/manage/${event.id}/publish`, { token })).status).toBe(200);
  // A buyer takes three tickets.
  const order = await api('POST', '/orders', {
    body: {
      eventId: event.id,
      items: [{ ticketTypeId: typeId, quantity: 3 }],
      buyer: {
        firstName: 'Tunde',
        lastName: 'Bello',
        email: 'tunde@example.com',
        phone: `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`, // its own phone: orders are limited per buyer phone
      },
    },
  });
  expect(order.status).toBe(201);

  await logInThroughUi(page, user);
  await page.goto(`/events/manage/create/${event.id}/date-place`);
  await expect(page.getByText('3 tickets are sold.', { exact: false })).toBeVisible();
  await page.getByLabel('Starts').fill(`${times.day}T20:00`);
  await expect(
    page.getByText('This change affects people who already have tickets.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save and continue' })).toBeVisible();
  await page.getByLabel('Starts').fill(times.startLocal);
  await expect(page.getByText('This change affects people who already have tickets.')).toHaveCount(
    0,
  );

  await page.getByRole('button', { name: 'Next' }).click();
  // Sold tickets cannot be deleted with their type.
  await expect(page.getByRole('button', { name: 'Remove Regular' })).toBeDisabled();
  await page.getByRole('button', { name: 'Edit Regular' }).click();
  await page.getByLabel('Capacity').fill('2');
  await page.getByRole('button', { name: 'Save ticket type' }).click();
  await expect(
    page.getByRole('main').getByText('Capacity cannot be lower than the 3 tickets already sold.'),
  ).toBeVisible();
  await page.getByLabel('Capacity').fill('40');
  await page.getByRole('button', { name: 'Save ticket type' }).click();
  await expect(page.getByText('“Regular” saved.')).toBeVisible();
  await expect(page.getByRole('main').getByText(/3 of 40\s+sold/)).toBeVisible();
});

test('a draft keeps what was typed when the organiser leaves and comes back, and publishing lists every missing item', async ({
  page,
}) => {
  const user = await createVerifiedUser();
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  const token = login.body.token as string;
  const created = await api('POST', '/events/manage', { token, body: { title: 'Half Done' } });
  const event = created.body.data as { id: string };

  await logInThroughUi(page, user);
  await page.goto(`/events/manage/create/${event.id}/details`);
  await page.getByLabel('Summary').fill('Typed, then straight away elsewhere.');
  // Leave at once, before any save could happen, through the sidebar.
  await page.getByRole('link', { name: 'Home' }).filter({ visible: true }).last().click();
  await expect(page).toHaveURL(onPath('/events/manage/home'));
  await page.goto(`/events/manage/create/${event.id}/details`);
  await expect(page.getByLabel('Summary')).toHaveValue('Typed, then straight away elsewhere.');
  // …and it reaches the server as a draft saves itself.
  await expect(page.getByText('All changes saved')).toBeVisible();
  await expect
    .poll(async () => {
      const answer = await api('GET', `/events/manage/${event.id}`, { token });
      return (answer.body.data as { summary: string | null }).summary;
    })
    .toBe('Typed, then straight away elsewhere.');

  await page.getByRole('link', { name: /Review & publish/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Review & publish' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish event' }).click();
  const problems = page.getByRole('main').getByRole('alert');
  await expect(problems).toContainText('This event cannot be published yet:');
  for (const missing of [
    'Set when the event starts.',
    'Set when the event ends.',
    'Add a venue (name, address and city) or an online link.',
    'Add at least one ticket type.',
  ]) {
    await expect(problems).toContainText(missing);
  }
  await problems.getByRole('button', { name: 'Go to Tickets' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tickets' })).toBeVisible();
});
