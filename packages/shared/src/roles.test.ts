import { describe, expect, it } from 'vitest';
import {
  ACCESS_LEVELS,
  isDoorOnly,
  isMemberRole,
  MANAGE_PAGE_ACCESS,
  ROLE_REFUSALS,
  roleAllows,
  roleRefusal,
  TEAM_ROLES,
} from './roles.ts';

const allowed = (role: (typeof TEAM_ROLES)[number]) =>
  ACCESS_LEVELS.filter((level) => roleAllows(role, level));

describe('what each role may do (decision 040, decision 067)', () => {
  it('gives the owner everything, a manager all but the owner’s own, a steward the door', () => {
    expect(allowed('owner')).toEqual(['owner', 'manage', 'door']);
    expect(allowed('manager')).toEqual(['manage', 'door']);
    expect(allowed('door')).toEqual(['door']);
  });

  it('says the server’s sentence by what the role may do', () => {
    expect(roleRefusal('manager')).toBe(ROLE_REFUSALS.ownerOnly);
    expect(roleRefusal('door')).toBe(ROLE_REFUSALS.doorOnly);
  });

  it('knows who only checks tickets in, and which roles an owner gives', () => {
    expect(TEAM_ROLES.filter(isDoorOnly)).toEqual(['door']);
    expect(isDoorOnly(null)).toBe(false);
    expect(isDoorOnly(undefined)).toBe(false);
    expect(TEAM_ROLES.filter(isMemberRole)).toEqual(['manager', 'door']);
  });

  it('keeps Team to the owner and the door open to every role', () => {
    expect(TEAM_ROLES.filter((r) => roleAllows(r, MANAGE_PAGE_ACCESS.team))).toEqual(['owner']);
    expect(TEAM_ROLES.filter((r) => roleAllows(r, MANAGE_PAGE_ACCESS.door))).toEqual(TEAM_ROLES);
  });
});
