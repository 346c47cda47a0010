import {
  formatShortDateTime,
  sendTicketBody,
  ticketHolderBody,
  transferOrderBody,
  type OrderDto,
  type OrderTicketDto,
} from '@gatepass/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { StatusBadge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  FormFailure,
  FormInput,
  SubmitButton,
  useContractForm,
} from '../../../components/ui/form.tsx';
import { orderQueryKey } from '../api/get-order.ts';
import { nameTicket, sendTicket, transferTicket } from '../api/named-tickets.ts';
import { inlineOrToast } from '../lib/api-errors.ts';

type Mode = 'name' | 'send' | 'transfer';

/**
 * The form's schema: naming needs no email (the phone input is not shown); sending and
 * transferring are the send contract's (an email to send the ticket to).
 */
const formSchemas = {
  name: ticketHolderBody.extend({ phone: z.string().optional() }),
  send: sendTicketBody,
  transfer: sendTicketBody,
} as const;

/**
 * "Who is coming?" on the buyer's order page (issue 25 §2, decision 080): each ticket of a
 * group order with its holder's name. A ticket can be named, sent to its holder — their
 * own mail, code and QR, the rest staying on this order — and, once sent, transferred on
 * its own where the event allows transfers.
 */
export function NamedTickets({ order }: { order: OrderDto }) {
  const [open, setOpen] = useState<{ index: number; mode: Mode } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // When the page opened: the cut-off is read against it (the server checks again).
  const [openedAt] = useState(() => Date.now());
  const tickets = order.tickets;
  if (!tickets || tickets.length < 2) return null;
  const closed = order.namesUntil ? new Date(order.namesUntil).getTime() <= openedAt : false;
  const live = order.status === 'completed' && !order.attendedAt && !closed;
  const withBuyer = tickets.filter((t) => !t.sent).length;
  return (
    <section
      aria-labelledby="named-title"
      className="rounded-2xl bg-white px-6 py-6 shadow-sm ring-1 ring-slate-900/5 sm:px-8"
    >
      <h2 id="named-title" className="text-lg font-semibold text-slate-900">
        Who is coming?
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Put a name on each ticket. Send a ticket to its holder and it becomes theirs: their own
        email, order code and QR. The other tickets stay on this order.
      </p>
      {order.namesUntil ? (
        <p className="mt-1 text-sm text-slate-500">
          {closed
            ? 'Tickets can no longer be named for this event.'
            : `You can name tickets until ${formatShortDateTime(order.namesUntil, order.event.timeZone)}.`}
        </p>
      ) : null}
      {notice ? (
        <p
          role="status"
          className="mt-3 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {notice}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-100" aria-label="Tickets">
        {tickets.map((ticket) => (
          <li key={ticket.index} className="py-3" aria-label={`Ticket ${ticket.index}`}>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  Ticket {ticket.index} · {ticket.ticketType}
                </p>
                <p className="truncate text-sm text-slate-600">
                  {ticket.firstName ? `${ticket.firstName} ${ticket.lastName}` : 'Not named yet'}
                  {ticket.email ? ` · ${ticket.email}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <TicketBadge ticket={ticket} />
                {!ticket.sent && !closed && order.status !== 'cancelled' ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setOpen({ index: ticket.index, mode: 'name' })}
                  >
                    {ticket.firstName ? 'Rename' : 'Name'}
                  </Button>
                ) : null}
                {!ticket.sent && live && withBuyer > 1 ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpen({ index: ticket.index, mode: 'send' })}
                  >
                    Send to holder
                  </Button>
                ) : null}
                {ticket.sent && ticket.status === 'sent' && order.event.allowTransfers ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpen({ index: ticket.index, mode: 'transfer' })}
                  >
                    Transfer this ticket
                  </Button>
                ) : null}
              </div>
            </div>
            {open?.index === ticket.index ? (
              <TicketForm
                key={`${open.mode}-${ticket.index}`}
                order={order}
                ticket={ticket}
                mode={open.mode}
                onClose={() => setOpen(null)}
                onDone={(message) => {
                  setOpen(null);
                  setNotice(message);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function TicketBadge({ ticket }: { ticket: OrderTicketDto }) {
  if (ticket.status === 'checked_in') return <StatusBadge tone="green">Checked in</StatusBadge>;
  if (ticket.status === 'ended') return <StatusBadge tone="red">Cancelled</StatusBadge>;
  if (ticket.sent) return <StatusBadge tone="indigo">Sent</StatusBadge>;
  return <StatusBadge tone="gray">With you</StatusBadge>;
}

const TITLES: Record<Mode, string> = {
  name: 'Name this ticket',
  send: 'Send this ticket to its holder',
  transfer: 'Transfer this ticket',
};

const SUBMIT: Record<Mode, { label: string; busy: string }> = {
  name: { label: 'Save name', busy: 'Saving...' },
  send: { label: 'Send ticket', busy: 'Sending...' },
  transfer: { label: 'Transfer ticket', busy: 'Transferring...' },
};

/** One ticket's form: its holder's name (and email, to send or transfer it). */
function TicketForm({
  order,
  ticket,
  mode,
  onClose,
  onDone,
}: {
  order: OrderDto;
  ticket: OrderTicketDto;
  mode: Mode;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const keep = mode !== 'transfer';
  const form = useContractForm(formSchemas[mode] as typeof sendTicketBody, {
    firstName: keep ? (ticket.firstName ?? '') : '',
    lastName: keep ? (ticket.lastName ?? '') : '',
    email: keep ? (ticket.email ?? '') : '',
    phone: '',
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setBusy(true);
    setFailure(null);
    try {
      if (mode === 'transfer') {
        const { message } = await transferTicket(
          order.id,
          ticket.index,
          transferOrderBody.parse(values),
        );
        await queryClient.invalidateQueries({ queryKey: orderQueryKey(order.id) });
        onDone(message);
      } else {
        const call = mode === 'name' ? nameTicket : sendTicket;
        const { order: next, message } = await call(
          order.id,
          ticket.index,
          values as Parameters<typeof sendTicket>[2],
        );
        queryClient.setQueryData(orderQueryKey(order.id), next);
        onDone(message);
      }
    } catch (err) {
      setFailure(inlineOrToast(err) ?? null);
    } finally {
      setBusy(false);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={TITLES[mode]}
      className="mt-3 space-y-3 rounded-xl bg-slate-50 p-4"
    >
      <p className="text-sm font-semibold text-slate-900">{TITLES[mode]}</p>
      {mode === 'send' ? (
        <p className="text-sm text-slate-600">
          They get their own ticket by email, with its own order code and QR. It leaves this order:
          your code admits one person fewer.
        </p>
      ) : null}
      {mode === 'transfer' ? (
        <p className="text-sm text-slate-600">
          The new holder gets a new code by email; the code sent for this ticket stops working at
          once. Your other tickets are not touched.
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormInput form={form} name="firstName" label="Their first name" autoComplete="off" />
        <FormInput form={form} name="lastName" label="Their last name" autoComplete="off" />
      </div>
      <FormInput
        form={form}
        name="email"
        label={mode === 'name' ? 'Their email (optional)' : 'Their email'}
        type="email"
        inputMode="email"
        autoComplete="off"
      />
      {mode !== 'name' ? (
        <FormInput
          form={form}
          name="phone"
          label="Their phone (optional)"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="Given, they also get the ticket by SMS."
        />
      ) : null}
      <FormFailure>{failure}</FormFailure>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <SubmitButton busy={busy} busyLabel={SUBMIT[mode].busy}>
          {SUBMIT[mode].label}
        </SubmitButton>
      </div>
    </form>
  );
}
