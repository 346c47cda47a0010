import { createHmac, timingSafeEqual } from 'node:crypto';

/** The waiting room's cookies (decision 034): read from a Cookie header, written as Set-Cookie. */

/** The browser's visitor id: the same place in line for every tab of one browser. */
export const VISITOR_COOKIE = 'gp_wr';
/** The admission pass of one event, sent only with order requests. */
export const passCookie = (eventId: string) => `gp_wrp_${eventId.replaceAll('-', '')}`;
/** The header an API client may send the pass in instead. */
export const PASS_HEADER = 'x-waiting-room-pass';

/** `id.signature`: a 256-bit id the server made and its HMAC (decision 054). */
const VISITOR_VALUE = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: string, purpose: string, value: string) =>
  createHmac('sha256', key).update(`${purpose}:${value}`).digest('base64url');

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The visitor cookie's value for `visitorId`: the id and the server's signature of it. */
export const signVisitorId = (key: string, visitorId: string): string =>
  `${visitorId}.${mac(key, 'wr-visitor', visitorId)}`;

/**
 * The visitor id in the Cookie header, if this server signed it (decision 054): an id a
 * client made up, or an unsigned one, is no visitor at all and is replaced by a new one.
 */
export function readVisitorId(header: string | undefined, key: string): string | undefined {
  const value = readCookie(header, VISITOR_COOKIE);
  const match = value ? VISITOR_VALUE.exec(value) : null;
  if (!match) return undefined;
  const expected = Buffer.from(mac(key, 'wr-visitor', match[1]!));
  const actual = Buffer.from(match[2]!);
  return expected.length === actual.length && timingSafeEqual(expected, actual)
    ? match[1]
    : undefined;
}

/**
 * The one visitor id of a signed-in account (rooms that ask for an account, decision 055):
 * the same in every browser, so an account has one place in a room.
 */
export const accountVisitorId = (key: string, userId: string): string =>
  mac(key, 'wr-account', userId);

export function setCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; path: string; secure: boolean; sameSite: 'Lax' | 'Strict' },
): string {
  return [
    `${name}=${value}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`,
    `Path=${options.path}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
