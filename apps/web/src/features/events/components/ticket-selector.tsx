import {
  buyerSetsPrice,
  formatNaira,
  formatWallClock,
  tableLabel,
  ticketPriceText,
  type PublicEventDto,
  type PublicTicketTypeDto,
} from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { MinusIcon, PlusIcon, TicketIcon } from '../../../components/ui/public-icons.tsx';
import { paths } from '../../../config/paths.ts';
import { checkoutItems } from '../lib/links.ts';
import { quantityRange, stepDown, stepUp } from '../lib/quantity.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { AccessCodeField } from './access-code-field.tsx';
import { AvailabilityBadge } from './badges.tsx';

// The waiting list's form (and its contract) loads only when someone opens it.
const WaitlistDialog = lazy(() => import('./waitlist-dialog.tsx'));

/** Ticket types with their price and availability, a quantity for each, and "Get tickets". */
export function TicketSelector({
  event,
  source,
}: {
  event: PublicEventDto;
  /** Where the sale comes from, passed on to the checkout (the widget, issue 26 §4). */
  source?: { via?: string; ref?: string };
}) {
  const navigate = useNavigate();
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [waitingFor, setWaitingFor] = useState<PublicTicketTypeDto | null>(null);
  const closed = event.status === 'cancelled' || event.ended;
  // Hidden types a buyer's access code unlocked (decision 087), below the public ones.
  const [accessCode, setAccessCode] = useState<string | null>(null);
  // The same query as the checkout's (lib/queries/access-codes.ts, one cache entry), its
  // request code loaded with the first applied code rather than with every event page.
  const unlocked =
    useQuery({
      queryKey: queryKeys.publicEvents.accessCode(event.slug, accessCode ?? ''),
      queryFn: async () =>
        (await import('../../../lib/queries/access-codes.ts')).unlockTicketTypes(
          event.slug,
          accessCode!,
        ),
      enabled: Boolean(accessCode),
      retry: false,
      staleTime: 60_000,
    }).data?.ticketTypes ?? [];
  const ticketTypes = [...event.ticketTypes, ...unlocked];
  // Pay what you want: the suggested amount until the buyer types theirs at checkout.
  const unitOf = (t: PublicTicketTypeDto) =>
    buyerSetsPrice(t.kind) ? (t.suggestedPrice ?? t.price) : t.price;
  const total = ticketTypes.reduce((sum, t) => sum + unitOf(t) * (quantities[t.id] ?? 0), 0);
  const count = Object.values(quantities).reduce((a, b) => a + b, 0);

  const set = (id: string, qty: number) => setQuantities((q) => ({ ...q, [id]: qty }));

  return (
    <section
      aria-labelledby="tickets-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <h2
        id="tickets-title"
        className="flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <TicketIcon className="size-5 text-indigo-600" />
        Tickets
      </h2>
      {ticketTypes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Tickets are not available yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-100">
          {ticketTypes.map((type) => {
            const range = closed ? null : quantityRange(type);
            const qty = quantities[type.id] ?? 0;
            return (
              <li key={type.id} className="py-4 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold text-slate-900">{type.name}</h3>
                    <p className="mt-0.5 text-base font-bold text-slate-900">
                      {ticketPriceText(type)}
                    </p>
                    {type.kind === 'table' ? (
                      <p className="text-sm text-slate-600">
                        {tableLabel(type.admits)}: one code admits {type.admits}
                      </p>
                    ) : type.kind === 'donation' ? (
                      <p className="text-sm text-slate-600">A gift: it admits no one</p>
                    ) : type.kind === 'pay_what_you_want' && type.suggestedPrice !== null ? (
                      <p className="text-sm text-slate-600">
                        Suggested {formatNaira(type.suggestedPrice)}
                      </p>
                    ) : null}
                  </div>
                  <AvailabilityBadge availability={type.availability} />
                </div>
                {type.description ? (
                  <p className="mt-1 text-sm text-slate-600">{type.description}</p>
                ) : null}
                {type.availability === 'not_yet_on_sale' && type.salesStartLocal ? (
                  <p className="mt-1 text-sm text-slate-600">
                    On sale from {formatWallClock(type.salesStartLocal)}
                  </p>
                ) : null}
                {type.availability === 'on_sale' && type.remaining > 0 && type.remaining <= 20 ? (
                  <p className="mt-1 text-sm font-medium text-amber-800">
                    Only {type.remaining} left
                  </p>
                ) : null}
                {type.availability === 'sold_out' && type.held > 0 && !closed ? (
                  <p className="mt-1 text-sm text-slate-600">
                    The last {type.held === 1 ? 'ticket is' : `${type.held} are`} held by buyers who
                    have not paid yet: check back in a few minutes.
                  </p>
                ) : null}
                {type.availability === 'sold_out' && !closed ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="mt-3"
                    onClick={() => setWaitingFor(type)}
                    aria-label={`Join the waiting list for ${type.name}`}
                  >
                    Join the waiting list
                  </Button>
                ) : null}
                {range ? (
                  <div className="mt-3 flex items-center justify-between gap-3">
                    <span className="text-xs text-slate-500">
                      {range.min > 1 ? `${range.min} to ${range.max}` : `Up to ${range.max}`} per
                      order
                    </span>
                    <div
                      className="flex items-center gap-1"
                      role="group"
                      aria-label={`Quantity of ${type.name}`}
                    >
                      <button
                        type="button"
                        onClick={() => set(type.id, stepDown(qty, range))}
                        disabled={qty === 0}
                        aria-label={`One fewer ${type.name}`}
                        className="flex size-10 items-center justify-center rounded-lg text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40"
                      >
                        <MinusIcon className="size-4" />
                      </button>
                      <output
                        aria-live="polite"
                        aria-label={`${type.name} quantity`}
                        className="w-10 text-center text-base font-semibold tabular-nums text-slate-900"
                      >
                        {qty}
                      </output>
                      <button
                        type="button"
                        onClick={() => set(type.id, stepUp(qty, range))}
                        disabled={qty >= range.max}
                        aria-label={`One more ${type.name}`}
                        className="flex size-10 items-center justify-center rounded-lg text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40"
                      >
                        <PlusIcon className="size-4" />
                      </button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {closed ? null : (
        <div className="mt-5 border-t border-slate-100 pt-5">
          <div className="mb-5">
            <AccessCodeField
              slug={event.slug}
              applied={accessCode}
              onApplied={setAccessCode}
              onRemove={() => {
                setQuantities((q) =>
                  Object.fromEntries(
                    Object.entries(q).filter(([id]) => !unlocked.some((t) => t.id === id)),
                  ),
                );
                setAccessCode(null);
              }}
            />
          </div>
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-slate-600">
              {count ? `${count} ${count === 1 ? 'ticket' : 'tickets'}` : 'Choose your tickets'}
            </span>
            <span className="text-lg font-bold text-slate-900">
              {count ? (total === 0 ? 'Free' : formatNaira(total)) : ''}
            </span>
          </div>
          {count && total > 0 && event.feeMode === 'pass' ? (
            <p className="mt-1 text-xs text-slate-500">A service fee is added at checkout.</p>
          ) : null}
          <Button
            size="lg"
            className="mt-4 w-full"
            disabled={count === 0}
            onClick={() =>
              navigate(
                paths.checkout.start(event.id, {
                  slug: event.slug,
                  items: checkoutItems(quantities),
                  ...(accessCode ? { access: accessCode } : {}),
                  ...source,
                }),
              )
            }
          >
            Get tickets
          </Button>
        </div>
      )}
      {waitingFor ? (
        <Suspense fallback={null}>
          <WaitlistDialog
            eventId={event.id}
            type={waitingFor}
            onClose={() => setWaitingFor(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
