import { EmptyState } from '../../../../components/ui/panel.tsx';
import {
  buyerSetsPrice,
  type FeeMode,
  formatCount,
  formatNaira,
  type ManageTicketTypeDto,
  tableLabel,
  TICKET_KIND_LABELS,
} from '@gatepass/shared';
import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { PencilIcon, PlusIcon, TicketIcon, TrashIcon } from '../../../../components/ui/icons.tsx';
import { useDeleteTicketType } from '../../api/delete-ticket-type.ts';
import { AvailabilityBadge, Badge } from '../badges.tsx';
import { ConfirmDialog } from '../../../../components/ui/dialog.tsx';
import { ChoiceCards } from '../../../../components/ui/form-controls.tsx';
import { FormChoiceCards, FormInput, useFieldControl } from '../../../../components/ui/form.tsx';
import type { EventForm } from '../../lib/wizard.ts';
import type { StepProps } from './step-props.ts';
import { EMPTY_TICKET_FORM, TicketTypeForm, ticketFormFrom } from './ticket-type-form.tsx';
import { PaystackChannels } from './paystack-channels.tsx';
import { QuestionsSection } from './questions-section.tsx';

export function TicketsStep({ event, wizard, errors }: StepProps) {
  const { ticketDraft, setTicketDraft, fields } = wizard;
  const offlinePayment = useFieldControl<EventForm, EventForm, boolean>(fields, 'offlinePayment');
  const allowTransfers = useFieldControl<EventForm, EventForm, boolean>(fields, 'allowTransfers');
  const channels = useFieldControl<EventForm, EventForm, string>(fields, 'paystackChannels');
  const [removing, setRemoving] = useState<ManageTicketTypeDto | null>(null);
  const remove = useDeleteTicketType();
  const cancelled = event.status === 'cancelled';

  const open = (editing: string) => {
    const type = event.ticketTypes.find((t) => t.id === editing);
    setTicketDraft({
      editing,
      values: type ? ticketFormFrom(type, event.timeZone) : EMPTY_TICKET_FORM,
    });
  };

  const form = ticketDraft ? (
    <TicketTypeForm
      key={ticketDraft.editing}
      event={event}
      editing={ticketDraft.editing}
      values={ticketDraft.values}
      onChange={(values) => setTicketDraft({ editing: ticketDraft.editing, values })}
      onDone={() => setTicketDraft(null)}
    />
  ) : null;

  return (
    <div className="grid gap-8">
      <section aria-labelledby="ticket-types-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="ticket-types-title" className="text-base font-semibold text-slate-900">
            Ticket types
          </h3>
          {!ticketDraft && !cancelled && event.ticketTypes.length > 0 ? (
            <Button variant="secondary" size="sm" onClick={() => open('new')}>
              <PlusIcon className="size-4" />
              Add ticket type
            </Button>
          ) : null}
        </div>
        {errors.ticketTypes ? (
          <Alert tone="error" className="mt-3">
            {errors.ticketTypes}
          </Alert>
        ) : null}

        {event.ticketTypes.length === 0 && !ticketDraft ? (
          <EmptyState
            title="No tickets yet"
            heading="p"
            icon={<TicketIcon className="size-6" />}
            boxed
            className="mt-4 py-10"
            action={
              <Button onClick={() => open('new')}>
                <PlusIcon className="size-5" />
                Add ticket type
              </Button>
            }
          >
            Add at least one ticket type, free or paid, before you publish.
          </EmptyState>
        ) : null}

        <ul className="mt-4 grid gap-3">
          {event.ticketTypes.map((type) =>
            ticketDraft?.editing === type.id ? (
              <li key={type.id}>{form}</li>
            ) : (
              <li
                key={type.id}
                className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-inset ring-slate-200 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold text-slate-900">{type.name}</p>
                    <AvailabilityBadge availability={type.availability} />
                    {type.hidden ? (
                      <Badge tone="gray">
                        {type.accessCodes.length > 0 ? 'Hidden — access code' : 'Hidden'}
                      </Badge>
                    ) : null}
                    {type.kind !== 'regular' ? (
                      <Badge tone="gray">
                        {type.kind === 'table'
                          ? tableLabel(type.admits)
                          : TICKET_KIND_LABELS[type.kind]}
                      </Badge>
                    ) : null}
                  </div>
                  <p className="mt-1 text-sm text-slate-600">
                    <span className="font-semibold text-slate-900">
                      {buyerSetsPrice(type.kind)
                        ? `From ${formatNaira(type.price)}`
                        : type.price === 0
                          ? 'Free'
                          : formatNaira(type.price)}
                    </span>
                    {' · '}
                    {formatCount(type.sold)} of {formatCount(type.capacity)} sold ·{' '}
                    {type.minPerOrder}–{type.maxPerOrder} per order
                  </p>
                </div>
                {!cancelled ? (
                  <div className="flex gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => open(type.id)}
                      disabled={!!ticketDraft}
                      aria-label={`Edit ${type.name}`}
                    >
                      <PencilIcon className="size-4" />
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setRemoving(type)}
                      disabled={!!ticketDraft || type.sold > 0}
                      title={type.sold > 0 ? 'Tickets are sold: hide it instead.' : undefined}
                      aria-label={`Remove ${type.name}`}
                    >
                      <TrashIcon className="size-4" />
                      Remove
                    </Button>
                  </div>
                ) : null}
              </li>
            ),
          )}
        </ul>
        {ticketDraft && !event.ticketTypes.some((t) => t.id === ticketDraft.editing) ? (
          <div className="mt-3">{form}</div>
        ) : null}
      </section>

      <FormChoiceCards<EventForm, EventForm, FeeMode>
        form={fields}
        name="feeMode"
        legend="Who pays the service fee?"
        options={[
          {
            value: 'pass',
            label: 'The buyer',
            description: 'The fee is added on top of the ticket price at checkout.',
          },
          {
            value: 'absorb',
            label: 'I do',
            description: 'Buyers pay the ticket price; the fee comes out of your payout.',
          },
        ]}
      />

      <ChoiceCards<'off' | 'on'>
        legend="Can buyers pay offline?"
        name="offlinePayment"
        value={offlinePayment.value ? 'on' : 'off'}
        onChange={(value) => offlinePayment.onChange(value === 'on')}
        options={[
          {
            value: 'off',
            label: 'No',
            description:
              'Buyers pay at checkout; unpaid orders release their tickets after 15 minutes.',
          },
          {
            value: 'on',
            label: 'Yes, by bank transfer or at the venue',
            description:
              'The buyer confirms their email from a link we send; the order then holds its tickets until you mark it paid or the hold ends.',
          },
        ]}
      />
      {wizard.form.offlinePayment ? (
        <FormInput
          form={fields}
          name="offlineHoldHours"
          label="Offline hold (hours)"
          type="number"
          inputMode="numeric"
          min={1}
          max={720}
          hint="How long a confirmed offline order keeps its tickets (1–720)."
        />
      ) : null}

      <ChoiceCards<'on' | 'off'>
        legend="Can buyers transfer their tickets?"
        name="allowTransfers"
        value={allowTransfers.value ? 'on' : 'off'}
        onChange={(value) => allowTransfers.onChange(value === 'on')}
        options={[
          {
            value: 'on',
            label: 'Yes',
            description:
              'A buyer can give their order to someone else: the new holder gets a new code, and the old one stops working.',
          },
          {
            value: 'off',
            label: 'No',
            description: 'Only you can transfer an order, from the orders page.',
          },
        ]}
      />

      <FormInput
        form={fields}
        name="ticketNamesUntil"
        label="Buyers can name their tickets until (optional)"
        type="datetime-local"
        hint="A group buyer can put a name on each ticket and send it to its holder until then. Empty: until the event starts."
      />

      <PaystackChannels {...channels} />

      <QuestionsSection event={event} />

      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove “${removing?.name ?? ''}”?`}
        tone="danger"
        cancelLabel="Keep it"
        confirmLabel="Remove"
        busyLabel="Removing…"
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { eventId: event.id, ticketTypeId: removing.id },
            {
              onSuccess: () => {
                toast.success(`“${removing.name}” removed.`);
                setRemoving(null);
              },
              onError: () => setRemoving(null),
            },
          );
        }}
      >
        This ticket type has no sales, so it can be removed for good.
      </ConfirmDialog>
    </div>
  );
}
