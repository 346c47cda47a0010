import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MessageAudience, ReminderKind } from '@gatepass/shared';

// jsonb: written as JSON text (the pg driver would send an array as a PostgreSQL array).
type Json<T> = ColumnType<T, string, string>;

/** What an organiser sent to a segment of an event's attendees (issue 25 §3). */
export interface AttendeeMessagesTable {
  id: Generated<string>;
  event_id: string;
  organiser_id: string;
  sent_by: string;
  /** The composer's key for one message: the same press twice is one message. */
  request_key: string;
  audience: Json<MessageAudience>;
  subject: string;
  body: string;
  sms_text: string | null;
  channels: string[];
  recipients: Generated<number>;
  created_at: Generated<Date>;
}

/** An event's automatic reminders, on or off (decision 082). */
export interface MessageReminderSettingsTable {
  event_id: string;
  enabled: boolean;
  updated_at: Generated<Date>;
}

/** One per order and reminder kind: the reminder was written (exactly once). */
export interface MessageRemindersTable {
  order_id: string;
  kind: ReminderKind;
  event_id: string;
  created_at: Generated<Date>;
}

/** An address that said no more announcements or reminders from an organiser. */
export interface MessageUnsubscribesTable {
  organiser_id: string;
  email_key: string;
  created_at: Generated<Date>;
}

export interface MessageTables {
  attendee_messages: AttendeeMessagesTable;
  message_reminder_settings: MessageReminderSettingsTable;
  message_reminders: MessageRemindersTable;
  message_unsubscribes: MessageUnsubscribesTable;
}

export type AttendeeMessageRow = Selectable<AttendeeMessagesTable>;
