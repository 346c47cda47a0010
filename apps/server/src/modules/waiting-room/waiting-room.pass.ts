import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The admission pass (decision 034): `payload.signature`, both base64url, the signature an
 * HMAC-SHA256 of the payload with the server's key. It names the room, the event, the
 * visitor it was given to and when it ends, so it cannot be made up, moved to another event
 * or another browser, or kept past its time. Single use is the store's job.
 */
export interface PassClaims {
  /** The room (new each time the room is turned on). */
  roomId: string;
  eventId: string;
  visitorId: string;
  /** Ends at (ms since the epoch). */
  expiresAt: number;
}

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

export function issuePass(key: string, claims: PassClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      r: claims.roomId,
      e: claims.eventId,
      v: claims.visitorId,
      x: claims.expiresAt,
    }),
  ).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The pass's claims if its signature is the server's; undefined for anything else. */
export function readPass(key: string, token: string): PassClaims | undefined {
  if (token.length > 1000) return undefined;
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) return undefined;
  const expected = Buffer.from(sign(key, payload));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  try {
    const c = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (
      typeof c.r !== 'string' ||
      typeof c.e !== 'string' ||
      typeof c.v !== 'string' ||
      typeof c.x !== 'number'
    ) {
      return undefined;
    }
    return { roomId: c.r, eventId: c.e, visitorId: c.v, expiresAt: c.x };
  } catch {
    return undefined;
  }
}
