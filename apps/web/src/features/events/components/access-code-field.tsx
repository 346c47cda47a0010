import { lazy, Suspense, useState } from 'react';

// The open field (its form, the form layer's input and the UI kit it brings, 52 KB
// gzipped) loads when the buyer opens it, not with every event page (issue 23 §4,
// decision 090).
const AccessCodeForm = lazy(() => import('./access-code-form.tsx'));

/**
 * "I have an access code" (decision 087): a closed link until the buyer opens it; a right
 * code hands its hidden ticket types to the page, a wrong one is said under the field.
 */
export function AccessCodeField({
  slug,
  applied,
  onApplied,
  onRemove,
}: {
  slug: string;
  applied: string | null;
  onApplied: (code: string) => void;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(false);

  if (applied) {
    return (
      <p className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-700">
        <span>
          Access code{' '}
          <span className="rounded bg-emerald-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-emerald-700">
            {applied}
          </span>{' '}
          applied
        </span>
        <button
          type="button"
          onClick={onRemove}
          className="font-semibold text-indigo-700 hover:text-indigo-500"
        >
          Remove
        </button>
      </p>
    );
  }
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-semibold text-indigo-700 hover:text-indigo-500"
      >
        I have an access code
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <AccessCodeForm slug={slug} onApplied={onApplied} />
    </Suspense>
  );
}
