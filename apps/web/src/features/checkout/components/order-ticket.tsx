import {
  formatEventDate,
  formatNaira,
  lineName,
  whatsappShareUrl,
  type OrderDto,
} from '@gatepass/shared';
import type { ReactNode } from 'react';
import { TestPaidBadge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { CalendarIcon, DownloadIcon, MailIcon, TicketIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { calendarUrl, ticketPdfUrl } from '../lib/links.ts';
import { placeOf } from './checkout-header.tsx';
import { OrderQr } from './order-qr.tsx';
import { WalletButtons } from './wallet-buttons.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The order code in groups of four ("1234 5678") for reading aloud at the door. */
export const spacedCode = (code: string) => code.replace(/^(\d{4})(\d{4})$/, '$1 $2');

/**
 * The buyer's ticket: the 8-digit order code and its QR code, the tickets, the buyer, the
 * event's date (spec format) and place, the total, the PDF and calendar downloads, and the
 * light ticket page (`ticketUrl`: one small page that keeps working offline, decision 042).
 */
export function OrderTicket({
  order,
  accessToken,
  valid,
}: {
  order: OrderDto;
  accessToken: string;
  /** False while the order still waits for payment: the code is then a payment reference. */
  valid: boolean;
}) {
  const { event } = order;
  return (
    <article
      aria-labelledby="ticket-heading"
      className="overflow-hidden rounded-2xl bg-white shadow-lg shadow-slate-900/5 ring-1 ring-slate-900/5"
    >
      <div className="grid gap-0 md:grid-cols-[1fr_auto]">
        <div className="min-w-0 px-6 py-6 sm:px-8 sm:py-8">
          <p className="flex items-center gap-2 text-sm font-semibold text-indigo-700">
            <TicketIcon className="size-5" />
            {order.quantity} ticket{order.quantity === 1 ? '' : 's'}
            {order.testPayment ? <TestPaidBadge /> : null}
          </p>
          <h2 id="ticket-heading" className="mt-2 text-2xl font-bold text-slate-900 text-balance">
            {event.title}
          </h2>
          <dl className="mt-6 grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Detail label="Date">
              {event.startAt ? formatEventDate(event.startAt, event.timeZone) : 'To be announced'}
            </Detail>
            <Detail label="Place">
              {placeOf(event)}
              {event.address ? <span className="block text-slate-500">{event.address}</span> : null}
            </Detail>
            <Detail label="Name">
              {order.firstName} {order.lastName}
            </Detail>
            <Detail label="Email">
              <span className="break-words">{order.email}</span>
            </Detail>
          </dl>
          <div className="mt-6 border-t border-slate-200 pt-5">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
              Tickets
            </h3>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-700" data-testid="order-lines">
              {order.items.map((item) => (
                <li key={item.ticketTypeId} className="flex justify-between gap-4">
                  <span>
                    <span className="font-semibold text-slate-900">{item.quantity} ×</span>{' '}
                    {lineName(item.name, item.admits)}
                  </span>
                  <span className="tabular-nums">
                    {item.lineTotal === 0 ? 'Free' : formatNaira(item.lineTotal)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-3 flex justify-between gap-4 border-t border-dashed border-slate-200 pt-3 text-base font-semibold text-slate-900">
              <span>
                {order.parentOrderCode
                  ? `Paid on order ${order.parentOrderCode}`
                  : order.testPayment
                    ? 'Total (TEST — not paid)'
                    : valid
                      ? 'Total paid'
                      : 'Total to pay'}
              </span>
              <span className="tabular-nums" data-testid="ticket-total">
                {order.parentOrderCode ? 'Sent to you' : formatNaira(order.totalPrice)}
              </span>
            </p>
          </div>
        </div>
        <div
          className={cn(
            'relative order-first flex flex-col items-center justify-center gap-4 border-b-2 border-dashed border-slate-200 bg-slate-50 px-6 py-8',
            'md:order-none md:w-80 md:border-b-0 md:border-l-2',
          )}
        >
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Order code</p>
          <p
            className="-mt-2 whitespace-nowrap font-mono text-4xl font-bold tracking-wider text-slate-900"
            data-testid="order-code"
            aria-label={`Order code ${order.orderCode.split('').join(' ')}`}
          >
            {spacedCode(order.orderCode)}
          </p>
          <OrderQr code={order.orderCode} className={valid ? undefined : 'opacity-40'} />
          <p className="text-center text-xs text-slate-500">
            {valid
              ? 'Show this QR code or say the code at the door.'
              : 'Quote this code when you pay. It becomes your ticket once payment is confirmed.'}
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-200 bg-white px-6 py-5 sm:flex-row sm:flex-wrap sm:items-center sm:px-8">
        {valid ? (
          <a
            href={ticketPdfUrl(order.id, accessToken)}
            download
            className={buttonClasses('primary', 'md')}
          >
            <DownloadIcon strokeWidth={1.75} className="size-5" />
            Download PDF ticket
          </a>
        ) : null}
        {valid && order.ticketUrl ? (
          <a
            href={order.ticketUrl}
            className={buttonClasses('secondary', 'md')}
            data-testid="ticket-page-link"
          >
            <TicketIcon className="size-5" />
            Open ticket page (works offline)
          </a>
        ) : null}
        <a
          href={calendarUrl(order.id, accessToken)}
          download
          className={buttonClasses('secondary', 'md')}
        >
          <CalendarIcon className="size-5" />
          Add to calendar
        </a>
        {valid ? <WalletButtons order={order} /> : null}
        {valid ? (
          <a
            href={whatsappShareUrl(
              event.title,
              new URL(paths.event(event.slug), window.location.origin).href,
            )}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('secondary', 'md')}
          >
            Share on WhatsApp
          </a>
        ) : null}
        <p className="text-sm text-slate-500 sm:ml-auto">
          <MailIcon className="mr-1.5 inline size-4 align-[-3px]" />
          {valid ? 'A copy was sent to' : 'Your tickets will be sent to'}{' '}
          <span className="break-words font-medium text-slate-700">{order.email}</span>
        </p>
      </div>
    </article>
  );
}
