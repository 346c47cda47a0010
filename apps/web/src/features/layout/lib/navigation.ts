import {
  ACCESS_LEVELS,
  isDoorOnly,
  MANAGE_PAGE_ACCESS,
  roleAllows,
  roleRefusal,
  type AccessLevel,
  type ManagePage,
  type TeamRole,
} from '@gatepass/shared';
import { paths } from '../../../config/paths.ts';

/** Spec §9 constants of the navigation. */
export const SCROLL_THRESHOLD_PX = 20;
export const OVERLAY_CONTENT_DELAY_MS = 300;
export const SIDEBAR_WIDTH_PX = 70;

/** Past the threshold the navbar turns white with a shadow ("more than 20 px"). */
export const isScrolledPast = (scrollY: number, threshold = SCROLL_THRESHOLD_PX): boolean =>
  scrollY > threshold;

/**
 * The page an item opens, by the shared role table's names: MANAGE_PAGE_ACCESS says what a
 * role must be allowed to open it (decision 067).
 */
export type ManageIcon = ManagePage;

/** What a role must be allowed to open the item's page. */
export const accessOf = (item: ManageNavItem): AccessLevel => MANAGE_PAGE_ACCESS[item.icon];

export interface ManageNavItem {
  title: string;
  to: string;
  icon: ManageIcon;
  /** Other sections that count as this item (an event's pages belong to Events). */
  also?: readonly string[];
}

/** The organiser sidebar (spec §2), in order. */
export const manageNavItems: readonly ManageNavItem[] = [
  { title: 'Home', to: paths.manage.home, icon: 'home' },
  {
    title: 'Events',
    to: paths.manage.all,
    icon: 'events',
    also: ['/events/manage/events', '/events/manage/create', '/events/manage/verify-ticket'],
  },
  { title: 'Orders', to: paths.manage.orders, icon: 'orders' },
  { title: 'Marketing', to: paths.manage.marketing, icon: 'marketing' },
  { title: 'Financies', to: paths.manage.financies, icon: 'financies' },
  { title: 'Settings', to: paths.manage.settings, icon: 'settings' },
];

/** True when `pathname` is `base` or below it (segment-wise, so /events never matches /eventsx). */
export function isWithin(pathname: string, base: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return clean === base || clean.startsWith(`${base}/`);
}

/** The sidebar and the overlay's Manage group show under paths containing /events/manage. */
export const isManagePath = (pathname: string): boolean => pathname.includes(paths.manage.root);

export function isManageItemActive(pathname: string, item: ManageNavItem): boolean {
  return [item.to, ...(item.also ?? [])].some((base) => isWithin(pathname, base));
}

/** The browse links, in the navbar and the small-screen overlay alike. */
export const browseLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.events, label: 'Events' },
] as const;

/** Home and Events in the navbar: Events covers the public event pages, not the organiser area. */
export function isBrowseLinkActive(pathname: string, to: string): boolean {
  if (to === paths.home) return pathname === paths.home;
  return isWithin(pathname, to) && !isManagePath(pathname);
}

/** Teams (issue 13): the owner's team page, listed before Settings. */
export const teamNavItem: ManageNavItem = {
  title: 'Team',
  to: paths.manage.team,
  icon: 'team',
};

/** A door steward's one item: their events' verify-ticket screens. */
export const doorNavItem: ManageNavItem = {
  title: 'Verify tickets',
  to: paths.manage.verifyTickets,
  icon: 'door',
};

/** Every organiser page a role may be given, in the sidebar's order (Team before Settings). */
export const allManageNavItems: readonly ManageNavItem[] = [
  ...manageNavItems.slice(0, -1),
  teamNavItem,
  ...manageNavItems.slice(-1),
];

/**
 * What the manage area offers a role: the items the shared role table allows it — the owner
 * everything plus Team; a manager everything but Team (Settings stays: it is their own
 * account's) — and a role allowed none of them (a door steward) its doors. Unknown yet (the
 * workspaces still loading or not answered): the spec's items.
 */
export function manageNavItemsFor(role: TeamRole | null | undefined): readonly ManageNavItem[] {
  if (!role) return manageNavItems;
  const items = allManageNavItems.filter((item) => roleAllows(role, accessOf(item)));
  return items.length ? items : [doorNavItem];
}

/**
 * What a manage page needs: the doors' pages the door's level, Team the owner's, any other
 * the level of the item it belongs to (an event's pages: Events).
 */
export function manageAccessOf(pathname: string): AccessLevel {
  if (isManageItemActive(pathname, doorNavItem)) return accessOf(doorNavItem);
  const item = allManageNavItems.find((i) => isManageItemActive(pathname, i));
  return item ? accessOf(item) : MANAGE_PAGE_ACCESS.home;
}

/**
 * What a role is told when the guard below sends it away from a page (issue 24 §2: not
 * silently): the server's own sentence for the same refusal; nothing for the owner, who is
 * never sent away.
 */
export function manageRefusalFor(role: TeamRole | null | undefined): string | null {
  if (!role || ACCESS_LEVELS.every((level) => roleAllows(role, level))) return null;
  return roleRefusal(role);
}

/**
 * The route guard of the roles: where a role is sent from a manage page the shared role
 * table does not allow it (null: it may stay) — a door steward to their doors, anyone else
 * home. The server refuses those calls anyway (403); this keeps the page from being a wall
 * of refusals.
 */
export function manageRedirectFor(
  role: TeamRole | null | undefined,
  pathname: string,
): string | null {
  if (!role || roleAllows(role, manageAccessOf(pathname))) return null;
  return isDoorOnly(role) ? paths.manage.verifyTickets : paths.manage.home;
}
