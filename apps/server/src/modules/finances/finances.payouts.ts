import type { Readable } from 'node:stream';
import {
  koboToNaira,
  type PayoutLedgerDto,
  type PayoutLineDto,
  type SettlementState,
} from '@gatepass/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { csvStream, lagosTime, nairaCell, type CsvColumn } from '../orders/orders.manage.csv.ts';
import { PaymentProviderError } from '../payments/payments.provider.ts';
import type { PaystackProvider } from '../payments/paystack.provider.ts';
import { organisers } from '../settings/settings.organisers.ts';
import * as repo from './finances.repository.ts';
import type { FinanceFilters, PayoutPaymentRow } from './finances.repository.ts';

/** The ledger's longest list; a longer history is narrowed with the date range. */
export const PAYOUT_LINES_MAX = 2000;
/** Settlements looked up per ledger (Paystack lists the newest first). */
const SETTLEMENTS_MAX = 30;

/** One ledger line in kobo, before it becomes naira for the API or the CSV. */
interface LineKobo {
  kind: 'payment' | 'refund';
  at: Date;
  row: PayoutPaymentRow;
  amount: number;
  organiser: number;
  platform: number;
  paystack: number;
  settlement: SettlementState;
  settlementDate: string | null;
}

const COLUMNS: CsvColumn<LineKobo>[] = [
  { header: 'Date (Lagos)', value: (l) => lagosTime(l.at) },
  { header: 'Line', value: (l) => l.kind },
  { header: 'Order code', value: (l) => l.row.code },
  { header: 'Event', value: (l) => l.row.event_title },
  { header: 'Paystack reference', value: (l) => l.row.reference },
  { header: 'Channel', value: (l) => l.row.channel ?? '' },
  { header: 'Buyer paid (NGN)', value: (l) => nairaCell(l.amount) },
  { header: 'Organiser gets (NGN)', value: (l) => nairaCell(l.organiser) },
  { header: 'Platform keeps (NGN)', value: (l) => nairaCell(l.platform) },
  { header: 'Paystack charged (NGN)', value: (l) => nairaCell(l.paystack) },
  {
    header: 'Settlement',
    value: (l) =>
      l.kind === 'refund' ? `refund ${l.row.refund_status ?? ''}`.trim() : l.settlement,
  },
  { header: 'Settled on', value: (l) => l.settlementDate?.slice(0, 10) ?? '' },
];

/**
 * The payout ledger (issue 15 §2, decision 037): per Paystack payment split with the
 * organiser's subaccount, what the organiser gets (the amount less the platform's
 * `transaction_charge`), what the platform keeps (that charge less Paystack's fees, which
 * the platform bears), what Paystack charged, and whether Paystack has settled the
 * organiser's share (its settlements API). A refund is a negative line.
 */
export class PayoutLedger {
  constructor(
    private readonly db: Db,
    private readonly paystack: PaystackProvider | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async ledger(filters: FinanceFilters): Promise<PayoutLedgerDto> {
    const { lines, account, checked } = await this.lines(filters);
    const sum = (pick: (l: LineKobo) => number) =>
      koboToNaira(lines.reduce((total, l) => total + pick(l), 0));
    return {
      lines: lines.map(toDto),
      totals: {
        amount: sum((l) => l.amount),
        organiser: sum((l) => l.organiser),
        platform: sum((l) => l.platform),
        paystack: sum((l) => l.paystack),
      },
      account,
      settlementsChecked: checked,
    };
  }

  async csv(filters: FinanceFilters): Promise<Readable> {
    const { lines } = await this.lines(filters);
    async function* batches() {
      yield lines;
    }
    return csvStream(COLUMNS, batches(), (err) =>
      this.log.error({ err }, 'payout CSV export failed mid-stream'),
    );
  }

  private async lines(filters: FinanceFilters) {
    const [rows, settings] = await Promise.all([
      repo.payoutPayments(this.db, filters, PAYOUT_LINES_MAX),
      organisers.payoutAccount(this.db, filters.ownerId),
    ]);
    const verified = settings?.subaccount_code && settings.payout_verified_at;
    const account =
      verified && settings.bank_name && settings.account_number && settings.account_name
        ? {
            bankName: settings.bank_name,
            accountNumber: settings.account_number,
            accountName: settings.account_name,
          }
        : null;
    const { byReference, checked } = await this.settlements(
      rows.length > 0 ? (settings?.subaccount_code ?? null) : null,
    );
    const lines: LineKobo[] = [];
    for (const row of rows) {
      const paystack = row.fees_kobo ?? 0;
      const platformShare = Math.min(row.platform_charge_kobo ?? 0, row.amount_kobo);
      const settled = byReference.get(row.reference);
      lines.push({
        kind: 'payment',
        at: row.settled_at ?? new Date(0),
        row,
        amount: row.amount_kobo,
        organiser: row.amount_kobo - platformShare,
        platform: platformShare - paystack,
        paystack,
        settlement: settled?.status ?? (checked ? 'not_settled' : 'unknown'),
        settlementDate: settled?.date ?? null,
      });
      if (row.refund_id && row.refund_status !== 'failed') {
        const refunded = row.refund_amount_kobo ?? row.amount_kobo;
        // The organiser's share goes back first; the platform returns the rest of its share.
        // Paystack keeps its fees on a refunded transaction.
        const organiser = Math.min(refunded, row.amount_kobo - platformShare);
        lines.push({
          kind: 'refund',
          at: row.refunded_at ?? row.settled_at ?? new Date(0),
          row,
          amount: -refunded,
          organiser: -organiser,
          platform: -(refunded - organiser),
          paystack: 0,
          settlement: settled?.status ?? (checked ? 'not_settled' : 'unknown'),
          settlementDate: null,
        });
      }
    }
    lines.sort((a, b) => a.at.getTime() - b.at.getTime());
    return { lines, account, checked };
  }

  /** Which of the subaccount's transactions Paystack settled, and how (GET /settlement). */
  private async settlements(subaccount: string | null) {
    const byReference = new Map<string, { status: SettlementState; date: string | null }>();
    if (!this.paystack || !subaccount) return { byReference, checked: false };
    try {
      const settlements = (await this.paystack.settlements(subaccount)).slice(0, SETTLEMENTS_MAX);
      for (const s of settlements) {
        const status = (
          ['success', 'processing', 'pending', 'failed'].includes(s.status) ? s.status : 'unknown'
        ) as SettlementState;
        for (const reference of await this.paystack.settlementReferences(s.id)) {
          if (!byReference.has(reference)) {
            byReference.set(reference, { status, date: s.settlementDate });
          }
        }
      }
      return { byReference, checked: true };
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      this.log.warn({ err: err.message }, 'paystack settlements lookup failed');
      return { byReference: new Map(), checked: false };
    }
  }
}

function toDto(l: LineKobo): PayoutLineDto {
  return {
    kind: l.kind,
    at: l.at.toISOString(),
    orderId: l.row.order_id,
    orderCode: l.row.code,
    eventTitle: l.row.event_title,
    reference: l.row.reference,
    channel: l.row.channel,
    amount: koboToNaira(l.amount),
    organiser: koboToNaira(l.organiser),
    platform: koboToNaira(l.platform),
    paystack: koboToNaira(l.paystack),
    settlement: l.settlement,
    settlementDate: l.settlementDate,
    refundStatus: l.kind === 'refund' ? l.row.refund_status : null,
  };
}
