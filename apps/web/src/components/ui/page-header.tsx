import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The dark band at the top of a page. It runs under the navbar, which is transparent with
 * light text until the page scrolls (spec §2), so the top of every page is dark.
 */
export function PageHeader({
  title,
  subtitle,
  eyebrow,
  actions,
  className,
}: {
  title: string;
  subtitle?: ReactNode;
  eyebrow?: string;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'relative isolate overflow-hidden bg-slate-950 pt-16 text-white',
        'bg-[radial-gradient(ellipse_at_top_right,var(--color-indigo-800),transparent_60%)]',
        className,
      )}
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-10 sm:px-6 sm:py-12 md:flex-row md:items-end md:justify-between lg:px-8">
        <div className="min-w-0">
          {eyebrow ? (
            <p className="text-sm font-semibold uppercase tracking-wider text-indigo-300">
              {eyebrow}
            </p>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          {subtitle ? <p className="mt-2 max-w-2xl text-base text-slate-300">{subtitle}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 gap-3">{actions}</div> : null}
      </div>
    </div>
  );
}
