/**
 * Teams (issue 13, decision 040) — what each role may do, in one table read by the server's
 * access decision (`modules/team`, used by the access hook of every manage route) and by the
 * web app's navigation, route guards and buttons (decision 067). No zod here: the navbar
 * reads it on every page (decision 020).
 */

export const TEAM_ROLES = ['owner', 'manager', 'door'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles an owner can give. */
export const MEMBER_ROLES = ['manager', 'door'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Whether a role is one an owner gives (and may change or take away): not the owner's own. */
export const isMemberRole = (role: TeamRole): role is MemberRole =>
  (MEMBER_ROLES as readonly TeamRole[]).includes(role);

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  door: 'Door steward',
};

/**
 * What a manage route (or page) needs of its caller: `owner` — the account's own things
 * (the team); `manage` — running events, orders, marketing and money; `door` — checking
 * tickets in at an event's door.
 */
export const ACCESS_LEVELS = ['owner', 'manage', 'door'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/**
 * The table: the levels each role may act at. A door steward's `door` is further limited
 * to the events they were given (the server checks the event a request names).
 */
export const ROLE_ACCESS: Readonly<Record<TeamRole, readonly AccessLevel[]>> = {
  owner: ['owner', 'manage', 'door'],
  manager: ['manage', 'door'],
  door: ['door'],
};

/**
 * The organiser area's pages (the web's sidebar items, spec §2, and the door) and the level
 * each needs: the level of the manage routes the page calls. Settings are the user's own
 * account (every signed-in user may read their own); the web keeps them in the managing
 * area, which a door steward's is not.
 */
export const MANAGE_PAGE_ACCESS = {
  home: 'manage',
  events: 'manage',
  orders: 'manage',
  marketing: 'manage',
  financies: 'manage',
  settings: 'manage',
  team: 'owner',
  door: 'door',
} as const satisfies Record<string, AccessLevel>;
export type ManagePage = keyof typeof MANAGE_PAGE_ACCESS;

/** Whether `role` may call a route (or open a page) that needs `level`. */
export const roleAllows = (role: TeamRole, level: AccessLevel): boolean =>
  ROLE_ACCESS[role].includes(level);

/**
 * Whether the role only checks tickets in (the table allows it nothing to manage): the web
 * leads it to its doors alone, and the organiser's own lists would refuse it. Unknown
 * (null, the workspaces not answered yet): no.
 */
export const isDoorOnly = (role: TeamRole | null | undefined): boolean =>
  !!role && !roleAllows(role, 'manage');

/**
 * The server's refusals of a role (403), shared so the web app says the very same sentence
 * when it keeps a role off a page (issue 24 §2).
 */
export const ROLE_REFUSALS = {
  ownerOnly: 'Only the account owner can do this.',
  doorOnly: 'Door stewards can only check tickets in. Ask the organiser if you need more.',
} as const;

/** What a role is told when something it may not do is refused: by what it may do. */
export const roleRefusal = (role: TeamRole): string =>
  roleAllows(role, 'manage') ? ROLE_REFUSALS.ownerOnly : ROLE_REFUSALS.doorOnly;
