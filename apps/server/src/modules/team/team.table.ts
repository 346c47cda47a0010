import type { ColumnType, Generated } from 'kysely';

export interface TeamMembersTable {
  /** The owner: the organiser account (a user) whose events these are. */
  organiser_id: string;
  user_id: string;
  role: 'manager' | 'door';
  /** True: every event of the organiser, now and later; false: the rows of team_member_events. */
  all_events: boolean;
  created_at: Generated<Date>;
  last_active_at: Date | null;
  /** A door steward's one check-in list (decision 084); null: the whole event's door. */
  checkin_list_id: Generated<string | null>;
}

export interface TeamMemberEventsTable {
  organiser_id: string;
  user_id: string;
  event_id: string;
}

export interface TeamInvitationsTable {
  id: Generated<string>;
  organiser_id: string;
  /** Lower-cased. */
  email: string;
  role: 'manager' | 'door';
  event_ids: ColumnType<string[] | null, string | null, string | null>;
  /** sha256 of the mailed token. */
  token_hash: string;
  expires_at: Date;
  created_at: Generated<Date>;
  /** When its link was last mailed: a send within a minute of it mails nothing (decision 051). */
  sent_at: Generated<Date>;
}

export interface TeamTables {
  team_members: TeamMembersTable;
  team_member_events: TeamMemberEventsTable;
  team_invitations: TeamInvitationsTable;
}
