import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** A white card on the grey organiser background, with an optional heading row. */
export function Panel({
  title,
  description,
  actions,
  children,
  className,
  bodyClassName,
  flush = false,
  id,
}: {
  title?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** No padding around the body, for tables and lists that run edge to edge. */
  flush?: boolean;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={title && headingId ? headingId : undefined}
      className={cn('rounded-2xl bg-white shadow-sm ring-1 ring-slate-900/5', className)}
    >
      {title || actions ? (
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            {title ? (
              <h2 id={headingId} className="text-base font-semibold text-slate-900">
                {title}
              </h2>
            ) : null}
            {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      <div className={cn(!flush && 'px-4 py-4 sm:px-6', bodyClassName)}>{children}</div>
    </section>
  );
}

/** A figure with its label, for dashboards. */
export function StatCard({
  label,
  value,
  hint,
  tone = 'default',
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'default' | 'positive' | 'negative';
}) {
  return (
    <div className="rounded-2xl bg-white px-4 py-4 shadow-sm ring-1 ring-slate-900/5 sm:px-5">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd
        className={cn(
          'mt-1 text-lg font-bold tracking-tight tabular-nums [overflow-wrap:anywhere] sm:text-2xl',
          tone === 'positive' && 'text-emerald-700',
          tone === 'negative' && 'text-red-700',
          tone === 'default' && 'text-slate-900',
        )}
      >
        {value}
      </dd>
      {hint ? <dd className="mt-1 text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

/**
 * What a list shows when it has nothing to list. Inside a panel it sits on the panel's white;
 * on its own (`boxed`) it draws the dashed box a list would fill; a boxed one's `className`
 * sets its outer spacing (16 units of padding by default). `heading` is the title's level
 * in the page outline, `id` names the title for a section that points at it.
 */
export function EmptyState({
  icon,
  title,
  children,
  action,
  boxed = false,
  heading = 'h3',
  id,
  className,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  boxed?: boolean;
  heading?: 'h2' | 'h3' | 'p';
  id?: string;
  className?: string;
}) {
  const Heading = heading;
  return (
    <div
      className={cn(
        'px-6 text-center',
        boxed ? 'rounded-2xl border border-dashed border-slate-300 bg-white shadow-sm' : 'py-12',
        className ?? (boxed ? 'py-16' : undefined),
      )}
    >
      {icon ? (
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          {icon}
        </span>
      ) : null}
      <Heading
        id={id}
        className={cn(
          'mt-4 font-semibold text-slate-900',
          heading === 'h2' ? 'text-lg' : 'text-base',
        )}
      >
        {title}
      </Heading>
      {children ? (
        <div className="mx-auto mt-1 max-w-md text-sm text-slate-600">{children}</div>
      ) : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-3">{action}</div> : null}
    </div>
  );
}
