import { formatNaira, lineName } from '@gatepass/shared';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** The money of a quote or an order, all in whole naira as the API gives it. */
export interface SummaryFigures {
  items: {
    ticketTypeId: string;
    name: string;
    quantity: number;
    unitPrice: number;
    lineTotal: number;
    /** People each ticket admits: "Table of 10" when more than one (decision 086). */
    admits?: number;
  }[];
  subtotal: number;
  discount: number;
  fee: number;
  feeMode: 'pass' | 'absorb';
  totalPrice: number;
  promoCode?: string | null;
}

function Row({
  label,
  value,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4', className)}>
      <dt className="min-w-0">{label}</dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Subtotal, discount, the service fee (only when the event passes it on to the buyer; an
 * absorbed fee is the organiser's) and the total, in the spec's naira format.
 */
export function OrderSummary({
  figures,
  busy = false,
  className,
}: {
  figures: SummaryFigures;
  busy?: boolean;
  className?: string;
}) {
  const showFee = figures.feeMode === 'pass' && figures.fee > 0;
  return (
    <div className={cn('transition-opacity', busy && 'opacity-60', className)} aria-busy={busy}>
      <ul className="space-y-2 text-sm text-slate-700">
        {figures.items.map((item) => (
          <li key={item.ticketTypeId} className="flex items-baseline justify-between gap-4">
            <span className="min-w-0">
              <span className="font-medium text-slate-900">{item.quantity} ×</span>{' '}
              {lineName(item.name, item.admits ?? 1)}
              {item.unitPrice > 0 && item.quantity > 1 ? (
                <span className="block text-xs text-slate-500">
                  {formatNaira(item.unitPrice)} each
                </span>
              ) : null}
            </span>
            <span className="shrink-0 tabular-nums">
              {item.lineTotal === 0 ? 'Free' : formatNaira(item.lineTotal)}
            </span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-slate-200 pt-4 text-sm text-slate-700">
        <Row label="Subtotal" value={formatNaira(figures.subtotal)} />
        {figures.discount > 0 ? (
          <Row
            label={
              <>
                Discount
                {figures.promoCode ? (
                  <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-emerald-700">
                    {figures.promoCode}
                  </span>
                ) : null}
              </>
            }
            value={<span className="text-emerald-700">−{formatNaira(figures.discount)}</span>}
          />
        ) : null}
        {showFee ? <Row label="Service fee" value={formatNaira(figures.fee)} /> : null}
        <Row
          label="Total"
          value={<span data-testid="order-total">{formatNaira(figures.totalPrice)}</span>}
          className="border-t border-slate-200 pt-3 text-base font-semibold text-slate-900"
        />
      </dl>
    </div>
  );
}
