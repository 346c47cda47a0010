import {
  formatEventDate,
  formatNaira,
  formatShortDateTime,
  lineName,
  type ManageOrderDto,
} from '@gatepass/shared';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { TEST_PAID_LABEL } from '../../../components/ui/badge.tsx';
import { RefundState } from '../../../components/ui/refund-state.tsx';
import { endedAtLabel, historyLabel, paymentMethodLabel } from '../lib/status.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-slate-100 pt-5 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The buyer's answers (issue 25 §1): the order's first, then each ticket's under
 * "Ticket n · type", each under the question's label as it was asked.
 */
function AnswersList({ answers }: { answers: ManageOrderDto['answers'] }) {
  const groups = new Map<number | null, ManageOrderDto['answers']>();
  for (const a of answers) groups.set(a.ticket, [...(groups.get(a.ticket) ?? []), a]);
  return (
    <div className="space-y-3" data-testid="order-answers">
      {[...groups].map(([ticket, list]) => (
        <div key={ticket ?? 'order'}>
          {ticket !== null ? (
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Ticket {ticket}
              {list[0]?.ticketType ? ` · ${list[0].ticketType}` : ''}
            </p>
          ) : null}
          <dl>
            {list.map((a) => (
              <Row key={`${a.questionId}-${ticket ?? 0}`} label={a.label}>
                <span className="whitespace-pre-line break-words">{a.value}</span>
              </Row>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}

/** Everything about one order: buyer, event, lines and money, payment, door, history. */
export function OrderDetail({ order }: { order: ManageOrderDto }) {
  const tz = order.event.timeZone;
  return (
    <div className="space-y-5">
      {order.testPayment ? (
        <Alert tone="error">
          {TEST_PAID_LABEL}: paid with the TEST provider in test mode. No money was taken, and the
          finances leave this order out.
        </Alert>
      ) : null}
      <RefundState refund={order.refund} audience="organiser" />
      {order.needsRefund ? (
        <Alert tone="error">
          Money arrived that this order could not take (see the history below): refund the buyer.
        </Alert>
      ) : null}
      {order.parentOrderCode ? (
        <Alert tone="info">
          One ticket sent to its holder from order {order.parentOrderCode}: it was paid on that
          order, so this one shows no money.
        </Alert>
      ) : null}
      <Section title={order.parentOrderCode ? 'Ticket holder' : 'Buyer'}>
        <dl>
          <Row label="Name">
            {order.firstName} {order.lastName}
          </Row>
          <Row label="Email">
            <a href={`mailto:${order.email}`} className="break-all text-indigo-700 hover:underline">
              {order.email}
            </a>
          </Row>
          <Row label="Phone">
            <a href={`tel:${order.phone}`} className="text-indigo-700 hover:underline">
              {order.phone}
            </a>
          </Row>
          <Row label="Placed">{formatShortDateTime(order.createdAt)}</Row>
        </dl>
      </Section>

      {order.tickets?.some((t) => t.firstName) ? (
        <Section title="Ticket holders">
          <ul className="space-y-1 text-sm" aria-label="Ticket holders">
            {order.tickets.map((t) => (
              <li key={t.index} className="flex justify-between gap-3">
                <span className="text-slate-700">
                  Ticket {t.index} · {t.ticketType}
                </span>
                <span className="text-right font-medium text-slate-900">
                  {t.firstName ? `${t.firstName} ${t.lastName}` : 'Not named'}
                  {t.sent ? (
                    <span className="ml-1 text-xs font-normal text-slate-500">
                      {t.status === 'checked_in'
                        ? '(sent, checked in)'
                        : t.status === 'ended'
                          ? '(sent, ended)'
                          : '(sent, own code)'}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Event">
        <p className="text-sm font-medium text-slate-900">{order.event.title}</p>
        {order.event.startAt ? (
          <p className="mt-0.5 text-sm text-slate-600">
            {formatEventDate(order.event.startAt, tz)}
          </p>
        ) : null}
        <p className="mt-0.5 text-sm text-slate-600">
          {order.event.online
            ? 'Online'
            : [order.event.venueName, order.event.city].filter(Boolean).join(', ')}
        </p>
      </Section>

      <Section title="Tickets">
        <table className="w-full text-sm">
          <caption className="sr-only">Tickets in this order</caption>
          <thead className="sr-only">
            <tr>
              <th scope="col">Ticket</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.ticketTypeId}>
                <td className="py-1 text-slate-700">
                  {item.quantity} × {lineName(item.name, item.admits)}{' '}
                  <span className="text-slate-500">at {formatNaira(item.unitPrice)}</span>
                </td>
                <td className="py-1 text-right font-medium tabular-nums text-slate-900">
                  {formatNaira(item.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="mt-2 border-t border-slate-100 pt-2">
          <Row label="Subtotal">{formatNaira(order.subtotal)}</Row>
          {order.discount > 0 ? (
            <Row label={order.promoCode ? `Discount (${order.promoCode})` : 'Discount'}>
              −{formatNaira(order.discount)}
            </Row>
          ) : null}
          <Row
            label={
              order.feeMode === 'pass' ? 'Service fee (paid by buyer)' : 'Service fee (absorbed)'
            }
          >
            {formatNaira(order.fee)}
          </Row>
          <div className="mt-1 flex justify-between gap-4 border-t border-slate-100 pt-2 text-sm">
            <dt className="font-semibold text-slate-900">Total paid by buyer</dt>
            <dd className="font-bold tabular-nums text-slate-900">
              {formatNaira(order.totalPrice)}
            </dd>
          </div>
        </dl>
      </Section>

      {order.answers.length > 0 ? (
        <Section title="Answers">
          <AnswersList answers={order.answers} />
        </Section>
      ) : null}

      <Section title="Payment">
        <dl>
          <Row label="Method">
            {order.payment.method ? paymentMethodLabel(order.payment.method) : 'Not chosen yet'}
          </Row>
          {order.payment.reference ? (
            <Row label="Reference">
              <span className="break-all font-mono text-xs">{order.payment.reference}</span>
            </Row>
          ) : null}
          <Row label="Paid">
            {order.testPayment
              ? TEST_PAID_LABEL
              : order.payment.paidAt
                ? formatShortDateTime(order.payment.paidAt)
                : 'Not paid'}
          </Row>
          {order.status === 'pending' && order.reservedUntil ? (
            <Row label="Tickets held until">{formatShortDateTime(order.reservedUntil)}</Row>
          ) : null}
          {order.cancelledAt ? (
            <Row label={endedAtLabel(order.status)}>{formatShortDateTime(order.cancelledAt)}</Row>
          ) : null}
        </dl>
      </Section>

      <Section title="Check-in">
        {order.checkIn.attendedAt ? (
          <p className="flex items-center gap-2 text-sm text-emerald-800">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
            Checked in {formatShortDateTime(order.checkIn.attendedAt)}
            {order.checkIn.attendedBy ? ` by ${order.checkIn.attendedBy}` : ''}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <span aria-hidden="true" className="size-2 rounded-full bg-slate-300" />
            Not checked in
          </p>
        )}
      </Section>

      <Section title="History">
        {order.history.length === 0 ? (
          <p className="text-sm text-slate-500">No history recorded.</p>
        ) : (
          <ol className="relative space-y-4 border-l border-slate-200 pl-5">
            {order.history.map((entry, index) => (
              <li key={`${entry.createdAt}-${index}`} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[25px] size-2.5 rounded-full bg-indigo-500 ring-4 ring-white"
                />
                <p className="text-sm font-medium text-slate-900">{historyLabel(entry.kind)}</p>
                {entry.detail ? <p className="text-sm text-slate-600">{entry.detail}</p> : null}
                <p className="text-xs text-slate-500">
                  <time dateTime={entry.createdAt}>{formatShortDateTime(entry.createdAt)}</time>
                  {entry.actor ? ` · ${entry.actor}` : ''}
                </p>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </div>
  );
}
