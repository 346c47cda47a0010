import type { ReactNode } from 'react';

/** One settings group: what it is on the left (wide screens), its form on the right. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="grid gap-4 border-b border-slate-200 py-8 first:pt-0 last:border-b-0 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] md:gap-8"
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <div className="mt-1 text-sm text-slate-600">{description}</div>
      </div>
      <div className="rounded-2xl bg-white px-4 py-5 shadow-sm ring-1 ring-slate-900/5 sm:px-6">
        {children}
      </div>
    </section>
  );
}

/** The save row at the bottom of a settings form. */
export function FormActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-end">
      {children}
    </div>
  );
}
