import { MEMBER_ROLES, ROLE_LABELS, type MemberRole } from '@gatepass/shared';

/** The one-line explanation of each role an owner can give (the invite form, the dialog). */
export const ROLE_DESCRIPTIONS: Record<MemberRole, string> = {
  manager:
    'Runs events, orders, marketing, finances and the door. Not the team or your payout account.',
  door: 'Only checks tickets in at the door of the events you give them. Sees nothing else.',
};

/** The roles an owner can give, as radio cards (the invite form and the member dialog). */
export const ROLE_OPTIONS = MEMBER_ROLES.map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
  description: ROLE_DESCRIPTIONS[role],
}));
