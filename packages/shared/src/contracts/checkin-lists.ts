import { z } from 'zod';

/**
 * Doors by gate (issue 25 §4, decision 084): an event's check-in lists, each taking some of
 * its ticket types ("VIP gate": VIP and Table; "Main gate": the rest; "Day 2"). A list has
 * its own check-in state; a door steward may be given one list.
 */

export const CHECKIN_LIST_LIMITS = {
  nameMax: 60,
  /** Lists per event. */
  perEvent: 20,
  typesMax: 100,
} as const;

export const CHECKIN_LIST_MESSAGES = {
  notFound: 'This check-in list was not found.',
  nameTaken: 'This event already has a list with that name.',
  tooMany: `An event can have at most ${CHECKIN_LIST_LIMITS.perEvent} check-in lists.`,
  typeNotRecognised: 'A ticket type is not one of this event’s.',
  stewardOnly: 'Only door stewards are given a check-in list.',
  listNotTheirs: 'This steward does not check tickets at that list’s event.',
} as const;

export const checkinListBody = z.object({
  name: z
    .string({ error: 'Give the list a name.' })
    .trim()
    .min(1, 'Give the list a name.')
    .max(CHECKIN_LIST_LIMITS.nameMax, `At most ${CHECKIN_LIST_LIMITS.nameMax} characters.`),
  ticketTypeIds: z
    .array(z.uuid({ error: CHECKIN_LIST_MESSAGES.typeNotRecognised }), {
      error: 'Choose the ticket types this list takes.',
    })
    .min(1, 'Choose at least one ticket type.')
    .max(CHECKIN_LIST_LIMITS.typesMax)
    .transform((ids) => [...new Set(ids)]),
});
export type CheckinListBody = z.input<typeof checkinListBody>;

/** One list as the event page shows it, with its figures. */
export const checkinListDto = z.object({
  id: z.string(),
  name: z.string(),
  ticketTypes: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Orders let in at this list. */
  admitted: z.number(),
});
export type CheckinListDto = z.infer<typeof checkinListDto>;

/** The lists a door may check (the door screen's choice), and the caller's own, if given one. */
export const doorListsDto = z.object({
  lists: z.array(z.object({ id: z.string(), name: z.string(), ticketTypes: z.array(z.string()) })),
  /** The list this steward was given for this event: the door checks it and no other. */
  assigned: z.string().nullable(),
});
export type DoorListsDto = z.infer<typeof doorListsDto>;

/** Give a door steward one check-in list, or none (null): the whole event's door. */
export const memberCheckinListBody = z.object({
  listId: z.uuid({ error: CHECKIN_LIST_MESSAGES.notFound }).nullable(),
});
export type MemberCheckinListBody = z.input<typeof memberCheckinListBody>;
