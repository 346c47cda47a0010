import { useState } from 'react';
import { SendIcon } from '../../../components/ui/icons.tsx';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { BrowseEventsLink, CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { NamedTickets } from '../components/named-tickets.tsx';
import { OrderGate } from '../components/order-gate.tsx';
import { TransferForm } from '../components/transfer-form.tsx';
import { OrderOutcome } from './complete-page.tsx';

/** Refreshes now and then, so an offline payment confirmed by the organiser shows. */
const REFRESH_MS = 30_000;

/**
 * The buyer's order outside the checkout (/orders/{code} once the email is confirmed): the
 * same ticket as the confirmation, without the checkout's progress, and — where the event
 * allows it — a way to transfer the tickets to someone else (decision 033).
 */
export function BuyerOrderPage({ orderId }: { orderId: string }) {
  const [transferred, setTransferred] = useState<string | null>(null);
  if (transferred !== null) {
    return (
      <CheckoutBody width="2xl">
        <CheckoutMessage
          icon={SendIcon}
          tone="emerald"
          role="status"
          title="Tickets transferred"
          actions={<BrowseEventsLink />}
        >
          {transferred}
        </CheckoutMessage>
      </CheckoutBody>
    );
  }
  return (
    <OrderGate orderId={orderId} eyebrow="Your ticket" refetchInterval={REFRESH_MS}>
      {(order) => (
        <>
          <CheckoutHeader event={order.event} eyebrow="Your ticket" />
          <CheckoutBody width="4xl" refund={order.refund}>
            <div className="space-y-6">
              <OrderOutcome order={order} />
              <NamedTickets order={order} />
              {order.status === 'completed' && !order.attendedAt && order.event.allowTransfers ? (
                <TransferForm order={order} onTransferred={setTransferred} />
              ) : null}
            </div>
          </CheckoutBody>
        </>
      )}
    </OrderGate>
  );
}
