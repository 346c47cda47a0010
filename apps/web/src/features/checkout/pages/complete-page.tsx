import { formatEventDate, type OrderDto } from '@gatepass/shared';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { BanknoteIcon, ShieldCheckIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { OrderGate } from '../components/order-gate.tsx';
import { OrderTicket, spacedCode } from '../components/order-ticket.tsx';
import { orderTokens } from '../lib/order-tokens.ts';
import { OrderStateMessage } from './payment-page.tsx';

/** An order waiting for an offline payment is checked now and then: the organiser may mark it paid. */
const AWAITING_REFRESH_MS = 30_000;

/** /checkout/complete/{orderId}: the confirmation, with the ticket (or the offline instructions). */
export function CompletePage() {
  const { orderId = '' } = useParams();
  return (
    <OrderGate orderId={orderId} step="Confirmation" refetchInterval={AWAITING_REFRESH_MS}>
      {(order) => <Complete order={order} />}
    </OrderGate>
  );
}

function Complete({ order }: { order: OrderDto }) {
  // Still to be paid online: back to the payment step (which shows the countdown).
  if (order.status === 'pending' && order.paymentMethod !== 'offline') {
    return <Navigate to={paths.checkout.pay(order.id)} replace />;
  }
  return (
    <>
      <CheckoutHeader event={order.event} step="Confirmation" free={order.totalPrice === 0} />
      <CheckoutBody width="4xl" refund={order.refund}>
        <OrderOutcome order={order} />
      </CheckoutBody>
    </>
  );
}

/**
 * What a buyer sees of their order: the confirmation and the ticket, the offline payment
 * instructions, a link back to an unfinished payment, or why the order is over.
 */
export function OrderOutcome({ order }: { order: OrderDto }) {
  const token = orderTokens.get(order.id);
  if (order.status === 'pending' && order.paymentMethod !== 'offline') {
    return <UnfinishedPayment order={order} />;
  }
  if (order.status !== 'completed' && order.status !== 'pending') {
    return <OrderStateMessage order={order} />;
  }
  return (
    <div className="space-y-6">
      {order.status === 'completed' ? (
        <Confirmed order={order} />
      ) : (
        <AwaitingPayment order={order} />
      )}
      {token ? (
        <OrderTicket order={order} accessToken={token} valid={order.status === 'completed'} />
      ) : null}
      <p className="text-center text-sm text-slate-600">
        Lost this page? Find your ticket again at{' '}
        <Link
          to={paths.orders.order(order.orderCode)}
          className="break-words font-semibold text-indigo-700 hover:text-indigo-500"
        >
          {window.location.host}
          {paths.orders.order(order.orderCode)}
        </Link>{' '}
        with the email you used.
      </p>
    </div>
  );
}

function UnfinishedPayment({ order }: { order: OrderDto }) {
  return (
    <CheckoutMessage
      icon={BanknoteIcon}
      tone="amber"
      role="status"
      title="Your payment is not finished"
      actions={
        <Link to={paths.checkout.pay(order.id)} className={buttonClasses('primary')}>
          Continue to payment
        </Link>
      }
    >
      Your tickets are held for a few minutes while you pay. Order{' '}
      <span className="whitespace-nowrap font-mono font-semibold">
        {spacedCode(order.orderCode)}
      </span>
      .
    </CheckoutMessage>
  );
}

function Confirmed({ order }: { order: OrderDto }) {
  return (
    <ResultPanel tone="emerald" icon={ShieldCheckIcon}>
      <h2 className="text-xl font-bold text-emerald-900">You're going! Your order is confirmed.</h2>
      <p className="mt-1 text-sm text-emerald-800">
        Order{' '}
        <span className="whitespace-nowrap font-mono font-semibold">
          {spacedCode(order.orderCode)}
        </span>{' '}
        · {order.quantity} ticket{order.quantity === 1 ? '' : 's'}. We've emailed your tickets to{' '}
        <span className="break-words font-semibold">{order.email}</span>.
      </p>
    </ResultPanel>
  );
}

function AwaitingPayment({ order }: { order: OrderDto }) {
  return (
    <ResultPanel tone="amber" icon={BanknoteIcon}>
      <p className="inline-flex rounded-full bg-amber-200/70 px-2.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-900">
        Awaiting payment
      </p>
      <h2 className="mt-2 text-xl font-bold text-amber-950">
        Your order is placed. Pay offline to confirm it.
      </h2>
      <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm text-amber-900">
        <li>
          Pay the total by bank transfer to the organiser, or at the venue's box office before the
          event.
        </li>
        <li>
          Quote your order code{' '}
          <span className="whitespace-nowrap font-mono font-semibold">
            {spacedCode(order.orderCode)}
          </span>{' '}
          as the payment reference.
        </li>
        <li>
          Once the organiser confirms your payment, your tickets are emailed to{' '}
          <span className="break-words font-semibold">{order.email}</span> and this page shows them
          as valid.
        </li>
      </ol>
      {order.reservedUntil ? (
        <p className="mt-3 text-sm font-medium text-amber-900">
          Your tickets are held until {formatEventDate(order.reservedUntil, order.event.timeZone)}.
          Unpaid orders are released after that.
        </p>
      ) : null}
      <Link
        to={paths.event(order.event.slug)}
        className={`${buttonClasses('secondary', 'sm')} mt-4`}
      >
        Back to the event
      </Link>
    </ResultPanel>
  );
}

const RESULT_TONES = {
  emerald: { panel: 'bg-emerald-50 ring-emerald-200', icon: 'bg-emerald-600' },
  amber: { panel: 'bg-amber-50 ring-amber-200', icon: 'bg-amber-500' },
} as const;

/** The outcome of a finished checkout: a tinted panel with its icon beside the text. */
function ResultPanel({
  tone,
  icon: Icon,
  children,
}: {
  tone: keyof typeof RESULT_TONES;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        'flex items-start gap-4 rounded-2xl px-5 py-5 ring-1 ring-inset sm:px-6',
        RESULT_TONES[tone].panel,
      )}
    >
      <span
        className={cn(
          'hidden size-10 shrink-0 items-center justify-center rounded-full text-white sm:flex',
          RESULT_TONES[tone].icon,
        )}
      >
        <Icon className="size-6" />
      </span>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
