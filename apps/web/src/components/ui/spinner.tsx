import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function Spinner({ className, label = 'Loading…' }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <svg className="size-8 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * Shown while a page's code loads (spec §2: "a spinner shows while a page loads"). Dark,
 * like the top of every page, so the transparent navbar stays readable meanwhile.
 */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-950 text-indigo-300">
      <Spinner label="Loading page…" />
    </div>
  );
}

/** A spinner centred in the space a list or section will fill once its data loads. */
export function BlockSpinner({ label, className }: { label: string; className: string }) {
  return (
    <div className={cn('flex justify-center text-indigo-600', className)}>
      <Spinner label={label} />
    </div>
  );
}

/**
 * What a query shows: a spinner while it loads, `failed` when it could not load, else its
 * data through `children`.
 */
export function QueryState<T>({
  query,
  loading,
  spinnerClassName,
  failed,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  loading: string;
  spinnerClassName: string;
  failed: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <BlockSpinner label={loading} className={spinnerClassName} />;
  if (query.isError || query.data === undefined) return failed;
  return children(query.data);
}
