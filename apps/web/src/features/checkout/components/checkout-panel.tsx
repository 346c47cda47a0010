import type { OrderDto } from '@gatepass/shared';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { RefundState } from '../../../components/ui/refund-state.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

/** The way out of a dead end of the checkout: the public event list. */
export function BrowseEventsLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link to={paths.events} className={buttonClasses(primary ? 'primary' : 'secondary')}>
      Browse events
    </Link>
  );
}

/** A white card of the checkout with a heading (a numbered step when `step` is given). */
export function CheckoutCard({
  title,
  step,
  id,
  children,
  className,
  aside,
}: {
  title: string;
  step?: number;
  id: string;
  children: ReactNode;
  className?: string;
  aside?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6', className)}
    >
      <div className="mb-5 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-3 text-lg font-semibold text-slate-900">
          {step ? (
            <span
              aria-hidden="true"
              className="flex size-7 items-center justify-center rounded-full bg-indigo-600 text-sm font-bold text-white"
            >
              {step}
            </span>
          ) : null}
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A centred message in place of a page (not found, expired, nothing to buy…). */
export function CheckoutMessage({
  icon: Icon,
  tone = 'indigo',
  title,
  children,
  actions,
  role,
}: {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  tone?: 'indigo' | 'amber' | 'red' | 'emerald';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  role?: 'alert' | 'status';
}) {
  const tones = {
    indigo: 'bg-indigo-50 text-indigo-600',
    amber: 'bg-amber-50 text-amber-600',
    red: 'bg-red-50 text-red-600',
    emerald: 'bg-emerald-50 text-emerald-600',
  } as const;
  return (
    <div
      role={role}
      className="rounded-2xl bg-white px-6 py-12 text-center shadow-sm ring-1 ring-slate-900/5"
    >
      {Icon ? (
        <span
          className={cn(
            'mx-auto flex size-12 items-center justify-center rounded-full',
            tones[tone],
          )}
        >
          <Icon className="size-6" />
        </span>
      ) : null}
      <h2 className="mt-4 text-xl font-semibold text-slate-900">{title}</h2>
      {children ? (
        <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">{children}</div>
      ) : null}
      {actions ? (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{actions}</div>
      ) : null}
    </div>
  );
}

const widths = { '2xl': 'max-w-2xl', '3xl': 'max-w-3xl', '4xl': 'max-w-4xl', '6xl': 'max-w-6xl' };

/** The grey page body under the dark header; narrower for single-column pages. */
export function CheckoutBody({
  children,
  width = '6xl',
  refund,
}: {
  children: ReactNode;
  width?: keyof typeof widths;
  /** An order page's refund, shown above everything else while there is one. */
  refund?: OrderDto['refund'];
}) {
  return (
    <div className="bg-slate-50">
      <div className={cn('mx-auto px-4 py-8 sm:px-6 sm:py-10 lg:px-8', widths[width])}>
        {refund ? (
          <div className="mb-4">
            <RefundState refund={refund} audience="buyer" />
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
