import type { TeamRole } from '@gatepass/shared';
import { paths } from '../../../config/paths.ts';

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

/** Home and Events in the navbar: Events covers the public event pages, not the organiser area. */
export function isBrowseLinkActive(pathname: string, to: string): boolean {
  if (to === paths.home) return pathname === paths.home;
  return isWithin(pathname, to) && !isManagePath(pathname);
}

/** Teams (issue 13): the owner's team page, listed before Settings. */
export const teamNavItem: ManageNavItem = { title: 'Team', to: paths.manage.team, icon: 'team' };

/** A door steward's one item: their events' verify-ticket screens. */
export const doorNavItem: ManageNavItem = {
  title: 'Verify tickets',
  to: paths.manage.verifyTickets,
  icon: 'door',
};

/**
 * What the manage area offers a role: the owner everything plus Team; a manager everything
 * but Team (Settings stays: it is their own account's); a door steward only Verify tickets.
 * Unknown yet (the workspaces still loading or not answered): the spec's items.
 */
export function manageNavItemsFor(role: TeamRole | null | undefined): readonly ManageNavItem[] {
  if (role === 'door') return [doorNavItem];
  if (role !== 'owner') return manageNavItems;
  const settingsAt = manageNavItems.findIndex((item) => item.icon === 'settings');
  return [...manageNavItems.slice(0, settingsAt), teamNavItem, ...manageNavItems.slice(settingsAt)];
}

/**
 * The server's sentences for a role kept off a page (the contract's ROLE_REFUSALS, spelled
 * here so the navbar loads no contracts, decision 020; a unit test keeps them equal).
 */
export const ROLE_REFUSAL_SENTENCES = {
  ownerOnly: 'Only the account owner can do this.',
  doorOnly: 'Door stewards can only check tickets in. Ask the organiser if you need more.',
} as const;

/**
 * What a role is told when the guard below sends it away from a page (issue 24 §2: not
 * silently): the server's own sentence for the same refusal.
 */
export function manageRefusalFor(role: TeamRole | null | undefined): string | null {
  if (role === 'door') return ROLE_REFUSAL_SENTENCES.doorOnly;
  if (role === 'manager') return ROLE_REFUSAL_SENTENCES.ownerOnly;
  return null;
}

/**
 * The route guard of the roles: where a role is sent from a manage page it may not open
 * (null: it may stay). The server refuses those calls anyway (403); this keeps the page
 * from being a wall of refusals.
 */
export function manageRedirectFor(
  role: TeamRole | null | undefined,
  pathname: string,
): string | null {
  if (role === 'door') {
    return isWithin(pathname, paths.manage.verifyTickets) ? null : paths.manage.verifyTickets;
  }
  if (role === 'manager' && isWithin(pathname, paths.manage.team)) return paths.manage.home;
  return null;
}
