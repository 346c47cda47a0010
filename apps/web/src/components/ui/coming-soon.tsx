import type { ReactNode } from 'react';
import { ClockIcon } from './icons.tsx';

/** A tidy placeholder for a screen a later release fills in. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section
      aria-labelledby="coming-soon-title"
      className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8"
    >
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <ClockIcon className="size-6" />
        </span>
        <p className="mt-4 inline-flex rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-indigo-700">
          Coming soon
        </p>
        <h2 id="coming-soon-title" className="mt-3 text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mx-auto mt-2 max-w-md text-sm text-slate-600">
          {children ?? 'This part of Gatepass is on its way. Check back shortly.'}
        </div>
      </div>
    </section>
  );
}
