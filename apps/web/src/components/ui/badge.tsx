import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export const badgeTones = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
  sky: 'bg-sky-50 text-sky-800 ring-sky-600/20',
} as const;

export type BadgeTone = keyof typeof badgeTones;

/** A small status pill. */
export function StatusBadge({
  tone,
  children,
  className,
}: {
  tone: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        badgeTones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** What an order paid with the TEST provider (test mode) shows wherever it appears. */
export const TEST_PAID_LABEL = 'TEST — not paid';

/** Marks an order paid with the TEST provider: no money changed hands. */
export function TestPaidBadge({ className }: { className?: string }) {
  return (
    <StatusBadge tone="red" className={className}>
      {TEST_PAID_LABEL}
    </StatusBadge>
  );
}
