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
  /**
   * New places one internet address may take in a minute (decision 054): a burst of at most
   * twice this, and this many a minute after. Many honest phones may share one address.
   */
  minPlacesPerAddress: 1,
  maxPlacesPerAddress: 100_000,
  defaultPlacesPerAddress: 15,
} as const;

/**
 * What a visitor must show to join the pre-queue (decision 055): a proof of work solved in
 * the browser (`work`), or a signed-in account, whose email is verified (`account`): one
 * draw per account.
 */
export const JOIN_CHECKS = ['work', 'account'] as const;
export type JoinCheck = (typeof JOIN_CHECKS)[number];

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
  placesPerAddressPerMinute: z
    .number({ error: 'The places per internet address must be a number.' })
    .int('The places per internet address must be a whole number.')
    .min(
      WAITING_ROOM_LIMITS.minPlacesPerAddress,
      'Allow at least 1 new place a minute per internet address.',
    )
    .max(
      WAITING_ROOM_LIMITS.maxPlacesPerAddress,
      `The places per internet address can be at most ${WAITING_ROOM_LIMITS.maxPlacesPerAddress.toLocaleString('en-US')} a minute.`,
    )
    .optional(),
  joinCheck: z
    .enum(JOIN_CHECKS, { error: 'Choose how people prove they are real: work or account.' })
    .optional(),
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
  /** New places one internet address may take a minute (decision 054). */
  placesPerAddressPerMinute: z.number(),
  /** What joining the pre-queue asks for (decision 055). */
  joinCheck: z.enum(JOIN_CHECKS),
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
  /**
   * `check`: before joining the pre-queue the browser must solve `challenge`; `signin`: the
   * room asks for a signed-in account; `limited`: too many new places from this internet
   * address just now (try again in a minute).
   */
  state: z.enum([
    'open',
    'prequeue',
    'waiting',
    'paused',
    'admitted',
    'expired',
    'used',
    'check',
    'signin',
    'limited',
  ]),
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
  /** In state `check`: the proof-of-work challenge to solve (altcha v2, as JSON). */
  challenge: z
    .object({
      parameters: z.record(z.string(), z.unknown()),
      signature: z.string().optional(),
    })
    .nullable()
    .optional(),
});
export type QueueStatusDto = z.infer<typeof queueStatusDto>;

/**
 * POST /waiting-room/{slug}/join: the solved challenge (state `check`), or nothing when the
 * room asks for a signed-in account (the bearer token is the proof).
 */
export const joinQueueBody = z.object({
  proof: z
    .object({
      challenge: z.object({
        parameters: z.record(z.string(), z.unknown()),
        signature: z.string().max(200).optional(),
      }),
      solution: z.object({
        counter: z.number().int().min(0),
        derivedKey: z.string().max(200),
        time: z.number().optional(),
      }),
    })
    .optional(),
});
export type JoinQueueBody = z.infer<typeof joinQueueBody>;
