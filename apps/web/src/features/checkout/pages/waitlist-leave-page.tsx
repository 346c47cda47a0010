import type { LeaveWaitlistResult } from '@gatepass/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { leaveWaitlist } from '../api/leave-waitlist.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { BrowseEventsLink, CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { inlineOrToast } from '../lib/api-errors.ts';

const tickets = (n: number, type: string) => `${n} “${type}” ${n === 1 ? 'ticket' : 'tickets'}`;

/**
 * /waitlist/leave?token=…: the "Leave the waiting list" link of the join and offer mails
 * (decision 047). Nothing happens until the person presses the button, so a mail scanner
 * opening the link does not take anyone off the list.
 */
export function WaitlistLeavePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [left, setLeft] = useState<LeaveWaitlistResult | null>(null);
  const [error, setError] = useState<string | null>(token ? null : 'This link is not valid.');
  const [pending, setPending] = useState(false);

  const leave = () => {
    setPending(true);
    leaveWaitlist(token).then(setLeft, (err: unknown) => {
      setPending(false);
      setError(inlineOrToast(err) ?? 'We could not take you off the list. Please try again.');
    });
  };

  const browse = <BrowseEventsLink />;

  return (
    <>
      <CheckoutHeader eyebrow="Your place in line" title="Waiting list" />
      <CheckoutBody>
        <div className="mx-auto max-w-2xl">
          {left ? (
            <CheckoutMessage
              icon={TicketIcon}
              tone="emerald"
              role="status"
              title="You have left the waiting list"
              actions={browse}
            >
              You gave up your place for {tickets(left.quantity, left.ticketTypeName)} for{' '}
              {left.eventTitle}. We will not email you about these tickets again.
            </CheckoutMessage>
          ) : error ? (
            <CheckoutMessage
              icon={TicketIcon}
              tone="red"
              role="alert"
              title="This link did not work"
              actions={browse}
            >
              {error}
            </CheckoutMessage>
          ) : (
            <CheckoutMessage
              icon={TicketIcon}
              title="Leave the waiting list?"
              actions={
                <Button onClick={leave} disabled={pending}>
                  {pending ? 'Leaving…' : 'Leave the waiting list'}
                </Button>
              }
            >
              You lose your place in line. If tickets are held for you right now, they go to the
              next person.
            </CheckoutMessage>
          )}
        </div>
      </CheckoutBody>
    </>
  );
}
