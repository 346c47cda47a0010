import type { PromoCodeDto, PromoKind } from '@gatepass/shared';
import { useMemo } from 'react';
import type { z } from 'zod';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Toggle } from '../../../components/ui/toggle.tsx';
import {
  formError,
  FormInput,
  showApiErrors,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCreatePromoCode } from '../api/create-promo-code.ts';
import { useUpdatePromoCode } from '../api/update-promo-code.ts';
import {
  createBodyFrom,
  emptyPromoForm,
  promoForm,
  promoFormFrom,
  updateBodyFrom,
  type PromoFormValues,
} from '../lib/promo.ts';

type PromoBody = z.output<ReturnType<typeof promoForm>>;
const upperCase = (text: string) => text.toUpperCase();

/**
 * Creates a promo code for the chosen event, or edits one. Checked with the shared
 * contract before sending; the server's refusals land next to their fields.
 */
export function PromoFormDialog({
  open,
  onClose,
  eventId,
  eventTitle,
  timeZone,
  promo,
}: {
  open: boolean;
  onClose: () => void;
  eventId: string;
  eventTitle: string;
  timeZone: string;
  /** The code to edit; absent to create one. */
  promo?: PromoCodeDto | undefined;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={promo ? `Edit ${promo.code}` : 'New promo code'}
      description={`For ${eventTitle}. Buyers type the code at checkout.`}
    >
      {/* Remounted for each code, so the form starts from that code's values. */}
      <PromoForm
        key={promo?.id ?? 'new'}
        eventId={eventId}
        timeZone={timeZone}
        promo={promo}
        onDone={onClose}
      />
    </Modal>
  );
}

function PromoForm({
  eventId,
  timeZone,
  promo,
  onDone,
}: {
  eventId: string;
  timeZone: string;
  promo: PromoCodeDto | undefined;
  onDone: () => void;
}) {
  const schema = useMemo(() => promoForm(promo ? null : eventId), [promo, eventId]);
  const form = useContractForm(schema, promo ? promoFormFrom(promo) : emptyPromoForm());
  const kind = useFieldControl<PromoFormValues, PromoBody, PromoKind>(form, 'kind');
  const active = useFieldControl<PromoFormValues, PromoBody, boolean>(form, 'active');
  const startsAt = form.watch('startsAt');
  const create = useCreatePromoCode();
  const update = useUpdatePromoCode();
  const busy = create.isPending || update.isPending;

  const submit = form.handleSubmit(async () => {
    // What was typed, as a body; the server applies the same contract.
    const values = form.getValues();
    try {
      const result = promo
        ? await update.mutateAsync({ id: promo.id, body: updateBodyFrom(values) })
        : await create.mutateAsync(createBodyFrom(values, eventId));
      toast.success(result.message ?? (promo ? 'Promo code saved.' : 'Promo code created.'));
      onDone();
    } catch (err) {
      showApiErrors(form, err);
    }
  });

  const usedAlready = promo ? promo.usage.uses : 0;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      {formError(form) ? <Alert tone="error">{formError(form)}</Alert> : null}
      <FormInput
        form={form}
        name="code"
        format={upperCase}
        label="Code"
        hint="3–40 letters, digits, - or _. Not case sensitive for buyers."
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        className="font-mono uppercase"
        required
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Discount</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-2">
          {(
            [
              ['percent', 'Percentage', 'e.g. 20% off'],
              ['fixed', 'Fixed amount', 'e.g. ₦1,000 off'],
            ] as const
          ).map(([value, label, example]) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col rounded-lg px-3 py-2 ring-1 ring-inset transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                kind.value === value
                  ? 'bg-indigo-50 ring-indigo-600'
                  : 'bg-white ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="promo-kind"
                value={value}
                checked={kind.value === value}
                onChange={() => kind.onChange(value)}
                className="sr-only"
              />
              <span className="text-sm font-semibold text-slate-900">{label}</span>
              <span className="text-xs text-slate-600">{example}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="amount"
          label={kind.value === 'percent' ? 'Percent off' : 'Amount off'}
          inputMode="numeric"
          prefix={kind.value === 'fixed' ? '₦' : undefined}
          suffix={kind.value === 'percent' ? '%' : undefined}
          hint={kind.value === 'percent' ? '1 to 100.' : 'Whole naira, off the tickets.'}
          required
        />
        <FormInput
          form={form}
          name="maxUses"
          label="Maximum uses"
          optional
          inputMode="numeric"
          hint={
            usedAlready > 0
              ? `Used ${usedAlready} times so far. Empty: unlimited.`
              : 'Orders that may use it. Empty: unlimited.'
          }
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput form={form} name="startsAt" label="Valid from" optional type="datetime-local" />
        <FormInput
          form={form}
          name="endsAt"
          label="Valid until"
          optional
          type="datetime-local"
          min={startsAt || undefined}
        />
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        Times are in the event&apos;s time zone ({timeZone.replace('_', ' ')}). Leave both empty for
        a code that works until the event&apos;s sales end.
      </p>
      <Toggle
        checked={active.value}
        onChange={active.onChange}
        label="Active"
        description="Switch it off to stop new checkouts from using it."
      />
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : promo ? 'Save changes' : 'Create code'}
        </Button>
      </div>
    </form>
  );
}
