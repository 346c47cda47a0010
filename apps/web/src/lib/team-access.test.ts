import { describe, expect, it } from 'vitest';
import {
  forgetKnownTeams,
  hasKnownTeams,
  reconcileTeams,
  rememberTeamDoor,
  removedFromTeamMessage,
  TEAMS_KEY,
} from './team-access.ts';

function memory(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const own = { organiserId: 'me', organiserName: 'My events', role: 'owner' as const, events: null };
const jazz = {
  organiserId: 'folake',
  organiserName: 'Folake Adeyemi',
  role: 'door' as const,
  events: [{ id: 'ev-jazz', title: 'Lagos Jazz Night', startsAt: '', status: 'published' }],
};
const shop = {
  organiserId: 'kemi',
  organiserName: 'Kemi Bello',
  role: 'manager' as const,
  events: null,
};

describe('the teams a device remembers (issue 21 §6)', () => {
  it('reports a team that is gone, with the events whose lists this device may hold', () => {
    const store = memory();
    expect(reconcileTeams('me', [own, jazz, shop], store)).toEqual([]);
    expect(hasKnownTeams('me', store)).toBe(true);
    // A manager's workspace lists no events: the door remembers what it opened.
    rememberTeamDoor('kemi', 'ev-shop', store);
    rememberTeamDoor('me', 'ev-mine', store);
    rememberTeamDoor('kemi', 'ev-shop', store);

    const lost = reconcileTeams('me', [own, jazz], store);
    expect(lost).toEqual([
      { organiserId: 'kemi', organiserName: 'Kemi Bello', eventIds: ['ev-shop'] },
    ]);
    expect(reconcileTeams('me', [own], store)).toEqual([
      { organiserId: 'folake', organiserName: 'Folake Adeyemi', eventIds: ['ev-jazz'] },
    ]);
    // Nothing left to remember: the key goes, and a page load asks nothing more.
    expect(store.data.has(TEAMS_KEY)).toBe(false);
    expect(hasKnownTeams('me', store)).toBe(false);
    expect(reconcileTeams('me', [own], store)).toEqual([]);
  });

  it('keeps the events it learnt when a door steward’s list changes', () => {
    const store = memory();
    reconcileTeams('me', [own, jazz], store);
    reconcileTeams('me', [own, { ...jazz, events: [] }], store);
    expect(reconcileTeams('me', [own], store)[0]?.eventIds).toEqual(['ev-jazz']);
  });

  it('reports nothing of another user, and nothing after logout', () => {
    const store = memory();
    reconcileTeams('someone-else', [own, jazz], store);
    expect(hasKnownTeams('me', store)).toBe(false);
    expect(reconcileTeams('me', [own], store)).toEqual([]);
    reconcileTeams('me', [own, jazz], store);
    forgetKnownTeams(store);
    expect(reconcileTeams('me', [own], store)).toEqual([]);
  });

  it('survives a broken record', () => {
    const store = memory({ [TEAMS_KEY]: '{oops' });
    expect(reconcileTeams('me', [own, jazz], store)).toEqual([]);
    expect(hasKnownTeams('me', store)).toBe(true);
  });

  it('says who removed them', () => {
    expect(removedFromTeamMessage('Folake Adeyemi')).toMatch(
      /^You were removed from Folake Adeyemi's team\./,
    );
  });
});
