import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client.ts';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { BanknoteIcon, ClockIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { MissingOrderTokenError, orderQueryKey } from '../api/get-order.ts';
import { verifyPayment } from '../api/verify-payment.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { OrderGate } from '../components/order-gate.tsx';
import { PaymentWaitHold } from '../components/payment-wait-hold.tsx';
import { toastFailure } from '../lib/api-errors.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import { askHostForToken } from '../lib/widget-handover.ts';
import { embedded } from '../../../config/embed.ts';

/** While Paystack still says "pending", ask again this often. */
const PENDING_RETRY_MS = 5_000;

/**
 * /checkout/return?order=…&reference=…: where Paystack sends the buyer back. The server
 * verifies the payment with Paystack; a confirmed order goes on to its confirmation.
 */
export function PaymentReturnPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const reference = params.get('reference') ?? params.get('trxref') ?? undefined;
  const queryClient = useQueryClient();
  // In the widget, a frame with no storage gets the order's token back from the host
  // page's loader first (decision 075).
  const [ready, setReady] = useState(() => !embedded || orderTokens.get(orderId) !== null);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void askHostForToken(orderId).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [ready, orderId]);

  const verify = useQuery({
    queryKey: ['checkout', 'verify-payment', orderId, reference ?? null],
    queryFn: () => verifyPayment(orderId, reference),
    enabled: orderId !== '' && ready,
    retry: false,
    staleTime: Infinity,
    // "Not gone through yet" (409) is asked again until Paystack has an answer.
    refetchInterval: (query) =>
      readApiFailure(query.state.error).status === 409 ? PENDING_RETRY_MS : false,
  });

  useEffect(() => {
    if (verify.data) queryClient.setQueryData(orderQueryKey(verify.data.id), verify.data);
  }, [verify.data, queryClient]);

  const failure = verify.error ? readApiFailure(verify.error) : null;
  useEffect(() => {
    // Network, server and provider outages: the app's usual toast, once per failure.
    if (!isApiError(verify.error)) return;
    const answer = readApiFailure(verify.error);
    if (![402, 404, 409].includes(answer.status ?? 0)) toastFailure(answer);
  }, [verify.error]);

  if (!orderId) return <Navigate to={paths.orders.lookup} replace />;
  if (verify.data && verify.data.status === 'completed' && !verify.data.needsRefund) {
    return <Navigate to={paths.checkout.complete(verify.data.id)} replace />;
  }
  if (verify.error instanceof MissingOrderTokenError || failure?.status === 404) {
    // The gate explains a browser without the order, or an order that is not found.
    return (
      <OrderGate orderId={orderId} step="Payment">
        {(order) => <Navigate to={paths.checkout.pay(order.id)} replace />}
      </OrderGate>
    );
  }

  let body;
  if (verify.data?.needsRefund) {
    body = (
      <CheckoutMessage
        icon={BanknoteIcon}
        tone="amber"
        role="alert"
        title="Your payment will be refunded"
        actions={
          <Link to={paths.event(verify.data.event.slug)} className={buttonClasses('secondary')}>
            Back to the event
          </Link>
        }
      >
        Your payment arrived after your hold on the tickets expired and they sold out. You will be
        refunded in full; the organiser has been told.
      </CheckoutMessage>
    );
  } else if (verify.data) {
    return <Navigate to={paths.checkout.pay(verify.data.id)} replace />;
  } else if (failure?.status === 409) {
    body = (
      <CheckoutMessage
        icon={ClockIcon}
        title="Confirming your payment…"
        role="status"
        actions={
          <Link to={paths.checkout.pay(orderId)} className={buttonClasses('secondary')}>
            Back to payment
          </Link>
        }
      >
        {failure.error} This page checks again every few seconds. If you cancelled, go back to
        choose how to pay.
        <PaymentWaitHold orderId={orderId} />
      </CheckoutMessage>
    );
  } else if (failure) {
    body = (
      <CheckoutMessage
        icon={BanknoteIcon}
        tone="red"
        role="alert"
        title={failure.status === 402 ? 'Payment failed' : 'We could not confirm your payment'}
        actions={
          <>
            <Link to={paths.checkout.pay(orderId)} className={buttonClasses('primary')}>
              Try again
            </Link>
            {failure.status !== 402 ? (
              <Button variant="secondary" onClick={() => void verify.refetch()}>
                Check again
              </Button>
            ) : null}
          </>
        }
      >
        {failure.error ?? 'Paystack could not be reached. Check again in a moment.'}
      </CheckoutMessage>
    );
  } else {
    body = (
      <div className="flex flex-col items-center gap-4 py-24 text-indigo-600">
        <Spinner label="Confirming your payment…" />
        <p className="text-sm text-slate-600">Confirming your payment with Paystack…</p>
      </div>
    );
  }

  return (
    <>
      <CheckoutHeader step="Payment" title="Payment" />
      <CheckoutBody width="3xl">{body}</CheckoutBody>
    </>
  );
}
