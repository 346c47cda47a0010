import { cn } from '../../../lib/cn.ts';
import { formatCount } from '@gatepass/shared';

/**
 * Taken against capacity, as a bar with the numbers beside it: tickets sold, and beside them
 * those still held by unpaid orders (lighter), which come back if the hold ends.
 */
export function SoldBar({
  sold,
  held = 0,
  capacity,
  label,
  className,
}: {
  /** Every ticket taken, held ones included (the ticket type's `sold`). */
  sold: number;
  /** Of `sold`, tickets held by pending orders. */
  held?: number;
  capacity: number;
  label: string;
  className?: string;
}) {
  const paid = Math.max(0, sold - held);
  const share = (n: number) => (capacity > 0 ? Math.min(100, (n / capacity) * 100) : 0);
  const remaining = Math.max(0, capacity - sold);
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">
          {formatCount(paid)} sold
          <span className="font-normal text-slate-500">
            {' '}
            of {formatCount(capacity)}
            {held > 0 ? ` · ${formatCount(held)} held` : ''}
          </span>
        </span>
        <span className="text-slate-600">{formatCount(remaining)} remaining</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={paid}
        aria-valuetext={`${paid} of ${capacity} sold${held > 0 ? `, ${held} held` : ''}, ${remaining} remaining`}
        className="mt-2 flex h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full transition-[width]',
            sold >= capacity && held === 0 ? 'bg-emerald-600' : 'bg-indigo-600',
          )}
          style={{ width: `${share(paid)}%` }}
        />
        {held > 0 ? (
          <div className="h-full bg-indigo-300" style={{ width: `${share(held)}%` }} />
        ) : null}
      </div>
    </div>
  );
}
