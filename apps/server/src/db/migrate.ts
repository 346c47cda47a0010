import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as m0001 from './migrations/2026_11_21_0001_create_users.ts';
import * as m0002 from './migrations/2026_11_21_0002_create_mail_outbox.ts';
import * as m0003 from './migrations/2026_11_21_0003_create_media.ts';
import * as m0004 from './migrations/2026_11_21_0004_create_events.ts';
import * as m0005 from './migrations/2026_11_21_0005_create_orders.ts';
import * as m0006 from './migrations/2026_11_21_0006_organiser_tools.ts';
import * as m0007 from './migrations/2026_11_21_0007_payments_and_ticket_mail.ts';
import * as m0008 from './migrations/2026_11_22_0001_payment_refunds.ts';
import * as mEventHolds from './migrations/2026_11_25_0201_event_holds.ts';
import * as m030001 from './migrations/2026_11_25_0301_email_changes.ts';
import * as m040001 from './migrations/2026_11_25_0401_teams.ts';
import * as m050001 from './migrations/2026_11_25_0501_waitlist_and_transfers.ts';
import * as mWaitingRooms from './migrations/2026_11_25_0601_waiting_rooms.ts';
import * as mPaystackPayouts from './migrations/2026_11_25_0701_paystack_payouts.ts';
import * as mOutboxChannels from './migrations/2026_11_25_0801_outbox_channels.ts';
import * as mWalletPasses from './migrations/2026_11_25_0901_wallet_passes.ts';
import * as mWaitlistLeave from './migrations/2026_11_25_1101_waitlist_leave.ts';
import * as mTakeFirst from './migrations/2026_11_27_0201_take_first.ts';
import * as mMessageCaps from './migrations/2026_11_27_0301_message_caps.ts';
import * as mWaitingRoomFarming from './migrations/2026_11_27_0501_waiting_room_farming.ts';
import * as mEmailFromInvitation from './migrations/2026_11_27_0401_email_from_invitation.ts';
import * as mPaystackSandbox from './migrations/2026_11_27_0801_paystack_sandbox.ts';
import * as mPaymentReceived from './migrations/2026_11_27_0601_payment_received.ts';
import * as mWebhooks from './migrations/2026_11_27_1401_webhooks.ts';
import * as mQuestions from './migrations/2026_11_27_2101_questions.ts';
import * as mAttendeeMessages from './migrations/2026_11_27_2301_attendee_messages.ts';
import * as mTicketKinds from './migrations/2026_11_27_2501_ticket_kinds.ts';
import * as mDoorSyncCursor from './migrations/2026_11_27_2601_door_sync_cursor.ts';
import * as mOutboxClaimIndex from './migrations/2026_11_27_2701_outbox_claim_index.ts';
import * as mWebhookRequeuedAt from './migrations/2026_11_29_0101_webhook_requeued_at.ts';
import * as mApiTokensAndTracking from './migrations/2026_11_27_1301_api_tokens_and_tracking.ts';
import * as mNamedTickets from './migrations/2026_11_27_2201_named_tickets.ts';
import * as mCheckinLists from './migrations/2026_11_27_2401_checkin_lists.ts';

/**
 * Migrations are imported, not read from disk, so the bundled server carries them.
 * Kysely's migrator takes a lock, so several app processes starting at once are safe.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_0001_create_users': m0001,
  '2026_11_21_0002_create_mail_outbox': m0002,
  '2026_11_21_0003_create_media': m0003,
  '2026_11_21_0004_create_events': m0004,
  '2026_11_21_0005_create_orders': m0005,
  '2026_11_21_0006_organiser_tools': m0006,
  '2026_11_21_0007_payments_and_ticket_mail': m0007,
  '2026_11_22_0001_payment_refunds': m0008,
  '2026_11_25_0201_event_holds': mEventHolds,
  '2026_11_25_0301_email_changes': m030001,
  '2026_11_25_0401_teams': m040001,
  '2026_11_25_0501_waitlist_and_transfers': m050001,
  '2026_11_25_0601_waiting_rooms': mWaitingRooms,
  '2026_11_25_0701_paystack_payouts': mPaystackPayouts,
  '2026_11_25_0801_outbox_channels': mOutboxChannels,
  '2026_11_25_0901_wallet_passes': mWalletPasses,
  '2026_11_25_1101_waitlist_leave': mWaitlistLeave,
  '2026_11_27_0201_take_first': mTakeFirst,
  '2026_11_27_0301_message_caps': mMessageCaps,
  '2026_11_27_0501_waiting_room_farming': mWaitingRoomFarming,
  '2026_11_27_0401_email_from_invitation': mEmailFromInvitation,
  '2026_11_27_0801_paystack_sandbox': mPaystackSandbox,
  '2026_11_27_0601_payment_received': mPaymentReceived,
  '2026_11_27_1401_webhooks': mWebhooks,
  '2026_11_27_2101_questions': mQuestions,
  '2026_11_27_2301_attendee_messages': mAttendeeMessages,
  '2026_11_27_2501_ticket_kinds': mTicketKinds,
  '2026_11_27_1301_api_tokens_and_tracking': mApiTokensAndTracking,
  '2026_11_27_2201_named_tickets': mNamedTickets,
  '2026_11_27_2401_checkin_lists': mCheckinLists,
  '2026_11_27_2601_door_sync_cursor': mDoorSyncCursor,
  '2026_11_27_2701_outbox_claim_index': mOutboxClaimIndex,
  '2026_11_29_0101_webhook_requeued_at': mWebhookRequeuedAt,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  // Features land in any order under prefixes handed out in advance (issue 25's parts took
  // 2101–2501): a database already past a later-named migration still runs an earlier-named
  // one it lacks, instead of refusing to start. Each such migration only adds its own tables,
  // columns and indexes.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
