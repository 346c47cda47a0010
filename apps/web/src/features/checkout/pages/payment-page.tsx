import { formatClock } from '@gatepass/shared';
import type { OrderDto, PaystackChannel } from '@gatepass/shared';
import {
  formatNaira,
  LONG_HOLD_CHANNELS,
  PAYSTACK_CHANNEL_LABELS,
  TRANSFER_HOLD_MINUTES,
} from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import {
  formError,
  FormFailure,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { WIDGET_MESSAGE } from '@gatepass/shared';
import { embedded, embedOptions, frameCanStore } from '../../../config/embed.ts';
import { paths } from '../../../config/paths.ts';
import { orderQueryKey } from '../api/get-order.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { usePayOrder, type CheckoutPaymentMethod } from '../api/pay-order.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { CheckoutBody, CheckoutCard, CheckoutMessage } from '../components/checkout-panel.tsx';
import { HoldCountdown, HoldExpired } from '../components/hold-countdown.tsx';
import { OrderGate } from '../components/order-gate.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { PaymentOptions, type PaymentOption } from '../components/payment-options.tsx';
import { inlineOrToast } from '../lib/api-errors.ts';
import { useCountdown } from '../lib/countdown.ts';
import { restartCheckoutPath } from '../lib/links.ts';
import { orderTokens } from '../lib/order-tokens.ts';
import { hostOrigin } from '../lib/widget-handover.ts';

const OPTIONS: Record<CheckoutPaymentMethod, PaymentOption> = {
  paystack: {
    value: 'paystack',
    label: 'Pay with Paystack',
    icon: 'card',
    description:
      "Card, bank transfer or USSD on Paystack's secure page. You come back here once it is done.",
  },
  test: {
    value: 'test',
    label: 'Pay with TEST provider',
    badge: 'Test',
    icon: 'card',
    description:
      'A practice payment page that can succeed or fail. No real money moves; for trying Gatepass out.',
  },
  offline: {
    value: 'offline',
    label: 'Pay offline (bank transfer or at the venue)',
    icon: 'bank',
    description:
      'We email you a link: confirm your email and your order keeps its tickets until the organiser confirms your payment. Quote your order code when you pay.',
  },
};

/** Paystack first when offered (the real way to pay), then the TEST provider, then offline. */
const ORDER: readonly CheckoutPaymentMethod[] = ['paystack', 'test', 'offline'];

const CHANNEL_TEXT: Record<PaystackChannel, string> = {
  card: "Visa, Mastercard or Verve on Paystack's secure page. You come back here once it is done.",
  bank_transfer:
    'Paystack gives you an account number to transfer the exact amount to from your banking app.',
  ussd: 'Paystack gives you a code to dial on your phone; approve the payment there.',
  bank: "Pay from your bank account with its online banking details, on Paystack's page.",
};

/** The clock time a long hold would end at if chosen now ("14:35"). */
const holdEnd = (minutes: number) => formatClock(Date.now() + minutes * 60_000);

/**
 * Paystack's channels the event offers, one choice each: the buyer's choice decides the
 * hold (transfer and USSD keep the tickets longer, decision 036).
 */
function paystackOptions(order: OrderDto, sandbox: boolean): PaymentOption[] {
  // Without a verified payout account the organiser takes no Paystack payment (decision 038).
  if (!order.event.payoutReady) return [];
  return order.event.paystackChannels.map((channel) => ({
    value: `paystack:${channel}`,
    label: `Pay with ${sandbox ? 'Paystack sandbox' : 'Paystack'} — ${PAYSTACK_CHANNEL_LABELS[channel]}`,
    icon: channel === 'card' ? 'card' : 'bank',
    description: LONG_HOLD_CHANNELS.includes(channel) ? (
      <>
        {sandbox && <strong className="font-semibold">{SANDBOX_NOTE}. </strong>}
        {CHANNEL_TEXT[channel]}{' '}
        <strong className="font-semibold text-slate-800">
          We then hold your tickets {TRANSFER_HOLD_MINUTES} minutes (until about{' '}
          {holdEnd(TRANSFER_HOLD_MINUTES)}) while your payment arrives.
        </strong>
      </>
    ) : (
      <>
        {sandbox && <strong className="font-semibold">{SANDBOX_NOTE}. </strong>}
        {CHANNEL_TEXT[channel]}
      </>
    ),
  }));
}

const NO_METHOD = 'Choose how you want to pay.';
/** The payment form: one choice, as PaymentOptions names it ("paystack:card", "offline"). */
const paymentChoice = z.object({ method: z.string({ error: NO_METHOD }).min(1, NO_METHOD) });
type PaymentChoice = z.infer<typeof paymentChoice>;

/** The demo's sandbox (PAYSTACK_SANDBOX, decision 058) says so on every Paystack choice. */
const SANDBOX_NOTE = 'Paystack sandbox — no real money';

/** /checkout/pay/{orderId}: the held order, its countdown and the choice of payment. */
export function PaymentPage() {
  const { orderId = '' } = useParams();
  // The widget's "continue in a new tab" hands the order's token over in the fragment.
  useState(() => orderTokens.adoptFromHash(orderId));
  return (
    <OrderGate orderId={orderId} step="Payment">
      {(order) => <Payment order={order} />}
    </OrderGate>
  );
}

/** The screen for an order that is not (or no longer) waiting for a payment choice. */
export function OrderStateMessage({ order }: { order: OrderDto }) {
  if (order.status === 'expired') return <HoldExpired restartTo={restartCheckoutPath(order)} />;
  return (
    <CheckoutMessage
      icon={TicketIcon}
      tone="amber"
      role="alert"
      title={order.status === 'refunded' ? 'This order was refunded' : 'This order was cancelled'}
      actions={
        <Link to={paths.event(order.event.slug)} className={buttonClasses('secondary')}>
          Back to the event
        </Link>
      }
    >
      Its tickets are no longer valid. Contact the organiser if you think this is a mistake.
    </CheckoutMessage>
  );
}

function Payment({ order }: { order: OrderDto }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pay = usePayOrder(order.id);
  const { methods, paystackSandbox } = usePaymentMethods();
  // Offline payment is the organiser's choice per event (decision 025).
  const options = ORDER.filter(
    (m) => methods.includes(m) && (m !== 'offline' || order.event.offlinePayment),
  ).flatMap((m) => (m === 'paystack' ? paystackOptions(order, paystackSandbox) : [OPTIONS[m]]));
  const [leaving, setLeaving] = useState(false);
  const form = useContractForm(paymentChoice, { method: '' });
  const choice = useFieldControl<PaymentChoice, PaymentChoice, string>(form, 'method');
  const method = choice.value;
  const [inTab, setInTab] = useState(false);
  // The widget comes back into its host page after Paystack when the loader gave the page's
  // address (decision 075); without it (the plain iframe) Paystack opens in a new tab.
  const [widgetReturn] = useState(() => (embedded && embedOptions?.host) || null);
  const msLeft = useCountdown(order.status === 'pending' ? order.reservedUntil : null);
  const holdOver = order.status === 'pending' && msLeft === 0;

  // When the countdown ends, ask the server: the hold is released there too.
  useEffect(() => {
    if (holdOver) void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
  }, [holdOver, order.id, queryClient]);

  if (
    order.status === 'completed' ||
    (order.status === 'pending' && order.paymentMethod === 'offline')
  ) {
    return <Navigate to={paths.checkout.complete(order.id)} replace />;
  }

  const submit = ({ method }: PaymentChoice) => {
    if (pay.isPending) return;
    const [chosen, channel] = method.split(':') as [CheckoutPaymentMethod, PaystackChannel?];
    const paystack = chosen === 'paystack' || Boolean(channel);
    if (paystack && embedded && !widgetReturn) {
      // A plain iframe, with no loader to come back through: the payment goes on in a
      // Gatepass tab of its own (decision 074).
      const token = orderTokens.get(order.id) ?? '';
      window.open(
        `${window.location.origin}${paths.checkout.pay(order.id)}#token=${encodeURIComponent(token)}`,
        '_blank',
        'noopener',
      );
      setInTab(true);
      return;
    }
    pay.mutate(
      paystack
        ? {
            method: 'paystack',
            ...(channel ? { channel } : {}),
            ...(widgetReturn ? { returnTo: widgetReturn } : {}),
          }
        : chosen,
      {
        onSuccess: ({ order: updated, redirectUrl }) => {
          if (redirectUrl) {
            // Off to the provider's page; it sends the buyer back to /checkout/return, or in
            // the widget the whole host page goes (the loader does it) and comes back to it.
            setLeaving(true);
            if (embedded) {
              // A frame that cannot keep the token (storage blocked) leaves it with the
              // host page's loader for the way back, and only then (decision 075).
              const token = frameCanStore() ? null : orderTokens.get(order.id);
              window.parent.postMessage(
                {
                  type: WIDGET_MESSAGE.navigate,
                  url: redirectUrl,
                  ...(token ? { order: order.id, token } : {}),
                },
                hostOrigin() ?? '*',
              );
            } else window.location.assign(redirectUrl);
            return;
          }
          navigate(
            method === 'test'
              ? paths.checkout.testPayment(updated.id)
              : paths.checkout.complete(updated.id),
          );
        },
        onError: (err) => {
          const sentence = inlineOrToast(err);
          if (sentence) form.setError('root', { message: sentence });
          void queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
        },
      },
    );
  };

  const ended = order.status !== 'pending' || holdOver;

  return (
    <>
      <CheckoutHeader event={order.event} step="Payment" />
      <CheckoutBody>
        {ended ? (
          <div className="mx-auto max-w-3xl">
            <OrderStateMessage order={{ ...order, status: holdOver ? 'expired' : order.status }} />
          </div>
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
            <div className="space-y-6">
              <HoldCountdown msLeft={msLeft} />
              <CheckoutCard id="checkout-payment" step={3} title="How would you like to pay?">
                <form
                  noValidate
                  onSubmit={(e) => void form.handleSubmit(submit)(e)}
                  aria-labelledby="checkout-payment"
                >
                  <PaymentOptions
                    options={options}
                    value={method || null}
                    onChange={choice.onChange}
                    disabled={pay.isPending || leaving}
                  />
                  {inTab ? (
                    <p
                      role="status"
                      className="mt-4 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900 ring-1 ring-inset ring-indigo-200"
                    >
                      Your payment continues in a new tab: finish it there. Your tickets are held
                      for you meanwhile.
                    </p>
                  ) : null}
                  <FormFailure className="mt-4">{choice.error ?? formError(form)}</FormFailure>
                  <Button
                    type="submit"
                    size="lg"
                    className="mt-5 w-full sm:w-auto"
                    disabled={pay.isPending || leaving}
                  >
                    {pay.isPending || leaving
                      ? method?.startsWith('paystack')
                        ? 'Opening Paystack...'
                        : 'Please wait...'
                      : method === 'offline'
                        ? 'Place order'
                        : `Pay ${formatNaira(order.totalPrice)}`}
                  </Button>
                </form>
              </CheckoutCard>
            </div>
            <aside className="lg:sticky lg:top-24" aria-label="Order summary">
              <CheckoutCard id="payment-summary" title="Order summary">
                <OrderSummary figures={order} />
                <p className="mt-4 border-t border-slate-200 pt-4 text-sm text-slate-600">
                  For {order.firstName} {order.lastName} ·{' '}
                  <span className="break-words">{order.email}</span>
                </p>
              </CheckoutCard>
            </aside>
          </div>
        )}
      </CheckoutBody>
    </>
  );
}
