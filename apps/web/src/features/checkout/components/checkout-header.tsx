import { formatEventDate } from '@gatepass/shared';
import type { ReactNode } from 'react';
import { CalendarIcon } from '../../../components/ui/icons.tsx';
import { embedded } from '../../../config/embed.ts';
import { cn } from '../../../lib/cn.ts';

export const CHECKOUT_STEPS = ['Tickets', 'Details', 'Payment', 'Confirmation'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

interface HeaderEvent {
  title: string;
  startAt: string | null;
  timeZone: string;
  venueName: string | null;
  city: string | null;
  online: boolean;
}

/** Where the event happens, in one line ("Terra Kulture, Lagos", or "Online"). */
export function placeOf(event: {
  venueName: string | null;
  city: string | null;
  online: boolean;
  address?: string | null;
}): string {
  if (event.online && !event.venueName) return 'Online';
  return [event.venueName, event.city].filter(Boolean).join(', ') || 'Venue to be announced';
}

/**
 * The dark band at the top of every checkout page (the navbar above it is transparent):
 * the event, and where the buyer is in the checkout.
 */
export function CheckoutHeader({
  event,
  step,
  title,
  eyebrow = 'Checkout',
  free = false,
  children,
}: {
  event?: HeaderEvent | null | undefined;
  /** Where the buyer is in the checkout; without it no progress shows (the order page). */
  step?: CheckoutStep | undefined;
  eyebrow?: string;
  /** A free order: it has no payment, so that step shows as not needed (never as done). */
  free?: boolean;
  /** Replaces the event title as the page heading (e.g. "TEST payment"); the event's moves up. */
  title?: string;
  children?: ReactNode;
}) {
  const current = step ? CHECKOUT_STEPS.indexOf(step) : -1;
  return (
    <div
      className={cn(
        'relative isolate overflow-hidden bg-slate-950 text-white bg-[radial-gradient(ellipse_at_top_right,var(--color-indigo-800),transparent_60%)]',
        // Below the site's transparent navbar; the widget has none (issue 26 §1).
        embedded ? 'pt-0' : 'pt-16',
      )}
    >
      <div className="mx-auto max-w-6xl px-4 pb-8 pt-8 sm:px-6 sm:pt-10 lg:px-8">
        {title || event ? (
          <p className="text-sm font-semibold uppercase tracking-wider text-indigo-300">
            {title && event ? event.title : eyebrow}
          </p>
        ) : null}
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-balance sm:text-4xl">
          {title ?? event?.title ?? 'Checkout'}
        </h1>
        {event && !title ? (
          <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-300">
            <CalendarIcon className="size-4 shrink-0 text-indigo-300" />
            {event.startAt ? (
              <span>{formatEventDate(event.startAt, event.timeZone)}</span>
            ) : (
              <span>Date to be announced</span>
            )}
            <span aria-hidden="true" className="hidden text-slate-500 sm:inline">
              •
            </span>
            <span>{placeOf(event)}</span>
          </p>
        ) : null}
        {children}
        {step ? (
          <ol
            aria-label="Checkout progress"
            className="mt-6 grid grid-cols-4 gap-2 text-xs font-medium sm:max-w-2xl sm:text-sm"
          >
            {CHECKOUT_STEPS.map((name, index) => {
              const skipped = free && name === 'Payment';
              return (
                <li
                  key={name}
                  aria-current={index === current && !skipped ? 'step' : undefined}
                  data-state={
                    skipped
                      ? 'skipped'
                      : index < current
                        ? 'done'
                        : index === current
                          ? 'current'
                          : 'next'
                  }
                  className="flex flex-col gap-1.5"
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'h-1.5 rounded-full',
                      skipped
                        ? 'border border-dashed border-white/30'
                        : index < current
                          ? 'bg-indigo-400'
                          : index === current
                            ? 'bg-white'
                            : 'bg-white/15',
                    )}
                  />
                  <span
                    className={cn(
                      'truncate',
                      skipped
                        ? 'text-slate-400'
                        : index === current
                          ? 'text-white'
                          : index < current
                            ? 'text-indigo-200'
                            : 'text-slate-400',
                    )}
                  >
                    <span className="sr-only">
                      {skipped
                        ? 'Not needed: '
                        : index < current
                          ? 'Done: '
                          : index === current
                            ? 'Current step: '
                            : 'Next: '}
                    </span>
                    {skipped ? 'No payment' : name}
                  </span>
                </li>
              );
            })}
          </ol>
        ) : null}
      </div>
    </div>
  );
}
