import { formatEventDate } from '@gatepass/shared';
import type { OrderDto } from '@gatepass/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { confirmHold } from '../api/confirm-hold.ts';
import { CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { inlineOrToast } from '../lib/api-errors.ts';

/**
 * /checkout/hold/confirm?token=…: the link mailed when a buyer chose offline payment. It
 * confirms the buyer's email once, and says how long the tickets are now held and what to
 * do next.
 */
export function HoldConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [order, setOrder] = useState<OrderDto | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'This link is not valid.');
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    confirmHold(token).then(setOrder, (err: unknown) =>
      setError(inlineOrToast(err) ?? 'We could not confirm your email. Please try again.'),
    );
  }, [token]);

  return (
    <CheckoutBody>
      <div className="mx-auto max-w-2xl">
        {order ? (
          <CheckoutMessage
            icon={TicketIcon}
            tone="emerald"
            role="status"
            title="Your email is confirmed"
            actions={
              <Link to={paths.checkout.complete(order.id)} className={buttonClasses('primary')}>
                View your order
              </Link>
            }
          >
            Your {order.quantity === 1 ? 'ticket is' : `${order.quantity} tickets are`} held for{' '}
            {order.event.title} until{' '}
            <strong>{formatEventDate(order.reservedUntil ?? 0, order.event.timeZone)}</strong>. Pay
            by bank transfer or at the venue, quoting order code {order.orderCode}; your tickets are
            confirmed once the organiser marks the order paid. Unpaid by then, they are released.
          </CheckoutMessage>
        ) : error ? (
          <CheckoutMessage icon={TicketIcon} tone="red" role="alert" title="This link did not work">
            {error}
          </CheckoutMessage>
        ) : (
          <div className="flex justify-center py-16" aria-label="Confirming your email">
            <Spinner />
          </div>
        )}
      </div>
    </CheckoutBody>
  );
}
