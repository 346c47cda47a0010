/**
 * The one query-key factory of the web app (issue 22 §3, decision 066). Every cache entry's
 * key starts with one of these roots, so a change invalidates by name instead of by a
 * hand-typed array, and data several features read has exactly one key:
 *
 * - `manageEvents` — GET /events/manage (home, events list, orders and finances filters,
 *   marketing's picker, the team's event choice, the door list) and each event's detail;
 * - `session` — GET /auth/user/me;
 * - `workspaces` — GET /team/workspaces (the organisers the user can act for);
 * - `settings`, `paymentMethods` — read by the settings and checkout features and by lib.
 *
 * Features build their own keys under their root (`features/<area>/api/keys.ts`); another
 * feature's cache is reached through the root here, never through its keys file.
 */
export const queryKeys = {
  session: {
    all: ['session'] as const,
    me: () => ['session', 'me'] as const,
  },
  workspaces: {
    all: ['workspaces'] as const,
  },
  /** The organiser's events (their own or the chosen team's). */
  manageEvents: {
    all: ['events', 'manage'] as const,
    list: () => ['events', 'manage', 'list'] as const,
    detail: (id: string) => ['events', 'manage', 'detail', id] as const,
  },
  /** The public events pages (lists and event pages). */
  publicEvents: {
    all: ['events', 'public'] as const,
    /** The hidden ticket types an access code unlocks on one event (decision 087). */
    accessCode: (slug: string, code: string) =>
      ['events', 'public', 'access-code', slug, code] as const,
  },
  /** Everything of the events feature: the organiser's and the public. */
  events: { all: ['events'] as const },
  orders: { all: ['manage-orders'] as const },
  finances: { all: ['finances'] as const },
  marketing: { all: ['marketing'] as const },
  team: { all: ['team'] as const },
  checkIn: { all: ['check-in'] as const },
  checkout: { all: ['checkout'] as const },
  settings: { all: ['settings'] as const },
  paymentMethods: () => ['checkout', 'payment-methods'] as const,
} as const;

/** Whether `key` is under `root` (a prefix match, as TanStack Query's own filters do). */
export const isUnder = (key: readonly unknown[], root: readonly unknown[]): boolean =>
  root.every((part, i) => key[i] === part);
