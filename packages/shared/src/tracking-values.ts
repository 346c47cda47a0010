/**
 * The query parameters the public event page and checkout understand for where a sale
 * came from (issue 26 §4, decision 071). Plain values outside the contracts, so the event
 * page reads them without loading zod and every schema (decision 020).
 */
export const TRACKING_PARAMS = { ref: 'ref', via: 'via' } as const;
export const TRACKING_VIA = ['page', 'widget'] as const;
export type TrackingVia = (typeof TRACKING_VIA)[number];
