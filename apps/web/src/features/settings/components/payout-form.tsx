import { payoutBody, SETTINGS_LIMITS, type SettingsDto } from '@gatepass/shared';
import { useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/form-controls.tsx';
import {
  formError,
  FormInput,
  showApiErrors,
  SubmitButton,
  useContractForm,
  useFieldProps,
} from '../../../components/ui/form.tsx';
import { useUpdatePayout } from '../api/update-payout.ts';
import { FormActions } from './settings-section.tsx';

/** Banks offered as suggestions; any name can be typed. */
const NIGERIAN_BANKS = [
  'Access Bank',
  'Citibank Nigeria',
  'Ecobank Nigeria',
  'Fidelity Bank',
  'First Bank of Nigeria',
  'First City Monument Bank (FCMB)',
  'Globus Bank',
  'Guaranty Trust Bank (GTBank)',
  'Jaiz Bank',
  'Keystone Bank',
  'Kuda Microfinance Bank',
  'Moniepoint Microfinance Bank',
  'OPay',
  'PalmPay',
  'Polaris Bank',
  'Providus Bank',
  'Stanbic IBTC Bank',
  'Standard Chartered Bank',
  'Sterling Bank',
  'SunTrust Bank',
  'Titan Trust Bank',
  'Union Bank of Nigeria',
  'United Bank for Africa (UBA)',
  'Unity Bank',
  'Wema Bank',
  'Zenith Bank',
];

type Payout = SettingsDto['payout'];

const noAccount = { bankName: '', accountNumber: '', accountName: '' };

/** Where the organiser's money goes: bank, 10-digit NUBAN account number, account name. */
export function PayoutForm({ payout }: { payout: Payout }) {
  const form = useContractForm(payoutBody, {
    bankName: payout?.bankName ?? '',
    accountNumber: payout?.accountNumber ?? '',
    accountName: payout?.accountName ?? '',
  });
  const save = useUpdatePayout();
  const listId = useId();
  const values = form.watch();
  const changed =
    values.bankName !== (payout?.bankName ?? '') ||
    values.accountNumber !== (payout?.accountNumber ?? '') ||
    values.accountName !== (payout?.accountName ?? '');
  const accountNumber = useFieldProps(form, 'accountNumber');

  const submit = async () => {
    try {
      const { settings, message } = await save.mutateAsync(form.getValues());
      toast.success(message ?? 'Payout account saved.');
      const saved = settings.payout;
      if (saved)
        form.reset({
          bankName: saved.bankName,
          accountNumber: saved.accountNumber,
          accountName: saved.accountName,
        });
    } catch (err) {
      showApiErrors(form, err);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(submit)(e)}
      aria-label="Payout account"
    >
      <FormError>{formError(form)}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          form={form}
          name="bankName"
          label="Bank name"
          wrapperClassName="sm:col-span-2"
          list={listId}
          autoComplete="off"
          maxLength={SETTINGS_LIMITS.bankNameMax}
        />
        <datalist id={listId}>
          {NIGERIAN_BANKS.map((bank) => (
            <option key={bank} value={bank} />
          ))}
        </datalist>
        <AccountNumberInput {...accountNumber} />
        <FormInput
          form={form}
          name="accountName"
          label="Account name"
          autoComplete="off"
          maxLength={SETTINGS_LIMITS.accountNameMax}
          hint="As the bank shows it."
        />
      </div>
      <FormActions>
        {payout ? (
          <RemovePayoutAccount
            save={save}
            consequence="Payouts cannot be sent until you add an account again."
            onRemoved={() => form.reset(noAccount)}
          />
        ) : null}
        <SubmitButton busy={save.isPending} busyLabel="Saving..." disabled={!changed}>
          Save payout account
        </SubmitButton>
      </FormActions>
    </form>
  );
}

/** The NUBAN account number, as both payout forms ask for it. */
export function AccountNumberInput(field: ReturnType<typeof useFieldProps>) {
  return (
    <Input
      label="Account number"
      inputMode="numeric"
      autoComplete="off"
      maxLength={13}
      hint="The 10-digit NUBAN number."
      className="font-mono"
      {...field}
    />
  );
}

/** The refusal of a payout form that belongs to no field. */
export function FormError({ children }: { children: string | undefined }) {
  return children ? <p className="mb-4 text-sm font-medium text-red-700">{children}</p> : null;
}

/** "Remove account" and its confirmation, for both payout forms (they say what follows). */
export function RemovePayoutAccount({
  save,
  consequence,
  onRemoved,
}: {
  save: ReturnType<typeof useUpdatePayout>;
  consequence: string;
  onRemoved: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        className="text-red-700 hover:bg-red-50"
        onClick={() => setOpen(true)}
        disabled={save.isPending}
      >
        Remove account
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Remove the payout account?"
        confirmLabel="Remove account"
        busyLabel="Removing..."
        busy={save.isPending}
        tone="danger"
        onConfirm={() =>
          save.mutate(null, {
            onSuccess: ({ message }) => {
              toast.success(message ?? 'Payout account removed.');
              onRemoved();
              setOpen(false);
            },
            onError: () => setOpen(false),
          })
        }
      >
        <p>{consequence}</p>
      </ConfirmDialog>
    </>
  );
}
