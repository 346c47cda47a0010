import type { QueueStatusDto } from '@gatepass/shared';
import { useContext, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { ClockIcon, ShieldCheckIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { SignedInContext } from '../../../lib/signed-in.ts';
import { getQueueStatus } from '../api/get-queue-status.ts';
import { joinQueue } from '../api/join-queue.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { solveCheck } from '../lib/solve-check.ts';
import { useGoToPage } from '../lib/go-to-page.ts';

/** A limited address is let in again in the next minute (decision 054). */
const RETRY_MS = 30_000;

type Step =
  | { kind: 'loading' }
  | { kind: 'checking' }
  | { kind: 'signin' }
  | { kind: 'limited' }
  | { kind: 'failed'; message: string };

/**
 * /events/{slug}/queue/join: the step before the pre-queue (issue 21 §5). The queue page
 * sends a browser here when it has no place yet: this page solves the room's check (a proof
 * of work, decisions 055) or asks for a signed-in account, joins, and goes back to the queue
 * page, which shows the place from then on.
 */
export function QueueJoinPage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const signedIn = useContext(SignedInContext);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [title, setTitle] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [pending, setPending] = useState(false);
  const proof = useRef<Awaited<ReturnType<typeof solveCheck>>>(undefined);
  const queuePage = `${paths.event(slug)}/queue`;
  const goToPage = useGoToPage();

  useEffect(() => {
    const abort = new AbortController();
    const toQueue = () => goToPage(queuePage, { replace: true });
    const after = (status: QueueStatusDto) => {
      if (abort.signal.aborted) return;
      setTitle(status.title);
      if (status.state === 'limited') setStep({ kind: 'limited' });
      else if (status.state === 'signin') setStep({ kind: 'signin' });
      else if (status.state !== 'check') toQueue();
    };
    const failed = (err: unknown) => {
      if (abort.signal.aborted) return;
      const failure = readApiFailure(err);
      setStep({
        kind: 'failed',
        message:
          failure.error ?? 'We could not reach the queue. Check your connection and try again.',
      });
    };
    (async () => {
      // A check solved before (then refused for the address limit) is good for ten minutes.
      if (proof.current) return after(await joinQueue(slug, { proof: proof.current }));
      const status = await getQueueStatus(slug);
      if (status.state !== 'check' || !status.challenge) return after(status);
      setTitle(status.title);
      setStep({ kind: 'checking' });
      const solved = await solveCheck(status.challenge, abort.signal);
      if (abort.signal.aborted) return;
      if (!solved) {
        setStep({ kind: 'failed', message: 'The check took too long. Please try again.' });
        return;
      }
      proof.current = solved;
      after(await joinQueue(slug, { proof: solved }));
    })().catch(failed);
    return () => abort.abort();
  }, [slug, attempt, queuePage, goToPage]);

  useEffect(() => {
    if (step.kind !== 'limited') return;
    const timer = window.setTimeout(() => setAttempt((n) => n + 1), RETRY_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  const joinAsAccount = () => {
    setPending(true);
    joinQueue(slug, {}).then(
      () => goToPage(queuePage, { replace: true }),
      (err: unknown) => {
        setPending(false);
        setStep({
          kind: 'failed',
          message:
            readApiFailure(err).error ?? 'We could not add you to the queue. Please try again.',
        });
      },
    );
  };

  const eventLink = (
    <Link to={paths.event(slug)} className={buttonClasses('secondary')}>
      Event details
    </Link>
  );

  return (
    <>
      <CheckoutHeader eyebrow="Waiting room" title={title || 'Joining the queue'} />
      <CheckoutBody width="2xl">
        <div data-testid="queue-join" data-step={step.kind}>
          {step.kind === 'loading' ? (
            <CheckoutMessage icon={ClockIcon} title="Joining the queue" role="status">
              One moment…
            </CheckoutMessage>
          ) : step.kind === 'checking' ? (
            <CheckoutMessage
              icon={ShieldCheckIcon}
              title="Checking your browser before you join"
              role="status"
            >
              <p>
                This takes a few seconds and happens once. Keep this page open: you will be taken to
                the pre-queue by yourself.
              </p>
              <div
                className="mx-auto mt-4 h-2 w-48 overflow-hidden rounded-full bg-indigo-100"
                aria-hidden="true"
              >
                <div className="h-full w-1/3 animate-pulse rounded-full bg-indigo-500" />
              </div>
            </CheckoutMessage>
          ) : step.kind === 'signin' ? (
            <CheckoutMessage
              icon={TicketIcon}
              title="Sign in to join the pre-queue"
              actions={
                signedIn ? (
                  <Button onClick={joinAsAccount} disabled={pending}>
                    {pending ? 'Joining…' : 'Join the pre-queue'}
                  </Button>
                ) : (
                  <>
                    <Link
                      to={paths.login}
                      state={{ from: { pathname: location.pathname, search: location.search } }}
                      className={buttonClasses('primary')}
                    >
                      Sign in
                    </Link>
                    <Link to={paths.signup} className={buttonClasses('secondary')}>
                      Create an account
                    </Link>
                  </>
                )
              }
            >
              The organiser gives one place in the pre-queue to each account with a verified email
              address. Where you are in line is drawn at random when tickets go on sale.
            </CheckoutMessage>
          ) : step.kind === 'limited' ? (
            <CheckoutMessage
              icon={ClockIcon}
              tone="amber"
              title="A short wait before you join"
              role="status"
            >
              Many people have just joined from the same internet connection as you (a mobile
              network or a shared Wi-Fi). Keep this page open: it tries again by itself within a
              minute. In the pre-queue, joining a little later costs you nothing: places are drawn
              at random when tickets go on sale.
            </CheckoutMessage>
          ) : (
            <CheckoutMessage
              icon={ClockIcon}
              tone="red"
              role="alert"
              title="You have not joined yet"
              actions={
                <>
                  <Button
                    onClick={() => {
                      setStep({ kind: 'loading' });
                      setAttempt((n) => n + 1);
                    }}
                  >
                    Try again
                  </Button>
                  {eventLink}
                </>
              }
            >
              {step.message}
            </CheckoutMessage>
          )}
        </div>
      </CheckoutBody>
    </>
  );
}
