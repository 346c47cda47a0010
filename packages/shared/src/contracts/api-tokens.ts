import { z } from 'zod';

/**
 * API tokens (issue 26 §2, decision 070): an owner's key for their other tools. A token acts
 * for the owner's organiser within one scope, optionally on some events only. Its secret
 * (`gpat_…`) is shown once, when it is made, and sent as `Authorization: Bearer gpat_…`.
 */

export const API_TOKEN_SCOPES = ['read', 'checkin', 'manage'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

export const API_TOKEN_SCOPE_LABELS: Record<ApiTokenScope, string> = {
  read: 'Read orders and attendees',
  checkin: 'Write check-ins',
  manage: 'Manage events',
};

/** What each secret starts with: tells an API token from a login session at a glance. */
export const API_TOKEN_PREFIX = 'gpat_';

export const API_TOKEN_LIMITS = {
  nameMax: 80,
  /** Live (not revoked) tokens per organiser. */
  perOrganiser: 50,
  eventsMax: 100,
} as const;

export const API_TOKEN_MESSAGES = {
  outsideScope: "This API token's scope does not allow this call.",
  otherEvents: 'This API token is limited to other events.',
  nameAnEvent:
    'This API token is limited to some events: this call must name one of them (eventId).',
  revoked: 'This API token was revoked.',
  tooMany: `An account can have at most ${API_TOKEN_LIMITS.perOrganiser} live API tokens. Revoke one first.`,
  unknownEvents: 'Some of the chosen events were not found.',
} as const;

export const createApiTokenBody = z.object({
  name: z
    .string({ error: 'Name is required.' })
    .trim()
    .min(1, 'Name is required.')
    .max(API_TOKEN_LIMITS.nameMax, `Name must be at most ${API_TOKEN_LIMITS.nameMax} characters.`),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'Choose a scope.' }),
  /** Absent or null: every event, now and later. */
  eventIds: z
    .array(z.uuid({ error: 'This event was not found.' }))
    .min(1, 'Choose at least one event, or all events.')
    .max(API_TOKEN_LIMITS.eventsMax, `At most ${API_TOKEN_LIMITS.eventsMax} events.`)
    .nullable()
    .optional(),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** null: every event. */
  events: z.array(z.object({ id: z.string(), title: z.string() })).nullable(),
  /** The secret's first characters, e.g. `gpat_AbC1`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenDto = z.infer<typeof apiTokenDto>;

/** The answer to creating a token: the only time its secret is shown. */
export const createdApiTokenDto = z.object({
  token: apiTokenDto,
  secret: z.string(),
});
export type CreatedApiTokenDto = z.infer<typeof createdApiTokenDto>;
