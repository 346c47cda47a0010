import { LIMITS, orderLookupBody, type OrderLookupBody } from '@gatepass/shared';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormEmailInput,
  formError,
  FormFailure,
  FormInput,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { KeyIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { describeApiError, readApiFailure } from '../../../lib/api-error.ts';
import { useLookupOrder, type FoundOrder } from '../api/lookup-order.ts';

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * /orders and /orders/{code}: the buyer proves the order is theirs with its email, then
 * `onFound` shows the ticket. A wrong pair gets one sentence that says nothing about which
 * half was wrong; a rate limit or a network failure shows as the global toast (spec §8).
 */
export function OrderLookupPage({
  orderCode,
  onFound,
}: {
  /** From /orders/{code}; the field is then prefilled. */
  orderCode?: string;
  onFound: (found: FoundOrder) => void;
}) {
  const lookup = useLookupOrder();
  const form = useContractForm(orderLookupBody, { orderCode: orderCode ?? '', email: '' });

  const submit = (body: OrderLookupBody) => {
    if (lookup.isPending) return;
    form.clearErrors('root');
    lookup.mutate(body, {
      onSuccess: onFound,
      onError: (err) => {
        const answer = readApiFailure(err);
        if ((answer.status === 404 || answer.status === 400) && answer.error) {
          form.setError('root', { message: answer.error });
          return;
        }
        // Rate limits, server and network errors: the app's global toast, in the spec's words.
        const { type, message, autoClose } = describeApiError(
          answer.status,
          answer.error ? { error: answer.error } : undefined,
        );
        toast[type](message, { toastId: message, ...(autoClose ? { autoClose } : {}) });
      },
    });
  };

  return (
    <>
      <PageHeader
        eyebrow="Your ticket"
        title="Find your ticket"
        subtitle="Enter your order code and the email you bought the tickets with."
      />
      <div className="bg-slate-50">
        <div className="mx-auto max-w-xl px-4 py-10 sm:px-6">
          <div className="rounded-2xl bg-white px-6 py-8 shadow-sm ring-1 ring-slate-900/5 sm:px-8">
            <span className="flex size-11 items-center justify-center rounded-xl bg-indigo-50 text-indigo-600">
              <TicketIcon className="size-6" />
            </span>
            <p className="mt-4 text-sm text-slate-600">
              For your privacy, an order code alone does not open a ticket. Confirm the email the
              order was placed with.
            </p>
            <form
              noValidate
              onSubmit={(e) => void form.handleSubmit(submit)(e)}
              className="mt-6 space-y-5"
              aria-label="Find your ticket"
            >
              <FormInput
                form={form}
                name="orderCode"
                format={digitsOnly}
                label="Order code"
                inputMode="numeric"
                autoComplete="off"
                maxLength={LIMITS.orderCodeLength}
                placeholder="12345678"
                wrapperClassName="[&_input]:font-mono [&_input]:tracking-widest"
              />
              <FormEmailInput form={form} name="email" autoFocus={Boolean(orderCode)} />
              <FormFailure>{formError(form)}</FormFailure>
              <Button type="submit" size="lg" className="w-full" disabled={lookup.isPending}>
                <KeyIcon className="size-5" />
                {lookup.isPending ? 'Checking...' : 'Show my ticket'}
              </Button>
            </form>
          </div>
        </div>
      </div>
    </>
  );
}
