import {
  formatDay,
  formatNaira,
  type PayoutLineDto,
  PAYSTACK_CHANNEL_LABELS,
} from '@gatepass/shared';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, Panel } from '../../../components/ui/panel.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import {
  PAYSTACK_SANDBOX_NOTE,
  usePaystackSandbox,
  useServerPaymentMethods,
} from '../../../lib/payouts.ts';
import { useExportPayouts, usePayouts } from '../api/get-payouts.ts';
import type { FinancesFilter } from '../lib/range.ts';

const SETTLEMENT_LABELS: Record<PayoutLineDto['settlement'], string> = {
  success: 'Settled',
  processing: 'Settling',
  pending: 'Queued',
  failed: 'Settlement failed',
  not_settled: 'Not settled yet',
  unknown: 'Unknown',
};

const settlementTone = (s: PayoutLineDto['settlement']) =>
  s === 'success'
    ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
    : s === 'failed'
      ? 'bg-red-50 text-red-800 ring-red-200'
      : 'bg-slate-50 text-slate-700 ring-slate-200';

function statusOf(line: PayoutLineDto): { label: string; tone: string } {
  if (line.kind === 'refund') {
    const s = line.refundStatus ?? 'pending';
    return {
      label: s === 'processed' ? 'Refunded' : `Refund ${s}`,
      tone: 'bg-amber-50 text-amber-900 ring-amber-200',
    };
  }
  return { label: SETTLEMENT_LABELS[line.settlement], tone: settlementTone(line.settlement) };
}

/** A line's settlement (or refund) state as a coloured pill. */
function LineStatus({ line }: { line: PayoutLineDto }) {
  const status = statusOf(line);
  return (
    <span
      className={cn('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', status.tone)}
    >
      {status.label}
    </span>
  );
}

/** What a line is: a refund, or the channel the buyer paid with. */
const lineWhat = (line: PayoutLineDto) =>
  line.kind === 'refund'
    ? 'Refund'
    : line.channel
      ? (PAYSTACK_CHANNEL_LABELS[line.channel as keyof typeof PAYSTACK_CHANNEL_LABELS] ??
        line.channel)
      : 'Paystack';

const money = (n: number) => (n < 0 ? `−${formatNaira(-n)}` : formatNaira(n));

/**
 * The payout ledger (issue 15 §2): per Paystack payment, what the organiser gets (settled
 * by Paystack to their bank through the split), what the platform keeps, what Paystack
 * charged, and Paystack's settlement; refunds as negative lines. Where Paystack is on.
 */
export function PayoutsLedger({ filter }: { filter: FinancesFilter }) {
  const methods = useServerPaymentMethods();
  const paystack = methods.includes('paystack');
  const sandbox = usePaystackSandbox();
  const ledger = usePayouts(filter, paystack);
  const exporter = useExportPayouts();
  if (!paystack) return null;
  const data = ledger.data;
  return (
    <Panel
      id="payouts"
      title="Payouts"
      description={
        sandbox
          ? `${PAYSTACK_SANDBOX_NOTE}: the local sandbox settles each day's sales the next morning, as Paystack pays your share of each online sale straight to your bank account.`
          : 'Paystack pays your share of each online sale straight to your bank account.'
      }
      flush
      actions={
        <Button
          variant="secondary"
          size="sm"
          disabled={exporter.isPending || !data}
          onClick={() => exporter.mutate(filter)}
        >
          {exporter.isPending ? 'Exporting...' : 'Payouts CSV'}
        </Button>
      }
    >
      {ledger.isError ? (
        <div className="p-4">
          <Alert tone="error">The payouts could not be loaded.</Alert>
        </div>
      ) : !data ? (
        <p className="p-6 text-sm text-slate-500">Loading payouts…</p>
      ) : (
        <>
          <div className="px-4 pt-4 text-sm text-slate-600 sm:px-6">
            {data.account ? (
              <p>
                Paid to <strong>{data.account.accountName}</strong>, {data.account.bankName}{' '}
                <span className="font-mono">{data.account.accountNumber}</span>.
              </p>
            ) : (
              <Alert tone="error">
                No verified payout account: buyers cannot pay online.{' '}
                <Link to={`${paths.manage.settings}#payout`} className="font-semibold underline">
                  Add one in Settings
                </Link>
                .
              </Alert>
            )}
            {data.lines.length > 0 && !data.settlementsChecked ? (
              <p className="mt-2 text-amber-800">
                Paystack could not be asked about settlements just now; they show as unknown.
              </p>
            ) : null}
          </div>
          {data.lines.length === 0 ? (
            <EmptyState title="No payouts yet">
              Once buyers pay online, each payment and what you get from it shows here.
            </EmptyState>
          ) : (
            <>
              <ul className="mt-3 divide-y divide-slate-100 sm:hidden" aria-label="Payouts">
                {data.lines.map((line) => (
                  <li
                    key={`${line.reference}-${line.kind}`}
                    className={cn('px-4 py-3 text-sm', line.kind === 'refund' && 'bg-amber-50/40')}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-mono font-semibold">{line.orderCode}</span>
                      <LineStatus line={line} />
                    </div>
                    <p className="text-xs text-slate-500">
                      {formatDay(line.at.slice(0, 10))} · {lineWhat(line)} · {line.eventTitle}
                    </p>
                    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 tabular-nums">
                      <dt className="text-slate-500">You get</dt>
                      <dd className="text-right font-semibold">{money(line.organiser)}</dd>
                      <dt className="text-slate-500">Buyer paid</dt>
                      <dd className="text-right">{money(line.amount)}</dd>
                      <dt className="text-slate-500">Platform keeps</dt>
                      <dd className="text-right">{money(line.platform)}</dd>
                      <dt className="text-slate-500">Paystack fees</dt>
                      <dd className="text-right">{money(line.paystack)}</dd>
                    </dl>
                  </li>
                ))}
                <li className="flex justify-between px-4 py-3 text-sm font-semibold">
                  <span>You get in all</span>
                  <span className="tabular-nums">{money(data.totals.organiser)}</span>
                </li>
              </ul>
              <div className="mt-3 hidden overflow-x-auto sm:block">
                <table className="min-w-full text-sm" data-testid="payouts-table">
                  <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
                    <tr>
                      <th className="px-4 py-2 sm:pl-6">Date</th>
                      <th className="px-4 py-2">Order</th>
                      <th className="px-4 py-2 text-right">Buyer paid</th>
                      <th className="px-4 py-2 text-right">You get</th>
                      <th className="px-4 py-2 text-right">Platform keeps</th>
                      <th className="px-4 py-2 text-right">Paystack fees</th>
                      <th className="px-4 py-2 sm:pr-6">Status</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {data.lines.map((line) => (
                      <tr
                        key={`${line.reference}-${line.kind}`}
                        className={line.kind === 'refund' ? 'bg-amber-50/40' : undefined}
                      >
                        <td className="whitespace-nowrap px-4 py-2 sm:pl-6">
                          {formatDay(line.at.slice(0, 10))}
                        </td>
                        <td className="px-4 py-2">
                          <span className="font-mono">{line.orderCode}</span>
                          <span className="block text-xs text-slate-500">
                            {lineWhat(line)} · {line.eventTitle}
                          </span>
                        </td>
                        <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                          {money(line.amount)}
                        </td>
                        <td className="whitespace-nowrap px-4 py-2 text-right font-semibold tabular-nums">
                          {money(line.organiser)}
                        </td>
                        <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                          {money(line.platform)}
                        </td>
                        <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums">
                          {money(line.paystack)}
                        </td>
                        <td className="whitespace-nowrap px-4 py-2 sm:pr-6">
                          <LineStatus line={line} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot className="border-t border-slate-200 font-semibold">
                    <tr>
                      <td className="px-4 py-2 sm:pl-6" colSpan={2}>
                        Total
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums">
                        {money(data.totals.amount)}
                      </td>
                      <td
                        className="px-4 py-2 text-right tabular-nums"
                        data-testid="payouts-you-get"
                      >
                        {money(data.totals.organiser)}
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums">
                        {money(data.totals.platform)}
                      </td>
                      <td className="px-4 py-2 text-right tabular-nums">
                        {money(data.totals.paystack)}
                      </td>
                      <td className="sm:pr-6" />
                    </tr>
                  </tfoot>
                </table>
              </div>
            </>
          )}
        </>
      )}
    </Panel>
  );
}
