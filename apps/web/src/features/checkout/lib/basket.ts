import { ORDER_LIMITS, type PublicTicketTypeDto, type TicketAvailability } from '@gatepass/shared';

/** One line of the basket: a ticket type and how many of it. */
export interface BasketLine {
  ticketTypeId: string;
  quantity: number;
}

/** Quantities chosen per ticket type id (0 or absent: none). */
export type Quantities = Readonly<Record<string, number>>;

type Limits = Pick<
  PublicTicketTypeDto,
  'minPerOrder' | 'maxPerOrder' | 'remaining' | 'availability'
> & { held?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the event page's `items=<ticketTypeId>:<qty>,<ticketTypeId>:<qty>`. Malformed
 * pairs are skipped (a hand-edited link still opens the checkout); a repeated id keeps its
 * first quantity.
 */
export function parseItemsParam(value: string | null | undefined): Quantities {
  const out: Record<string, number> = {};
  if (!value) return out;
  for (const pair of value.split(',')) {
    const [id = '', qty = ''] = pair.trim().split(':');
    if (!UUID.test(id) || !/^\d{1,3}$/.test(qty)) continue;
    const quantity = Number(qty);
    const key = id.toLowerCase();
    if (quantity > 0 && !(key in out)) out[key] = Math.min(quantity, ORDER_LIMITS.quantityMax);
  }
  return out;
}

/** The `items` query value for a basket (the inverse of parseItemsParam). */
export function itemsParam(lines: readonly BasketLine[]): string {
  return lines
    .filter((l) => l.quantity > 0)
    .map((l) => `${l.ticketTypeId}:${l.quantity}`)
    .join(',');
}

/**
 * The most of a ticket type one order may take now: its per-order maximum, capped by what
 * is left; 0 when it is not on sale or fewer than its minimum are left.
 */
export function maxSelectable(type: Limits): number {
  if (type.availability !== 'on_sale') return 0;
  const max = Math.min(type.maxPerOrder, type.remaining, ORDER_LIMITS.quantityMax);
  return max >= type.minPerOrder ? max : 0;
}

/** A wanted quantity made valid: 0, or between the type's minimum and what may be taken. */
export function clampQuantity(type: Limits, wanted: number): number {
  const max = maxSelectable(type);
  if (!Number.isFinite(wanted) || wanted <= 0 || max === 0) return 0;
  return Math.min(Math.max(Math.floor(wanted), type.minPerOrder), max);
}

/** One press of + or −: + from none jumps to the minimum, − from the minimum to none. */
export function stepQuantity(type: Limits, current: number, direction: 1 | -1): number {
  if (direction === 1) return clampQuantity(type, current <= 0 ? type.minPerOrder : current + 1);
  return current <= type.minPerOrder ? 0 : clampQuantity(type, current - 1);
}

/** The chosen lines, in the event's ticket order, each quantity checked against its limits. */
export function basketLines(
  types: readonly (Limits & { id: string })[],
  quantities: Quantities,
): BasketLine[] {
  return types
    .map((t) => ({ ticketTypeId: t.id, quantity: clampQuantity(t, quantities[t.id] ?? 0) }))
    .filter((l) => l.quantity > 0);
}

/** The first quantities of the page: the link's choice, made valid for each type. */
export function initialQuantities(
  types: readonly (Limits & { id: string })[],
  fromLink: Quantities,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of types) {
    const q = clampQuantity(t, fromLink[t.id.toLowerCase()] ?? 0);
    if (q > 0) out[t.id] = q;
  }
  return out;
}

/**
 * What the page changed in the quantities a link asked for, one sentence per ticket type,
 * so the buyer is told instead of finding fewer tickets than they chose.
 */
export function linkChanges(
  types: readonly (Limits & { id: string; name: string })[],
  fromLink: Quantities,
): string[] {
  const notes: string[] = [];
  let unknown = 0;
  for (const [id, wanted] of Object.entries(fromLink)) {
    const type = types.find((t) => t.id.toLowerCase() === id);
    if (!type) {
      unknown += 1;
      continue;
    }
    const got = clampQuantity(type, wanted);
    if (got === wanted) continue;
    const held = type.held ?? 0;
    const comeBack =
      held > 0
        ? ` ${ticketCount(held, type.name)} ${held === 1 ? 'is' : 'are'} held by other buyers and may come back in a few minutes if they do not pay.`
        : '';
    if (got > wanted) {
      notes.push(
        `${type.name} tickets are sold at least ${type.minPerOrder} per order, so we changed ${wanted} to ${got}.`,
      );
    } else if (got > 0) {
      notes.push(
        got === type.remaining
          ? `Only ${ticketCount(got, type.name)} ${got === 1 ? 'was' : 'were'} left, so we changed ${wanted} to ${got}.${comeBack}`
          : `One order can have at most ${ticketCount(got, type.name)}, so we changed ${wanted} to ${got}.`,
      );
    } else if (type.availability === 'not_yet_on_sale') {
      notes.push(`${type.name} tickets are not on sale yet, so we left them out.`);
    } else if (type.availability === 'sales_ended') {
      notes.push(`Sales of ${type.name} tickets have ended, so we left them out.`);
    } else if (type.remaining <= 0 && held > 0) {
      notes.push(
        `All ${type.name} tickets left are held by other buyers right now, so we left them out. Held tickets come back if those buyers do not pay in time: check again in a few minutes.`,
      );
    } else if (type.remaining <= 0) {
      notes.push(`${type.name} is sold out, so we left it out.`);
    } else {
      notes.push(
        `Only ${ticketCount(type.remaining, type.name)} ${type.remaining === 1 ? 'is' : 'are'} left, fewer than the ${type.minPerOrder} one order needs, so we left them out.${comeBack}`,
      );
    }
  }
  if (unknown > 0)
    notes.push(
      unknown === 1
        ? 'One ticket type in your link is no longer offered, so we left it out.'
        : `${unknown} ticket types in your link are no longer offered, so we left them out.`,
    );
  return notes;
}

const ticketCount = (n: number, name: string) => `${n} ${name} ${n === 1 ? 'ticket' : 'tickets'}`;

/**
 * Words for a ticket type that cannot be bought now. Sold out only by other buyers' holds
 * is said apart: those tickets come back when the holds expire.
 */
export function unavailableLabel(
  availability: TicketAvailability,
  remaining: number,
  held = 0,
): string | null {
  switch (availability) {
    case 'sold_out':
      return held > 0 ? 'All held, check back soon' : 'Sold out';
    case 'not_yet_on_sale':
      return 'Not on sale yet';
    case 'sales_ended':
      return 'Sales ended';
    default:
      return remaining <= 0 ? (held > 0 ? 'All held, check back soon' : 'Sold out') : null;
  }
}
