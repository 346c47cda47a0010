import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { TicketIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { claimOffer } from '../api/claim-offer.ts';
import { CheckoutHeader } from '../components/checkout-header.tsx';
import { BrowseEventsLink, CheckoutBody, CheckoutMessage } from '../components/checkout-panel.tsx';
import { inlineOrToast } from '../lib/api-errors.ts';

/**
 * /checkout/waitlist?token=…: the link mailed with a waiting-list offer. It opens the order
 * that holds the offered tickets and goes on to pay for it (a paid or free one shows its
 * tickets); an expired offer says the tickets went to the next person.
 */
export function WaitlistClaimPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : 'This link is not valid.');
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    claimOffer(token).then(
      (order) =>
        navigate(
          order.status === 'pending'
            ? paths.checkout.pay(order.id)
            : paths.checkout.complete(order.id),
          { replace: true },
        ),
      (err: unknown) =>
        setError(inlineOrToast(err) ?? 'We could not open this offer. Please try again.'),
    );
  }, [token, navigate]);

  return (
    <>
      <CheckoutHeader eyebrow="Your place in line" title="Waiting-list offer" />
      <CheckoutBody>
        <div className="mx-auto max-w-2xl">
          {error ? (
            <CheckoutMessage
              icon={TicketIcon}
              tone="red"
              role="alert"
              title="This offer is not available"
              actions={<BrowseEventsLink />}
            >
              {error}
            </CheckoutMessage>
          ) : (
            <div className="flex justify-center py-16" aria-label="Opening your offer">
              <Spinner />
            </div>
          )}
        </div>
      </CheckoutBody>
    </>
  );
}
