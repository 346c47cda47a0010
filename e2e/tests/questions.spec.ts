import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { callAt, createVerifiedUser, dataOf, type TestUser } from '../support/api.ts';
import { door } from '../support/door.ts';
import { ENV, requireEnv } from '../support/env.ts';
import { expect, logInThroughUi, test } from '../support/fixtures.ts';

/**
 * Issue 25 §1 at 1280 and 375 px: the organiser adds questions in the wizard's Tickets step
 * (one of them shown only for an allergy) → a buyer answers them at checkout, a required one
 * refused while empty with its sentence → the answers show in the order drawer, in the orders
 * CSV (one column per question) and at the door's search by the guest's name.
 */

const base = () => requireEnv(ENV.baseUrl);

async function logIn(user: TestUser): Promise<string> {
  const answer = await callAt(base(), 'POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  return dataOf<{ token: string }>(answer, 200, 'login').token;
}

async function givenEvent(token: string) {
  const title = `Supper Club ${randomBytes(3).toString('hex')}`;
  const startAt = new Date(Date.now() + 14 * 86_400_000);
  startAt.setUTCHours(18, 0, 0, 0);
  const draft = dataOf<{ id: string }>(
    await callAt(base(), 'POST', '/events/manage', {
      token,
      body: {
        title,
        summary: 'A long table under the stars.',
        category: 'Food & Drink',
        venueName: 'The Garden',
        address: '12 Admiralty Way, Lekki',
        city: 'Lagos',
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 4 * 3_600_000).toISOString(),
      },
    }),
    201,
    'create event',
  );
  dataOf(
    await callAt(base(), 'POST', `/events/manage/${draft.id}/ticket-types`, {
      token,
      body: { name: 'Seat', price: 0, capacity: 50 },
    }),
    201,
    'ticket type',
  );
  const published = dataOf<{ slug: string }>(
    await callAt(base(), 'POST', `/events/manage/${draft.id}/publish`, { token }),
    200,
    'publish',
  );
  return { id: draft.id, slug: published.slug, title };
}

test.describe.configure({ timeout: 150_000 });

for (const width of [1280, 375]) {
  test(`questions asked in the wizard, answered at checkout, shown in the drawer, the CSV and at the door (${width} px)`, async ({
    page,
    browser,
  }) => {
    const height = width === 375 ? 812 : 900;
    await page.setViewportSize({ width, height });
    const user = await createVerifiedUser();
    const token = await logIn(user);
    const event = await givenEvent(token);

    // The organiser adds three questions in the Tickets step.
    await logInThroughUi(page, user);
    await page.goto(`/events/manage/create/${event.id}/tickets`);
    const section = page.getByRole('region', { name: 'Questions at checkout' });
    await expect(section).toBeVisible();
    await expect(section).toContainText('No questions yet');
    const cards = section.getByTestId('question-card');

    await section.getByRole('button', { name: 'Add question' }).click();
    await cards.nth(0).getByLabel('Question', { exact: true }).fill('Dietary needs');
    await cards.nth(0).getByLabel('Answer').selectOption('one_choice');
    await cards.nth(0).getByLabel('Choices').fill('None\nVegetarian\nAllergy');
    await cards.nth(0).getByLabel('Required').check();

    await section.getByRole('button', { name: 'Add question' }).click();
    await cards.nth(1).getByLabel('Question', { exact: true }).fill('Which allergy?');
    await cards.nth(1).getByLabel('Required').check();
    await cards.nth(1).getByLabel('Show only when').selectOption({ label: 'Dietary needs' });
    await cards.nth(1).getByLabel('is answered').selectOption('Allergy');

    await section.getByRole('button', { name: 'Add question' }).click();
    await cards.nth(2).getByLabel('Question', { exact: true }).fill('Guest name');
    await cards.nth(2).getByLabel('Asked').selectOption('ticket');
    await cards.nth(2).getByLabel('Required').check();

    if (width === 375)
      await page.screenshot({ path: `test-results/questions-wizard-${width}.png`, fullPage: true });
    else await section.screenshot({ path: `test-results/questions-wizard-${width}.png` });
    await section.getByRole('button', { name: 'Save questions' }).click();
    await expect(page.getByText('Questions saved.')).toBeVisible();

    // A buyer, in their own browser, takes two seats.
    const buyerContext = await browser.newContext({ viewport: { width, height } });
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/events/${event.slug}`);
    await buyer.getByRole('button', { name: 'One more Seat' }).click();
    await buyer.getByRole('button', { name: 'One more Seat' }).click();
    await buyer.getByRole('button', { name: 'Get tickets' }).click();
    await expect(buyer).toHaveURL(/\/checkout\//);
    const lastName = `Quest${randomBytes(2).toString('hex')}`;
    await buyer.getByLabel('First name').fill('Ngozi');
    await buyer.getByLabel('Last name').fill(lastName);
    await buyer.getByLabel('Email').fill(`ngozi-${randomBytes(3).toString('hex')}@example.com`);
    await buyer
      .getByLabel('Phone number')
      .fill(`0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`);

    const questions = buyer.getByRole('region', { name: 'A few questions' });
    await expect(questions).toBeVisible();
    await expect(questions.getByText('Ticket 2 · Seat')).toBeVisible();
    // The conditional question waits for its answer.
    await expect(questions.getByLabel('Which allergy?')).toHaveCount(0);

    // Required ones left empty are refused with their sentence; nothing is sent.
    await buyer.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(questions.getByText('"Dietary needs" needs an answer.')).toBeVisible();
    await expect(questions.getByText('"Guest name" needs an answer.')).toHaveCount(2);

    await questions.getByRole('radio', { name: 'Allergy' }).check();
    await expect(questions.getByLabel('Which allergy?')).toBeVisible();
    await questions.getByLabel('Guest name').nth(0).fill('Ngozi Okafor');
    await questions.getByLabel('Guest name').nth(1).fill('Emeka Bello');
    await buyer.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(questions.getByText('"Which allergy?" needs an answer.')).toBeVisible();
    await questions.getByLabel('Which allergy?').fill('Peanuts');
    await questions.screenshot({ path: `test-results/questions-checkout-${width}.png` });

    const ordered = buyer.waitForRequest(
      (r) => r.url().endsWith('/api/v1/orders') && r.method() === 'POST',
    );
    await buyer.getByRole('button', { name: 'Get free tickets' }).click();
    const sent = JSON.parse((await ordered).postData() ?? '{}') as { answers: object };
    expect(Object.values(sent.answers)).toEqual(
      expect.arrayContaining(['Allergy', 'Peanuts', 'Ngozi Okafor', 'Emeka Bello']),
    );
    await expect(
      buyer.getByRole('heading', { name: "You're going! Your order is confirmed." }),
    ).toBeVisible();
    await buyerContext.close();

    // The organiser reads the answers in the order's drawer.
    await page.goto('/events/manage/orders');
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(lastName);
    await page
      .getByRole('button', { name: /^Order \d{8}/ })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    const answers = drawer.getByTestId('order-answers');
    await expect(answers).toBeVisible();
    await expect(answers).toContainText('Dietary needs');
    await expect(answers).toContainText('Allergy');
    await expect(answers).toContainText('Which allergy?');
    await expect(answers).toContainText('Peanuts');
    await expect(answers).toContainText('Ticket 2 · Seat');
    await expect(answers).toContainText('Emeka Bello');
    await answers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/questions-drawer-${width}.png` });
    await page.keyboard.press('Escape');

    // The CSV: one column per question, the per-ticket one as "1: …; 2: …".
    await page.goto(`/events/manage/orders?eventId=${event.id}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toContain('Dietary needs,Which allergy?,Guest name');
    const row = rows.find((r) => r.includes(lastName))!;
    expect(row).toContain('Allergy,Peanuts,1: Ngozi Okafor; 2: Emeka Bello');

    // The door finds the order by a guest's name.
    await page.goto(`/events/manage/verify-ticket/${event.id}`);
    const d = door(page);
    await d.tab('Search').click();
    await d.search.fill('emeka bel');
    await expect(d.matches).toHaveCount(1);
    await expect(d.matches.first()).toContainText(`Ngozi ${lastName}`);
    await expect(d.matches.first()).toContainText('Guests: Ngozi Okafor · Emeka Bello');
  });
}
