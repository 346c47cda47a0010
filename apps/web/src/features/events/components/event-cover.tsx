import type { EventCategory } from '@gatepass/shared';
import { cn } from '../../../lib/cn.ts';

const gradients: Record<EventCategory, string> = {
  Music: 'from-fuchsia-600 to-indigo-700',
  Business: 'from-slate-700 to-indigo-800',
  Tech: 'from-cyan-600 to-indigo-700',
  'Food & Drink': 'from-orange-500 to-rose-600',
  Arts: 'from-rose-500 to-violet-700',
  Sports: 'from-emerald-600 to-teal-800',
  Community: 'from-amber-500 to-orange-700',
  Education: 'from-sky-600 to-blue-800',
  Nightlife: 'from-violet-700 to-slate-900',
  Other: 'from-indigo-600 to-violet-700',
};

/**
 * An event's cover, or a gradient in its category's colours when it has none. Covers are
 * decorative (the title is always beside them), so they carry no alternative text.
 */
export function EventCover({
  event: { coverUrl, category },
  className,
  eager = false,
  compact = false,
}: {
  event: { coverUrl: string | null; category: EventCategory };
  className?: string;
  eager?: boolean;
  /** A thumbnail: the colour panel without its category label. */
  compact?: boolean;
}) {
  if (coverUrl) {
    return (
      <img
        src={coverUrl}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
        className={cn('bg-slate-200 object-cover', className)}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(
        'relative flex items-end overflow-hidden bg-gradient-to-br p-4',
        gradients[category],
        className,
      )}
    >
      <span className="absolute -right-6 -top-10 size-40 rounded-full bg-white/10" />
      <span className="absolute -bottom-16 left-10 size-44 rounded-full bg-white/5" />
      {compact ? null : (
        <span className="relative text-xs font-semibold uppercase tracking-wider text-white/85">
          {category}
        </span>
      )}
    </div>
  );
}
