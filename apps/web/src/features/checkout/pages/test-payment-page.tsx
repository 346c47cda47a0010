import { formatNaira, type OrderDto } from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { orderQueryKey } from '../api/get-order.ts';
import { useTestPayment } from '../api/test-payment.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { CheckoutBody } from '../components/checkout-panel.tsx';
import { HoldCountdown } from '../components/hold-countdown.tsx';
import { OrderGate } from '../components/order-gate.tsx';
import { spacedCode } from '../components/order-ticket.tsx';
import { inlineOrToast } from '../lib/api-errors.ts';
import { useCountdown } from '../lib/countdown.ts';
import { OrderStateMessage } from './payment-page.tsx';

/**
 * /checkout/pay/test/{orderId}: the built-in TEST provider. It looks nothing like a real
 * payment page on purpose: a striped TEST banner, no card fields, two buttons.
 */
export function TestPaymentPage() {
  const { orderId = '' } = useParams();
  return (
    <OrderGate orderId={orderId} step="Payment" title="TEST payment">
      {(order) => <TestPayment order={order} />}
    </OrderGate>
  );
}

function TestPayment({ order }: { order: OrderDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const payment = useTestPayment(order.id);
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<'success' | 'failure' | null>(null);
  const msLeft = useCountdown(order.status === 'pending' ? order.reservedUntil : null);
  const holdOver = order.status === 'pending' && msLeft === 0;

  useEffect(() => {
    if (holdOver) void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
  }, [holdOver, order.id, queryClient]);

  if (order.status === 'completed') {
    return <Navigate to={paths.checkout.complete(order.id)} replace />;
  }
  // A page opened without choosing the TEST provider goes back to the choice.
  if (order.status === 'pending' && !holdOver && order.paymentMethod !== 'test') {
    return <Navigate to={paths.checkout.pay(order.id)} replace />;
  }

  const answer = (outcome: 'success' | 'failure') => {
    if (payment.isPending) return;
    setChoice(outcome);
    setFailure(null);
    payment.mutate(outcome, {
      onSuccess: (paid) => navigate(paths.checkout.complete(paid.id), { replace: true }),
      onError: (err) => {
        const { code } = readApiFailure(err);
        const sentence = inlineOrToast(err);
        if (sentence) setFailure(sentence);
        // Anything but a declined payment may mean the order moved on (expired, paid).
        if (code !== 'PAYMENT_FAILED')
          void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
      },
    });
  };

  const ended = order.status !== 'pending' || holdOver;

  return (
    <>
      <CheckoutHeader event={order.event} step="Payment" title="TEST payment" />
      <CheckoutBody width="2xl">
        {ended ? (
          <OrderStateMessage order={{ ...order, status: holdOver ? 'expired' : order.status }} />
        ) : (
          <div className="space-y-6">
            <HoldCountdown msLeft={msLeft} />
            <section
              aria-labelledby="test-banner"
              className="overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-slate-900/5"
            >
              <div className="bg-[repeating-linear-gradient(135deg,var(--color-amber-400)_0_18px,var(--color-amber-300)_18px_36px)] px-6 py-6 text-center text-amber-950">
                <p
                  id="test-banner"
                  className="text-2xl font-black uppercase tracking-wide sm:text-3xl"
                >
                  TEST PAYMENT — no real money
                </p>
                <p className="mt-1 text-sm font-semibold">
                  This is Gatepass's built-in TEST provider. Nothing is charged to any card or
                  account.
                </p>
              </div>
              <div className="px-6 py-8 text-center sm:px-10">
                <p className="text-sm font-medium text-slate-500">Amount</p>
                <p
                  className="mt-1 text-4xl font-bold tabular-nums text-slate-900 sm:text-5xl"
                  data-testid="test-amount"
                >
                  {formatNaira(order.totalPrice)}
                </p>
                <p className="mt-3 text-sm text-slate-600">
                  {order.event.title} · {order.quantity} ticket{order.quantity === 1 ? '' : 's'} ·
                  order{' '}
                  <span className="whitespace-nowrap font-mono">{spacedCode(order.orderCode)}</span>
                </p>
                {failure ? (
                  <div
                    role="alert"
                    className="mx-auto mt-6 max-w-md rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-inset ring-red-200"
                  >
                    <p className="font-semibold">Payment failed</p>
                    <p className="mt-1">{failure}</p>
                  </div>
                ) : null}
                <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
                  <Button size="lg" onClick={() => answer('success')} disabled={payment.isPending}>
                    {payment.isPending && choice === 'success' ? 'Paying...' : 'Pay successfully'}
                  </Button>
                  <Button
                    size="lg"
                    variant="secondary"
                    onClick={() => answer('failure')}
                    disabled={payment.isPending}
                  >
                    {payment.isPending && choice === 'failure' ? 'Failing...' : 'Fail payment'}
                  </Button>
                </div>
                <p className="mt-6 text-sm">
                  <Link
                    to={paths.checkout.pay(order.id)}
                    className="font-semibold text-indigo-700 hover:text-indigo-500"
                  >
                    Choose another way to pay
                  </Link>
                </p>
              </div>
            </section>
          </div>
        )}
      </CheckoutBody>
    </>
  );
}
