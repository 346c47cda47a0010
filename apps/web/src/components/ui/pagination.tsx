import { formatCount } from '@gatepass/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Button, buttonClasses } from './button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from './public-icons.tsx';

type Turn =
  /** Every page has its own URL (a public list): the controls are links. */
  | { hrefFor: (page: number) => string; onPage?: never }
  /** The page lives in the screen's state (a table): the controls are buttons. */
  | { onPage: (page: number) => void; hrefFor?: never };

/**
 * Previous / "Page x of y" / Next, pages counting from 1. With `total` (and `pageSize`)
 * it also says "Showing 26–50 of 312 results" and shows even for a single page.
 */
export function Pagination({
  page,
  pageCount,
  total,
  pageSize = 0,
  noun = 'results',
  className,
  ...turn
}: Turn & {
  page: number;
  pageCount: number;
  total?: number;
  pageSize?: number;
  noun?: string;
  className?: string;
}) {
  if (total === undefined ? pageCount <= 1 : total === 0) return null;
  const number = (n: number) => (
    <span className="font-semibold text-slate-900">{formatCount(n)}</span>
  );
  const control = (to: number, enabled: boolean, children: ReactNode) =>
    turn.hrefFor ? (
      <Link
        to={turn.hrefFor(to)}
        aria-disabled={!enabled}
        tabIndex={enabled ? undefined : -1}
        className={cn(buttonClasses('secondary'), !enabled && 'pointer-events-none opacity-50')}
      >
        {children}
      </Link>
    ) : (
      <Button variant="secondary" size="sm" disabled={!enabled} onClick={() => turn.onPage(to)}>
        {children}
      </Button>
    );
  const pages = (
    <p className="text-sm text-slate-600" aria-current="page">
      Page {number(page)} of {number(Math.max(1, pageCount))}
    </p>
  );
  const previous = control(
    page - 1,
    page > 1,
    <>
      {turn.hrefFor ? <ChevronLeftIcon className="size-4" /> : null}
      Previous
    </>,
  );
  const next = control(
    page + 1,
    page < pageCount,
    <>
      Next
      {turn.hrefFor ? <ChevronRightIcon className="size-4" /> : null}
    </>,
  );

  if (total === undefined) {
    return (
      <nav
        aria-label="Pages"
        className={cn('mt-10 flex items-center justify-between gap-4', className)}
      >
        {previous}
        {pages}
        {next}
      </nav>
    );
  }
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <p className="text-sm text-slate-600">
        Showing {number(first)}–{number(last)} of {number(total)} {noun}
      </p>
      <div className="flex items-center gap-2">
        {previous}
        {pages}
        {next}
      </div>
    </nav>
  );
}
