import {
  buyerSetsPrice,
  tableLabel,
  ticketPriceText,
  type PublicTicketTypeDto,
} from '@gatepass/shared';
import { Input } from '../../../components/ui/form-controls.tsx';
import { cn } from '../../../lib/cn.ts';
import type { Amounts } from '../lib/amounts.ts';
import { maxSelectable, stepQuantity, unavailableLabel, type Quantities } from '../lib/basket.ts';

/** "Only 3 left" shows once few remain, so buyers are warned without leaking big numbers. */
const FEW_LEFT = 10;

function limitsHint(type: PublicTicketTypeDto, max: number): string | null {
  const parts: string[] = [];
  if (type.minPerOrder > 1) parts.push(`Min ${type.minPerOrder} per order`);
  if (max > 0 && max < type.remaining && max === type.maxPerOrder)
    parts.push(`Max ${type.maxPerOrder} per order`);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="flex size-10 items-center justify-center rounded-full text-xl font-semibold text-indigo-700 ring-1 ring-inset ring-slate-300 transition-colors hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/**
 * Quantities per ticket type, each kept within its per-order limits and what is left; for
 * pay what you want and donations, the amount the buyer pays (decision 086).
 */
export function TicketPicker({
  ticketTypes,
  quantities,
  onChange,
  amounts = {},
  amountErrors = {},
  onAmountChange,
  disabled = false,
}: {
  ticketTypes: readonly PublicTicketTypeDto[];
  quantities: Quantities;
  onChange: (ticketTypeId: string, quantity: number) => void;
  amounts?: Amounts;
  amountErrors?: Readonly<Record<string, string>>;
  onAmountChange?: (ticketTypeId: string, text: string) => void;
  disabled?: boolean;
}) {
  return (
    <ul className="divide-y divide-slate-200">
      {ticketTypes.map((type) => {
        const quantity = quantities[type.id] ?? 0;
        const max = maxSelectable(type);
        const unavailable =
          unavailableLabel(type.availability, type.remaining, type.held) ??
          (max === 0 ? 'Not enough left' : null);
        const hint = limitsHint(type, max);
        const nameId = `ticket-${type.id}-name`;
        return (
          <li
            key={type.id}
            className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            data-testid="ticket-type"
          >
            <div className="min-w-0">
              <p id={nameId} className="font-semibold text-slate-900">
                {type.name}
              </p>
              <p className="mt-0.5 text-sm font-medium text-slate-900">
                {ticketPriceText(type)}
                {type.kind === 'table' ? (
                  <span className="font-normal text-slate-600"> · {tableLabel(type.admits)}</span>
                ) : type.kind === 'donation' ? (
                  <span className="font-normal text-slate-600"> · admits no one</span>
                ) : null}
              </p>
              {type.description ? (
                <p className="mt-1 text-sm text-slate-600">{type.description}</p>
              ) : null}
              <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500">
                {hint ? <span>{hint}</span> : null}
                {!unavailable && type.remaining <= FEW_LEFT ? (
                  <span className="font-semibold text-amber-700">Only {type.remaining} left</span>
                ) : null}
                {type.held > 0 && (unavailable || type.remaining <= FEW_LEFT) ? (
                  <span>{type.held} held by other buyers: they come back if not paid in time</span>
                ) : null}
              </p>
              {buyerSetsPrice(type.kind) && !unavailable && onAmountChange ? (
                <Input
                  label={type.kind === 'donation' ? 'Your gift' : 'You pay, per ticket'}
                  name={`amount-${type.id}`}
                  inputMode="numeric"
                  prefix="₦"
                  value={amounts[type.id] ?? ''}
                  onChange={(e) => onAmountChange(type.id, e.target.value)}
                  disabled={disabled}
                  error={quantity > 0 ? amountErrors[type.id] : undefined}
                  wrapperClassName="mt-3 max-w-48"
                />
              ) : null}
            </div>
            {unavailable ? (
              <span className="inline-flex self-start rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-600 sm:self-center">
                {unavailable}
              </span>
            ) : (
              <div
                role="group"
                aria-labelledby={nameId}
                className="flex items-center gap-3 self-start sm:self-center"
              >
                <StepButton
                  label={`Remove one ${type.name} ticket`}
                  disabled={disabled || quantity === 0}
                  onClick={() => onChange(type.id, stepQuantity(type, quantity, -1))}
                >
                  −
                </StepButton>
                <output
                  aria-live="polite"
                  aria-label={`${type.name} quantity`}
                  className={cn(
                    'w-8 text-center text-lg font-semibold tabular-nums',
                    quantity > 0 ? 'text-slate-900' : 'text-slate-400',
                  )}
                >
                  {quantity}
                </output>
                <StepButton
                  label={`Add one ${type.name} ticket`}
                  disabled={disabled || quantity >= max}
                  onClick={() => onChange(type.id, stepQuantity(type, quantity, 1))}
                >
                  +
                </StepButton>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
