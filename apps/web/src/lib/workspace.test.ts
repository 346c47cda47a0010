import { DEVICE_HEADER, ORGANISER_HEADER, type WorkspaceDto } from '@gatepass/shared';
import { describe, expect, it } from 'vitest';
import { DEVICE_HEADER_NAME, ORGANISER_HEADER_NAME } from './storage.ts';
import { awaitingFirstAnswer, isStaleChoice, resolveWorkspace, startPathFor } from './workspace.ts';

const ws = (organiserId: string, role: WorkspaceDto['role'], extra: Partial<WorkspaceDto> = {}) =>
  ({
    organiserId,
    organiserName: `Org ${organiserId}`,
    role,
    events: null,
    isDefault: false,
    ...extra,
  }) satisfies WorkspaceDto;

const event = (id: string) => ({
  id,
  title: id,
  startsAt: '2026-12-01T18:00:00Z',
  status: 'published',
});

describe('workspaces', () => {
  it('spells the contract names (kept apart so menus load no contracts)', () => {
    expect(ORGANISER_HEADER_NAME).toBe(ORGANISER_HEADER);
    expect(DEVICE_HEADER_NAME).toBe(DEVICE_HEADER);
  });

  it('uses the chosen workspace while the user belongs to it, else the default', () => {
    const list = [ws('me', 'owner', { isDefault: true }), ws('folake', 'door')];
    expect(resolveWorkspace(list, 'folake')?.organiserId).toBe('folake');
    expect(resolveWorkspace(list, null)?.organiserId).toBe('me');
    expect(resolveWorkspace(list, 'gone')?.organiserId).toBe('me');
    expect(isStaleChoice(list, 'gone')).toBe(true);
    expect(isStaleChoice(list, 'folake')).toBe(false);
    expect(isStaleChoice(list, null)).toBe(false);
    expect(resolveWorkspace([ws('a', 'manager')], null)?.organiserId).toBe('a');
    expect(resolveWorkspace([], 'a')).toBeNull();
  });

  it('starts a door steward at their one door, or their list; others at home', () => {
    expect(startPathFor(ws('a', 'door', { events: [event('ev-1')] }))).toBe(
      '/events/manage/verify-ticket/ev-1',
    );
    expect(startPathFor(ws('a', 'door', { events: [event('ev-1'), event('ev-2')] }))).toBe(
      '/events/manage/verify-ticket',
    );
    expect(startPathFor(ws('a', 'door'))).toBe('/events/manage/verify-ticket');
    expect(startPathFor(ws('a', 'manager'))).toBe('/events/manage/home');
    expect(startPathFor(null)).toBe('/events/manage/home');
  });
});

describe('the manage area waits for the workspaces', () => {
  it('only while the first answer is on its way, not offline, not after a failure', () => {
    const q = { isPending: true, fetchStatus: 'fetching', errorUpdatedAt: 0 } as const;
    expect(awaitingFirstAnswer(q)).toBe(true);
    expect(awaitingFirstAnswer({ ...q, fetchStatus: 'paused' })).toBe(false);
    // A retry after a failure: pending again, but the area must not unmount.
    expect(awaitingFirstAnswer({ ...q, errorUpdatedAt: 1_700_000_000_000 })).toBe(false);
    expect(awaitingFirstAnswer({ ...q, isPending: false })).toBe(false);
  });
});
