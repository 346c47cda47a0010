import type { BuyerBody } from '@gatepass/shared';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormEmailInput, FormInput } from '../../../components/ui/form.tsx';

/** The checkout's buyer fields, in the order they show (the first invalid one gets the focus). */
export const BUYER_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

/** Who the tickets are for: the name on the ticket, where they are mailed, a phone number. */
export function BuyerForm<Out extends FieldValues>({
  form,
  disabled = false,
}: {
  form: UseFormReturn<BuyerBody, unknown, Out>;
  disabled?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <FormInput
        form={form}
        name="firstName"
        label="First name"
        autoComplete="given-name"
        disabled={disabled}
        required
      />
      <FormInput
        form={form}
        name="lastName"
        label="Last name"
        autoComplete="family-name"
        disabled={disabled}
        required
      />
      <FormEmailInput
        form={form}
        name="email"
        hint="Your tickets are sent here."
        disabled={disabled}
        required
      />
      <FormInput
        form={form}
        name="phone"
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0801 234 5678"
        disabled={disabled}
        required
      />
    </div>
  );
}
