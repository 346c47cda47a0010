import { AppError, notFound } from '../../lib/errors.ts';

/**
 * What the orders rooms answer when they refuse (decision 060): every sentence a buyer or an
 * organiser reads in a refusal lives here, one group per concern, so the rooms keep to their
 * rules and the wording is reviewed in one place.
 */

// Finding an order -----------------------------------------------------------------------

export const ORDER_NOT_FOUND = 'This order was not found.';
export const orderNotFound = () => notFound(ORDER_NOT_FOUND);
export const ticketNotFound = () => notFound('This ticket was not found.');
export const holdLinkNotFound = () =>
  notFound('This link is not valid any more. It may have been used already.');

// Checkout ---------------------------------------------------------------------------------

export const soldOut = (name: string, left: number) =>
  new AppError(
    409,
    'SOLD_OUT',
    left > 0
      ? `Sorry, only ${left} "${name}" ticket${left === 1 ? ' is' : 's are'} left.`
      : `Sorry, "${name}" is sold out.`,
  );

/** The answer to a buyer with too many orders of the event waiting for payment. */
export const tooManyOpenHolds = (open: number) =>
  new AppError(
    409,
    'CONFLICT',
    `You already have ${open} orders waiting for payment for this event. Pay for one of them, or wait until its hold ends, before ordering again.`,
  );

export const promoUsedUp = () => new AppError(409, 'CONFLICT', 'This promo code has been used up.');

/** A share limit of the event's tickets (decision 025), with the limiter's own advice. */
export const ticketShareReached = (err: AppError) =>
  new AppError(
    429,
    'RATE_LIMITED',
    `You have reached the number of tickets one buyer or one connection can take of this event for now. ${err.message.replace('Too many attempts. ', '')}`,
    undefined,
    err.headers,
  );

// Paying ---------------------------------------------------------------------------------

export const alreadyPaid = () => new AppError(409, 'CONFLICT', 'This order is already paid.');

export const noOfflinePayment = () =>
  new AppError(
    409,
    'CONFLICT',
    'This event does not take offline payment. Please choose another way to pay.',
  );

/** A new payment for an order of a cancelled event (checked again under the event's lock). */
export const eventCancelled = (byOrganiser = false) =>
  new AppError(
    409,
    'EVENT_CANCELLED',
    byOrganiser
      ? 'This event has been cancelled, so its orders can no longer be marked paid.'
      : 'This event has been cancelled, so its orders can no longer be paid. You have not been charged.',
  );

export const testPaymentsOff = () =>
  new AppError(
    400,
    'VALIDATION_FAILED',
    'TEST payments are turned off on this server: no order can be paid with the TEST provider. Please choose another way to pay.',
  );

export const notPayingWithTest = () =>
  new AppError(409, 'CONFLICT', 'This order is not being paid with the TEST provider.');

export const testPaymentFailed = () =>
  new AppError(
    402,
    'PAYMENT_FAILED',
    'The payment failed. You have not been charged; you can try again.',
  );

export const holdExpired = () =>
  new AppError(
    409,
    'CONFLICT',
    'Your hold on these tickets has expired. Please start again; you have not been charged.',
  );

/** The buyer asks for the tickets of an order that has none (yet). */
export const noTicketsYet = (status: string) =>
  new AppError(
    409,
    'CONFLICT',
    status === 'pending'
      ? 'Your tickets are ready once the order is paid.'
      : `This order has no tickets: it is ${status}.`,
  );

// The organiser's actions -----------------------------------------------------------------

export const onlyPendingMarkedPaid = (status: string) =>
  new AppError(
    409,
    'CONFLICT',
    `Only orders awaiting payment can be marked paid; this one is ${status}.`,
  );

export const cannotEnd = (to: 'cancelled' | 'refunded', status: string) =>
  new AppError(
    409,
    'CONFLICT',
    `This order cannot be ${to === 'cancelled' ? 'cancelled' : 'refunded'}: it is ${status}.`,
  );

export const noTicketsToSend = (status: string) =>
  new AppError(
    409,
    'CONFLICT',
    `Only a completed order has tickets to send; this one is ${status}.`,
  );

// Transfers (decisions 033, 050) -------------------------------------------------------------

export const transferRefused = {
  badPhone: () =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      "That phone number does not look right. Enter the new holder's number (e.g. 0803 123 4567), or leave it empty.",
    ),
  tokenGone: () =>
    new AppError(
      409,
      'CONFLICT',
      'These tickets were transferred a moment ago, so this page can no longer give them away. Nothing was sent.',
    ),
  codeChanged: () =>
    new AppError(
      409,
      'CONFLICT',
      'This order has been transferred since you opened it, so its code has changed. Open it again to see its new holder before transferring it. Nothing was sent.',
    ),
  justTransferred: () =>
    new AppError(
      409,
      'CONFLICT',
      'This order was transferred a moment ago. To transfer it again, open it again and send its current order code. Nothing was sent.',
    ),
  notCompleted: (status: string) =>
    new AppError(
      409,
      'CONFLICT',
      `Only a completed order can be transferred; this one is ${status}.`,
    ),
  checkedIn: () =>
    new AppError(
      409,
      'CONFLICT',
      'This ticket has already been checked in at the door, so it can no longer be transferred.',
    ),
  notAllowed: () =>
    new AppError(
      409,
      'CONFLICT',
      'The organiser of this event does not allow tickets to be transferred. Please contact them.',
    ),
  eventCancelled: () =>
    new AppError(
      409,
      'CONFLICT',
      'This event has been cancelled; its tickets cannot be transferred.',
    ),
  eventEnded: () =>
    new AppError(409, 'CONFLICT', 'This event has ended; its tickets cannot be transferred.'),
  sameHolder: () =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      'These tickets already belong to that email. Enter the email of the person receiving them.',
    ),
  dailyLimit: (perDay: number) =>
    new AppError(
      409,
      'CONFLICT',
      `This order has been transferred ${perDay === 1 ? 'once' : `${perDay} times`} in the last 24 hours, the most allowed. It can be transferred again once 24 hours have passed since the earliest of them.`,
    ),
};

// Named tickets (issue 25 §2, decision 080) -----------------------------------------------

export const namedRefused = {
  noSuchTicket: (quantity: number) =>
    new AppError(
      400,
      'VALIDATION_FAILED',
      `This order has ${quantity} ticket${quantity === 1 ? '' : 's'}; choose one of them.`,
    ),
  notOpen: (status: string) =>
    new AppError(
      409,
      'CONFLICT',
      `Tickets can be named only on a held or completed order; this one is ${status}.`,
    ),
  notCompleted: (status: string) =>
    new AppError(
      409,
      'CONFLICT',
      `A ticket can be sent to its holder once the order is completed; this one is ${status}.`,
    ),
  closed: () =>
    new AppError(
      409,
      'CONFLICT',
      "Tickets of this event can no longer be named: the organiser's cut-off, or the start, has passed.",
    ),
  eventCancelled: () =>
    new AppError(409, 'CONFLICT', 'This event has been cancelled; its tickets cannot be sent.'),
  checkedIn: () =>
    new AppError(
      409,
      'CONFLICT',
      'This order has been checked in at the door, so its tickets can no longer be sent on.',
    ),
  alreadySent: (index: number) =>
    new AppError(
      409,
      'CONFLICT',
      `Ticket ${index} has already been sent to its holder. Nothing was sent again.`,
    ),
  lastTicket: () =>
    new AppError(
      409,
      'CONFLICT',
      'The last ticket of an order stays on it. To give it away, transfer the order instead.',
    ),
  notSent: (index: number) =>
    new AppError(
      409,
      'CONFLICT',
      `Ticket ${index} has not been sent to a holder yet; send it first, then it can be transferred on its own.`,
    ),
  childOrder: () =>
    new AppError(
      409,
      'CONFLICT',
      'This is a single ticket sent from a group order; it has no other tickets to name. Transfer it instead.',
    ),
};
