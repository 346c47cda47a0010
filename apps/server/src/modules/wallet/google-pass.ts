import { importPKCS8, SignJWT } from 'jose';
import type { GoogleWalletConfig } from '../../config.ts';
import type { PassFacts } from './pass-facts.ts';

export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';
const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

const text = (value: string) => ({ defaultValue: { language: 'en-NG', value } });
const utc = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Google's ids: `{issuerId}.{suffix}`, the suffix of letters, digits, `.`, `_` and `-`. */
export const classIdFor = (issuerId: string, eventId: string) => `${issuerId}.event-${eventId}`;
export const objectIdFor = (issuerId: string, serial: string) => `${issuerId}.ticket-${serial}`;

/** The event's EventTicketClass (shared by every ticket of the event). */
export function eventTicketClass(facts: PassFacts, issuerId: string): Record<string, unknown> {
  return {
    id: classIdFor(issuerId, facts.eventId),
    issuerName: 'Gatepass',
    reviewStatus: 'UNDER_REVIEW',
    eventName: text(facts.eventTitle),
    venue: {
      name: text(facts.venueName ?? facts.whereText),
      address: text(facts.address ?? facts.whereText),
    },
    ...(facts.startAt
      ? {
          dateTime: {
            start: utc(facts.startAt),
            ...(facts.endAt ? { end: utc(facts.endAt) } : {}),
          },
        }
      : {}),
    hexBackgroundColor: '#4f46e5',
  };
}

/** The buyer's EventTicketObject: the QR of the order code, the holder, ACTIVE or INACTIVE. */
export function eventTicketObject(facts: PassFacts, issuerId: string): Record<string, unknown> {
  return {
    id: objectIdFor(issuerId, facts.serialNumber),
    classId: classIdFor(issuerId, facts.eventId),
    state: facts.voided ? 'INACTIVE' : 'ACTIVE',
    barcode: { type: 'QR_CODE', value: facts.code, alternateText: facts.code },
    ticketHolderName: facts.holderName,
    ticketNumber: facts.code,
    textModulesData: [
      { id: 'tickets', header: 'Tickets', body: facts.tickets.join(', ') },
      { id: 'when', header: 'When', body: facts.whenText },
      ...(facts.voidReason ? [{ id: 'void', header: 'Not valid', body: facts.voidReason }] : []),
    ],
  };
}

/**
 * How long a save link's JWT is good for (decision 056). The link on the ticket page and in
 * mails is ours (`/t/{link}/google`), which signs a fresh JWT and redirects at once, so the
 * JWT itself only has to outlive the redirect and Google's save page; a copied or leaked
 * one stops working after this.
 */
export const GOOGLE_SAVE_JWT_SECONDS = 60 * 60;

/**
 * The "Save to Google Wallet" link: a JWT (RS256, by the service account) carrying the
 * class and the object, which Google creates on save (decision 044), expiring after
 * GOOGLE_SAVE_JWT_SECONDS (`exp`, RFC 7519 §4.1.4).
 */
export async function saveUrl(
  facts: PassFacts,
  google: GoogleWalletConfig,
  origin: string,
): Promise<string> {
  const key = await importPKCS8(google.privateKeyPem, 'RS256');
  const jwt = await new SignJWT({
    typ: 'savetowallet',
    origins: [origin],
    payload: {
      eventTicketClasses: [eventTicketClass(facts, google.issuerId)],
      eventTicketObjects: [eventTicketObject(facts, google.issuerId)],
    },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(google.clientEmail)
    .setAudience('google')
    .setIssuedAt()
    .setExpirationTime(`${GOOGLE_SAVE_JWT_SECONDS}s`)
    .sign(key);
  return `${GOOGLE_SAVE_URL}${jwt}`;
}

/**
 * Google Wallet's REST API, for updates: an access token from the service account's
 * JWT-bearer grant (kept until shortly before it expires), and PATCHes of the class and
 * the object. A 404 means the buyer never saved the ticket: nothing to update.
 */
export class GoogleWalletApi {
  private token: { value: string; until: number } | undefined;

  constructor(private readonly google: GoogleWalletConfig) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const key = await importPKCS8(this.google.privateKeyPem, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(this.google.clientEmail)
      .setAudience(this.google.tokenUrl)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(key);
    const res = await fetch(this.google.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => ({}))) as {
      access_token?: string;
      expires_in?: number;
    };
    if (!res.ok || !json.access_token)
      throw new Error(`Google's token endpoint answered ${res.status}`);
    this.token = {
      value: json.access_token,
      until: Date.now() + Math.max(0, (json.expires_in ?? 3600) - 60) * 1000,
    };
    return json.access_token;
  }

  /** Updates the class and the object; resolves when done or when Google has neither (404). */
  async update(facts: PassFacts): Promise<void> {
    const cls = eventTicketClass(facts, this.google.issuerId);
    const obj = eventTicketObject(facts, this.google.issuerId);
    await this.patch('eventTicketClass', cls.id as string, {
      eventName: cls.eventName,
      venue: cls.venue,
      ...(cls.dateTime ? { dateTime: cls.dateTime } : {}),
    });
    await this.patch('eventTicketObject', obj.id as string, {
      state: obj.state,
      barcode: obj.barcode,
      ticketHolderName: obj.ticketHolderName,
      textModulesData: obj.textModulesData,
    });
  }

  private async patch(resource: string, id: string, body: unknown): Promise<void> {
    const res = await fetch(`${this.google.apiUrl}/${resource}/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (res.status === 401) this.token = undefined;
    if (!res.ok && res.status !== 404)
      throw new Error(`Google Wallet answered ${res.status} to PATCH ${resource}`);
  }
}
