import { sql } from 'kysely';
import sharp from 'sharp';
import { expect } from 'vitest';
import { API, type TestApp } from './helper.ts';

export const EVENTS = `${API}/events`;
export const MANAGE = `${EVENTS}/manage`;

/** A settable clock for the app's time-based rules: `startTestApp(overrides, { now: () => clock.now })`. */
export interface TestClock {
  now: Date;
}

/** Rows in the media table: uploads that were refused must leave it unchanged. */
export async function countMedia(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('media')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

// Events --------------------------------------------------------------------------------

const DAY = 86_400_000;

/** An ISO instant `days` from now (or from `from`), at a whole hour. */
export function daysFromNow(days: number, from: Date = new Date()): string {
  const d = new Date(from.getTime() + days * DAY);
  d.setUTCMinutes(0, 0, 0);
  return d.toISOString();
}

export interface EventInput {
  title: string;
  summary?: string | null;
  description?: string | null;
  category?: string;
  venueName?: string | null;
  address?: string | null;
  city?: string | null;
  onlineUrl?: string | null;
  startAt?: string | null;
  endAt?: string | null;
  timeZone?: string;
  visibility?: 'public' | 'unlisted';
  feeMode?: 'pass' | 'absorb';
  /** Offline payment is the organiser's choice per event (off unless set). */
  offlinePayment?: boolean;
  offlineHoldHours?: number;
  coverImageId?: string | null;
  /** Paystack channels the checkout offers (all four unless set). */
  paystackChannels?: string[];
}

/** A complete, publishable event a month from now, at a Lagos venue. */
export function eventInput(overrides: Partial<EventInput> = {}): EventInput {
  const startAt = overrides.startAt ?? daysFromNow(30);
  return {
    title: 'Lagos Jazz Night',
    summary: 'An evening of live jazz by the lagoon.',
    description: '## Line-up\n\n- The Lagos Trio\n- Special guests',
    category: 'Music',
    venueName: 'Terra Kulture',
    address: '1376 Tiamiyu Savage Street, Victoria Island',
    city: 'Lagos',
    startAt,
    endAt: startAt ? new Date(new Date(startAt).getTime() + 3 * 3_600_000).toISOString() : null,
    ...overrides,
  };
}

export interface TicketTypeInput {
  name: string;
  price?: number;
  capacity: number;
  description?: string | null;
  minPerOrder?: number;
  maxPerOrder?: number;
  salesStartAt?: string | null;
  salesEndAt?: string | null;
  hidden?: boolean;
  kind?: 'regular' | 'pay_what_you_want' | 'donation' | 'table';
  suggestedPrice?: number | null;
  seats?: number;
  accessCodes?: string[];
}

export const ticketInput = (overrides: Partial<TicketTypeInput> = {}): TicketTypeInput => ({
  name: 'Regular',
  price: 5000,
  capacity: 100,
  ...overrides,
});

export async function givenDraftEvent(
  t: TestApp,
  token: string,
  overrides: Partial<EventInput> = {},
) {
  const res = await t.post(MANAGE, eventInput(overrides), { token });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; slug: string; title: string; status: string };
}

export async function givenTicketType(
  t: TestApp,
  token: string,
  eventId: string,
  overrides: Partial<TicketTypeInput> = {},
) {
  const res = await t.post(`${MANAGE}/${eventId}/ticket-types`, ticketInput(overrides), { token });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string; name: string; price: number; capacity: number };
}

/** A published event with the given ticket types (one ₦5,000 type by default). */
export async function givenPublishedEvent(
  t: TestApp,
  token: string,
  overrides: Partial<EventInput> = {},
  tickets: Partial<TicketTypeInput>[] = [{}],
) {
  const event = await givenDraftEvent(t, token, overrides);
  for (const ticket of tickets) await givenTicketType(t, token, event.id, ticket);
  const res = await t.post(`${MANAGE}/${event.id}/publish`, undefined, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data as { id: string; slug: string; title: string; status: string };
}

// Uploads -------------------------------------------------------------------------------

/** A real image of the given format, made by sharp (noise, so it does not compress to nothing). */
export async function makeImage(
  format: 'jpeg' | 'png' | 'webp',
  options: { width?: number; height?: number; alpha?: boolean } = {},
): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const channels = options.alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + (i >> 7) * 11) & 0xff;
  if (options.alpha) for (let i = 3; i < raw.length; i += 4) raw[i] = 128;
  const image = sharp(raw, { raw: { width, height, channels } });
  return image.toFormat(format).toBuffer();
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartBody(
  file: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gatepass${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'cover.jpg'}"\r\n` +
      `Content-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
