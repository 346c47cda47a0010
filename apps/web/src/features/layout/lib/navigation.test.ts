import { describe, expect, it } from 'vitest';
import {
  isBrowseLinkActive,
  isManageItemActive,
  isManagePath,
  isScrolledPast,
  manageNavItems,
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
