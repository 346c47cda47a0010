import { buyerSetsPrice, formatNaira } from '@gatepass/shared';
import type { SaleTicketType } from '../events/inventory.service.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * What a ticket type's kind (decision 086) and access codes (decision 087) mean for one line
 * of a basket, decided in memory from the ticket-type row checkout already reads: no
 * statement of its own, so an event of regular tickets costs nothing more.
 */

const notOnSale = () =>
  new AppError(400, 'VALIDATION_FAILED', 'A chosen ticket type is not on sale for this event.');

/**
 * A hidden type is sold only with one of its access codes; a hidden type without codes is
 * not sold at all. The answer for a wrong code is the one for an unknown type, so a guess
 * learns nothing about which types exist.
 */
export function checkAccess(type: SaleTicketType, accessCode: string | undefined): void {
  if (!type.hidden) return;
  if (!accessCode || !type.access_codes.includes(accessCode)) throw notOnSale();
}

/**
 * The kobo the buyer pays for each ticket of the line: the type's price, or for pay what
 * you want and donations the amount typed (whole naira), refused below the minimum (the
 * type's price) — whatever the web sent. A donation of nothing is no donation: at least ₦1.
 */
export function unitPriceOf(type: SaleTicketType, amount: number | undefined): number {
  if (!buyerSetsPrice(type.kind)) {
    if (amount !== undefined)
      throw new AppError(
        400,
        'VALIDATION_FAILED',
        `The price of "${type.name}" is fixed; it cannot be chosen.`,
      );
    return type.price_kobo;
  }
  if (amount === undefined)
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      `Enter the amount you want to pay for "${type.name}".`,
    );
  const minimumKobo = type.kind === 'donation' ? Math.max(type.price_kobo, 100) : type.price_kobo;
  if (amount * 100 < minimumKobo)
    throw new AppError(
      400,
      'AMOUNT_BELOW_MINIMUM',
      `Pay at least ${formatNaira(minimumKobo / 100)} for "${type.name}".`,
      { minimum: minimumKobo / 100 },
    );
  return amount * 100;
}
