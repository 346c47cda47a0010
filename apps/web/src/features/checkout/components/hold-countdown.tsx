import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/icons.tsx';
import { cn } from '../../../lib/cn.ts';
import { describeCountdown, formatCountdown } from '../lib/countdown.ts';

/** Under two minutes left, the banner turns amber so the buyer hurries. */
const HURRY_MS = 2 * 60_000;

/** The live countdown of a pending order's hold on its tickets. */
export function HoldCountdown({ msLeft, className }: { msLeft: number; className?: string }) {
  const hurry = msLeft <= HURRY_MS;
  return (
    <div
      className={cn(
        'flex items-center gap-3 rounded-xl px-4 py-3 text-sm ring-1 ring-inset',
        hurry
          ? 'bg-amber-50 text-amber-900 ring-amber-200'
          : 'bg-indigo-50 text-indigo-900 ring-indigo-200',
        className,
      )}
    >
      <ClockIcon className={cn('size-5 shrink-0', hurry ? 'text-amber-600' : 'text-indigo-600')} />
      <p className="min-w-0 flex-1">
        We're holding your tickets for{' '}
        <span
          role="timer"
          aria-label={`${describeCountdown(msLeft)} left`}
          data-testid="hold-countdown"
          className="font-mono text-base font-bold tabular-nums"
        >
          {formatCountdown(msLeft)}
        </span>
        . Complete your payment before the time runs out.
      </p>
    </div>
  );
}

/** What the buyer sees once the hold ran out: the tickets went back on sale. */
export function HoldExpired({ restartTo }: { restartTo: string | null }) {
  return (
    <div
      role="alert"
      className="rounded-2xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-900/5"
    >
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-600">
        <ClockIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-slate-900">Your hold has expired</h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        The payment was not completed in time, so your tickets went back on sale. You have not been
        charged; start again to choose your tickets.
      </p>
      {restartTo ? (
        <Link to={restartTo} className={cn(buttonClasses('primary', 'lg'), 'mt-6')}>
          Start again
        </Link>
      ) : null}
    </div>
  );
}
