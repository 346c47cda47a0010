import {
  buyerSetsPrice,
  createTicketTypeBody,
  EVENT_LIMITS,
  TICKET_KIND_LABELS,
  TICKET_KINDS,
  type TicketKind,
  formatCount,
  instantToLocalInput,
  type ManageEventDto,
  type ManageTicketTypeDto,
  updateTicketTypeBody,
  zoneOffsetLabel,
} from '@gatepass/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import { toast } from '../../../../lib/toast.ts';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import {
  formError,
  FormInput,
  FormTextArea,
  showApiErrors,
  useFieldControl,
  useFieldProps,
  useStoredForm,
} from '../../../../components/ui/form.tsx';
import { Select } from '../../../../components/ui/form-controls.tsx';
import { readApiFailure } from '../../../../lib/api-error.ts';
import { useCreateTicketType } from '../../api/create-ticket-type.ts';
import { useUpdateTicketType } from '../../api/update-ticket-type.ts';
import type { TicketFormValues } from '../../hooks/use-wizard-form.ts';

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
  kind: 'regular',
  suggestedPrice: '',
  seats: '',
  accessCodes: '',
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
    kind: type.kind,
    suggestedPrice: type.suggestedPrice === null ? '' : String(type.suggestedPrice),
    seats: type.kind === 'table' ? String(type.admits) : '',
    accessCodes: type.accessCodes.join(', '),
  };
}

const kindOf = (value: string | undefined): TicketKind =>
  (TICKET_KINDS as readonly string[]).includes(value ?? '') ? (value as TicketKind) : 'regular';

/** Codes as typed: separated by commas, spaces or lines. */
const codesFrom = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((c) => c.trim())
    .filter(Boolean);

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
    // Decision 086: the kind, and what it needs; decision 087: a hidden type's codes.
    kind: kindOf(values.kind),
    suggestedPrice: buyerSetsPrice(kindOf(values.kind))
      ? (values.suggestedPrice ?? '').trim() === ''
        ? null
        : whole(values.suggestedPrice ?? '')
      : undefined,
    seats: kindOf(values.kind) === 'table' ? whole(values.seats ?? '') : undefined,
    accessCodes: values.hidden ? codesFrom(values.accessCodes) : [],
  };
}

/**
 * What the inputs hold, read as the body and checked with the ticket type contract: its
 * sentences land under the inputs of the same names.
 */
const ticketForm = (contract: typeof createTicketTypeBody | typeof updateTicketTypeBody) =>
  z
    .object({
      name: z.string(),
      description: z.string(),
      price: z.string(),
      capacity: z.string(),
      minPerOrder: z.string(),
      maxPerOrder: z.string(),
      salesStartAt: z.string(),
      salesEndAt: z.string(),
      hidden: z.boolean(),
      kind: z.string().optional(),
      suggestedPrice: z.string().optional(),
      seats: z.string().optional(),
      accessCodes: z.string().optional(),
    })
    .transform(bodyFrom)
    // The contract takes more than bodyFrom gives (optional fields); what it gives is its own.
    .pipe(contract as z.ZodType<z.output<typeof contract>, ReturnType<typeof bodyFrom>>);

const KIND_HINTS: Record<TicketKind, string> = {
  regular: 'One ticket at a fixed price admits one person.',
  pay_what_you_want: 'Buyers type what they pay, at least the minimum.',
  donation: 'Buyers give what they choose; a donation admits no one.',
  table: 'One ticket admits a whole table, with one code.',
};

const withoutSeparators = (text: string) => text.replace(/[,\s]/g, '');
const withoutNairaSign = (text: string) => text.replace(/[,\s₦]/g, '');

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
  const current = event.ticketTypes.find((t) => t.id === editing);
  const isNew = editing === 'new' || !current;
  const busy = create.isPending || update.isPending;
  const offset = zoneOffsetLabel(event.timeZone);
  const live = event.status === 'published';

  const schema = useMemo(
    () => ticketForm(isNew ? createTicketTypeBody : updateTicketTypeBody),
    [isNew],
  );
  const form = useStoredForm(schema, values, onChange);
  const hidden = useFieldControl<TicketFormValues, z.output<typeof schema>, boolean>(
    form,
    'hidden',
  );

  const fail = (err: unknown) => {
    const failure = readApiFailure(err);
    // Capacity below what is sold is the server's to refuse: it knows the sales of this second.
    if (failure.code === 'CAPACITY_BELOW_SOLD' && failure.error) {
      form.setError('capacity', { message: failure.error });
      return;
    }
    showApiErrors(form, err);
    const { errors } = form.formState;
    if (Object.keys(errors).length === 0) form.setError('root', { message: 'Could not save.' });
  };

  const submit = form.handleSubmit(() => {
    if (busy) return;
    // What was typed goes to the server, which applies the same contract.
    const body = bodyFrom(form.getValues());
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
  });

  const price = whole(form.watch('price'));
  const kind = kindOf(form.watch('kind'));
  const buyerTypes = buyerSetsPrice(kind);
  const kindField = useFieldProps(form, 'kind');
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
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
      {formError(form) ? (
        <Alert tone="error" className="mt-3">
          {formError(form)}
        </Alert>
      ) : null}
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <FormInput
          form={form}
          name="name"
          inputName="ticketName"
          label="Ticket name"
          required
          maxLength={EVENT_LIMITS.ticketNameMax}
          placeholder="Regular, VIP, Early bird…"
          wrapperClassName="sm:col-span-2"
        />
        <Select
          {...kindField}
          label="Kind"
          disabled={Boolean(current && current.sold > 0)}
          hint={KIND_HINTS[kind]}
          wrapperClassName="sm:col-span-2"
        >
          {TICKET_KINDS.map((k) => (
            <option key={k} value={k}>
              {TICKET_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
        <FormInput
          form={form}
          name="price"
          format={withoutNairaSign}
          label={buyerTypes ? 'Minimum' : kind === 'table' ? 'Price per table' : 'Price'}
          inputMode="numeric"
          prefix="₦"
          placeholder={buyerTypes ? '0' : '5000'}
          hint={
            buyerTypes
              ? 'Whole naira. Buyers pay at least this.'
              : Number.isFinite(price) && price === 0
                ? kind === 'table'
                  ? 'A free table.'
                  : 'A free ticket.'
                : 'Whole naira. Enter 0 for a free ticket.'
          }
        />
        {buyerTypes ? (
          <FormInput
            form={form}
            name="suggestedPrice"
            format={withoutNairaSign}
            label="Suggested amount"
            inputMode="numeric"
            prefix="₦"
            optional
            placeholder="5000"
            hint="The amount the event page offers first."
          />
        ) : null}
        {kind === 'table' ? (
          <FormInput
            form={form}
            name="seats"
            format={withoutSeparators}
            label="Seats per table"
            inputMode="numeric"
            placeholder="10"
            disabled={Boolean(current && current.sold > 0)}
            hint="One code admits this many people at the door. Capacity counts tables."
          />
        ) : null}
        <FormInput
          form={form}
          name="capacity"
          format={withoutSeparators}
          label="Capacity"
          inputMode="numeric"
          placeholder="100"
          hint={
            current
              ? `${formatCount(current.sold)} sold so far.`
              : 'How many of this ticket can be sold.'
          }
        />
        <FormInput form={form} name="minPerOrder" label="Minimum per order" inputMode="numeric" />
        <FormInput form={form} name="maxPerOrder" label="Maximum per order" inputMode="numeric" />
        <FormInput
          form={form}
          name="salesStartAt"
          label="Sales start"
          type="datetime-local"
          optional
          hint={`Leave empty to sell from publishing (${offset}).`}
        />
        <FormInput
          form={form}
          name="salesEndAt"
          label="Sales end"
          type="datetime-local"
          optional
          hint="Leave empty to sell until the event ends."
        />
        <FormTextArea
          form={form}
          name="description"
          inputName="ticketDescription"
          label="Description"
          optional
          rows={2}
          maxLength={EVENT_LIMITS.ticketDescriptionMax}
          placeholder="What this ticket includes"
          wrapperClassName="sm:col-span-2"
        />
        <label className="flex items-start gap-3 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={hidden.value}
            onChange={(e) => hidden.onChange(e.target.checked)}
            className="mt-0.5 size-4 accent-indigo-600"
          />
          <span>
            <span className="font-medium text-slate-900">Hidden — needs an access code</span>
            <span className="block text-slate-600">
              Off the event page. With access codes, whoever brings one can buy it (a pre-sale,
              guests); without, it stops new sales without deleting it.
            </span>
          </span>
        </label>
        {hidden.value ? (
          <FormInput
            form={form}
            name="accessCodes"
            label="Access codes"
            optional
            placeholder="FANS2026, GUESTLIST"
            format={(text) => text.toUpperCase()}
            hint="Separate codes with commas. Letters, digits, - and _."
            wrapperClassName="sm:col-span-2"
          />
        ) : null}
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
