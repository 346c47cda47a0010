import type { Page, TestInfo } from '@playwright/test';
import { dataAt } from '../support/api.ts';
import { door, givenDoorEvent, givenOrganiser, guest, openDoor } from '../support/door.ts';
import { ENV, requireEnv } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { waitForMail } from '../support/mailbox.ts';

/**
 * A name on every ticket (issue 25 §2, decision 080) in a browser, at 1280 and 375 px,
 * against the built app, PostgreSQL and the SMTP capture: a group buyer of 4 × Regular
 * (one ticket named at checkout) names ticket 2 on their order page and sends it — the
 * holder receives their own mail with their own code —, transfers it alone, sees the rest
 * still theirs, and the door finds the holders by name.
 */

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({
    path: info.outputPath(`${name}-${page.viewportSize()!.width}.png`),
    fullPage: true,
  });
}

/** The mail's own order code, from its text (subjects may come folded). */
const codeIn = (text: string) => {
  const match = /Order code: (\d{8})/.exec(text);
  if (!match) throw new Error(`no order code in: ${text}`);
  return match[1]!;
};

for (const width of [1280, 375]) {
  test(`at ${width} px: name ticket 2, send it to its holder, transfer it alone, and find them at the door`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    const organiser = await givenOrganiser();
    const event = await givenDoorEvent(organiser, { price: 5000 });
    const bola = guest('Bola', 'Group');
    // 4 × Regular, ticket 3 named at checkout (no email: naming sends nothing).
    const created = await dataAt<{
      order: { id: string; orderCode: string };
      accessToken: string;
    }>(requireEnv(ENV.baseUrl), 'POST', '/orders', {
      body: {
        eventId: event.id,
        items: [{ ticketTypeId: event.ticketTypeId, quantity: 4 }],
        buyer: {
          ...bola,
          phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        },
        ticketNames: [{ index: 3, firstName: 'Kemi', lastName: 'Adeyemi' }],
      },
    });
    const headers = { 'x-order-token': created.accessToken };
    const orderPath = `/orders/${created.order.id}`;
    await dataAt(requireEnv(ENV.baseUrl), 'POST', `${orderPath}/pay`, {
      body: { method: 'test' },
      headers,
    });
    await dataAt(requireEnv(ENV.baseUrl), 'POST', `${orderPath}/test-payment`, {
      body: { outcome: 'success' },
      headers,
    });

    // The buyer opens their order with its code and email.
    await page.goto(`/orders/${created.order.orderCode}`);
    await page.getByLabel('Email').fill(bola.email);
    await page.getByRole('button', { name: 'Show my ticket' }).click();
    const section = page.getByRole('region', { name: 'Who is coming?' });
    await expect(section).toBeVisible();
    const ticket = (n: number) => section.getByRole('listitem', { name: `Ticket ${n}` });
    await expect(ticket(3)).toContainText('Kemi Adeyemi');
    await expect(ticket(2)).toContainText('Not named yet');
    await shoot(page, info, 'order-tickets');

    // Name ticket 2 and send it: the contract's sentences first, then the holder's mail.
    await ticket(2).getByRole('button', { name: 'Send to holder' }).click();
    const send = page.getByRole('form', { name: 'Send this ticket to its holder' });
    await send.getByRole('button', { name: 'Send ticket' }).click();
    await expect(send.getByText('First name is required.')).toBeVisible();
    await expect(send.getByText('Email is required.')).toBeVisible();
    const ada = guest('Ada', 'Holder');
    await send.getByLabel('Their first name').fill('Ada');
    await send.getByLabel('Their last name').fill('Holder');
    await send.getByLabel('Their email').fill(ada.email);
    await shoot(page, info, 'send-form');
    await send.getByRole('button', { name: 'Send ticket' }).click();
    await expect(section.getByRole('status')).toContainText('Ticket 2 is on its way to Ada');
    await expect(ticket(2)).toContainText('Ada Holder');
    await expect(ticket(2)).toContainText('Sent');
    await shoot(page, info, 'sent');

    // Ada's own mail: her own order code, not the buyer's; paid by the buyer.
    const adaMail = await waitForMail(ada.email, { matching: /sent you this ticket/ });
    const adaCode = codeIn(adaMail.text);
    expect(adaCode).not.toBe(created.order.orderCode);
    expect(adaMail.text).toContain('Bola Group sent you this ticket');
    expect(adaMail.text).toContain('Admits: 1 person');

    // Transfer ticket 2 alone to Zainab: a new code for her, Ada's stops working.
    await ticket(2).getByRole('button', { name: 'Transfer this ticket' }).click();
    const transfer = page.getByRole('form', { name: 'Transfer this ticket' });
    const zainab = guest('Zainab', 'Yusuf');
    await transfer.getByLabel('Their first name').fill('Zainab');
    await transfer.getByLabel('Their last name').fill('Yusuf');
    await transfer.getByLabel('Their email').fill(zainab.email);
    await transfer.getByRole('button', { name: 'Transfer ticket' }).click();
    await expect(section.getByRole('status')).toContainText("Ticket 2 is now Zainab's");
    await expect(ticket(2)).toContainText('Zainab Yusuf');
    const zainabMail = await waitForMail(zainab.email, {
      matching: /transferred these tickets to you/,
    });
    const zainabCode = codeIn(zainabMail.text);
    expect(zainabCode).not.toBe(adaCode);
    await waitForMail(ada.email, { matching: /were transferred/ });

    // The rest stays with the buyer: three tickets on the order, its code admitting three.
    for (const n of [1, 3, 4]) await expect(ticket(n)).toContainText('With you');
    await page.reload();
    await expect(section).toBeVisible();
    await expect(page.getByRole('article').getByText('3 tickets')).toBeVisible();
    await shoot(page, info, 'rest-with-buyer');

    // The door: Zainab by her name under her own code; the group found by Kemi's name.
    await openDoor(page, organiser, event.id, 4);
    const d = door(page);
    await d.tab('Search').click();
    await d.search.fill('zainab');
    await expect(d.matches).toHaveCount(1);
    await expect(d.matches.first()).toContainText(zainabCode);
    await expect(d.matches.first()).toContainText('Qty: 1');
    await d.search.fill('kemi adey');
    await expect(d.matches).toHaveCount(1);
    await expect(d.matches.first()).toContainText(created.order.orderCode);
    await expect(d.matches.first()).toContainText('Tickets named for: Kemi Adeyemi');
    await expect(d.matches.first()).toContainText('Qty: 3');
    await shoot(page, info, 'door-search');
    await d.search.fill('zainab');
    await d.matches.first().getByRole('button', { name: 'Validate Zainab Yusuf' }).click();
    await expect(d.banner).toContainText('Valid: Zainab Yusuf, ₦5,000');
    await expect(d.banner).toContainText('Qty: 1');
    // Ada's old code reads Invalid (transferred).
    await d.tab('Manual').click();
    await d.manual.fill(adaCode);
    await expect(d.banner).toContainText('Invalid');
    await shoot(page, info, 'door-banner');
  });
}

for (const width of [1280, 375]) {
  test(`at ${width} px: names given at checkout show on the order, to the organiser, and at the door`, async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    const organiser = await givenOrganiser();
    const event = await givenDoorEvent(organiser, { price: 0 });
    const bola = guest('Bola', 'Checkout');
    await page.goto(
      `/checkout/${event.id}?slug=${encodeURIComponent(event.slug)}&items=${event.ticketTypeId}:3`,
    );
    await page.getByLabel('First name').first().fill(bola.firstName);
    await page.getByLabel('Last name').first().fill(bola.lastName);
    await page.getByLabel('Email').first().fill(bola.email);
    await page
      .getByLabel('Phone number')
      .fill(`0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    await page.getByRole('button', { name: 'Name the tickets' }).click();
    const holders = page.getByRole('list', { name: 'Ticket holders' });
    const slot = (n: number) => holders.getByRole('listitem').nth(n - 1);
    await expect(holders.getByRole('listitem')).toHaveCount(3);
    // A half-named ticket is refused under its input, before anything is sent.
    await slot(2).getByLabel('First name').fill('Segun');
    await page.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(slot(2).getByText('Last name is required.')).toBeVisible();
    await slot(2).getByLabel('Last name').fill('Ola');
    await shoot(page, info, 'checkout-names');
    await page.getByRole('button', { name: 'Get free tickets' }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\//);
    const code = (await page.getByTestId('order-code').first().innerText()).replace(/\s/g, '');

    // The organiser's drawer lists whose each ticket is.
    await openDoor(page, organiser, event.id, 3);
    const d = door(page);
    await d.tab('Search').click();
    await d.search.fill('segun ola');
    await expect(d.matches).toHaveCount(1);
    await expect(d.matches.first()).toContainText(code);
    await page.goto('/events/manage/orders');
    await page
      .getByRole('button', { name: new RegExp(`Order ${code}`) })
      .first()
      .click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('list', { name: 'Ticket holders' })).toContainText('Segun Ola');
    await shoot(page, info, 'organiser-drawer');
  });
}
