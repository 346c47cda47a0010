import { inviteMemberBody } from '@gatepass/shared';
import type { z } from 'zod';

/** "Pick events" with none ticked: the web's own rule (the invite form and the member dialog). */
export const NO_EVENTS_PICKED = 'Tick at least one event, or give all events.';

type EventsBody = { eventIds?: string[] | null | undefined };

/** A team contract, then (only once it holds) at least one event when events are picked. */
function withEventsPicked<S extends z.ZodType<EventsBody>>(schema: S) {
  return schema.refine(
    (body) => body.eventIds === null || body.eventIds === undefined || body.eventIds.length > 0,
    {
      path: ['eventIds'],
      message: NO_EVENTS_PICKED,
      // zod 4 would run it beside the email's sentence; the form shows it alone, after.
      when: ({ issues }) => issues.length === 0,
    },
  );
}

/** The invite form: the invite contract and the picked-events rule. */
export const inviteForm = withEventsPicked(inviteMemberBody);

/** The member dialog: a member's role and events, with the same picked-events rule. */
export const memberForm = withEventsPicked(inviteMemberBody.pick({ role: true, eventIds: true }));
