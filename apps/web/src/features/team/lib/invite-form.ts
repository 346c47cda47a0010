import { inviteMemberBody } from '@gatepass/shared';

/** "Pick events" with none ticked: the web's own rule (the invite form and the member dialog). */
export const NO_EVENTS_PICKED = 'Tick at least one event, or give all events.';

/** The invite contract, then (only once it holds) at least one event when events are picked. */
export const inviteForm = inviteMemberBody.refine(
  (body) => body.eventIds === null || body.eventIds === undefined || body.eventIds.length > 0,
  {
    path: ['eventIds'],
    message: NO_EVENTS_PICKED,
    // zod 4 would run it beside the email's sentence; the form shows it alone, after.
    when: ({ issues }) => issues.length === 0,
  },
);
