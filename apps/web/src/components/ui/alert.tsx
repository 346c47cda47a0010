import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const tones = {
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  info: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  error: 'bg-red-50 text-red-800 ring-red-200',
} as const;

/** An inline message box; `role="status"` so its appearance is announced politely. */
export function Alert({
  tone = 'info',
  children,
  className,
}: {
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn('rounded-lg px-4 py-3 text-sm ring-1 ring-inset', tones[tone], className)}
    >
      {children}
    </div>
  );
}
