import { formatClock } from '@gatepass/shared';
import { useOrder } from '../api/get-order.ts';
import { useCountdown } from '../lib/countdown.ts';
import { HoldCountdown } from './hold-countdown.tsx';

/**
 * While a Paystack payment has not gone through yet (a bank transfer or USSD payment takes
 * a while to arrive): how long the tickets stay held, counted down. The order is confirmed
 * only when Paystack's server tells ours, never by this page.
 */
export function PaymentWaitHold({ orderId }: { orderId: string }) {
  const order = useOrder(orderId, { refetchInterval: 30_000 });
  const until = order.data?.status === 'pending' ? order.data.reservedUntil : null;
  const msLeft = useCountdown(until);
  if (!until) return null;
  const clock = formatClock(until);
  return (
    <div className="mt-4 grid gap-2 text-left">
      <HoldCountdown msLeft={msLeft} />
      <p className="text-sm text-slate-600" data-testid="hold-until">
        Your tickets are held until {clock}. A bank transfer or USSD payment can take a few minutes
        to reach Paystack: your order is confirmed as soon as Paystack tells us, and we email your
        tickets.
      </p>
    </div>
  );
}
