import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import QRCode from 'qrcode';
import { api, createVerifiedUser, type ApiAnswer, type TestUser } from './api.ts';
import type { Page } from '@playwright/test';
import { ENV, requireEnv } from './env.ts';
import { expect, loginScreen, MANAGE_HOME } from './fixtures.ts';

/**
 * The door's world, made through the public API as an organiser would: a verified
 * organiser, a published event and completed orders (free ones complete at once, paid
 * ones through the built-in TEST payment provider).
 */

function must(answer: ApiAnswer, status: number, what: string): Record<string, unknown> {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body.data as Record<string, unknown>;
}

/** Any API call, with extra headers (the order access token) where needed. */
async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  if (!options.headers) return api(method, path, options);
  const res = await fetch(`${requireEnv(ENV.baseUrl)}/api/v1${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

export interface Organiser {
  user: TestUser;
  token: string;
}

export async function givenOrganiser(): Promise<Organiser> {
  const user = await createVerifiedUser();
  const login = await api('POST', '/auth/user/login', {
    body: { phoneNumber: user.phoneNumber, password: user.password },
  });
  const token = (must(login, 200, 'login') as { token: string }).token;
  return { user, token };
}

export interface DoorEvent {
  id: string;
  slug: string;
  title: string;
  ticketTypeId: string;
}

/**
 * A published event a month from now whose fee the organiser absorbs (totals stay round);
 * with `publish: false`, the draft with everything publishing needs.
 */
export async function givenDoorEvent(
  organiser: Organiser,
  ticket: { price: number; capacity?: number } = { price: 5000 },
  { publish = true }: { publish?: boolean } = {},
): Promise<DoorEvent> {
  const title = `Door Night ${randomBytes(3).toString('hex')}`;
  const startAt = new Date(Date.now() + 30 * 86_400_000);
  startAt.setUTCMinutes(0, 0, 0);
  const event = must(
    await api('POST', '/events/manage', {
      token: organiser.token,
      body: {
        title,
        summary: 'Live music by the lagoon.',
        description: 'An evening of live music.',
        category: 'Music',
        venueName: 'Terra Kulture',
        address: '1376 Tiamiyu Savage Street, Victoria Island',
        city: 'Lagos',
        startAt: startAt.toISOString(),
        endAt: new Date(startAt.getTime() + 3 * 3_600_000).toISOString(),
        feeMode: 'absorb',
      },
    }),
    201,
    'create event',
  ) as { id: string; slug: string };
  const type = must(
    await api('POST', `/events/manage/${event.id}/ticket-types`, {
      token: organiser.token,
      body: {
        name: 'Regular',
        price: ticket.price,
        capacity: ticket.capacity ?? 200,
        maxPerOrder: 5,
      },
    }),
    201,
    'create ticket type',
  ) as { id: string };
  if (publish) {
    must(
      await api('POST', `/events/manage/${event.id}/publish`, { token: organiser.token }),
      200,
      'publish',
    );
  }
  return { id: event.id, slug: event.slug, title, ticketTypeId: type.id };
}

export interface Guest {
  firstName: string;
  lastName: string;
  email: string;
}

export interface DoorOrder extends Guest {
  orderCode: string;
  quantity: number;
}

/** A completed order: free ones complete at once, paid ones through the TEST provider. */
export async function givenOrder(event: DoorEvent, guest: Guest, quantity = 1): Promise<DoorOrder> {
  const created = must(
    await api('POST', '/orders', {
      body: {
        eventId: event.id,
        items: [{ ticketTypeId: event.ticketTypeId, quantity }],
        buyer: {
          ...guest,
          phone: `0803${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
        },
      },
    }),
    201,
    'create order',
  ) as { order: { id: string; orderCode: string; status: string }; accessToken: string };
  const { order, accessToken } = created;
  if (order.status !== 'completed') {
    const headers = { 'x-order-token': accessToken };
    must(
      await call('POST', `/orders/${order.id}/pay`, { body: { method: 'test' }, headers }),
      200,
      'choose TEST payment',
    );
    must(
      await call('POST', `/orders/${order.id}/test-payment`, {
        body: { outcome: 'success' },
        headers,
      }),
      200,
      'TEST payment',
    );
  }
  return { ...guest, orderCode: order.orderCode, quantity };
}

export function guest(firstName: string, lastName: string): Guest {
  const id = randomBytes(3).toString('hex');
  return { firstName, lastName, email: `${firstName.toLowerCase()}.${id}@example.com` };
}

/** A guest and how many tickets they buy: [first name, last name, quantity]. */
export type GuestOrder = readonly [firstName: string, lastName: string, quantity: number];

/**
 * The usual start of a door test: a verified organiser, their published event at `price`
 * a ticket, and one completed order per guest, made in the order given.
 */
export async function givenDoor<const G extends readonly GuestOrder[]>(
  price: number,
  guests: G,
): Promise<{ organiser: Organiser; event: DoorEvent; orders: { [K in keyof G]: DoorOrder } }> {
  const organiser = await givenOrganiser();
  const event = await givenDoorEvent(organiser, { price });
  const orders: DoorOrder[] = [];
  for (const [firstName, lastName, quantity] of guests) {
    orders.push(await givenOrder(event, guest(firstName, lastName), quantity));
  }
  return { organiser, event, orders: orders as { [K in keyof G]: DoorOrder } };
}

/** The door list as the server has it (spec §7 GET ticketPurchase/event/{eventId}). */
export async function doorList(
  organiser: Organiser,
  eventId: string,
): Promise<{ orderCode: string; attendedAt: string | null }[]> {
  const answer = await api('GET', `/ticketPurchase/event/${eventId}`, { token: organiser.token });
  return must(answer, 200, 'door list') as unknown as {
    orderCode: string;
    attendedAt: string | null;
  }[];
}

export async function attendedAt(
  organiser: Organiser,
  eventId: string,
  orderCode: string,
): Promise<string | null> {
  return (
    (await doorList(organiser, eventId)).find((o) => o.orderCode === orderCode)?.attendedAt ?? null
  );
}

export const verifyTicketPath = (eventId: string) => `/events/manage/verify-ticket/${eventId}`;

/** Logs in through the login screen, then opens the door of the event and waits for its list. */
export async function openDoor(
  page: Page,
  organiser: Organiser,
  eventId: string,
  tickets?: number,
): Promise<void> {
  await page.goto('/login');
  const login = loginScreen(page);
  await login.phone.fill(organiser.user.phoneNumber);
  await login.password.fill(organiser.user.password);
  await login.loginButton.click();
  await expect(page).toHaveURL(MANAGE_HOME);
  // redux-persist writes the session a moment later; a full page load must find it.
  await page.waitForFunction(() =>
    /loggedIn\\?"\s*:\s*true/.test(localStorage.getItem('persist:root') ?? ''),
  );
  await page.goto(verifyTicketPath(eventId));
  if (tickets !== undefined) await expect(doorCount(page)).toHaveText(`0 / ${tickets}`);
}

/** The door screen, found as a steward finds it. */
export function door(page: Page) {
  const banner = page.getByRole('region', { name: 'Scan result' });
  return {
    banner,
    bannerBox: banner.locator('[data-result]'),
    tab: (name: 'QR Scan' | 'Manual' | 'Search') => page.getByRole('tab', { name }),
    manual: page.getByPlaceholder('Enter 8-digit code'),
    search: page.getByPlaceholder('Search by name or email'),
    matches: page.getByRole('list', { name: 'Matching orders' }).getByRole('listitem'),
    send: page.getByRole('button', { name: 'Send Validated Tickets' }).filter({ visible: true }),
    exportButton: page
      .getByRole('button', { name: 'Export', exact: true })
      .filter({ visible: true }),
    importButton: page
      .getByRole('button', { name: 'Import', exact: true })
      .filter({ visible: true }),
    count: doorCount(page),
    hints: page.getByRole('list', { name: 'Door status' }),
  };
}

export const doorCount = (page: Page) => page.getByTestId('door-count');

/** Types a code into the Manual tab (validation fires at exactly 8 digits). */
export async function enterCode(page: Page, code: string): Promise<void> {
  const d = door(page);
  await d.tab('Manual').click();
  await d.manual.fill(code);
}

/** Picks a file (a path, or a name, type and bytes) with the door's Import button. */
export async function importFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await door(page).importButton.click();
  await (await chooser).setFiles(file);
}

/**
 * A Y4M video (Chromium's --use-file-for-fake-video-capture format) that shows `text` as a
 * QR code: modules drawn from the qrcode package into the luma plane of raw YUV 4:2:0
 * frames, black on white with a quiet zone, a few seconds long (Chromium loops it).
 */
export function writeQrVideo(
  file: string,
  text: string,
  { width = 640, height = 480, frames = 20, fps = 10 } = {},
): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = Math.floor((Math.min(width, height) * 0.55) / size);
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + col * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
