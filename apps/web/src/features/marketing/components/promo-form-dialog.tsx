import { createPromoCodeBody, updatePromoCodeBody, type PromoCodeDto } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/dialog.tsx';
import { Input, Toggle } from '../../../components/ui/form-controls.tsx';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
import { cn } from '../../../lib/cn.ts';
import { useCreatePromoCode } from '../api/create-promo-code.ts';
import { useUpdatePromoCode } from '../api/update-promo-code.ts';
import {
  createBodyFrom,
  emptyPromoForm,
  promoFormFrom,
  updateBodyFrom,
  type PromoFormValues,
} from '../lib/promo.ts';

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
  const [values, setValues] = useState<PromoFormValues>(() =>
    promo ? promoFormFrom(promo) : emptyPromoForm(),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePromoCode();
  const update = useUpdatePromoCode();
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof PromoFormValues>(key: K, value: PromoFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, _form: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = promo ? updateBodyFrom(values) : createBodyFrom(values, eventId);
    const invalid = zodFieldErrors(promo ? updatePromoCodeBody : createPromoCodeBody, body);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    try {
      const result = promo
        ? await update.mutateAsync({ id: promo.id, body: updateBodyFrom(values) })
        : await create.mutateAsync(createBodyFrom(values, eventId));
      toast.success(result.message ?? (promo ? 'Promo code saved.' : 'Promo code created.'));
      onDone();
    } catch (err) {
      setErrors(apiFieldErrors(err));
    }
  }

  const usedAlready = promo ? promo.usage.uses : 0;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      {errors._form ? <Alert tone="error">{errors._form}</Alert> : null}
      <Input
        label="Code"
        value={values.code}
        onChange={(e) => set('code', e.target.value.toUpperCase())}
        error={errors.code}
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
          ).map(([kind, label, example]) => (
            <label
              key={kind}
              className={cn(
                'flex cursor-pointer flex-col rounded-lg px-3 py-2 ring-1 ring-inset transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                values.kind === kind
                  ? 'bg-indigo-50 ring-indigo-600'
                  : 'bg-white ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="promo-kind"
                value={kind}
                checked={values.kind === kind}
                onChange={() => set('kind', kind)}
                className="sr-only"
              />
              <span className="text-sm font-semibold text-slate-900">{label}</span>
              <span className="text-xs text-slate-600">{example}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={values.kind === 'percent' ? 'Percent off' : 'Amount off'}
          inputMode="numeric"
          value={values.amount}
          onChange={(e) => set('amount', e.target.value)}
          error={errors.amount}
          prefix={values.kind === 'fixed' ? '₦' : undefined}
          suffix={values.kind === 'percent' ? '%' : undefined}
          hint={values.kind === 'percent' ? '1 to 100.' : 'Whole naira, off the tickets.'}
          required
        />
        <Input
          label="Maximum uses"
          optional
          inputMode="numeric"
          value={values.maxUses}
          onChange={(e) => set('maxUses', e.target.value)}
          error={errors.maxUses}
          hint={
            usedAlready > 0
              ? `Used ${usedAlready} times so far. Empty: unlimited.`
              : 'Orders that may use it. Empty: unlimited.'
          }
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Valid from"
          optional
          type="datetime-local"
          value={values.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
          error={errors.startsAt}
        />
        <Input
          label="Valid until"
          optional
          type="datetime-local"
          value={values.endsAt}
          min={values.startsAt || undefined}
          onChange={(e) => set('endsAt', e.target.value)}
          error={errors.endsAt}
        />
      </div>
      <p className="-mt-2 text-xs text-slate-500">
        Times are in the event&apos;s time zone ({timeZone.replace('_', ' ')}). Leave both empty for
        a code that works until the event&apos;s sales end.
      </p>
      <Toggle
        checked={values.active}
        onChange={(v) => set('active', v)}
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
