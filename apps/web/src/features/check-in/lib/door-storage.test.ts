import { afterEach, describe, expect, it, vi } from 'vitest';
import { MARK_CHUNK, type DoorOrder } from './door.ts';
import { DoorController } from './door-controller.ts';
import { hasDoorCache, refusedKey, ticketsKey, titleKey, validatedKey } from './door-keys.ts';
import {
  doorStore,
  forgetDoorLists,
  forgetEventLists,
  sendUnsentCheckIns,
} from './door-storage.ts';
import { memoryStore } from './memory-store.test-support.ts';

const order = (code: string, first: string, attendedAt: string | null = null): DoorOrder => ({
  _id: `id-${code}`,
  orderCode: code,
  firstName: first,
  lastName: 'Obi',
  email: `${first.toLowerCase()}@example.com`,
  totalPrice: 5000,
  quantity: 1,
  attendedAt,
});

const ADA = order('11111111', 'Ada', '2026-11-21T18:00:00.000Z');
const BAYO = order('22222222', 'Bayo');
const CHIDI = order('33333333', 'Chidi');

/** Every value on the device, to look for personal data in. */
const everything = (storage: { data: Map<string, string> }) => [...storage.data.values()].join(' ');

afterEach(async () => {
  // Each test starts signed in: lists may be written.
  await sendUnsentCheckIns(undefined, async () => undefined);
});

describe('logout: the door lists leave the device, unsent check-ins stay as codes', () => {
  it('removes every order list and keeps only the codes the server has not had', () => {
    const storage = memoryStore({
      token: 'abc',
      'persist:root': '{"auth":"{}"}',
      [ticketsKey('ev-1')]: JSON.stringify([ADA, BAYO, CHIDI]),
      [validatedKey('ev-1')]: JSON.stringify([ADA.orderCode, BAYO.orderCode]),
      [ticketsKey('ev-2')]: JSON.stringify([{ ...BAYO, attendedAt: ADA.attendedAt }]),
      [validatedKey('ev-2')]: JSON.stringify([BAYO.orderCode]),
      [ticketsKey('ev-3')]: JSON.stringify([CHIDI]),
    });
    forgetDoorLists(storage);
    expect(Object.fromEntries(storage.data)).toEqual({
      token: 'abc',
      'persist:root': '{"auth":"{}"}',
      // Bayo was let in and not sent yet; Ada's check-in the server already has.
      [validatedKey('ev-1')]: JSON.stringify([BAYO.orderCode]),
    });
    for (const personal of ['Ada', 'Bayo', 'Chidi', 'Obi', '@example.com', '5000']) {
      expect(everything(storage)).not.toContain(personal);
    }
    expect(hasDoorCache(storage, 'tickets')).toBe(false);
    expect(hasDoorCache(storage, 'validated')).toBe(true);
  });

  it('keeps the whole validated set when the list beside it cannot be read', () => {
    const storage = memoryStore({
      [ticketsKey('ev-1')]: '{oops',
      [validatedKey('ev-1')]: JSON.stringify([BAYO.orderCode, CHIDI.orderCode]),
    });
    forgetDoorLists(storage);
    expect(Object.fromEntries(storage.data)).toEqual({
      [validatedKey('ev-1')]: JSON.stringify([BAYO.orderCode, CHIDI.orderCode]),
    });
  });

  it('lets a door still open write scans but no list until the next login', async () => {
    const storage = memoryStore();
    const door = doorStore(storage);
    forgetDoorLists(storage);
    door.setItem(ticketsKey('ev-1'), JSON.stringify([BAYO]));
    door.setItem(validatedKey('ev-1'), JSON.stringify([BAYO.orderCode]));
    expect([...storage.data.keys()]).toEqual([validatedKey('ev-1')]);

    await sendUnsentCheckIns(storage, async () => undefined);
    door.setItem(ticketsKey('ev-1'), JSON.stringify([BAYO]));
    expect(storage.data.has(ticketsKey('ev-1'))).toBe(true);
  });

  it('a door scanning offline, then logged out: the scan survives as a code only', async () => {
    vi.useFakeTimers();
    try {
      const storage = memoryStore();
      const controller = new DoorController({
        eventId: 'ev-1',
        storage: doorStore(storage),
        fetchOrders: async () => [ADA, BAYO],
        markAttended: async () => Promise.reject(new Error('Network Error')),
        online: () => true,
        now: () => Date.now(),
        log: { error: () => undefined, warn: () => undefined },
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      });
      controller.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(controller.validate(BAYO.orderCode, 'manual').kind).toBe('valid');
      await vi.advanceTimersByTimeAsync(3500);
      expect(controller.getState().pending).toBe(1);
      expect(storage.data.has(ticketsKey('ev-1'))).toBe(true);

      forgetDoorLists(storage);
      // The idle cycle keeps going until the screen closes: it writes no list again.
      await vi.advanceTimersByTimeAsync(10_000);
      controller.stop();
      expect(Object.fromEntries(storage.data)).toEqual({
        [validatedKey('ev-1')]: JSON.stringify([ADA.orderCode, BAYO.orderCode]),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('login: unsent check-ins go to the server', () => {
  it('posts the codes left by a logout, per event, and forgets those the server took', async () => {
    const storage = memoryStore({
      [validatedKey('ev-1')]: JSON.stringify([BAYO.orderCode]),
      [validatedKey('ev-2')]: JSON.stringify([CHIDI.orderCode]),
      // A door still holding its list is left to the door itself.
      [ticketsKey('ev-3')]: JSON.stringify([ADA]),
      [validatedKey('ev-3')]: JSON.stringify([ADA.orderCode]),
    });
    const posted: [string, string[]][] = [];
    await sendUnsentCheckIns(storage, async (eventId, codes) => {
      posted.push([eventId, codes]);
      // Another organiser's event: the server answers 404.
      if (eventId === 'ev-2') throw new Error('Resource Not Found');
    });
    expect(posted).toEqual([
      ['ev-1', [BAYO.orderCode]],
      ['ev-2', [CHIDI.orderCode]],
    ]);
    expect(storage.data.has(validatedKey('ev-1'))).toBe(false);
    expect(storage.getItem(validatedKey('ev-2'))).toBe(JSON.stringify([CHIDI.orderCode]));
    expect(storage.getItem(validatedKey('ev-3'))).toBe(JSON.stringify([ADA.orderCode]));
  });

  it('keeps a scan saved while the codes were being sent, and sends large sets in parts', async () => {
    const codes = Array.from({ length: MARK_CHUNK + 2 }, (_, i) => String(10_000_000 + i));
    const storage = memoryStore({ [validatedKey('ev-1')]: JSON.stringify(codes) });
    const parts: number[] = [];
    await sendUnsentCheckIns(storage, async (_eventId, part) => {
      parts.push(part.length);
      storage.setItem(validatedKey('ev-1'), JSON.stringify([...codes, '99999999']));
    });
    expect(parts).toEqual([MARK_CHUNK, 2]);
    expect(storage.getItem(validatedKey('ev-1'))).toBe(JSON.stringify(['99999999']));
  });
});

describe('removed from a team: that organiser’s lists leave, the session and others stay', () => {
  it('forgets the named events’ lists and titles, keeps their unsent codes and other events', () => {
    const storage = memoryStore({
      token: 'abc',
      [ticketsKey('team-1')]: JSON.stringify([ADA, BAYO]),
      [validatedKey('team-1')]: JSON.stringify([ADA.orderCode, BAYO.orderCode]),
      [titleKey('team-1')]: 'Lagos Jazz Night',
      // The refused codes name new holders (decision 057): they leave too.
      [refusedKey('team-1')]: JSON.stringify([{ code: '44444444', reason: 'transferred' }]),
      [ticketsKey('team-2')]: JSON.stringify([CHIDI]),
      [ticketsKey('own-1')]: JSON.stringify([CHIDI]),
    });
    forgetEventLists(storage, ['team-1', 'team-2', 'team-1']);
    expect(Object.fromEntries(storage.data)).toEqual({
      token: 'abc',
      [validatedKey('team-1')]: JSON.stringify([BAYO.orderCode]),
      [ticketsKey('own-1')]: JSON.stringify([CHIDI]),
    });
    // Still signed in: the user's own door may keep writing its list.
    const door = doorStore(storage);
    door.setItem(ticketsKey('own-2'), '[]');
    expect(storage.data.has(ticketsKey('own-2'))).toBe(true);
  });
});
