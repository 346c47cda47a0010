import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * `dropped`: not sent, on purpose — over its recipient's cap, or an SMS over the organiser's
 * budget for new numbers (decision 052); `last_error` says which.
 */
export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed' | 'dropped';

/**
 * How a message of the outbox travels: each channel has its transport (decision 041). A
 * `webhook` row is one delivery to an organiser's endpoint (decision 072): `to_address` and
 * `context.deliveryId` name the delivery, whose body the webhooks module keeps. A `whatsapp`
 * row is a WhatsApp Business template message to an E.164 phone, its template as JSON in
 * `text_body` (decision 083).
 */
export type Channel = 'mail' | 'sms' | 'whatsapp' | 'webhook';

/**
 * A file a mail carries, kept in the outbox as base64 so a retry sends the same bytes.
 * `cid` makes it an inline part the HTML shows with `<img src="cid:…">`.
 */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  /** Base64. */
  content: string;
  cid?: string;
}

/** What a mail is about (e.g. `{ orderId }`), for renderers that add its attachments. */
export type MailContext = Record<string, string>;

// jsonb: the pg driver would send a JS array as a PostgreSQL array, so writes are JSON text.
type Json<T> = ColumnType<T | null, string | null, string | null>;

/**
 * Every message (mail or SMS) is written here first, in the transaction that caused it; one
 * dispatcher sends it. The table kept its first name when SMS joined (decision 041).
 */
export interface MailOutboxTable {
  id: Generated<string>;
  channel: Generated<Channel>;
  kind: string;
  /** An email address, or an E.164 phone number for an SMS. */
  to_address: string;
  /** Empty for an SMS. */
  subject: string;
  text_body: string;
  html_body: string | null;
  /** Null until rendered (or for a mail without files). */
  attachments: Json<StoredAttachment[]>;
  context: Json<MailContext>;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  created_at: Generated<Date>;
  sent_at: Date | null;
  /** The claim that may send this row now; a new claim replaces it (a fencing token). */
  claim_token: string | null;
  /** The provider's id for the delivered message (Termii's message_id, SMTP's Message-ID). */
  provider_ref: string | null;
  /**
   * What the message is about (e.g. `mail:order-confirmation:{order}:{code}`), unique: a
   * second message about the same thing is not written. Null: never deduplicated.
   */
  dedupe_key: string | null;
  /** An SMS's event and organiser, for the budget of SMS to new numbers (decision 052). */
  event_id: string | null;
  organiser_id: string | null;
}

/** Fixed-window counts of the message caps without Redis (decision 052). */
export interface MessageCountersTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
  message_counters: MessageCountersTable;
}

export type MailRow = Selectable<MailOutboxTable>;
