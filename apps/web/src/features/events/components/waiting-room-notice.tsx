import { formatWallClock, type PublicEventDto } from '@gatepass/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { embedded } from '../../../config/embed.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ClockIcon } from '../../../components/ui/public-icons.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * The fair queue, told on the event page before anyone presses "Get tickets" (issue 24 §1):
 * when the sale opens, that joining before then earns a random place (arriving first
 * gains nothing), and the link to the queue page.
 */
export function WaitingRoomNotice({ room }: { room: NonNullable<PublicEventDto['waitingRoom']> }) {
  // Read once, when the page opens: the notice does not count down.
  const [openedAt] = useState(() => Date.now());
  const before = Date.parse(room.onSaleAt) > openedAt;
  return (
    <section
      aria-labelledby="waiting-room-notice"
      className="mb-4 rounded-2xl bg-indigo-50 p-5 text-sm text-indigo-950 ring-1 ring-inset ring-indigo-200"
    >
      <h2 id="waiting-room-notice" className="flex items-center gap-2 font-semibold">
        <ClockIcon className="size-5 shrink-0 text-indigo-600" />
        {before
          ? `Tickets go on sale ${formatWallClock(room.onSaleLocal)}`
          : 'Tickets are sold through a queue'}
      </h2>
      <p className="mt-2 text-indigo-900">
        {before
          ? 'A fair queue opens before the sale: everyone who joins before then gets a random place in line, so there is no need to rush. Keep the queue page open and it lets you in when it is your turn.'
          : 'Join the queue and keep its page open: it lets you in to buy when it is your turn.'}
      </p>
      {embedded ? (
        // Inside the widget the queue is a screen of the frame's own (decision 074).
        <Link
          to={new URL(room.queueUrl, window.location.origin).pathname}
          className={cn(buttonClasses('primary'), 'mt-4 w-full')}
        >
          Join the queue
        </Link>
      ) : (
        <a href={room.queueUrl} className={cn(buttonClasses('primary'), 'mt-4 w-full')}>
          Join the queue
        </a>
      )}
    </section>
  );
}
