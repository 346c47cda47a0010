import type { ReactNode } from 'react';
import { BanknoteIcon, ShieldCheckIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';

export interface PaymentOption {
  value: string;
  label: string;
  description: ReactNode;
  badge?: string;
  icon: 'card' | 'bank';
}

/** The payment methods as a radio group of cards (keyboard: arrows move, Space picks). */
export function PaymentOptions({
  options,
  value,
  onChange,
  disabled,
}: {
  options: readonly PaymentOption[];
  value: string | null;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">Payment method</legend>
      <div className="space-y-3">
        {options.map((option) => {
          const checked = option.value === value;
          const Icon = option.icon === 'bank' ? BanknoteIcon : ShieldCheckIcon;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-4 rounded-xl p-4 ring-1 ring-inset transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-indigo-600',
                checked
                  ? 'bg-indigo-50/60 ring-2 ring-indigo-600'
                  : 'bg-white ring-slate-300 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="paymentMethod"
                value={option.value}
                checked={checked}
                onChange={() => onChange(option.value)}
                className="mt-1 size-4 shrink-0 accent-indigo-600"
              />
              <Icon
                className={cn(
                  'mt-0.5 hidden size-6 shrink-0 sm:block',
                  checked ? 'text-indigo-600' : 'text-slate-400',
                )}
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {option.label}
                  {option.badge ? (
                    <span className="rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-950">
                      {option.badge}
                    </span>
                  ) : null}
                </span>
                <span className="mt-1 block text-sm text-slate-600">{option.description}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
