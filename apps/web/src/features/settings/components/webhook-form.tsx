import {
  createWebhookBody,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookCreatedDto,
  type WebhookEvent,
} from '@gatepass/shared';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import {
  formError,
  FormFailure,
  FormInput,
  showApiErrors,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { useCreateWebhook } from '../api/create-webhook.ts';

type Values = z.input<typeof createWebhookBody>;
type Body = z.output<typeof createWebhookBody>;

/** Add an endpoint: its URL, what it is for, and the events it takes. */
export function WebhookForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: WebhookCreatedDto) => void;
  onCancel?: () => void;
}) {
  const create = useCreateWebhook();
  const form = useContractForm(createWebhookBody, {
    url: '',
    description: '',
    events: ['order.completed'],
  });
  const events = useFieldControl<Values, Body, WebhookEvent[]>(form, 'events');

  const submit = form.handleSubmit(async (body) => {
    if (create.isPending) return;
    try {
      onCreated(await create.mutateAsync(body));
      form.reset();
    } catch (err) {
      showApiErrors(form, err);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add a webhook endpoint">
      <FormInput
        form={form}
        name="url"
        label="Endpoint URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/gatepass-hook"
        hint="Public https:// addresses only: private and local network addresses are refused."
        autoComplete="off"
      />
      <FormInput
        form={form}
        name="description"
        label="Description"
        optional
        placeholder="e.g. Our CRM"
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Events to send</legend>
        <ul className="mt-2 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <li key={event}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  name="events"
                  value={event}
                  checked={events.value.includes(event)}
                  onChange={(e) =>
                    events.onChange(
                      e.target.checked
                        ? [...events.value, event]
                        : events.value.filter((x) => x !== event),
                    )
                  }
                  className="size-4 shrink-0 accent-indigo-600"
                />
                <span className="font-medium text-slate-900">{WEBHOOK_EVENT_LABELS[event]}</span>
                <code className="ml-auto hidden text-xs text-slate-500 sm:inline">{event}</code>
              </label>
            </li>
          ))}
        </ul>
        {events.error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {events.error}
          </p>
        ) : null}
      </fieldset>
      <FormFailure>{formError(form)}</FormFailure>
      <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}
