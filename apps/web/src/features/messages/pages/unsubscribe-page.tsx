import { MESSAGE_TEXTS, type UnsubscribeDto } from '@gatepass/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { PageSpinner } from '../../../components/ui/page-shell.tsx';
import { paths } from '../../../config/paths.ts';
import { readApiFailure } from '../../../lib/api-error.ts';
import { unsubscribe } from '../api/unsubscribe.ts';

/**
 * /unsubscribe?token=…: the footer link of announcements and reminders (decision 082). One
 * click: the page unsubscribes as it opens (the link is signed for one address and one
 * organiser, and it stops only announcements and reminders — tickets and changes still go).
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState<UnsubscribeDto | null>(null);
  const [error, setError] = useState<string | null>(token ? null : MESSAGE_TEXTS.badLink);
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    unsubscribe(token).then(setDone, (err: unknown) =>
      setError(readApiFailure(err).error ?? 'We could not unsubscribe you. Please try again.'),
    );
  }, [token]);

  return (
    <>
      <PageHeader eyebrow="Messages" title="Unsubscribe" />
      <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6 lg:px-8">
        {done ? (
          <Alert tone="success">
            <p className="font-semibold">{MESSAGE_TEXTS.unsubscribed}</p>
            <p className="mt-1">
              {done.email} will get no more announcements or reminders from {done.organiser}. Your
              tickets, and news of changes to an event you have a ticket for, still reach you.
            </p>
          </Alert>
        ) : error ? (
          <Alert tone="error">{error}</Alert>
        ) : (
          <PageSpinner label="Unsubscribing…" />
        )}
        <p className="mt-6 text-sm">
          <Link to={paths.events} className="font-semibold text-indigo-700 underline">
            Browse events
          </Link>
        </p>
      </div>
    </>
  );
}
