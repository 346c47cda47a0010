import type { FeeMode, SettingsDto } from '@gatepass/shared';
import { toast } from '../../../lib/toast.ts';
import { Toggle } from '../../../components/ui/toggle.tsx';
import { cn } from '../../../lib/cn.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';

const FEE_CHOICES: Array<{ value: FeeMode; label: string; description: string }> = [
  {
    value: 'pass',
    label: 'Buyers pay the fee',
    description: 'The service fee is added on top of the ticket price at checkout.',
  },
  {
    value: 'absorb',
    label: 'I absorb the fee',
    description: 'Buyers pay the ticket price only; the fee comes out of your sales.',
  },
];

/** Default fee mode of new events and the order notification mails; saved on change. */
export function PreferencesForm({ preferences }: { preferences: SettingsDto['preferences'] }) {
  const save = useUpdatePreferences();
  const pendingFee = save.isPending ? save.variables.defaultFeeMode : undefined;
  const pendingMail = save.isPending ? save.variables.orderNotifications : undefined;
  const feeMode = pendingFee ?? preferences.defaultFeeMode;
  const notifications = pendingMail ?? preferences.orderNotifications;

  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Default fee mode</legend>
        <p className="mt-0.5 text-sm text-slate-500">
          Used for events you create from now on; each event can still choose its own.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {FEE_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={cn(
                'flex cursor-pointer gap-3 rounded-xl p-4 ring-1 ring-inset transition-colors',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600',
                feeMode === choice.value
                  ? 'bg-indigo-50 ring-2 ring-indigo-600'
                  : 'bg-white ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="default-fee-mode"
                value={choice.value}
                checked={feeMode === choice.value}
                disabled={save.isPending}
                onChange={() =>
                  save.mutate(
                    { defaultFeeMode: choice.value },
                    { onSuccess: () => toast.success('Default fee mode saved.') },
                  )
                }
                className="mt-0.5 size-4 shrink-0 accent-indigo-600"
              />
              <span>
                <span className="block text-sm font-semibold text-slate-900">{choice.label}</span>
                <span className="mt-0.5 block text-sm text-slate-600">{choice.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="border-t border-slate-100 pt-5">
        <Toggle
          checked={notifications}
          disabled={save.isPending}
          onChange={(orderNotifications) =>
            save.mutate(
              { orderNotifications },
              {
                onSuccess: () =>
                  toast.success(
                    orderNotifications
                      ? 'You will get a mail for each completed order.'
                      : 'Order mails are off.',
                  ),
              },
            )
          }
          label="Order notification mails"
          description="Get an email each time someone completes an order for one of your events."
        />
      </div>
    </div>
  );
}
