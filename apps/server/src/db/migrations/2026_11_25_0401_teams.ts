import { sql, type Kysely } from 'kysely';

/**
 * Teams (issue 13): an organiser account (the owner, a user) gives other users a role on
 * its events — manager or door steward — through a mailed invitation. A door steward may be
 * given some events only (team_member_events); no rows there with all_events = false would
 * mean no event. Check-ins record the device a steward scanned with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_members')
    .addColumn('organiser_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('manager', 'door')`))
    .addColumn('all_events', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_active_at', 'timestamptz')
    .addPrimaryKeyConstraint('team_members_pk', ['organiser_id', 'user_id'])
    .addCheckConstraint('team_members_not_self', sql`organiser_id <> user_id`)
    .execute();
  await db.schema
    .createIndex('team_members_user_idx')
    .on('team_members')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('team_member_events')
    .addColumn('organiser_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('team_member_events_pk', ['organiser_id', 'user_id', 'event_id'])
    .addForeignKeyConstraint(
      'team_member_events_member_fk',
      ['organiser_id', 'user_id'],
      'team_members',
      ['organiser_id', 'user_id'],
      (c) => c.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createTable('team_invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('organiser_id', 'uuid', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('manager', 'door')`))
    /** null: every event; else a JSON array of event ids. */
    .addColumn('event_ids', 'jsonb')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Inviting the same address again replaces the open invitation.
  await db.schema
    .createIndex('team_invitations_organiser_email_idx')
    .on('team_invitations')
    .columns(['organiser_id', 'email'])
    .unique()
    .execute();
  await db.schema.alterTable('checkin_log').addColumn('device_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('checkin_log').dropColumn('device_id').execute();
  await db.schema.dropTable('team_invitations').execute();
  await db.schema.dropTable('team_member_events').execute();
  await db.schema.dropTable('team_members').execute();
}
