import { z } from 'zod';

/** The waiting room's limits (issue 14 §1, decision 034). */
export const WAITING_ROOM_LIMITS = {
  /** People admitted per minute. */
  minRate: 1,
  maxRate: 100_000,
  /** How long an admission pass lets its visitor check out. */
  minPassMinutes: 2,
  maxPassMinutes: 60,
  defaultPassMinutes: 10,
} as const;

/**
 * The admission rate a room starts with for an event of `capacity` tickets: enough people
 * a minute to offer every ticket in about 20 minutes, at least 10 and at most 2,000 a minute
 * (decision 034).
 */
export function defaultAdmissionRate(capacity: number): number {
  return Math.min(2000, Math.max(10, Math.ceil(capacity / 20)));
}

/** The organiser's settings of an event's waiting room (PUT /events/manage/{eventId}/waiting-room). */
export const waitingRoomSettingsBody = z.object({
  enabled: z.boolean({ error: 'Say whether the waiting room is on.' }),
  onSaleAt: z.iso.datetime({
    offset: true,
    error: 'The on-sale time must be a date and time.',
  }),
  ratePerMinute: z
    .number({ error: 'The admission rate must be a number of people per minute.' })
    .int('The admission rate must be a whole number of people per minute.')
    .min(WAITING_ROOM_LIMITS.minRate, 'The admission rate must be at least 1 person per minute.')
    .max(
      WAITING_ROOM_LIMITS.maxRate,
      `The admission rate can be at most ${WAITING_ROOM_LIMITS.maxRate.toLocaleString('en-US')} people per minute.`,
    ),
  passMinutes: z
    .number({ error: 'The time to buy must be a number of minutes.' })
    .int('The time to buy must be a whole number of minutes.')
    .min(WAITING_ROOM_LIMITS.minPassMinutes, 'Give people at least 2 minutes to buy.')
    .max(WAITING_ROOM_LIMITS.maxPassMinutes, 'The time to buy can be at most 60 minutes.')
    .optional(),
  paused: z.boolean({ error: 'Say whether admission is paused.' }).optional(),
});
export type WaitingRoomSettingsBody = z.input<typeof waitingRoomSettingsBody>;

/** An event's waiting room as its organiser sees it: settings and live figures. */
export const waitingRoomDto = z.object({
  eventId: z.string(),
  enabled: z.boolean(),
  onSaleAt: z.string().nullable(),
  ratePerMinute: z.number(),
  /** The rate suggested for this event's size. */
  defaultRatePerMinute: z.number(),
  passMinutes: z.number(),
  paused: z.boolean(),
  /** The link visitors are sent to. */
  queueUrl: z.string(),
  /** Everyone who has joined this room (pre-queue included). */
  joined: z.number(),
  /** Of them, waiting before the on-sale time (not yet given a place). */
  preQueue: z.number(),
  /** Places in line admitted so far (may exceed `joined` when the line is empty). */
  admitted: z.number(),
  /** People still waiting for their turn. */
  waiting: z.number(),
  /** Orders made with an admission pass. */
  passesUsed: z.number(),
  ticketsSold: z.number(),
  capacity: z.number(),
  /** Now, by the server's clock (the panel's countdowns). */
  serverTime: z.string(),
});
export type WaitingRoomDto = z.infer<typeof waitingRoomDto>;

/** What a visitor's queue page shows, as JSON (GET /waiting-room/{slug}/status). */
export const queueStatusDto = z.object({
  state: z.enum(['open', 'prequeue', 'waiting', 'paused', 'admitted', 'expired', 'used']),
  eventId: z.string(),
  slug: z.string(),
  title: z.string(),
  onSaleAt: z.string().nullable(),
  /** 1 = next to be admitted; null before the on-sale time or once admitted. */
  position: z.number().nullable(),
  /** People in the pre-queue (before the on-sale time). */
  preQueue: z.number(),
  ratePerMinute: z.number(),
  /** Estimated seconds until admission at the current rate; null when not known. */
  estimateSeconds: z.number().nullable(),
  /** When an admitted visitor's pass ends. */
  passExpiresAt: z.string().nullable(),
  /** Where to go now: the checkout once admitted. */
  next: z.string().nullable(),
});
export type QueueStatusDto = z.infer<typeof queueStatusDto>;
