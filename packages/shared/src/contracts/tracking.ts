import { z } from 'zod';
import { TRACKING_VIA } from '../tracking-values.ts';

/**
 * Where sales come from (issue 26 §4, decision 071). A tracking link is a name and a code;
 * the event page understands `?ref=CODE` and `?via=widget`, keeps them for the tab
 * (sessionStorage, no cookie) and sends them with its view beacon and with the order.
 * Everything is counted in aggregate: no visitor is followed.
 */

export const TRACKING_LIMITS = {
  nameMax: 60,
  codeMax: 32,
  /** Links per event. */
  perEvent: 100,
} as const;

/** A ref as it arrives from a URL: anything else is ignored, never refused. */
export const trackingRefField = z
  .string()
  .trim()
  .max(TRACKING_LIMITS.codeMax)
  .regex(/^[A-Za-z0-9_-]+$/);

/** What the page sends with its view beacon and the checkout with its order. */
export const trackingSource = z.object({
  ref: trackingRefField.optional(),
  via: z.enum(TRACKING_VIA).optional(),
});
export type TrackingSource = z.input<typeof trackingSource>;

/** The view beacon (`POST /api/v1/events/{slug}/view`). */
export const trackViewBody = trackingSource;

export const TRACKING_MESSAGES = {
  nameTaken: 'This event already has a link with that name.',
  tooMany: `An event can have at most ${TRACKING_LIMITS.perEvent} tracking links.`,
} as const;

export const createTrackingLinkBody = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(TRACKING_LIMITS.nameMax, `Name must be at most ${TRACKING_LIMITS.nameMax} characters.`),
});
export type CreateTrackingLinkBody = z.input<typeof createTrackingLinkBody>;

export const trackingFigures = z.object({
  views: z.number(),
  checkoutStarts: z.number(),
  orders: z.number(),
  /** Whole naira: what buyers paid for the completed orders. */
  revenue: z.number(),
});
export type TrackingFigures = z.infer<typeof trackingFigures>;

export const trackingLinkDto = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type TrackingLinkDto = z.infer<typeof trackingLinkDto>;

/** One row of the table: `direct`, `widget`, or a link (its id, name and code). */
export const trackingSourceRow = trackingFigures.extend({
  source: z.enum(['direct', 'widget', 'link']),
  label: z.string(),
  linkId: z.string().nullable(),
  /** For links: views and orders that came through the widget with this link's ref. */
  viaWidget: z.object({ views: z.number(), orders: z.number() }).nullable(),
});
export type TrackingSourceRow = z.infer<typeof trackingSourceRow>;

/** An event's links and its figures per source (the event's manage page). */
export const eventTrackingDto = z.object({
  links: z.array(trackingLinkDto),
  sources: z.array(trackingSourceRow),
  totals: trackingFigures,
});
export type EventTrackingDto = z.infer<typeof eventTrackingDto>;

/** The organiser's figures per source across events (Finances). */
export const organiserTrackingDto = z.object({
  /** Direct and widget across all events, then every link with its event. */
  sources: z.array(trackingSourceRow.extend({ eventTitle: z.string().nullable() })),
  totals: trackingFigures,
});
export type OrganiserTrackingDto = z.infer<typeof organiserTrackingDto>;
