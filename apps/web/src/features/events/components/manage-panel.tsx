import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { BlockSpinner } from '../../../components/ui/spinner.tsx';

/**
 * A white card section of the events pages (the manage page's panels, the organiser home's
 * lists, the public page's "Where"): its heading, something beside it (a count, a state, a
 * link) and, for a manage panel, a sentence saying what it is for. `compact` keeps the
 * narrower padding of the side column's cards.
 */
export function ManagePanel({
  id,
  title,
  aside,
  intro,
  children,
  compact = false,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  compact?: boolean;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5',
        !compact && 'sm:p-6',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {aside}
      </div>
      {intro ? <p className="mt-1 text-sm text-slate-600">{intro}</p> : null}
      {children}
    </section>
  );
}

/** The panel's spinner while its data loads. */
export function PanelLoading({ label }: { label: string }) {
  return <BlockSpinner label={label} className="py-8" />;
}

/** The panel's sentence when it has nothing to list. */
export function PanelEmpty({ children }: { children: ReactNode }) {
  return <p className="mt-4 rounded-xl bg-slate-50 px-4 py-5 text-sm text-slate-600">{children}</p>;
}
