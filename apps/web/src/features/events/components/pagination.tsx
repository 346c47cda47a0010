import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';

/** Previous / page x of y / Next, as links so every page has its own URL. */
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const disabled = 'pointer-events-none opacity-50';
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-between gap-4">
      <Link
        to={hrefFor(page - 1)}
        aria-disabled={page <= 1}
        tabIndex={page <= 1 ? -1 : undefined}
        className={cn(buttonClasses('secondary'), page <= 1 && disabled)}
      >
        <ChevronLeftIcon className="size-4" />
        Previous
      </Link>
      <p className="text-sm text-slate-600">
        Page <span className="font-semibold text-slate-900">{page}</span> of{' '}
        <span className="font-semibold text-slate-900">{pageCount}</span>
      </p>
      <Link
        to={hrefFor(page + 1)}
        aria-disabled={page >= pageCount}
        tabIndex={page >= pageCount ? -1 : undefined}
        className={cn(buttonClasses('secondary'), page >= pageCount && disabled)}
      >
        Next
        <ChevronRightIcon className="size-4" />
      </Link>
    </nav>
  );
}
