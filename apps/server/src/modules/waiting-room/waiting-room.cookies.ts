/** The waiting room's cookies (decision 034): read from a Cookie header, written as Set-Cookie. */

/** The browser's visitor id: the same place in line for every tab of one browser. */
export const VISITOR_COOKIE = 'gp_wr';
/** The admission pass of one event, sent only with order requests. */
export const passCookie = (eventId: string) => `gp_wrp_${eventId.replaceAll('-', '')}`;
/** The header an API client may send the pass in instead. */
export const PASS_HEADER = 'x-waiting-room-pass';

const VISITOR_ID = /^[A-Za-z0-9_-]{43}$/;

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The visitor id in the Cookie header, if it is one this server could have made. */
export function readVisitorId(header: string | undefined): string | undefined {
  const value = readCookie(header, VISITOR_COOKIE);
  return value && VISITOR_ID.test(value) ? value : undefined;
}

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
