import { ROLE_REFUSALS } from '@gatepass/shared';
import { AppError } from '../../lib/errors.ts';
import type { ResourceKind } from '../../plugins/access.ts';

/** What team answers, in one place: the access decision's refusals and the team pages'. */
export const TEAM_MESSAGES = {
  ownerOnly: ROLE_REFUSALS.ownerOnly,
  doorOnly: ROLE_REFUSALS.doorOnly,
  notYourEvent:
    'You are not a door steward for this event. Ask the organiser to add it to your events.',
  notOnTeam: 'You are not on this organiser’s team any more.',
  invitationInvalid:
    'This invitation link is not valid or has expired. Ask the organiser to send a new one.',
  invitationOtherEmail: (email: string) =>
    `This invitation was sent to ${email}. Log in with that email address to accept it.`,
  ownTeam: 'This is your own organiser account: you are its owner already.',
  alreadyMember: 'You are already on this team.',
  inviteSelf: 'That is your own email address: you are the owner of this team already.',
  inviteMember: (name: string) =>
    `${name} is already on your team. Change their role or events in the list instead.`,
  memberNotFound: 'This team member was not found.',
  invitationNotFound: 'This invitation was not found.',
  eventNotRecognised: 'An event is not recognised. Choose among your events.',
  removed: 'Removed from your team.',
  withdrawn: 'Invitation withdrawn.',
} as const;

export const NOT_FOUND_OF: Record<ResourceKind, string> = {
  event: 'This event was not found.',
  order: 'This order was not found.',
  promo: 'This promo code was not found.',
};

export const forbidden = (message: string) => new AppError(403, 'FORBIDDEN', message);
