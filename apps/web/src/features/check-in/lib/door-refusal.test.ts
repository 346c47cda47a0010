import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DoorOrder } from './door.ts';
import {
  DoorAccessRefused,
  DoorController,
  DoorEventNotFound,
  ticketsKey,
  validatedKey,
  type MarkAttendedResult,
} from './door-controller.ts';
import { memoryStore } from './memory-store.test-support.ts';

/**
 * Teams (issue 13): a steward removed from the team, or no longer given this event. The
 * server refuses the door's next sync; the device drops the event's attendee list and
 * keeps the check-ins it has not sent as codes only (as at logout, decision 018).
 */

const EVENT = 'ev-1';
const REMOVED = 'You are no longer on this organiser’s team.';

const order = (code: string, first: string): DoorOrder => ({
  _id: `id-${code}`,
  orderCode: code,
  firstName: first,
  lastName: 'Obi',
  email: `${first.toLowerCase()}@example.com`,
  totalPrice: 5000,
  quantity: 1,
  attendedAt: null,
});
const ADA = order('11111111', 'Ada');
const BAYO = order('22222222', 'Bayo');
const CHIDI = order('33333333', 'Chidi');

/** A server that admits, until it refuses: 403 with a sentence, or 404. */
function server(orders: DoorOrder[]) {
  const attended = new Map<string, string>();
  const calls = { fetch: 0, mark: 0 };
  const refusal: { fetch: (() => Error) | null; mark: (() => Error) | null } = {
    fetch: null,
    mark: null,
  };
  return {
    calls,
    attended,
    refuse(kind: 'fetch' | 'mark' | 'both', error: () => Error) {
      if (kind !== 'mark') refusal.fetch = error;
      if (kind !== 'fetch') refusal.mark = error;
    },
    async fetchOrders(): Promise<DoorOrder[]> {
      calls.fetch++;
      if (refusal.fetch) throw refusal.fetch();
      return orders.map((o) => ({ ...o, attendedAt: attended.get(o.orderCode) ?? null }));
    },
    async markAttended(_: string, codes: string[]): Promise<MarkAttendedResult> {
      calls.mark++;
      if (refusal.mark) throw refusal.mark();
      for (const code of codes) attended.set(code, new Date().toISOString());
      return { message: 'ok', marked: codes, alreadyUsed: [], unknown: [] };
    },
  };
}

function door(fake: ReturnType<typeof server>, storage = memoryStore()) {
  const log = { error: vi.fn(), warn: vi.fn() };
  const controller = new DoorController({
    eventId: EVENT,
    storage,
    fetchOrders: () => fake.fetchOrders(),
    markAttended: (id, codes) => fake.markAttended(id, codes),
    online: () => true,
    now: () => Date.now(),
    log,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return { controller, storage, log };
}

const settle = () => vi.advanceTimersByTimeAsync(0);
const stored = (storage: ReturnType<typeof memoryStore>, key: string) => {
  const text = storage.data.get(key);
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
};

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-25T19:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a door the server stops admitting (teams)', () => {
  it('drops the attendee list at a refused list fetch, keeping unsent codes only', async () => {
    const fake = server([ADA, BAYO, CHIDI]);
    const { controller, storage, log } = door(fake);
    controller.start();
    await settle();
    controller.validate(ADA.orderCode, 'scan');
    await controller.sync(); // Ada reaches the server.
    expect(fake.attended.has(ADA.orderCode)).toBe(true);
    expect(stored(storage, ticketsKey(EVENT))).toHaveLength(3);

    // Removed from the team; Bayo is scanned before the next sync.
    fake.refuse('both', () => new DoorAccessRefused(REMOVED));
    controller.validate(BAYO.orderCode, 'scan');
    await controller.sync();

    const state = controller.getState();
    expect(state.refused).toEqual({ hadList: true, message: REMOVED });
    expect(state.notFound).toBe(false);
    expect(state.index.orders).toHaveLength(0);
    expect(storage.data.has(ticketsKey(EVENT))).toBe(false);
    // Only Bayo's code is left: Ada's was sent; no names or emails anywhere.
    expect(stored(storage, validatedKey(EVENT))).toEqual([BAYO.orderCode]);
    expect([...storage.data.values()].join()).not.toMatch(/Bayo|example\.com/);
    expect(log.error).not.toHaveBeenCalled();

    // It stops asking.
    const asked = fake.calls.fetch + fake.calls.mark;
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fake.calls.fetch + fake.calls.mark).toBe(asked);
  });

  it('drops it when the idle post is refused while the list still came', async () => {
    const fake = server([ADA, BAYO]);
    const { controller, storage } = door(fake);
    controller.start();
    await settle();
    fake.refuse('mark', () => new DoorAccessRefused(REMOVED));
    controller.validate(ADA.orderCode, 'scan');
    controller.validate(BAYO.orderCode, 'manual');
    await vi.advanceTimersByTimeAsync(3_000); // the idle sync

    expect(controller.getState().refused?.hadList).toBe(true);
    expect(storage.data.has(ticketsKey(EVENT))).toBe(false);
    expect(stored(storage, validatedKey(EVENT))).toEqual([ADA.orderCode, BAYO.orderCode]);
  });

  it("'Send Validated Tickets' refused: rejects for the toast and drops the list too", async () => {
    const fake = server([ADA]);
    const { controller, storage } = door(fake);
    controller.start();
    await settle();
    controller.validate(ADA.orderCode, 'scan');
    fake.refuse('mark', () => new DoorAccessRefused(REMOVED));
    await expect(controller.sendValidated()).rejects.toThrow(REMOVED);
    expect(controller.getState().refused).toEqual({ hadList: true, message: REMOVED });
    expect(storage.data.has(ticketsKey(EVENT))).toBe(false);
    expect(stored(storage, validatedKey(EVENT))).toEqual([ADA.orderCode]);
  });

  it('treats a 404 for a door this device had a list of as access ended', async () => {
    const fake = server([ADA]);
    const storage = memoryStore({
      [ticketsKey(EVENT)]: JSON.stringify([ADA]),
      [validatedKey(EVENT)]: JSON.stringify([ADA.orderCode]),
    });
    fake.refuse('both', () => new DoorEventNotFound());
    const { controller } = door(fake, storage);
    controller.start();
    await settle();
    expect(controller.getState().refused).toEqual({ hadList: true, message: null });
    expect(storage.data.has(ticketsKey(EVENT))).toBe(false);
    expect(stored(storage, validatedKey(EVENT))).toEqual([ADA.orderCode]);
  });

  it('a door never opened here: a 403 says no access, a 404 not found; codes kept whole', async () => {
    for (const [error, expected] of [
      [() => new DoorAccessRefused(REMOVED), { refused: { hadList: false, message: REMOVED } }],
      [() => new DoorEventNotFound(), { refused: null, notFound: true }],
    ] as const) {
      const fake = server([ADA]);
      fake.refuse('both', error);
      const storage = memoryStore({ [validatedKey(EVENT)]: JSON.stringify(['99999999']) });
      const { controller } = door(fake, storage);
      controller.start();
      await settle();
      expect(controller.getState()).toMatchObject(expected);
      expect(stored(storage, validatedKey(EVENT))).toEqual(['99999999']);
      controller.stop();
    }
  });

  it('an outage is not a refusal: the list stays and the door keeps trying', async () => {
    const fake = server([ADA]);
    const { controller, storage } = door(fake);
    controller.start();
    await settle();
    fake.refuse('both', () => new Error('Network Error'));
    controller.validate(ADA.orderCode, 'scan');
    await controller.sync();
    expect(controller.getState().refused).toBeNull();
    expect(storage.data.has(ticketsKey(EVENT))).toBe(true);
    controller.stop();
  });
});
