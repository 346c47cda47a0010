import { createHmac, timingSafeEqual } from 'node:crypto';

/** The waiting room's cookies (decision 034): read from a Cookie header, written as Set-Cookie. */

/** The browser's visitor id: the same place in line for every tab of one browser. */
export const VISITOR_COOKIE = 'gp_wr';
/** The admission pass of one event, sent only with order requests. */
export const passCookie = (eventId: string) => `gp_wrp_${eventId.replaceAll('-', '')}`;
/** The header an API client may send the pass in instead. */
export const PASS_HEADER = 'x-waiting-room-pass';
/**
 * The visitor's place in one room's line, signed (decision 098): a poll that brings it back
 * is answered from the room's clock alone until the visitor's turn may have come.
 */
export const placeCookie = (roomId: string) => `gp_wrq_${roomId.replaceAll('-', '')}`;
/** The header the widget carries the place in (it gets no cookies in a frame). */
export const PLACE_HEADER = 'x-waiting-room-place';

/**
 * The widget (decision 074) carries the visitor in this header instead of the gp_wr cookie,
 * which a browser does not send from a frame on another site; and asks with CARRY_HEADER
 * for the visitor and the pass in the answer's headers instead of cookies.
 */
export const VISITOR_HEADER = 'x-waiting-room-visitor';
export const CARRY_HEADER = 'x-waiting-room-carry';

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

const PLACE_VALUE = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;
const placeMac = (key: string, roomId: string, visitorId: string, rank: number) =>
  mac(key, 'wr-place', `${roomId}|${visitorId}|${rank}`);

/** The place cookie's value: the visitor's rank in the room, signed for this visitor and room. */
export const signPlace = (key: string, roomId: string, visitorId: string, rank: number): string =>
  `${rank}.${placeMac(key, roomId, visitorId, rank)}`;

/**
 * The rank a place value holds, if this server signed it for this visitor in this room (a
 * room turned off and on again has a new id, so an old place no longer reads).
 */
export function readPlace(
  value: string | undefined,
  key: string,
  roomId: string,
  visitorId: string,
): number | undefined {
  const match = value ? PLACE_VALUE.exec(value) : null;
  if (!match) return undefined;
  const rank = Number(match[1]);
  const expected = Buffer.from(placeMac(key, roomId, visitorId, rank));
  const actual = Buffer.from(match[2]!);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? rank : undefined;
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

type Headers = Record<string, string | string[] | undefined>;

/**
 * The request's Cookie header with a visitor carried in VISITOR_HEADER put first, so it is
 * the one read: the same signed value the cookie would hold, checked the same way.
 */
export function cookieWithCarried(headers: Headers): string | undefined {
  const cookie = typeof headers.cookie === 'string' ? headers.cookie : undefined;
  const carried = headers[VISITOR_HEADER];
  if (typeof carried !== 'string' || !VISITOR_VALUE.test(carried)) return cookie;
  return cookie ? `${VISITOR_COOKIE}=${carried}; ${cookie}` : `${VISITOR_COOKIE}=${carried}`;
}

/** The place the widget carried in PLACE_HEADER, if any (checked by `readPlace`). */
export function carriedPlace(headers: Headers): string | undefined {
  const carried = headers[PLACE_HEADER];
  return typeof carried === 'string' ? carried : undefined;
}

/**
 * For a request that asked with CARRY_HEADER: the visitor (set now, or the one it carried),
 * a place and an admission pass set now, as answer headers the widget keeps and sends back.
 */
export function carriedAnswer(headers: Headers, setCookies: string[]): Record<string, string> {
  if (headers[CARRY_HEADER] !== '1') return {};
  const answer: Record<string, string> = {};
  const carried = headers[VISITOR_HEADER];
  if (typeof carried === 'string' && VISITOR_VALUE.test(carried)) answer[VISITOR_HEADER] = carried;
  for (const line of setCookies) {
    const pair = line.split(';', 1)[0] ?? '';
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (name === VISITOR_COOKIE) answer[VISITOR_HEADER] = value;
    else if (name.startsWith('gp_wrp_')) answer[PASS_HEADER] = value;
    else if (name.startsWith('gp_wrq_')) answer[PLACE_HEADER] = value;
  }
  return answer;
}
