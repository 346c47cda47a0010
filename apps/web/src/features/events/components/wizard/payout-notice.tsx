import type { ManageEventDto } from '@gatepass/shared';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { usePayoutAccount, useServerPaymentMethods } from '../../../../lib/payouts.ts';

/**
 * Why paid tickets cannot be sold online yet (issue 15 §2, decision 038): where this server
 * takes Paystack, an organiser without a verified payout account sells free and offline
 * tickets only, since Paystack pays the organiser's share straight to that account.
 */
export function PayoutNotice({ event }: { event: ManageEventDto }) {
  const methods = useServerPaymentMethods();
  const settings = usePayoutAccount();
  const paid = event.ticketTypes.some((t) => t.price > 0);
  if (!methods.includes('paystack') || !paid || !settings) return null;
  if (settings.payout?.verified) return null;
  const link = (
    <Link to={`${paths.manage.settings}#payout`} className="font-semibold underline">
      Settings → Payout account
    </Link>
  );
  // Test mode sells paid tickets through the TEST provider, so publishing is not blocked.
  const blocks = !event.offlinePayment && !methods.includes('test');
  return blocks ? (
    <div
      role="alert"
      className="rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-inset ring-red-200"
    >
      <p className="font-semibold">Paid tickets need a verified payout account.</p>
      <p className="mt-1">
        Paystack pays your share of each sale straight to your bank account, so buyers cannot pay
        online until you add one in {link}. Or turn on offline payment in Tickets, or make the
        tickets free.
      </p>
    </div>
  ) : (
    <div
      role="status"
      className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-inset ring-amber-200"
    >
      <p className="font-semibold">Buyers cannot pay online yet.</p>
      <p className="mt-1">
        Without a verified payout account, paid tickets are sold offline only (bank transfer or at
        the venue). Add your account in {link} and Paystack pays your share of each sale straight to
        it.
      </p>
    </div>
  );
}
