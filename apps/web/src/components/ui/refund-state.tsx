import { formatNaira, type OrderDto } from '@gatepass/shared';
import { Alert } from './alert.tsx';

/**
 * The state of the order's refund at Paystack, as its refund webhooks tell it (issue 15
 * §1): queued, on its way, in the buyer's account, or failed. Nothing without a refund.
 */
export function RefundState({
  refund,
  audience,
}: {
  refund: OrderDto['refund'];
  audience: 'buyer' | 'organiser';
}) {
  if (!refund) return null;
  const amount = formatNaira(refund.amount);
  if (refund.status === 'processed') {
    return (
      <Alert tone="success" className="text-left">
        <span data-testid="refund-state">Refund processed</span>:{' '}
        {audience === 'buyer'
          ? `${amount} has been paid back to you by Paystack. Banks can take a few days to show it.`
          : `Paystack has paid ${amount} back to the buyer.`}
      </Alert>
    );
  }
  if (refund.status === 'failed') {
    return (
      <Alert tone="error" className="text-left">
        <span data-testid="refund-state">Refund failed</span>:{' '}
        {audience === 'buyer'
          ? `Paystack could not pay ${amount} back to you. The organiser has been told and will refund you again.`
          : `Paystack could not pay ${amount} back to the buyer. Refund the order again, or in Paystack's dashboard.`}
      </Alert>
    );
  }
  return (
    <Alert tone="info" className="text-left">
      <span data-testid="refund-state">Refund {refund.status}</span>: Paystack is paying {amount}{' '}
      back {audience === 'buyer' ? 'to you' : 'to the buyer'}; it usually takes a few days.
    </Alert>
  );
}
