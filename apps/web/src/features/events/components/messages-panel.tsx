import {
  formatShortDateTime,
  MESSAGE_AUDIENCE_LABELS,
  MESSAGE_AUDIENCES,
  MESSAGE_TEXTS,
  messageDraftBody,
  smsSegments,
  type AttendeeMessageDto,
  type MessageAudienceWho,
  type MessageDraft,
  type MessagePreviewDto,
} from '@gatepass/shared';
import { useState } from 'react';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/form-controls.tsx';
import { Toggle } from '../../../components/ui/toggle.tsx';
import {
  FormFailure,
  FormInput,
  FormTextArea,
  formError,
  showApiErrors,
  useContractForm,
  useFieldControl,
} from '../../../components/ui/form.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { toast } from '../../../lib/toast.ts';
import {
  useEventMessages,
  usePreviewMessage,
  useSendMessage,
  useSetReminders,
  useTestMessage,
} from '../api/messages.ts';
import { ManagePanel, PanelLoading } from './manage-panel.tsx';

type MessageDraftOut = z.output<typeof messageDraftBody>;

const blank: MessageDraft = {
  audience: { who: 'everyone', ticketTypeIds: [] },
  subject: '',
  body: '',
  sms: false,
  smsText: '',
  whatsapp: false,
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "48 characters · 1 SMS segment (GSM-7)": what the text costs each phone. */
export function smsCostLabel(text: string): string {
  const s = smsSegments(text);
  return `${plural(s.length, 'character')} · ${plural(s.segments, 'SMS segment')} (${s.encoding}, ${s.perSegment} a segment)`;
}

function outcomeLabel(name: string, o: AttendeeMessageDto['outcome']['mail']) {
  const parts = [`${o.sent} sent`, `${o.failed} failed`];
  if (o.pending) parts.push(`${o.pending} waiting`);
  if (o.dropped) parts.push(`${o.dropped} held back`);
  return `${name}: ${parts.join(' · ')}`;
}

/**
 * Messages to the event's attendees (issue 25 §3, decisions 082–083): a segment by mail,
 * SMS and WhatsApp, previewed and tested before it is sent; the history's counts come from
 * the outbox; reminders the day before and two hours before are switched on here.
 */
export function MessagesPanel({ eventId, timeZone }: { eventId: string; timeZone: string }) {
  const query = useEventMessages(eventId);
  const previewer = usePreviewMessage(eventId);
  const tester = useTestMessage(eventId);
  const sender = useSendMessage(eventId);
  const reminders = useSetReminders(eventId);
  const form = useContractForm(messageDraftBody, blank);
  const who = useFieldControl<MessageDraft, MessageDraftOut, MessageAudienceWho>(
    form,
    'audience.who',
  );
  const types = useFieldControl<MessageDraft, MessageDraftOut, string[]>(
    form,
    'audience.ticketTypeIds',
  );
  const sms = form.watch('sms');
  const smsText = form.watch('smsText') ?? '';
  const [preview, setPreview] = useState<{ draft: string; data: MessagePreviewDto } | null>(null);
  // One key per message: the same press sent twice is one message (the server keeps it).
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const current = JSON.stringify(form.watch());
  const previewed = preview?.draft === current ? preview.data : null;

  const onPreview = async () => {
    try {
      const data = await previewer.mutateAsync(form.getValues());
      setPreview({ draft: JSON.stringify(form.getValues()), data });
    } catch (err) {
      showApiErrors(form, err);
    }
  };
  const onTest = form.handleSubmit(async (draft) => {
    try {
      const res = await tester.mutateAsync(draft);
      toast.success(`${MESSAGE_TEXTS.testSent} (${res.to}${res.sms ? ' and your phone' : ''})`);
    } catch (err) {
      showApiErrors(form, err);
    }
  });
  const onSend = form.handleSubmit(async (draft) => {
    try {
      const message = await sender.mutateAsync({ ...draft, requestKey });
      toast.success(`${MESSAGE_TEXTS.sent} ${plural(message.recipients, 'recipient')}.`);
      setRequestKey(crypto.randomUUID());
      setPreview(null);
      form.reset(blank);
    } catch (err) {
      showApiErrors(form, err);
    }
  });

  if (query.isPending) {
    return (
      <ManagePanel id="messages-title" title="Messages to attendees">
        <PanelLoading label="Loading messages…" />
      </ManagePanel>
    );
  }
  if (query.isError) {
    return (
      <ManagePanel id="messages-title" title="Messages to attendees">
        <LoadFailed onRetry={() => void query.refetch()}>
          The messages could not be loaded.
        </LoadFailed>
      </ManagePanel>
    );
  }
  const data = query.data;
  const ticketTypes = data.ticketTypes;
  const chosen = types.value ?? [];

  return (
    <ManagePanel
      id="messages-title"
      title="Messages to attendees"
      intro="Write to everyone with a ticket, some ticket types, who has or has not checked in, or the waiting list — by mail, and by SMS or WhatsApp where a phone is known. Tickets and changes to the event always reach buyers; these messages carry an unsubscribe link."
    >
      <div className="mt-4 rounded-xl bg-slate-50 p-4">
        <Toggle
          checked={data.reminders.enabled}
          disabled={reminders.isPending}
          onChange={(enabled) =>
            reminders.mutate(enabled, {
              onSuccess: () =>
                toast.success(enabled ? MESSAGE_TEXTS.remindersOn : MESSAGE_TEXTS.remindersOff),
            })
          }
          label="Automatic reminders"
          description={`The day before and two hours before the start: the time in Lagos, the venue and the ticket link. Sent so far: ${data.reminders.sent['day-before']} day-before, ${data.reminders.sent['two-hours']} two-hour.`}
        />
      </div>

      {!data.channels.whatsapp ? (
        <Alert className="mt-4">{MESSAGE_TEXTS.whatsappMissing}</Alert>
      ) : null}
      {!data.channels.sms ? <Alert className="mt-2">{MESSAGE_TEXTS.smsMissing}</Alert> : null}

      <form
        noValidate
        aria-label="New message"
        className="mt-4 grid gap-4"
        onSubmit={(e) => void form.handleSubmit(onPreview)(e)}
      >
        <Select
          label="Send to"
          value={who.value}
          onChange={(e) => who.onChange(e.target.value as MessageAudienceWho)}
        >
          {MESSAGE_AUDIENCES.map((w) => (
            <option key={w} value={w}>
              {MESSAGE_AUDIENCE_LABELS[w]}
            </option>
          ))}
        </Select>
        {ticketTypes.length > 1 ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">
              Ticket types <span className="font-normal text-slate-500">(none ticked: all)</span>
            </legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {ticketTypes.map((t) => (
                <label key={t.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-indigo-600"
                    checked={chosen.includes(t.id)}
                    onChange={(e) =>
                      types.onChange(
                        e.target.checked ? [...chosen, t.id] : chosen.filter((id) => id !== t.id),
                      )
                    }
                  />
                  {t.name}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        <FormInput
          form={form}
          name="subject"
          label="Subject"
          placeholder="e.g. Doors open at 6 PM"
        />
        <FormTextArea form={form} name="body" label="Message" rows={5} />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-indigo-600"
            {...form.register('sms')}
          />
          Also by SMS where a phone is known
        </label>
        {sms ? (
          <div>
            <FormTextArea form={form} name="smsText" label="SMS text" rows={3} />
            <p className="mt-1 text-xs text-slate-600" data-testid="sms-cost">
              {smsCostLabel(smsText)}
            </p>
          </div>
        ) : null}
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 text-indigo-600"
            disabled={!data.channels.whatsapp}
            {...form.register('whatsapp')}
          />
          Also by WhatsApp where a phone is known
          {!data.channels.whatsapp ? <span className="text-slate-500">(not set up)</span> : null}
        </label>
        <FormFailure>{formError(form)}</FormFailure>

        {previewed ? (
          <div className="rounded-xl ring-1 ring-slate-200" aria-label="Preview">
            <p className="border-b border-slate-200 px-4 py-2 text-sm text-slate-800">
              <strong>{plural(previewed.recipients.mail, 'mail')}</strong>
              {previewed.recipients.sms
                ? `, ${plural(previewed.recipients.sms, 'SMS', 'SMS')} (${plural(previewed.smsSegmentsTotal, 'segment')})`
                : ''}
              {previewed.recipients.whatsapp
                ? `, ${plural(previewed.recipients.whatsapp, 'WhatsApp message')}`
                : ''}
              {previewed.recipients.unsubscribed
                ? ` · ${previewed.recipients.unsubscribed} unsubscribed left out`
                : ''}
            </p>
            <div className="px-4 py-3">
              <p className="text-sm font-semibold text-slate-900">{previewed.subject}</p>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-slate-700">
                {previewed.text}
              </pre>
              {previewed.recipients.sms ? (
                <p className="mt-3 rounded-lg bg-slate-100 p-2 text-sm text-slate-700">
                  SMS: {previewed.smsText}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}

        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={previewer.isPending}>
            {previewer.isPending ? 'Previewing…' : 'Preview'}
          </Button>
          <Button
            type="button"
            variant="secondary"
            disabled={tester.isPending}
            onClick={() => void onTest()}
          >
            {tester.isPending ? 'Sending…' : 'Send a test to myself'}
          </Button>
          <Button
            type="button"
            disabled={!previewed || previewed.recipients.mail === 0 || sender.isPending}
            onClick={() => void onSend()}
          >
            {sender.isPending
              ? 'Sending…'
              : previewed
                ? `Send to ${plural(previewed.recipients.mail, 'person', 'people')}`
                : 'Send'}
          </Button>
        </div>
        {!previewed ? (
          <p className="text-xs text-slate-500">
            Preview the message to see who gets it, then send.
          </p>
        ) : null}
      </form>

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Sent</h3>
      {data.messages.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100" aria-label="Sent messages">
          {data.messages.map((m) => (
            <li key={m.id} className="py-3">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">{m.subject}</span>
                <span className="text-xs text-slate-500">
                  {formatShortDateTime(m.createdAt, timeZone)}
                  {m.sentBy ? ` · ${m.sentBy}` : ''}
                </span>
              </div>
              <p className="text-xs text-slate-600">
                {MESSAGE_AUDIENCE_LABELS[m.audience.who]}
                {m.audience.ticketTypeIds.length
                  ? ` · ${m.audience.ticketTypeIds
                      .map((id) => ticketTypes.find((t) => t.id === id)?.name ?? 'a removed type')
                      .join(', ')}`
                  : ''}{' '}
                · {plural(m.recipients, 'recipient')}
              </p>
              <p className="mt-1 text-xs text-slate-700" data-testid="message-outcome">
                {outcomeLabel('Mail', m.outcome.mail)}
                {m.channels.includes('sms') ? ` — ${outcomeLabel('SMS', m.outcome.sms)}` : ''}
                {m.channels.includes('whatsapp')
                  ? ` — ${outcomeLabel('WhatsApp', m.outcome.whatsapp)}`
                  : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ManagePanel>
  );
}
