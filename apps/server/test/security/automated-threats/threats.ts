import { sql } from 'kysely';
import { expect } from 'vitest';
import { uniqueEmail, uniquePhone } from '../../factories.ts';
import { API, type TestApp } from '../../helper.ts';

/** Shared by the automated-threat tests (OWASP OAT): the event and its attacker. */

export const ORDERS = `${API}/orders`;

/** The demo's Lagos Startup Summit Delegate ticket, as in issue 16: ₦25,000, 146 places. */
export const DELEGATE = { name: 'Delegate', price: 25_000, capacity: 146, maxPerOrder: 10 };

export const ATTACKER_IP = '102.89.40.7';
export const BUYER_IP = '105.112.9.30';

export function freshBuyer(n: number) {
  return {
    firstName: 'Bot',
    lastName: `Number${n}`,
    email: uniqueEmail(`bot${n}`),
    phone: uniquePhone(),
  };
}

export function order(
  t: TestApp,
  eventId: string,
  ticketTypeId: string,
  quantity: number,
  buyer: ReturnType<typeof freshBuyer>,
  ip: string,
) {
  return t.post(ORDERS, { eventId, items: [{ ticketTypeId, quantity }], buyer }, { ip });
}

/** Tickets held right now by pending orders, and the latest moment one of them holds until. */
export async function heldNow(t: TestApp, eventId: string) {
  const row = await sql<{ held: number; latest: Date | null }>`
    select coalesce(sum(quantity), 0)::int as held, max(reserved_until) as latest
    from orders where event_id = ${eventId} and status = 'pending' and reserved_until > now()`.execute(
    t.db,
  );
  return row.rows[0]!;
}

/** Tickets taken (held or sold). */
export async function takenNow(t: TestApp, eventId: string): Promise<number> {
  const row = await sql<{ n: number }>`
    select coalesce(sum(quantity), 0)::int as n from orders
    where event_id = ${eventId} and (status = 'completed' or (status = 'pending' and reserved_until > now()))`.execute(
    t.db,
  );
  return row.rows[0]!.n;
}

export function expectContained(status: number, text: string) {
  expect([201, 409, 429], text).toContain(status);
}
