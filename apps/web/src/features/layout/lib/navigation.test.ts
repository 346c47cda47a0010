import { describe, expect, it } from 'vitest';
import {
  isBrowseLinkActive,
  isManageItemActive,
  isManagePath,
  isScrolledPast,
  manageNavItems,
  manageNavItemsFor,
  manageRedirectFor,
  manageRefusalFor,
} from './navigation.ts';

const activeTitles = (pathname: string) =>
  manageNavItems.filter((item) => isManageItemActive(pathname, item)).map((item) => item.title);

describe('navbar scroll style', () => {
  it('turns solid only past 20 px', () => {
    expect(isScrolledPast(0)).toBe(false);
    expect(isScrolledPast(20)).toBe(false);
    expect(isScrolledPast(21)).toBe(true);
  });
});

describe('manage sidebar', () => {
  it('lists the spec items in order with their paths', () => {
    expect(manageNavItems.map((i) => [i.title, i.to])).toEqual([
      ['Home', '/events/manage/home'],
      ['Events', '/events/manage/all'],
      ['Orders', '/events/manage/orders'],
      ['Marketing', '/events/manage/marketing'],
      ['Financies', '/events/manage/financies'],
      ['Settings', '/events/manage/settings'],
    ]);
  });

  it('highlights exactly the current item', () => {
    expect(activeTitles('/events/manage/home')).toEqual(['Home']);
    expect(activeTitles('/events/manage/orders/')).toEqual(['Orders']);
    expect(activeTitles('/events/manage/financies')).toEqual(['Financies']);
    expect(activeTitles('/events/manage/events/42/')).toEqual(['Events']);
    expect(activeTitles('/events/manage/create/event/tickets')).toEqual(['Events']);
    expect(activeTitles('/events/manage/verify-ticket/7')).toEqual(['Events']);
    expect(activeTitles('/events/manage/ordersx')).toEqual([]);
  });

  it('shows under paths containing /events/manage only', () => {
    expect(isManagePath('/events/manage')).toBe(true);
    expect(isManagePath('/events/manage/settings')).toBe(true);
    expect(isManagePath('/events/lagos-jazz')).toBe(false);
    expect(isManagePath('/')).toBe(false);
  });
});

describe('navbar links', () => {
  it('marks Home only on /, Events on public event pages', () => {
    expect(isBrowseLinkActive('/', '/')).toBe(true);
    expect(isBrowseLinkActive('/events', '/')).toBe(false);
    expect(isBrowseLinkActive('/events/', '/events')).toBe(true);
    expect(isBrowseLinkActive('/events/lagos-jazz', '/events')).toBe(true);
    expect(isBrowseLinkActive('/events/manage/all', '/events')).toBe(false);
  });
});

describe('manage area by role (teams, issue 13)', () => {
  const titles = (role: Parameters<typeof manageNavItemsFor>[0]) =>
    manageNavItemsFor(role).map((i) => [i.title, i.to]);

  it('gives the owner every item plus Team before Settings', () => {
    expect(titles('owner')).toEqual([
      ['Home', '/events/manage/home'],
      ['Events', '/events/manage/all'],
      ['Orders', '/events/manage/orders'],
      ['Marketing', '/events/manage/marketing'],
      ['Financies', '/events/manage/financies'],
      ['Team', '/events/manage/team'],
      ['Settings', '/events/manage/settings'],
    ]);
  });

  it('gives a manager everything but Team, Settings included', () => {
    expect(titles('manager').map(([t]) => t)).toEqual([
      'Home',
      'Events',
      'Orders',
      'Marketing',
      'Financies',
      'Settings',
    ]);
  });

  it('gives a door steward only Verify tickets', () => {
    expect(titles('door')).toEqual([['Verify tickets', '/events/manage/verify-ticket']]);
    const [door] = manageNavItemsFor('door');
    expect(isManageItemActive('/events/manage/verify-ticket/ev-1', door!)).toBe(true);
  });

  it('shows the spec items while the role is unknown (no Team)', () => {
    expect(manageNavItemsFor(null)).toBe(manageNavItems);
    expect(manageNavItemsFor(undefined)).toBe(manageNavItems);
  });

  it('sends a door steward from any other manage page to their doors', () => {
    for (const path of [
      '/events/manage/home',
      '/events/manage/orders/',
      '/events/manage/financies',
      '/events/manage/marketing',
      '/events/manage/settings',
      '/events/manage/team',
      '/events/manage/all',
      '/events/manage/events/ev-1/',
      '/events/manage/create/event',
    ]) {
      expect(manageRedirectFor('door', path), path).toBe('/events/manage/verify-ticket');
    }
    expect(manageRedirectFor('door', '/events/manage/verify-ticket')).toBeNull();
    expect(manageRedirectFor('door', '/events/manage/verify-ticket/')).toBeNull();
    expect(manageRedirectFor('door', '/events/manage/verify-ticket/ev-1')).toBeNull();
  });

  it('keeps a manager off Team only, and the owner anywhere', () => {
    expect(manageRedirectFor('manager', '/events/manage/team/')).toBe('/events/manage/home');
    expect(manageRedirectFor('manager', '/events/manage/orders')).toBeNull();
    expect(manageRedirectFor('manager', '/events/manage/settings')).toBeNull();
    expect(manageRedirectFor('owner', '/events/manage/team')).toBeNull();
    expect(manageRedirectFor(null, '/events/manage/team')).toBeNull();
  });
});

describe('a role kept off a page is told why (issue 24 §2)', () => {
  it("says the server's own sentence, for a steward and for a manager", async () => {
    const { ROLE_REFUSALS } = await import('@gatepass/shared');
    expect(manageRefusalFor('door')).toBe(ROLE_REFUSALS.doorOnly);
    expect(manageRefusalFor('manager')).toBe(ROLE_REFUSALS.ownerOnly);
    expect(manageRefusalFor('owner')).toBeNull();
  });
});
