import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * A link to hand out, read-only and selected whole on focus, with its label and a copy
 * button (`action`) beside it.
 */
export function LinkField({
  id,
  label,
  value,
  className,
  inputClassName,
  action,
}: {
  id: string;
  label: string;
  value: string;
  className?: string;
  inputClassName: string;
  action: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={cn('min-w-0 flex-1', inputClassName)}
        />
        {action}
      </div>
    </div>
  );
}
