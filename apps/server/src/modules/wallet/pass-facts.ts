import { ticketLines, when, where, type TicketOrder } from '../tickets/tickets.render.ts';

/**
 * What a wallet pass shows, from the order and its event as they are now. A pass is of
 * one order under one code: after a transfer the old holder's pass (its code) is voided,
 * and the new holder's link issues a new one (decision 043).
 */
export interface PassFacts {
  serialNumber: string;
  orderId: string;
  eventId: string;
  /** The code and holder the pass was issued to. */
  code: string;
  holderName: string;
  eventTitle: string;
  startAt: string | null;
  endAt: string | null;
  whenText: string;
  whereText: string;
  venueName: string | null;
  address: string | null;
  quantity: number;
  tickets: string[];
  testPayment: boolean;
  /** Cancelled, refunded or transferred away, or the event cancelled: no entry with it. */
  voided: boolean;
  voidReason: string | null;
}

export function passFactsOf(
  ticket: TicketOrder,
  state: {
    orderId: string;
    orderStatus: string;
    eventStatus: string;
    /** The current code of the order: another than the pass's when it was transferred. */
    currentCode: string;
    /** The pass's serial (WalletService.serialFor). */
    serialNumber: string;
  },
  issued: { code: string; holderName: string } = {
    code: ticket.orderCode,
    holderName: `${ticket.firstName} ${ticket.lastName}`,
  },
): PassFacts {
  const voidReason =
    state.eventStatus === 'cancelled'
      ? 'The event was cancelled.'
      : state.orderStatus === 'refunded'
        ? 'This order was refunded.'
        : state.orderStatus !== 'completed'
          ? 'This order was cancelled.'
          : state.currentCode !== issued.code
            ? 'These tickets were transferred to someone else.'
            : null;
  return {
    serialNumber: state.serialNumber,
    orderId: state.orderId,
    eventId: ticket.eventId,
    code: issued.code,
    holderName: issued.holderName,
    eventTitle: ticket.event.title,
    startAt: ticket.event.startAt,
    endAt: ticket.event.endAt,
    whenText: when(ticket),
    whereText: where(ticket),
    venueName: ticket.event.venueName,
    address: [ticket.event.address, ticket.event.city].filter(Boolean).join(', ') || null,
    quantity: ticket.quantity,
    tickets: ticketLines(ticket),
    testPayment: ticket.testPayment,
    voided: voidReason !== null,
    voidReason,
  };
}
