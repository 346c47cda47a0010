import { formatNaira } from '@gatepass/shared';
import { useId, useMemo, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { searchOrders, SEARCH_LIMIT, type DoorIndex } from '../lib/door.ts';

const number = new Intl.NumberFormat('en-NG');

/**
 * Search tab (spec §2, §5): case-insensitive on 'first last' or email, each match with a
 * Validate button. The index is precomputed per list, and at most 50 matches render, so a
 * keystroke answers within a frame even for 10,000 orders.
 */
export function SearchPanel({
  index,
  validated,
  onValidate,
}: {
  index: DoorIndex;
  validated: ReadonlySet<string>;
  onValidate: (code: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const { matches, total } = useMemo(() => searchOrders(index, query), [index, query]);
  const searching = query.trim().length > 0;
  return (
    <div className="space-y-3">
      <label htmlFor={id} className="sr-only">
        Search guests
      </label>
      <input
        id={id}
        type="search"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder="Search by name or email"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        className="block h-14 w-full rounded-xl border-0 bg-white px-4 text-lg text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:outline-none focus:ring-2 focus:ring-indigo-600"
      />
      {searching ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {total === 0
            ? 'No matches'
            : total > SEARCH_LIMIT
              ? `Showing ${SEARCH_LIMIT} of ${number.format(total)} matches. Type more to narrow down.`
              : `${number.format(total)} ${total === 1 ? 'match' : 'matches'}`}
        </p>
      ) : null}
      {matches.length > 0 ? (
        <ul
          aria-label="Matching orders"
          className="divide-y divide-slate-200 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
        >
          {matches.map((order) => {
            const used = validated.has(order.orderCode) || Boolean(order.attendedAt);
            const name = `${order.firstName} ${order.lastName}`;
            return (
              <li key={order.orderCode} className="flex items-center gap-3 px-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 text-base font-semibold text-slate-900">
                    <span className="break-words">{name}</span>
                    {used ? (
                      <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-inset ring-emerald-200">
                        Checked in
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm wrap-anywhere text-slate-600">{order.email}</p>
                  {order.holders?.length ? (
                    <p className="text-sm text-slate-600">
                      Tickets named for: {order.holders.join(', ')}
                    </p>
                  ) : null}
                  {order.attendeeNames ? (
                    <p className="text-sm wrap-anywhere text-slate-600">
                      Guests: {order.attendeeNames}
                    </p>
                  ) : null}
                  <p className="text-sm text-slate-500">
                    <span className="font-mono">{order.orderCode}</span>
                    {order.quantity != null ? ` · Qty: ${order.quantity}` : ''}
                    {` · ${formatNaira(order.totalPrice)}`}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => onValidate(order.orderCode)}
                  aria-label={`Validate ${name}`}
                  className={cn(
                    'min-h-12 shrink-0 rounded-xl px-5 text-base font-semibold shadow-sm',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                    used
                      ? 'bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'
                      : 'bg-indigo-600 text-white hover:bg-indigo-500',
                  )}
                >
                  Validate
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
