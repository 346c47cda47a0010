import { z } from 'zod';

/**
 * Messages to an event's attendees (issue 25 §3, decisions 082–083): the organiser writes
 * to a segment — everyone, some ticket types, checked in or not, the waiting list — by mail
 * and, where a phone is known, by SMS (a shorter text) and WhatsApp; previews it, sends a
 * test to themselves, then sends it through the outbox. Reminders the day before and two
 * hours before the start are the event's choice.
 */

export const MESSAGE_LIMITS = {
  subjectMax: 150,
  bodyMax: 5000,
  /** Three GSM-7 segments (3 × 153). */
  smsMax: 459,
  ticketTypesMax: 50,
  /** Messages in the history answer. */
  historyMax: 50,
} as const;

export const MESSAGE_AUDIENCES = [
  'everyone',
  'checked-in',
  'not-checked-in',
  'waiting-list',
] as const;
export type MessageAudienceWho = (typeof MESSAGE_AUDIENCES)[number];

export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudienceWho, string> = {
  everyone: 'Everyone with a ticket',
  'checked-in': 'Checked in',
  'not-checked-in': 'Not checked in yet',
  'waiting-list': 'The waiting list',
};

export const MESSAGE_CHANNELS = ['mail', 'sms', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_TEXTS = {
  subjectRequired: 'Write a subject.',
  bodyRequired: 'Write the message.',
  smsRequired: 'Write the SMS text, or leave SMS off.',
  noRecipients: 'Nobody is in this group yet.',
  notFound: 'Event not found',
  sent: 'Message sent.',
  testSent: 'Test sent to you.',
  remindersOn: 'Reminders are on.',
  remindersOff: 'Reminders are off.',
  unsubscribed: 'You are unsubscribed.',
  badLink: 'This unsubscribe link is not valid.',
  whatsappMissing:
    'WhatsApp is not set up on this server: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID (a WhatsApp Business Cloud API number with approved templates) and messages can go by WhatsApp too.',
  smsMissing:
    'SMS is not set up on this server (TERMII_API_KEY): texts are written to the outbox and logged, not sent.',
} as const;

export const messageAudience = z.object({
  who: z.enum(MESSAGE_AUDIENCES),
  /** Only these ticket types (none: all). */
  ticketTypeIds: z.array(z.uuid()).max(MESSAGE_LIMITS.ticketTypesMax).default([]),
});
export type MessageAudience = z.output<typeof messageAudience>;

export const messageDraftBody = z
  .object({
    audience: messageAudience,
    subject: z.string().trim().min(1, MESSAGE_TEXTS.subjectRequired).max(MESSAGE_LIMITS.subjectMax),
    body: z.string().trim().min(1, MESSAGE_TEXTS.bodyRequired).max(MESSAGE_LIMITS.bodyMax),
    /** Also by SMS where a phone is known, with this shorter text. */
    sms: z.boolean().default(false),
    smsText: z.string().trim().max(MESSAGE_LIMITS.smsMax).default(''),
    /** Also by WhatsApp where a phone is known (the server must have WhatsApp set up). */
    whatsapp: z.boolean().default(false),
  })
  .refine((d) => !d.sms || d.smsText.length > 0, {
    message: MESSAGE_TEXTS.smsRequired,
    path: ['smsText'],
  });
export type MessageDraft = z.input<typeof messageDraftBody>;

/**
 * Sending: the draft and a key the composer makes once per message, so that the same press
 * sent twice (or twenty times) is one message.
 */
export const sendMessageBody = z
  .object({
    requestKey: z.uuid(),
    audience: messageAudience,
    subject: z.string().trim().min(1, MESSAGE_TEXTS.subjectRequired).max(MESSAGE_LIMITS.subjectMax),
    body: z.string().trim().min(1, MESSAGE_TEXTS.bodyRequired).max(MESSAGE_LIMITS.bodyMax),
    sms: z.boolean().default(false),
    smsText: z.string().trim().max(MESSAGE_LIMITS.smsMax).default(''),
    whatsapp: z.boolean().default(false),
  })
  .refine((d) => !d.sms || d.smsText.length > 0, {
    message: MESSAGE_TEXTS.smsRequired,
    path: ['smsText'],
  });
export type SendMessage = z.input<typeof sendMessageBody>;

const segmentsDto = z.object({
  encoding: z.enum(['GSM-7', 'UCS-2']),
  length: z.number().int(),
  segments: z.number().int(),
  perSegment: z.number().int(),
  remaining: z.number().int(),
});

export const messagePreviewDto = z.object({
  /** How many would receive it, by channel; the unsubscribed are left out of them. */
  recipients: z.object({
    mail: z.number().int(),
    sms: z.number().int(),
    whatsapp: z.number().int(),
    unsubscribed: z.number().int(),
  }),
  subject: z.string(),
  /** The mail as the first recipient would read it (text). */
  text: z.string(),
  smsText: z.string(),
  sms: segmentsDto,
  /** SMS segments for the whole group: recipients × segments. */
  smsSegmentsTotal: z.number().int(),
});
export type MessagePreviewDto = z.infer<typeof messagePreviewDto>;

const outcomeDto = z.object({
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  dropped: z.number().int(),
});

export const attendeeMessageDto = z.object({
  id: z.uuid(),
  subject: z.string(),
  audience: messageAudience,
  channels: z.array(z.enum(MESSAGE_CHANNELS)),
  recipients: z.number().int(),
  sentBy: z.string(),
  createdAt: z.string(),
  /** From the outbox rows' states: sent (or logged), failed, still pending, dropped by a cap. */
  outcome: z.object({ mail: outcomeDto, sms: outcomeDto, whatsapp: outcomeDto }),
});
export type AttendeeMessageDto = z.infer<typeof attendeeMessageDto>;

export const REMINDER_KINDS = ['day-before', 'two-hours'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const eventMessagesDto = z.object({
  messages: z.array(attendeeMessageDto),
  reminders: z.object({
    enabled: z.boolean(),
    /** Reminders written so far, by kind. */
    sent: z.object({ 'day-before': z.number().int(), 'two-hours': z.number().int() }),
  }),
  channels: z.object({ sms: z.boolean(), whatsapp: z.boolean() }),
  /** The event's ticket types, to choose a segment. */
  ticketTypes: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type EventMessagesDto = z.infer<typeof eventMessagesDto>;

export const remindersBody = z.object({ enabled: z.boolean() });

export const unsubscribeQuery = z.object({ token: z.string().min(10).max(400) });
export const unsubscribeDto = z.object({ organiser: z.string(), email: z.string() });
export type UnsubscribeDto = z.infer<typeof unsubscribeDto>;
