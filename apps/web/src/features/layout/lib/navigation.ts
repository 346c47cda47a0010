import {
  ACCESS_LEVELS,
  roleAllows,
  roleRefusal,
  type AccessLevel,
  type TeamRole,
} from '@gatepass/shared';
import { paths } from '../../../config/paths.ts';
import { isDoorOnly } from '../../../lib/workspace.ts';

/** Spec §9 constants of the navigation. */
export const SCROLL_THRESHOLD_PX = 20;
export const OVERLAY_CONTENT_DELAY_MS = 300;
export const SIDEBAR_WIDTH_PX = 70;

/** Past the threshold the navbar turns white with a shadow ("more than 20 px"). */
export const isScrolledPast = (scrollY: number, threshold = SCROLL_THRESHOLD_PX): boolean =>
  scrollY > threshold;

export type ManageIcon =
  'home' | 'events' | 'orders' | 'marketing' | 'financies' | 'settings' | 'team' | 'door';

export interface ManageNavItem {
  title: string;
  to: string;
  icon: ManageIcon;
  /** Other sections that count as this item (an event's pages belong to Events). */
  also?: readonly string[];
  /**
   * What a role must be allowed to open it (the shared role table, decision 067): the
   * level of the manage routes its page calls.
   */
  access: AccessLevel;
}

/** The organiser sidebar (spec §2), in order. */
export const manageNavItems: readonly ManageNavItem[] = [
  { title: 'Home', to: paths.manage.home, icon: 'home', access: 'manage' },
  {
    title: 'Events',
    to: paths.manage.all,
    icon: 'events',
    access: 'manage',
    also: ['/events/manage/events', '/events/manage/create', '/events/manage/verify-ticket'],
  },
  { title: 'Orders', to: paths.manage.orders, icon: 'orders', access: 'manage' },
  { title: 'Marketing', to: paths.manage.marketing, icon: 'marketing', access: 'manage' },
  { title: 'Financies', to: paths.manage.financies, icon: 'financies', access: 'manage' },
  { title: 'Settings', to: paths.manage.settings, icon: 'settings', access: 'manage' },
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
  access: 'owner',
};

/** A door steward's one item: their events' verify-ticket screens. */
export const doorNavItem: ManageNavItem = {
  title: 'Verify tickets',
  to: paths.manage.verifyTickets,
  icon: 'door',
  access: 'door',
};

/** Every organiser page a role may be given, in the sidebar's order (Team before Settings). */
const allManageNavItems: readonly ManageNavItem[] = [
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
  const items = allManageNavItems.filter((item) => roleAllows(role, item.access));
  return items.length ? items : [doorNavItem];
}

/** What a manage page needs: the door's pages `door`, Team `owner`, the rest `manage`. */
export function manageAccessOf(pathname: string): AccessLevel {
  if (isWithin(pathname, paths.manage.verifyTickets)) return doorNavItem.access;
  if (isWithin(pathname, paths.manage.team)) return teamNavItem.access;
  return 'manage';
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
