import { CheckoutHeader } from '../components/checkout-header.tsx';
import { CheckoutBody } from '../components/checkout-panel.tsx';
import { OrderGate } from '../components/order-gate.tsx';
import { OrderOutcome } from './complete-page.tsx';
import { RefundState } from '../../../components/ui/refund-state.tsx';

/** Refreshes now and then, so an offline payment confirmed by the organiser shows. */
const REFRESH_MS = 30_000;

/**
 * The buyer's order outside the checkout (/orders/{code} once the email is confirmed): the
 * same ticket as the confirmation, without the checkout's progress.
 */
export function BuyerOrderPage({ orderId }: { orderId: string }) {
  return (
    <OrderGate orderId={orderId} eyebrow="Your ticket" refetchInterval={REFRESH_MS}>
      {(order) => (
        <>
          <CheckoutHeader event={order.event} eyebrow="Your ticket" />
          <CheckoutBody width="4xl">
            {order.refund ? (
              <div className="mb-4">
                <RefundState refund={order.refund} audience="buyer" />
              </div>
            ) : null}
            <OrderOutcome order={order} />
          </CheckoutBody>
        </>
      )}
    </OrderGate>
  );
}
