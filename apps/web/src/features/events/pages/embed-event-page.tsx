import { formatEventDate, formatNaira, type PublicEventDto } from '@gatepass/shared';
import { useEffect, useState, lazy, Suspense } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { embedOptions } from '../../../config/embed.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { rememberSource, sendView } from '../../../lib/source.ts';
import { usePublicEvent } from '../api/get-public-event.ts';
import { TicketSelector } from '../components/ticket-selector.tsx';

// The fair queue's notice loads only for an event sold through one (issue 23 §4, decision
// 090): most event pages have no waiting room, and its text and links were in every one.
const WaitingRoomNotice = lazy(async () => ({
  default: (await import('../components/waiting-room-notice.tsx')).WaitingRoomNotice,
}));

/** The widget's sale is counted as the widget's, and as the host's tracking link (§4). */
const source = () => ({
  via: 'widget',
  ...(embedOptions?.ref ? { ref: embedOptions.ref } : {}),
});

/** The lowest price on sale, for the button's "from ₦…". */
function fromPrice(event: PublicEventDto): string | null {
  const prices = event.ticketTypes.filter((t) => t.availability === 'on_sale').map((t) => t.price);
  if (prices.length === 0) return null;
  const lowest = Math.min(...prices);
  return lowest === 0 ? 'Free' : `From ${formatNaira(lowest)}`;
}

/**
 * /embed/events/{slug}: the widget's first screen on the organiser's page (issue 26 §1).
 * "list": the event's ticket types with quantities and the waiting list, as on Gatepass's
 * own event page; "button": one line and a "Get tickets" button that opens the list in
 * place. Either way "Get tickets" goes on to the checkout inside the same frame.
 */
export function EmbedEventPage({ slug }: { slug: string }) {
  const query = usePublicEvent(slug);
  const [open, setOpen] = useState(embedOptions?.layout !== 'button');

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-indigo-600">
        <Spinner label="Loading tickets…" />
      </div>
    );
  }
  if (query.isError) {
    const failure = readApiFailure(query.error);
    return (
      <div role="alert" className="px-4 py-6 text-center text-sm text-slate-700">
        {failure.status === 404
          ? 'This event is not on sale here.'
          : 'Tickets could not be loaded. Check your connection and reload the page.'}
      </div>
    );
  }
  return <EmbedEvent event={query.data} open={open} onOpen={() => setOpen(true)} />;
}

function EmbedEvent({
  event,
  open,
  onOpen,
}: {
  event: PublicEventDto;
  open: boolean;
  onOpen: () => void;
}) {
  // The frame's address carries via=widget (and the host's ref): kept for the tab and
  // counted once as a view, as the event page does (issue 26 §4).
  useEffect(() => {
    if (event.status !== 'published') return;
    sendView(event.slug, event.id, rememberSource(event.id, window.location.search));
  }, [event.id, event.slug, event.status]);
  const price = fromPrice(event);

  return (
    <div className="space-y-4 p-3 sm:p-4">
      <header
        className={
          open
            ? 'px-1'
            : 'flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-900/5'
        }
      >
        <div className="min-w-0">
          <h1 className="text-lg font-bold text-slate-900">{event.title}</h1>
          {event.startAt ? (
            <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
              <CalendarIcon className="size-4 shrink-0 text-slate-400" />
              {formatEventDate(event.startAt, event.timeZone)}
            </p>
          ) : null}
        </div>
        {open ? null : (
          <Button size="lg" onClick={onOpen} className="shrink-0">
            <TicketIcon className="size-5" />
            Get tickets{price ? ` · ${price}` : ''}
          </Button>
        )}
      </header>
      {open ? (
        <>
          {event.waitingRoom && !event.ended ? (
            <Suspense fallback={null}>
              <WaitingRoomNotice room={event.waitingRoom} />
            </Suspense>
          ) : null}
          <TicketSelector event={event} source={source()} />
        </>
      ) : null}
    </div>
  );
}
