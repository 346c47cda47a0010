import {
  MANAGE_PAGE_ACCESS,
  ROLE_ACCESS,
  TEAM_ROLES,
  type AccessLevel,
  type ManagePage,
  type TeamRole,
} from '@gatepass/shared';
import type * as shared from '@gatepass/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allManageNavItems,
  doorNavItem,
  manageNavItemsFor,
  manageRedirectFor,
  type ManageNavItem,
} from './navigation.ts';

/**
 * Issue 22 §3 (decision 067), the web's half: the sidebar lists and the manage guard lets a
 * role stay on exactly the pages the shared role table allows it — with the real table,
 * then with a changed one, which the navigation must follow (a copy of the rules would
 * not). The server's half, the same pages' API calls against the same table, is
 * apps/server/test/security/role-table.test.ts.
 */

const changed = vi.hoisted(() => ({ table: null as null | Record<string, readonly string[]> }));
vi.mock('@gatepass/shared', async (importOriginal) => {
  const actual = await importOriginal<typeof shared>();
  return {
    ...actual,
    roleAllows: (role: TeamRole, level: AccessLevel) =>
      changed.table ? changed.table[role]!.includes(level) : actual.roleAllows(role, level),
  };
});

afterEach(() => {
  changed.table = null;
});

const PAGES: readonly ManageNavItem[] = [...allManageNavItems, doorNavItem];

function expectNavigationFollows(table: Readonly<Record<TeamRole, readonly AccessLevel[]>>) {
  // Every page of the table has its item, and every item its page.
  expect(PAGES.map((p) => p.icon).sort()).toEqual(
    (Object.keys(MANAGE_PAGE_ACCESS) as ManagePage[]).sort(),
  );
  for (const role of TEAM_ROLES) {
    for (const page of PAGES) {
      const allowed = table[role].includes(MANAGE_PAGE_ACCESS[page.icon]);
      const stays = manageRedirectFor(role, page.to) === null;
      expect(stays, `guard: ${role} on ${page.title}`).toBe(allowed);
      const listed = manageNavItemsFor(role).some((item) => item.to === page.to);
      // Owners and managers reach the doors through Events; the door is a steward's one item.
      if (page === doorNavItem) {
        if (listed) expect(allowed, `${role} lists ${page.title}`).toBe(true);
      } else {
        expect(listed, `sidebar: ${role} lists ${page.title}`).toBe(allowed);
      }
    }
  }
}

describe('the role table (packages/shared roles.ts) in the web navigation', () => {
  it('decides what the sidebar lists and where the guard lets each role stay', () => {
    expectNavigationFollows(ROLE_ACCESS);
  });

  it('is read, not copied: changed, the navigation follows', () => {
    const table = {
      owner: ['owner', 'manage', 'door'],
      manager: ['owner', 'manage', 'door'],
      door: ['manage', 'door'],
    } as const;
    changed.table = table;
    expectNavigationFollows(table);
  });
});
