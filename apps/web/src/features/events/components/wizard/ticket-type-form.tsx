import {
  createTicketTypeBody,
  EVENT_LIMITS,
  formatCount,
  instantToLocalInput,
  type ManageEventDto,
  type ManageTicketTypeDto,
  updateTicketTypeBody,
  zoneOffsetLabel,
} from '@gatepass/shared';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { readApiFailure } from '../../../../lib/api-error.ts';
import { useCreateTicketType } from '../../api/create-ticket-type.ts';
import { useUpdateTicketType } from '../../api/update-ticket-type.ts';
import type { TicketFormValues } from '../../hooks/use-wizard-form.ts';
import { contractIssues, issuesFromDetails, messagesByField } from '../../lib/wizard.ts';
import { Input, TextArea } from '../../../../components/ui/form-controls.tsx';

export const EMPTY_TICKET_FORM: TicketFormValues = {
  name: '',
  description: '',
  price: '',
  capacity: '',
  minPerOrder: String(EVENT_LIMITS.defaultMinPerOrder),
  maxPerOrder: String(EVENT_LIMITS.defaultMaxPerOrder),
  salesStartAt: '',
  salesEndAt: '',
  hidden: false,
};

export function ticketFormFrom(type: ManageTicketTypeDto, timeZone: string): TicketFormValues {
  return {
    name: type.name,
    description: type.description ?? '',
    price: String(type.price),
    capacity: String(type.capacity),
    minPerOrder: String(type.minPerOrder),
    maxPerOrder: String(type.maxPerOrder),
    salesStartAt: instantToLocalInput(type.salesStartAt, timeZone),
    salesEndAt: instantToLocalInput(type.salesEndAt, timeZone),
    hidden: type.hidden,
  };
}

/** Whole numbers as typed: blank is "not a number", so the contract says what is wrong. */
const whole = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

function bodyFrom(values: TicketFormValues) {
  return {
    name: values.name,
    description: values.description,
    price: whole(values.price),
    capacity: whole(values.capacity),
    minPerOrder: whole(values.minPerOrder),
    maxPerOrder: whole(values.maxPerOrder),
    salesStartAt: values.salesStartAt,
    salesEndAt: values.salesEndAt,
    hidden: values.hidden,
  };
}

/**
 * Adds or changes one ticket type. What is typed lives in the persisted event store (via
 * onChange), so a half-filled ticket survives a reload too.
 */
export function TicketTypeForm({
  event,
  editing,
  values,
  onChange,
  onDone,
}: {
  event: ManageEventDto;
  /** 'new' or the id of the ticket type being changed. */
  editing: string;
  values: TicketFormValues;
  onChange: (values: TicketFormValues) => void;
  onDone: () => void;
}) {
  const create = useCreateTicketType();
  const update = useUpdateTicketType();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const current = event.ticketTypes.find((t) => t.id === editing);
  const isNew = editing === 'new' || !current;
  const busy = create.isPending || update.isPending;
  const offset = zoneOffsetLabel(event.timeZone);
  const live = event.status === 'published';

  const set = (field: keyof TicketFormValues, value: string | boolean) => {
    onChange({ ...values, [field]: value });
    if (errors[field] || errors._form) {
      setErrors((e) => {
        const next = { ...e };
        delete next[field];
        delete next._form;
        return next;
      });
    }
  };

  const fail = (err: unknown) => {
    const failure = readApiFailure(err);
    const issues = messagesByField(issuesFromDetails(failure.details));
    if (failure.code === 'CAPACITY_BELOW_SOLD' && failure.error) issues.capacity = failure.error;
    setErrors(Object.keys(issues).length ? issues : { _form: failure.error ?? 'Could not save.' });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const body = bodyFrom(values);
    const local = messagesByField(
      contractIssues(isNew ? createTicketTypeBody : updateTicketTypeBody, body),
    );
    // Capacity below what is sold is the server's to refuse: it knows the sales of this second.
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    if (isNew) {
      create.mutate(
        { eventId: event.id, body },
        {
          onSuccess: (type) => {
            toast.success(`“${type.name}” added.`);
            onDone();
          },
          onError: fail,
        },
      );
    } else {
      update.mutate(
        { eventId: event.id, ticketTypeId: current.id, body },
        {
          onSuccess: (type) => {
            toast.success(`“${type.name}” saved.`);
            onDone();
          },
          onError: fail,
        },
      );
    }
  };

  const price = whole(values.price);
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={isNew ? 'New ticket type' : `Edit ${current.name}`}
      className="rounded-2xl bg-slate-50 p-5 ring-1 ring-inset ring-slate-200 sm:p-6"
    >
      <h3 className="text-base font-semibold text-slate-900">
        {isNew ? 'New ticket type' : `Edit “${current.name}”`}
      </h3>
      {live && current && current.sold > 0 ? (
        <Alert tone="info" className="mt-3">
          {formatCount(current.sold)} of these are sold. A new price applies to new orders only, and
          capacity cannot go below what is sold.
        </Alert>
      ) : null}
      {errors._form ? (
        <Alert tone="error" className="mt-3">
          {errors._form}
        </Alert>
      ) : null}
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <Input
          label="Ticket name"
          name="ticketName"
          required
          maxLength={EVENT_LIMITS.ticketNameMax}
          placeholder="Regular, VIP, Early bird…"
          value={values.name}
          error={errors.name}
          wrapperClassName="sm:col-span-2"
          onChange={(e) => set('name', e.target.value)}
        />
        <Input
          label="Price"
          name="price"
          inputMode="numeric"
          prefix="₦"
          placeholder="5000"
          value={values.price}
          error={errors.price}
          hint={
            Number.isFinite(price) && price === 0
              ? 'A free ticket.'
              : 'Whole naira. Enter 0 for a free ticket.'
          }
          onChange={(e) => set('price', e.target.value.replace(/[,\s₦]/g, ''))}
        />
        <Input
          label="Capacity"
          name="capacity"
          inputMode="numeric"
          placeholder="100"
          value={values.capacity}
          error={errors.capacity}
          hint={
            current
              ? `${formatCount(current.sold)} sold so far.`
              : 'How many of this ticket can be sold.'
          }
          onChange={(e) => set('capacity', e.target.value.replace(/[,\s]/g, ''))}
        />
        <Input
          label="Minimum per order"
          name="minPerOrder"
          inputMode="numeric"
          value={values.minPerOrder}
          error={errors.minPerOrder}
          onChange={(e) => set('minPerOrder', e.target.value)}
        />
        <Input
          label="Maximum per order"
          name="maxPerOrder"
          inputMode="numeric"
          value={values.maxPerOrder}
          error={errors.maxPerOrder}
          onChange={(e) => set('maxPerOrder', e.target.value)}
        />
        <Input
          label="Sales start"
          name="salesStartAt"
          type="datetime-local"
          optional
          value={values.salesStartAt}
          error={errors.salesStartAt}
          hint={`Leave empty to sell from publishing (${offset}).`}
          onChange={(e) => set('salesStartAt', e.target.value)}
        />
        <Input
          label="Sales end"
          name="salesEndAt"
          type="datetime-local"
          optional
          value={values.salesEndAt}
          error={errors.salesEndAt}
          hint="Leave empty to sell until the event ends."
          onChange={(e) => set('salesEndAt', e.target.value)}
        />
        <TextArea
          label="Description"
          name="ticketDescription"
          optional
          rows={2}
          maxLength={EVENT_LIMITS.ticketDescriptionMax}
          value={values.description}
          error={errors.description}
          placeholder="What this ticket includes"
          wrapperClassName="sm:col-span-2"
          onChange={(e) => set('description', e.target.value)}
        />
        <label className="flex items-start gap-3 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={values.hidden}
            onChange={(e) => set('hidden', e.target.checked)}
            className="mt-0.5 size-4 accent-indigo-600"
          />
          <span>
            <span className="font-medium text-slate-900">Hide from the event page</span>
            <span className="block text-slate-600">
              Stops new sales of this ticket without deleting it.
            </span>
          </span>
        </label>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving…' : isNew ? 'Add ticket type' : 'Save ticket type'}
        </Button>
      </div>
    </form>
  );
}
