import type { TextFieldProps } from './step-props.ts';
import {
  LONG_HOLD_CHANNELS,
  PAYSTACK_CHANNEL_LABELS,
  PAYSTACK_CHANNELS,
  TRANSFER_HOLD_MINUTES,
  type PaystackChannel,
} from '@gatepass/shared';
import { Toggle } from '../../../../components/ui/toggle.tsx';
import { useServerPaymentMethods } from '../../../../lib/payouts.ts';

const DESCRIPTIONS: Record<PaystackChannel, string> = {
  card: 'Visa, Mastercard and Verve cards.',
  bank_transfer: `A one-time account number to transfer to; tickets are held ${TRANSFER_HOLD_MINUTES} minutes while the money arrives.`,
  ussd: `A code to dial on the buyer's phone; tickets are held ${TRANSFER_HOLD_MINUTES} minutes.`,
  bank: 'Paying from a bank account with its online banking details.',
};

/**
 * Which Paystack channels this event's checkout offers (issue 15 §1). At least one stays
 * on; shown only where this server takes Paystack.
 */
export function PaystackChannels({ value, onChange, error }: TextFieldProps) {
  const methods = useServerPaymentMethods();
  if (!methods.includes('paystack')) return null;
  const on = value.split(',').filter(Boolean);
  const set = (channel: PaystackChannel, checked: boolean) => {
    const next = PAYSTACK_CHANNELS.filter((c) => (c === channel ? checked : on.includes(c)));
    onChange(next.join(','));
  };
  return (
    <fieldset
      className="grid gap-3"
      aria-describedby={error ? 'paystack-channels-error' : undefined}
    >
      <legend className="mb-1 text-sm font-semibold text-slate-900">
        How can buyers pay with Paystack?
      </legend>
      {PAYSTACK_CHANNELS.map((channel) => (
        <Toggle
          key={channel}
          label={PAYSTACK_CHANNEL_LABELS[channel]}
          description={DESCRIPTIONS[channel]}
          checked={on.includes(channel)}
          // The last channel on stays on: Paystack needs one to offer.
          disabled={on.length === 1 && on.includes(channel)}
          onChange={(checked) => set(channel, checked)}
        />
      ))}
      {on.some((c) => LONG_HOLD_CHANNELS.includes(c as PaystackChannel)) ? null : (
        <p className="text-sm text-slate-500">
          Many Nigerian buyers pay by transfer or USSD: with both off, they can pay by card or bank
          account only.
        </p>
      )}
      {error ? (
        <p id="paystack-channels-error" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
