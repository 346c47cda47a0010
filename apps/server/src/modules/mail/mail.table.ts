import type { Generated, Selectable } from 'kysely';

export type MailStatus = 'pending' | 'sent' | 'logged' | 'failed';

/** Every mail is written here first, in the transaction that caused it; a dispatcher sends it. */
export interface MailOutboxTable {
  id: Generated<string>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
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
