import { Link } from 'react-router';
import { cn } from '../../../../lib/cn.ts';
import { CheckIcon } from '../../../../components/ui/icons.tsx';
import { WIZARD_STEPS, type StepSlug } from '../../lib/wizard.ts';

/**
 * Where the organiser is among the steps, the same on every step (the title page before
 * the draft exists included). Every step can be opened directly; the wizard saves the
 * current one first (onNavigate), so jumping around loses nothing. Without `hrefFor`
 * (no draft yet) the steps are shown, not linked.
 */
export function StepIndicator({
  current,
  done,
  hrefFor,
  onNavigate,
}: {
  current: StepSlug;
  done?: Partial<Record<StepSlug, boolean>>;
  hrefFor?: (slug: StepSlug) => string;
  onNavigate?: (slug: StepSlug) => void;
}) {
  const index = WIZARD_STEPS.findIndex((s) => s.slug === current);
  return (
    <nav aria-label="Event setup steps">
      <p className="text-sm font-medium text-slate-600 md:hidden">
        Step {index + 1} of {WIZARD_STEPS.length}:{' '}
        <span className="font-semibold text-slate-900">{WIZARD_STEPS[index]?.title}</span>
      </p>
      <ol className="mt-2 flex items-center gap-1.5 sm:gap-2 md:mt-0">
        {WIZARD_STEPS.map((step, i) => {
          const isCurrent = step.slug === current;
          const isDone = Boolean(done?.[step.slug]) && !isCurrent;
          const className = cn(
            'group flex min-w-0 items-center gap-2 rounded-lg py-1 pr-1 text-sm font-semibold',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
            isCurrent ? 'text-indigo-700' : 'text-slate-600',
            hrefFor && !isCurrent && 'hover:text-slate-900',
          );
          const content = (
            <>
              <span
                className={cn(
                  'flex size-8 shrink-0 items-center justify-center rounded-full text-sm ring-2 ring-inset',
                  isCurrent && 'bg-indigo-600 text-white ring-indigo-600',
                  isDone && 'bg-indigo-50 text-indigo-700 ring-indigo-200',
                  !isCurrent && !isDone && 'bg-white text-slate-600 ring-slate-300',
                )}
              >
                {isDone ? <CheckIcon className="size-4" /> : i + 1}
              </span>
              <span
                className={cn(
                  'truncate',
                  isCurrent ? 'sr-only md:not-sr-only' : 'sr-only lg:not-sr-only',
                )}
              >
                {step.title}
              </span>
              {isDone ? <span className="sr-only"> (done)</span> : null}
            </>
          );
          return (
            <li key={step.slug} className="flex min-w-0 flex-1 items-center gap-1.5 sm:gap-2">
              {hrefFor ? (
                <Link
                  to={hrefFor(step.slug)}
                  aria-current={isCurrent ? 'step' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    if (!isCurrent) onNavigate?.(step.slug);
                  }}
                  className={className}
                >
                  {content}
                </Link>
              ) : (
                <span aria-current={isCurrent ? 'step' : undefined} className={className}>
                  {content}
                </span>
              )}
              {i < WIZARD_STEPS.length - 1 ? (
                <span aria-hidden="true" className="h-0.5 min-w-3 flex-1 rounded bg-slate-200" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
