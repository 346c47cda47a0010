import { cn } from '../../lib/cn.ts';
import { formatCount } from '@gatepass/shared';
import { Button } from './button.tsx';

/** "Showing 26–50 of 312" with previous/next buttons. Pages count from 1. */
export function Pagination({
  page,
  pageCount,
  pageSize,
  total,
  onPage,
  noun = 'results',
  className,
}: {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  noun?: string;
  className?: string;
}) {
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label="Pagination"
      className={cn('flex flex-wrap items-center justify-between gap-3', className)}
    >
      <p className="text-sm text-slate-600">
        Showing <span className="font-semibold text-slate-900">{formatCount(first)}</span>–
        <span className="font-semibold text-slate-900">{formatCount(last)}</span> of{' '}
        <span className="font-semibold text-slate-900">{formatCount(total)}</span> {noun}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span className="text-sm text-slate-600" aria-current="page">
          Page {page} of {Math.max(1, pageCount)}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPage(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
