import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature's length in base64url characters: 72 bits, beyond guessing online. */
const MAC_LENGTH = 12;
/** Its signing key's name in `app_secrets`. */
export const TICKET_LINK_KEY = 'ticket_link_key';
const SEGMENT = /^([0-9]{8})-([A-Za-z0-9_-]{12})$/;

export interface LinkedOrder {
  id: string;
  code: string;
}

/**
 * An order's ticket link: `{PUBLIC_URL}/t/{code}-{mac}`, short enough for an SMS, opened
 * without a login or the email check (whoever has the link has the ticket, as with the
 * mailed QR). The mac is an HMAC of the order's id and code under a key kept in the
 * database (`app_secrets`, shared by every app server), so nothing per order is stored
 * and a transfer, which issues a new code, leaves the old link pointing at nothing.
 */
export class TicketLinks {
  constructor(
    private readonly key: string,
    private readonly publicUrl: string,
  ) {}

  /** The link's last path segment, `{code}-{mac}`. */
  segmentFor(order: LinkedOrder): string {
    return `${order.code}-${this.mac(order)}`;
  }

  /** The ticket page's address; wallet passes hang below it (`…/pass.pkpass`, `…/google`). */
  urlFor(order: LinkedOrder): string {
    return `${this.publicUrl}/t/${this.segmentFor(order)}`;
  }

  /** The order code a segment names, or undefined for one that cannot be a ticket link. */
  codeOf(segment: string): string | undefined {
    return SEGMENT.exec(segment)?.[1];
  }

  /** Whether `segment` is this order's link (constant time). */
  matches(order: LinkedOrder, segment: string): boolean {
    const given = Buffer.from(segment);
    const expected = Buffer.from(this.segmentFor(order));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private mac(order: LinkedOrder): string {
    return createHmac('sha256', this.key)
      .update(`ticket-link:${order.id}:${order.code}`)
      .digest('base64url')
      .slice(0, MAC_LENGTH);
  }
}
