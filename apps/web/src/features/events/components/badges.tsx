import type { TicketAvailability } from '@gatepass/shared';
import { cn } from '../../../lib/cn.ts';

const tones = {
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  amber: 'bg-amber-50 text-amber-800 ring-amber-600/25',
  red: 'bg-red-50 text-red-800 ring-red-600/20',
  indigo: 'bg-indigo-50 text-indigo-800 ring-indigo-600/20',
} as const;

export function Badge({
  tone,
  children,
  className,
}: {
  tone: keyof typeof tones;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** Where an event stands: draft, on sale (published), ended or cancelled. */
export function EventStatusBadge({
  status,
  ended,
}: {
  status: 'draft' | 'published' | 'cancelled';
  ended: boolean;
}) {
  if (status === 'cancelled') return <Badge tone="red">Cancelled</Badge>;
  if (status === 'draft') return <Badge tone="gray">Draft</Badge>;
  if (ended) return <Badge tone="indigo">Ended</Badge>;
  return <Badge tone="green">Published</Badge>;
}

export const AVAILABILITY_LABELS: Record<TicketAvailability, string> = {
  on_sale: 'On sale',
  sold_out: 'Sold out',
  not_yet_on_sale: 'Not yet on sale',
  sales_ended: 'Sales ended',
};

const availabilityTones: Record<TicketAvailability, keyof typeof tones> = {
  on_sale: 'green',
  sold_out: 'red',
  not_yet_on_sale: 'amber',
  sales_ended: 'gray',
};

export function AvailabilityBadge({ availability }: { availability: TicketAvailability }) {
  return <Badge tone={availabilityTones[availability]}>{AVAILABILITY_LABELS[availability]}</Badge>;
}
