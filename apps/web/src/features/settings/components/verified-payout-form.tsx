import { resolvePayoutQuery, type PayoutBanksDto, type SettingsDto } from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/form-controls.tsx';
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/field-errors.ts';
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
  const [bankCode, setBankCode] = useState(payout?.bankCode ?? '');
  const [accountNumber, setAccountNumber] = useState(payout?.accountNumber ?? '');
  const [resolvedName, setResolvedName] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const resolve = useResolvePayout();
  const save = useUpdatePayout();
  const bank = banks.find((b) => b.code === bankCode);
  const unchanged =
    payout?.verified && bankCode === payout.bankCode && accountNumber === payout.accountNumber;

  const edit = (apply: () => void) => {
    apply();
    setResolvedName(null);
    setErrors({});
  };

  async function check(event: FormEvent) {
    event.preventDefault();
    const input = { bankCode, accountNumber };
    const invalid = zodFieldErrors(resolvePayoutQuery, input);
    if (invalid) {
      setErrors(invalid);
      return;
    }
    try {
      const resolved = await resolve.mutateAsync(input);
      setAccountNumber(resolved.accountNumber);
      setResolvedName(resolved.accountName);
    } catch (err) {
      setErrors(apiFieldErrors(err));
    }
  }

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
      setErrors(apiFieldErrors(err));
    }
  }

  return (
    <form noValidate onSubmit={(e) => void check(e)} aria-label="Payout account">
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
      <FormError>{errors._form}</FormError>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Bank"
          value={bankCode}
          onChange={(e) => edit(() => setBankCode(e.target.value))}
          error={errors.bankCode}
        >
          <option value="">Choose your bank</option>
          {banks.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name}
            </option>
          ))}
        </Select>
        <AccountNumberInput
          value={accountNumber}
          onChange={(value) => edit(() => setAccountNumber(value))}
          error={errors.accountNumber}
        />
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
            onRemoved={() => {
              setBankCode('');
              setAccountNumber('');
            }}
          />
        ) : null}
        {resolvedName ? null : (
          <Button type="submit" disabled={resolve.isPending || Boolean(unchanged)}>
            {resolve.isPending ? 'Checking...' : 'Check account'}
          </Button>
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
