import type { ApiTokenScope } from '@gatepass/shared';

/**
 * Which routes an API token may call, and with which scope (issue 26 §2, decision 070). One
 * list, here, rather than a line in each module: it is what `/api/docs` and
 * docs/integrations.md tell, and what the route × scope matrix in
 * test/security/authorization.test.ts checks against its own list. Every other route refuses
 * a token with 403, whatever its scope. Keys are Fastify's `METHOD /path` forms.
 *
 * - read:    the organiser's orders and attendees (the door list), read only.
 * - checkin: the door's two calls: the attendee list and checking codes in.
 * - manage:  events and their ticket types: create, change, publish, cancel, duplicate, delete.
 * Every scope may list and read the events, to find the ids the other calls take.
 */
const ALL: ApiTokenScope[] = ['read', 'checkin', 'manage'];

export const TOKEN_ROUTES: Readonly<Record<string, readonly ApiTokenScope[]>> = {
  'GET /api/v1/events/manage': ALL,
  'GET /api/v1/events/manage/:id': ALL,
  'GET /api/v1/events/manage/orders': ['read'],
  'GET /api/v1/events/manage/orders/export.csv': ['read'],
  'GET /api/v1/events/manage/orders/:orderId': ['read'],
  'GET /api/v1/ticketPurchase/event/:eventId': ['read', 'checkin'],
  'GET /api/v1/ticketPurchase/event/:eventId/compact': ['read', 'checkin'],
  'POST /api/v1/ticketPurchase/mark-attended': ['checkin'],
  'POST /api/v1/events/manage': ['manage'],
  'PATCH /api/v1/events/manage/:id': ['manage'],
  'DELETE /api/v1/events/manage/:id': ['manage'],
  'POST /api/v1/events/manage/:id/publish': ['manage'],
  'POST /api/v1/events/manage/:id/cancel': ['manage'],
  'POST /api/v1/events/manage/:id/duplicate': ['manage'],
  'POST /api/v1/events/manage/:id/ticket-types': ['manage'],
  'PATCH /api/v1/events/manage/:id/ticket-types/:ticketTypeId': ['manage'],
  'DELETE /api/v1/events/manage/:id/ticket-types/:ticketTypeId': ['manage'],
};

/** `GET /api/v1/events/manage/` and `…/manage` are one route. */
export const tokenRouteKey = (method: string, url: string): string =>
  `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;

export const scopesOf = (method: string, url: string): readonly ApiTokenScope[] | undefined =>
  TOKEN_ROUTES[tokenRouteKey(method, url)];
