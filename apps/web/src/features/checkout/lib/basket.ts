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
>;

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

/** Words for a ticket type that cannot be bought now. */
export function unavailableLabel(
  availability: TicketAvailability,
  remaining: number,
): string | null {
  switch (availability) {
    case 'sold_out':
      return 'Sold out';
    case 'not_yet_on_sale':
      return 'Not on sale yet';
    case 'sales_ended':
      return 'Sales ended';
    default:
      return remaining <= 0 ? 'Sold out' : null;
  }
}
