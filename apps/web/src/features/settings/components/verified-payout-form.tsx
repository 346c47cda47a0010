import { resolvePayoutQuery, type PayoutBanksDto, type SettingsDto } from '@gatepass/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/form-controls.tsx';
import {
  formError,
  showApiErrors,
  SubmitButton,
  useContractForm,
  useFieldProps,
} from '../../../components/ui/form.tsx';
import { PAYSTACK_SANDBOX_NOTE, usePaystackSandbox } from '../../../lib/payouts.ts';
import { toast } from '../../../lib/toast.ts';
import { usePayoutBanks } from '../api/get-payout-banks.ts';
import { useResolvePayout } from '../api/resolve-payout.ts';
import { useUpdatePayout } from '../api/update-payout.ts';
import { AccountNumberInput, FormError, PayoutForm, RemovePayoutAccount } from './payout-form.tsx';
import { FormActions } from './settings-section.tsx';

type Payout = SettingsDto['payout'];

/**
 * The payout account where Paystack is configured (issue 15 §2): choose the bank, type the
 * account number, and Paystack tells the name the bank holds for it. Only once the
 * organiser confirms that name is it saved, which makes it their Paystack subaccount:
 * Paystack then settles their share of every sale to it.
 */
export function VerifiedPayoutForm({
  payout,
  banks,
}: {
  payout: Payout;
  banks: PayoutBanksDto['banks'];
}) {
  const form = useContractForm(resolvePayoutQuery, {
    bankCode: payout?.bankCode ?? '',
    accountNumber: payout?.accountNumber ?? '',
  });
  const [resolvedName, setResolvedName] = useState<string | null>(null);
  const resolve = useResolvePayout();
  const save = useUpdatePayout();
  const sandbox = usePaystackSandbox();
  const { bankCode, accountNumber } = form.watch();
  const bank = banks.find((b) => b.code === bankCode);
  const unchanged =
    payout?.verified && bankCode === payout.bankCode && accountNumber === payout.accountNumber;
  // Editing either field asks the bank again.
  const edited = (field: ReturnType<typeof useFieldProps>) => ({
    ...field,
    onChange: (e: Parameters<typeof field.onChange>[0]) => {
      field.onChange(e);
      setResolvedName(null);
      form.clearErrors();
    },
  });
  const bankField = edited(useFieldProps(form, 'bankCode'));
  const accountField = edited(useFieldProps(form, 'accountNumber'));

  const check = async () => {
    try {
      const resolved = await resolve.mutateAsync(form.getValues());
      form.setValue('accountNumber', resolved.accountNumber);
      setResolvedName(resolved.accountName);
    } catch (err) {
      showApiErrors(form, err);
    }
  };

  async function confirm() {
    if (!bank || !resolvedName) return;
    try {
      const { message } = await save.mutateAsync({
        bankName: bank.name,
        bankCode: bank.code,
        accountNumber,
        accountName: resolvedName,
      });
      toast.success(message ?? 'Payout account saved.');
      setResolvedName(null);
    } catch (err) {
      showApiErrors(form, err);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(check)(e)} aria-label="Payout account">
      {sandbox ? (
        <Alert tone="info" className="mb-4">
          <strong>{PAYSTACK_SANDBOX_NOTE}.</strong> This server runs a local stand-in for Paystack
          (PAYSTACK_SANDBOX): any 10-digit account number at these banks resolves to a made-up name
          (0000000000 never does), and nothing is ever paid out.
        </Alert>
      ) : null}
      {payout?.verified && !resolvedName ? (
        <Alert tone="success" className="mb-4">
          Verified with Paystack: <strong>{payout.accountName}</strong>, {payout.bankName}{' '}
          <span className="font-mono">{payout.accountNumber}</span>. Paystack pays your share of
          each sale straight to this account.
        </Alert>
      ) : payout && !payout.verified ? (
        <Alert tone="error" className="mb-4">
          This account is not verified with Paystack yet, so your events can sell free and offline
          tickets only. Check it below to verify it.
        </Alert>
      ) : null}
      <FormError>{formError(form)}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label="Bank" {...bankField}>
          <option value="">Choose your bank</option>
          {banks.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </Select>
        <AccountNumberInput {...accountField} />
      </div>
      {resolvedName && bank ? (
        <div
          className="mt-4 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200"
          aria-label="Account found"
          role="group"
        >
          <p className="text-sm text-slate-600">The bank says this account belongs to</p>
          <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="resolved-name">
            {resolvedName}
          </p>
          <p className="text-sm text-slate-600">
            {bank.name} · <span className="font-mono">{accountNumber}</span>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => void confirm()} disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Yes, pay me here'}
            </Button>
            <Button variant="ghost" onClick={() => setResolvedName(null)}>
              Not my account
            </Button>
          </div>
        </div>
      ) : null}
      <FormActions>
        {payout ? (
          <RemovePayoutAccount
            save={save}
            consequence="Until you add an account again, your events can sell free and offline tickets only."
            onRemoved={() => form.reset({ bankCode: '', accountNumber: '' })}
          />
        ) : null}
        {resolvedName ? null : (
          <SubmitButton
            busy={resolve.isPending}
            busyLabel="Checking..."
            disabled={Boolean(unchanged)}
          >
            Check account
          </SubmitButton>
        )}
      </FormActions>
    </form>
  );
}

/** The payout form this server calls for: checked with Paystack when it is configured. */
export function PayoutAccount({ payout }: { payout: Payout }) {
  const banks = usePayoutBanks();
  if (banks.isPending) return <p className="text-sm text-slate-500">Loading banks…</p>;
  if (banks.data?.paystack) return <VerifiedPayoutForm payout={payout} banks={banks.data.banks} />;
  return <PayoutForm payout={payout} />;
}
