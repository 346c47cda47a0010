import type { ServerFeaturesDto } from '@gatepass/shared';
import { Alert } from '../../../components/ui/alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { useServerFeatures } from '../api/get-server-features.ts';

interface Feature {
  name: string;
  on: boolean;
  /** What it does for buyers and the organiser. */
  what: string;
  /** Said when on. */
  onText: string;
  /** How the server's operator turns it on (the variables, in the README's table). */
  how: React.ReactNode;
}

const v = (name: string) => <code className="font-mono text-[0.8125rem]">{name}</code>;

function features(f: ServerFeaturesDto): Feature[] {
  return [
    {
      name: 'Online payments (Paystack)',
      on: f.paystack !== 'off',
      what: 'Buyers pay by card, bank transfer, USSD or bank on Paystack; your share is paid to your payout account.',
      onText:
        f.paystack === 'sandbox'
          ? 'On — Paystack sandbox — no real money: a local stand-in for trying checkout, refunds and the payout ledger.'
          : f.paystack === 'test'
            ? 'On with a Paystack test key: no real money moves.'
            : 'On.',
      how: (
        <>
          Set {v('PAYSTACK_SECRET_KEY')} (and the webhook in Paystack&apos;s dashboard). To try it
          without an account: {v('PAYMENTS_TEST_MODE=true')} with {v('PAYSTACK_SANDBOX=true')}.
        </>
      ),
    },
    {
      name: 'Mail',
      on: f.mail,
      what: 'Tickets, receipts and notices reach buyers by email.',
      onText: 'On.',
      how: (
        <>Set {v('SMTP_URL')}. Until then mails are kept on the server and written to its log.</>
      ),
    },
    {
      name: 'SMS (Termii)',
      on: f.sms,
      what: 'Buyers with a phone number also get their order code and ticket link by text.',
      onText: 'On.',
      how: (
        <>
          Set {v('TERMII_API_KEY')} and {v('TERMII_SENDER_ID')} (a sender ID registered with
          Termii). Until then texts are kept on the server, not sent.
        </>
      ),
    },
    {
      name: 'Apple Wallet passes',
      on: f.appleWallet,
      what: 'Buyers get "Add to Apple Wallet" with their ticket; the pass updates when the event changes.',
      onText: 'On.',
      how: (
        <>
          Set {v('APPLE_PASS_TYPE_ID')}, {v('APPLE_TEAM_ID')}, {v('APPLE_PASS_CERT_FILE')},{' '}
          {v('APPLE_PASS_KEY_FILE')} and {v('APPLE_WWDR_CERT_FILE')}. Until then buyers see no Apple
          Wallet button.
        </>
      ),
    },
    {
      name: 'Google Wallet passes',
      on: f.googleWallet,
      what: 'Buyers get "Save to Google Wallet" with their ticket.',
      onText: 'On.',
      how: (
        <>
          Set {v('GOOGLE_WALLET_ISSUER_ID')} and {v('GOOGLE_WALLET_SERVICE_ACCOUNT_FILE')}. Until
          then buyers see no Google Wallet button.
        </>
      ),
    },
  ];
}

/**
 * Settings → Server features (issue 24 §3): what needs the server's configuration, whether
 * it is on, and which variables turn it on — so an organiser on a demo or a fresh install
 * knows a feature exists. Buyers never see a button for a feature that is off.
 */
export function ServerFeatures() {
  const query = useServerFeatures();
  if (query.isPending) return <p className="text-sm text-slate-500">Loading…</p>;
  if (query.isError || !query.data) {
    return <Alert tone="error">What this server has turned on could not be loaded.</Alert>;
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Server features">
      {features(query.data).map((f) => (
        <li key={f.name} className="py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-slate-900">{f.name}</h3>
            <span
              className={cn(
                'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                f.on
                  ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
                  : 'bg-slate-50 text-slate-700 ring-slate-200',
              )}
            >
              {f.on ? 'On' : 'Off'}
            </span>
          </div>
          <p className="mt-1 text-sm text-slate-600">{f.what}</p>
          <p className="mt-1 text-sm text-slate-700">
            {f.on ? (
              f.onText
            ) : (
              <>
                <span className="font-medium">To turn it on</span>, whoever runs this Gatepass
                server: {f.how}
              </>
            )}
          </p>
        </li>
      ))}
    </ul>
  );
}
