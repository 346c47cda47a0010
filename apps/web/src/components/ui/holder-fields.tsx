import type { HolderBody } from '@gatepass/shared';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { cn } from '../../lib/cn.ts';
import { FormInput } from './form.tsx';

/**
 * Who receives tickets — first name, last name, email — for the contract's `holderBody`
 * (a transfer by the buyer or by the organiser). `their`: the buyer is naming someone else.
 */
export function HolderFields<Out extends FieldValues>({
  form,
  their = false,
  className,
}: {
  form: UseFormReturn<HolderBody, unknown, Out>;
  their?: boolean;
  className?: string;
}) {
  const label = (text: string) => (their ? `Their ${text.toLowerCase()}` : text);
  return (
    <>
      <div className={cn('grid sm:grid-cols-2', className)}>
        <FormInput form={form} name="firstName" label={label('First name')} autoComplete="off" />
        <FormInput form={form} name="lastName" label={label('Last name')} autoComplete="off" />
      </div>
      <FormInput
        form={form}
        name="email"
        label={label('Email')}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
    </>
  );
}
