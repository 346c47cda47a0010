import { formatNaira, ORDER_LIMITS } from '@gatepass/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A promo code: typed, applied (the server prices it), or removed. The parent checks the
 * code with a quote and answers with an error sentence or the applied code.
 */
export function PromoCodeField({
  applied,
  discount,
  error,
  busy,
  disabled,
  onApply,
  onRemove,
}: {
  applied: string | null;
  discount: number;
  error: string | null;
  busy: boolean;
  disabled: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState('');
  const id = useId();
  const errorId = `${id}-error`;

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800 ring-1 ring-inset ring-emerald-200">
        <p role="status">
          <span className="font-mono font-semibold">{applied}</span> applied
          {discount > 0 ? <> — you save {formatNaira(discount)}</> : null}
        </p>
        <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled}>
          Remove
        </Button>
      </div>
    );
  }

  // A form of its own would nest inside the checkout form; Enter is handled here instead.
  const apply = (event?: FormEvent) => {
    event?.preventDefault();
    const trimmed = code.trim();
    if (trimmed && !busy) onApply(trimmed);
  };

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Promo code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          name="promoCode"
          value={code}
          maxLength={ORDER_LIMITS.promoCodeMax}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. EARLYBIRD"
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'block w-full min-w-0 rounded-lg border-0 bg-white px-3 py-2.5 font-mono text-base uppercase text-slate-900 shadow-sm sm:text-sm',
            'ring-1 ring-inset placeholder:font-sans placeholder:normal-case placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-inset',
            error ? 'ring-red-400 focus:ring-red-600' : 'ring-slate-300 focus:ring-indigo-600',
          )}
        />
        <Button
          variant="secondary"
          onClick={() => apply()}
          disabled={disabled || busy || code.trim() === ''}
        >
          {busy ? 'Applying...' : 'Apply'}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
