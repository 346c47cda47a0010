import type { QueueStatusDto } from '@gatepass/shared';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ClockIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { embedOptions } from '../../../config/embed.ts';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { getQueueStatus } from '../api/get-queue-status.ts';
import { CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';

/** How often the screen asks for the visitor's place (the queue page refreshes likewise). */
const REFRESH_MS = 5_000;

/** The checkout the server admits to, still counted as the widget's sale (issue 26 §4). */
function withSource(next: string): string {
  if (!next.startsWith('/checkout/')) return next;
  const url = new URL(next, window.location.origin);
  url.searchParams.set('via', 'widget');
  if (embedOptions?.ref) url.searchParams.set('ref', embedOptions.ref);
  return `${url.pathname}${url.search}`;
}

const minutes = (seconds: number) =>
  seconds < 90 ? 'about a minute' : `about ${Math.round(seconds / 60)} minutes`;

/**
 * /embed/events/{slug}/queue: the waiting room inside the widget (decision 074). The same
 * queue as the site's queue page, asked through its JSON route with the visitor carried in
 * headers (a frame on another site gets no cookies): the place in line every few seconds,
 * then on to the checkout with the pass; the proof-of-work join screen before the sale.
 */
export function EmbedQueuePage() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState<QueueStatusDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [again, setAgain] = useState(false);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let current = true;
    getQueueStatus(slug, again).then(
      (answer) => {
        if (!current) return;
        setAgain(false);
        setError(null);
        if ((answer.state === 'admitted' || answer.state === 'open') && answer.next) {
          navigate(withSource(answer.next), { replace: true });
        } else if (
          answer.state === 'check' ||
          answer.state === 'signin' ||
          answer.state === 'limited'
        ) {
          navigate(`${paths.event(slug)}/queue/join`, { replace: true });
        } else setStatus(answer);
      },
      (err: unknown) => {
        if (current)
          setError(readApiFailure(err).error ?? 'We could not reach the queue. Trying again…');
      },
    );
    return () => {
      current = false;
    };
  }, [slug, again, tick, navigate]);

  // Waiting states ask again; a turn that ended waits for the buyer.
  const waiting = !status || ['prequeue', 'waiting', 'paused'].includes(status.state);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), REFRESH_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, tick]);

  let body;
  if (!status) {
    body = error ? (
      <CheckoutMessage icon={ClockIcon} tone="amber" role="alert" title="The queue">
        {error}
      </CheckoutMessage>
    ) : (
      <div className="flex justify-center py-10 text-indigo-600">
        <Spinner label="Finding your place in line…" />
      </div>
    );
  } else if (status.state === 'expired' || status.state === 'used') {
    body = (
      <CheckoutMessage
        icon={ClockIcon}
        tone="amber"
        role="alert"
        title={status.state === 'used' ? 'Your turn was used' : 'Your turn to buy has ended'}
        actions={<Button onClick={() => setAgain(true)}>Join the queue again</Button>}
      >
        {status.state === 'used'
          ? 'Your turn was used for an order. To buy more tickets, join the queue again.'
          : 'You can join the queue again; you will go to the back of the line.'}
      </CheckoutMessage>
    );
  } else if (status.state === 'prequeue') {
    body = (
      <CheckoutMessage icon={UsersIcon} title="You are in the queue" role="status">
        The sale has not started yet. When it does, everyone who joined before gets a random place
        in line. {status.preQueue} {status.preQueue === 1 ? 'person is' : 'people are'} waiting.
        Keep this page open.
      </CheckoutMessage>
    );
  } else {
    body = (
      <CheckoutMessage
        icon={UsersIcon}
        title={status.state === 'paused' ? 'The queue is paused' : 'You are in the queue'}
        role="status"
      >
        <span data-testid="queue-position">
          {status.position !== null ? `Your place in line: ${status.position}. ` : ''}
        </span>
        {status.state === 'paused'
          ? 'The organiser has paused admissions for a moment; your place is kept.'
          : status.estimateSeconds !== null
            ? `Your turn comes in ${minutes(status.estimateSeconds)}.`
            : 'Your turn comes soon.'}{' '}
        Keep this page open: it takes you to the tickets when it is your turn.
      </CheckoutMessage>
    );
  }

  return (
    <CheckoutBody width="3xl">
      {status ? <h1 className="mb-4 text-lg font-bold text-slate-900">{status.title}</h1> : null}
      {body}
    </CheckoutBody>
  );
}
