import { cn } from '../../../lib/cn.ts';
import { formatCount } from '@gatepass/shared';

/** Sold against capacity, as a bar with the numbers beside it. */
export function SoldBar({
  sold,
  capacity,
  label,
  className,
}: {
  sold: number;
  capacity: number;
  label: string;
  className?: string;
}) {
  const percent = capacity > 0 ? Math.min(100, Math.round((sold / capacity) * 100)) : 0;
  const remaining = Math.max(0, capacity - sold);
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">
          {formatCount(sold)} sold
          <span className="font-normal text-slate-500"> of {formatCount(capacity)}</span>
        </span>
        <span className="text-slate-600">{formatCount(remaining)} remaining</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={sold}
        aria-valuetext={`${sold} of ${capacity} sold, ${remaining} remaining`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            percent >= 100 ? 'bg-emerald-600' : 'bg-indigo-600',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
