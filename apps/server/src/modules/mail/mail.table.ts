import type { ColumnType, Generated, Selectable } from 'kysely';

export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed';

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

/** Every mail is written here first, in the transaction that caused it; a dispatcher sends it. */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  to_address: string;
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
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}

export type MailRow = Selectable<MailOutboxTable>;
