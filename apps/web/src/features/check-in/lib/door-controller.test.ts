import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_SYNC_MS, SYNC_MAX_WAIT_MS, UNKNOWN_CODE_WAIT_MS, type DoorOrder } from './door.ts';
import {
  DoorController,
  DoorEventNotFound,
  ticketsKey,
  validatedKey,
  type KeyValueStore,
  type MarkAttendedResult,
} from './door-controller.ts';
import { memoryStore } from './memory-store.test-support.ts';

const EVENT = 'ev-1';

const order = (code: string, first: string, extra: Partial<DoorOrder> = {}): DoorOrder => ({
  _id: `id-${code}`,
  orderCode: code,
  firstName: first,
  lastName: 'Obi',
  email: `${first.toLowerCase()}@example.com`,
  totalPrice: 5000,
  quantity: 2,
  attendedAt: null,
  ...extra,
});

/** A fake server: the real rules in small (first check-in wins), with call records. */
function fakeServer(orders: DoorOrder[]) {
  const attended = new Map<string, string>();
  const calls = { fetch: 0, mark: [] as { codes: string[]; quiet: boolean }[] };
  let down = false;
  return {
    calls,
    attended,
    setDown(value: boolean) {
      down = value;
    },
    markElsewhere(code: string, at: string) {
      attended.set(code, at);
    },
    async fetchOrders(): Promise<DoorOrder[]> {
      calls.fetch++;
      if (down) throw new Error('Network Error');
      return orders.map((o) => ({ ...o, attendedAt: attended.get(o.orderCode) ?? null }));
    },
    async markAttended(_: string, codes: string[], quiet: boolean): Promise<MarkAttendedResult> {
      calls.mark.push({ codes, quiet });
      if (down) throw new Error('Network Error');
      const result: MarkAttendedResult = { message: '', marked: [], alreadyUsed: [], unknown: [] };
      for (const code of codes) {
        if (!orders.some((o) => o.orderCode === code)) result.unknown.push(code);
        else if (attended.has(code))
          result.alreadyUsed.push({ orderCode: code, attendedAt: attended.get(code)! });
        else {
          attended.set(code, new Date().toISOString());
          result.marked.push(code);
        }
      }
      result.message = `${result.marked.length} tickets checked in.`;
      return result;
    },
  };
}

function door(
  server: ReturnType<typeof fakeServer>,
  storage: KeyValueStore,
  network = { online: true },
) {
  const log = { error: vi.fn(), warn: vi.fn() };
  const controller = new DoorController({
    eventId: EVENT,
    storage,
    fetchOrders: () => server.fetchOrders(),
    markAttended: (id, codes, quiet) => server.markAttended(id, codes, quiet),
    online: () => network.online,
    now: () => Date.now(),
    log,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return { controller, log };
}

/** Lets pending promise callbacks run without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

const ADA = order('11111111', 'Ada');
const BAYO = order('22222222', 'Bayo', { quantity: 1 });
const CHIDI = order('33333333', 'Chidi', { quantity: undefined });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T18:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('opening the door (spec §2)', () => {
  it('shows the cached orders and validated set first, then the server list', async () => {
    const server = fakeServer([ADA, BAYO, CHIDI]);
    const storage = memoryStore({
      [ticketsKey(EVENT)]: JSON.stringify([ADA]),
      [validatedKey(EVENT)]: JSON.stringify([ADA.orderCode]),
    });
    const { controller } = door(server, storage);
    expect(controller.getState().index.orders).toHaveLength(1);
    expect(controller.getState().checkedIn).toBe(2);
    expect(controller.getState().totalTickets).toBe(2);

    controller.start();
    await settle();
    const state = controller.getState();
    expect(server.calls.fetch).toBe(1);
    expect(state.index.orders).toHaveLength(3);
    expect(state.totalTickets).toBe(4);
    expect(state.validated.has(ADA.orderCode)).toBe(true);
    expect(state.pending).toBe(1);
    controller.stop();
  });

  it('ignores a malformed cache instead of failing', () => {
    const server = fakeServer([ADA]);
    const storage = memoryStore({ [ticketsKey(EVENT)]: '{oops', [validatedKey(EVENT)]: '[1,2]' });
    const { controller, log } = door(server, storage);
    expect(controller.getState().index.orders).toHaveLength(0);
    expect(controller.getState().validated.size).toBe(0);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

describe("an event that is not the user's", () => {
  it('says not found when the server answers so, and stops syncing; an outage does not', async () => {
    const server = fakeServer([ADA]);
    const storage = memoryStore({ [ticketsKey(EVENT)]: JSON.stringify([ADA]) });
    const { controller } = door(server, storage);
    server.setDown(true);
    controller.start();
    await settle();
    expect(controller.getState().notFound).toBe(false);
    expect(controller.getState().refreshFailed).toBe(true);
    controller.stop();

    let asked = 0;
    const refusing = {
      ...server,
      fetchOrders: () => {
        asked++;
        return Promise.reject(new DoorEventNotFound());
      },
    };
    const refused = door(refusing, memoryStore());
    refused.controller.start();
    await settle();
    expect(refused.controller.getState().notFound).toBe(true);
    expect(refused.log.error).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toBe(1);
  });
});

describe('scanning (spec §4)', () => {
  it('answers valid then used, and saves the validated set at once', async () => {
    const server = fakeServer([ADA, BAYO]);
    const storage = memoryStore();
    const { controller } = door(server, storage);
    controller.start();
    await settle();

    expect(controller.validate(ADA.orderCode, 'manual').kind).toBe('valid');
    expect(JSON.parse(storage.data.get(validatedKey(EVENT))!)).toEqual([ADA.orderCode]);
    expect(controller.validate(ADA.orderCode, 'scan').kind).toBe('used');
    expect(controller.validate('99999999', 'scan').kind).toBe('invalid');
    const { result, checkedIn } = controller.getState();
    expect(result?.outcome.kind).toBe('invalid');
    expect(result?.source).toBe('scan');
    expect(checkedIn).toBe(2);
    controller.stop();
  });
});

describe('a code the list does not know yet (decision 109)', () => {
  const DAYO = order('44444444', 'Dayo', { quantity: 1 });

  it('is bought after the list came: the door asks for the changes, then says Valid', async () => {
    const sold = [ADA];
    const server = fakeServer(sold);
    const { controller } = door(server, memoryStore());
    controller.start();
    await settle();
    sold.push(DAYO); // sold at the box office a moment ago
    const fetches = server.calls.fetch;

    const outcome = controller.check(DAYO.orderCode, 'manual');
    await settle();
    expect((await outcome).kind).toBe('valid');
    expect(server.calls.fetch).toBe(fetches + 1);
    expect(controller.getState().result?.outcome.kind).toBe('valid');
    controller.stop();
  });

  it('is typed while the first list is still on its way: it waits for that list', async () => {
    const server = fakeServer([ADA, DAYO]);
    let arrive!: () => void;
    const gate = new Promise<void>((resolve) => (arrive = resolve));
    const slow = {
      ...server,
      fetchOrders: async () => {
        await gate;
        return server.fetchOrders();
      },
    };
    const { controller } = door(slow, memoryStore());
    controller.start();
    await settle();

    const outcome = controller.check(DAYO.orderCode, 'manual');
    await vi.advanceTimersByTimeAsync(500);
    expect(controller.getState().result).toBeNull(); // not judged against an empty list
    expect(controller.getState().checking).toBe(DAYO.orderCode); // the screen says so
    arrive();
    await settle();
    expect((await outcome).kind).toBe('valid');
    expect(controller.getState().checking).toBeNull();
    controller.stop();
  });

  it('still unknown after the changes, or offline, or a known code: judged at once as before', async () => {
    const server = fakeServer([ADA]);
    const network = { online: true };
    const { controller } = door(server, memoryStore(), network);
    controller.start();
    await settle();

    let fetches = server.calls.fetch;
    const unknown = controller.check('99999999', 'scan');
    await settle();
    expect((await unknown).kind).toBe('invalid');
    expect(server.calls.fetch).toBe(fetches + 1);

    // A known code and a foreign QR text never wait for the server.
    fetches = server.calls.fetch;
    expect((await controller.check(ADA.orderCode, 'scan')).kind).toBe('valid');
    expect((await controller.check('https://example.com/not-a-ticket', 'scan')).kind).toBe(
      'invalid',
    );
    network.online = false;
    expect((await controller.check('88888888', 'manual')).kind).toBe('invalid');
    expect(server.calls.fetch).toBe(fetches);
    controller.stop();
  });

  it(`a server that does not answer: Invalid after ${UNKNOWN_CODE_WAIT_MS} ms, not never`, async () => {
    const server = fakeServer([ADA]);
    const { controller } = door(server, memoryStore());
    controller.start();
    await settle();
    const hung = { ...server, fetchOrders: () => new Promise<DoorOrder[]>(() => undefined) };
    const stuck = door(hung, memoryStore());
    stuck.controller.start();
    await settle();

    let judged = false;
    const outcome = stuck.controller.check('12345678', 'manual').then((o) => {
      judged = true;
      return o;
    });
    await vi.advanceTimersByTimeAsync(UNKNOWN_CODE_WAIT_MS - 1);
    expect(judged).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).kind).toBe('invalid');
    stuck.controller.stop();
    controller.stop();
  });
});

describe('idle sync (spec §4, §7, §9: 3000 ms)', () => {
  it('after 3000 ms without scanning: refreshes, posts the validated codes quietly, saves', async () => {
    const server = fakeServer([ADA, BAYO]);
    const storage = memoryStore();
    const { controller } = door(server, storage);
    controller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    controller.validate(ADA.orderCode, 'scan');
    await vi.advanceTimersByTimeAsync(2000);
    // More activity restarts the 3 s.
    controller.validate(BAYO.orderCode, 'scan');
    const fetchesBefore = server.calls.fetch;
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS - 1);
    expect(server.calls.mark).toHaveLength(0);
    expect(server.calls.fetch).toBe(fetchesBefore);

    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls.fetch).toBe(fetchesBefore + 1);
    expect(server.calls.mark).toEqual([{ codes: [ADA.orderCode, BAYO.orderCode], quiet: true }]);
    expect([...server.attended.keys()].sort()).toEqual([ADA.orderCode, BAYO.orderCode]);
    expect(controller.getState().pending).toBe(0);
    const saved = JSON.parse(storage.data.get(ticketsKey(EVENT))!) as DoorOrder[];
    expect(saved.every((o) => o.attendedAt)).toBe(true);

    // Idle on: the next syncs send nothing already sent.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls.mark).toHaveLength(1);
    expect(server.calls.fetch).toBeGreaterThan(fetchesBefore + 1);
    controller.stop();
  });

  it('still sends within 30 s at a door that never pauses for 3 s', async () => {
    const server = fakeServer([ADA]);
    const { controller } = door(server, memoryStore());
    controller.start();
    await settle();
    controller.validate(ADA.orderCode, 'scan');
    for (let t = 0; t < SYNC_MAX_WAIT_MS + 2000; t += 2000) {
      await vi.advanceTimersByTimeAsync(2000);
      controller.validate('00000000', 'scan');
    }
    expect(server.calls.mark.map((m) => m.codes)).toEqual([[ADA.orderCode]]);
    controller.stop();
  });

  it('learns of a check-in on another device at its next refresh', async () => {
    const server = fakeServer([ADA, BAYO]);
    const { controller } = door(server, memoryStore());
    controller.start();
    await settle();
    server.markElsewhere(BAYO.orderCode, '2026-11-21T17:59:00.000Z');
    expect(controller.validate('00000000', 'manual').kind).toBe('invalid');
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS);
    expect(controller.validate(BAYO.orderCode, 'search').kind).toBe('used');
    expect(server.calls.mark).toHaveLength(0);
    controller.stop();
  });
});

describe('no network', () => {
  it('keeps validating from the cache, survives a reload, and sends when the network returns', async () => {
    const server = fakeServer([ADA, BAYO]);
    const storage = memoryStore();
    const network = { online: true };
    const first = door(server, storage, network);
    first.controller.start();
    await settle();
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS);
    first.controller.stop();

    network.online = false;
    const fetches = server.calls.fetch;
    // Reopened offline: everything from local storage.
    const second = door(server, storage, network);
    second.controller.start();
    await settle();
    expect(second.controller.getState().index.orders).toHaveLength(2);
    expect(second.controller.validate(ADA.orderCode, 'manual').kind).toBe('valid');
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS * 4);
    expect(server.calls.fetch).toBe(fetches);
    expect(server.calls.mark).toHaveLength(0);
    expect(second.controller.getState().pending).toBe(1);
    second.controller.stop();

    // Reloaded again, still offline: the scan is still there.
    const third = door(server, storage, network);
    third.controller.start();
    expect(third.controller.validate(ADA.orderCode, 'manual').kind).toBe('used');
    network.online = true;
    third.controller.setOnline(true);
    await settle();
    expect(server.calls.mark).toEqual([{ codes: [ADA.orderCode], quiet: true }]);
    expect(server.attended.has(ADA.orderCode)).toBe(true);
    expect(third.controller.getState().pending).toBe(0);
    third.controller.stop();
  });

  it('only logs failed retrievals and posts, and retries the codes at the next sync', async () => {
    const server = fakeServer([ADA]);
    const { controller, log } = door(server, memoryStore());
    controller.start();
    await settle();
    server.setDown(true);
    controller.validate(ADA.orderCode, 'scan');
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(controller.getState().refreshFailed).toBe(true);
    expect(controller.getState().postFailed).toBe(true);
    expect(controller.getState().pending).toBe(1);

    server.setDown(false);
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS * 2);
    expect(server.attended.has(ADA.orderCode)).toBe(true);
    expect(controller.getState().refreshFailed).toBe(false);
    expect(controller.getState().postFailed).toBe(false);
    expect(controller.getState().pending).toBe(0);
    controller.stop();
  });
});

describe("'Send Validated Tickets' (spec §7)", () => {
  it('posts every validated code with the toast allowed, and answers the message', async () => {
    const server = fakeServer([ADA, BAYO]);
    const { controller } = door(server, memoryStore());
    controller.start();
    await settle();
    controller.validate(ADA.orderCode, 'manual');
    const result = await controller.sendValidated();
    expect(result.message).toBe('1 tickets checked in.');
    expect(server.calls.mark).toEqual([{ codes: [ADA.orderCode], quiet: false }]);
    expect(controller.getState().pending).toBe(0);
    controller.stop();
  });

  it('rejects when the server cannot be reached (the API client shows the toast)', async () => {
    const server = fakeServer([ADA]);
    const { controller } = door(server, memoryStore());
    server.setDown(true);
    await expect(controller.sendValidated()).rejects.toThrow('Network Error');
  });
});

describe('Export / Import (spec §2)', () => {
  it('restores both lists on another device, keeping codes validated there', async () => {
    const server = fakeServer([ADA, BAYO, CHIDI]);
    const a = door(server, memoryStore());
    a.controller.start();
    await settle();
    a.controller.validate(ADA.orderCode, 'manual');
    const file = a.controller.exportJson();
    a.controller.stop();

    const b = door(server, memoryStore(), { online: false });
    b.controller.validate(BAYO.orderCode, 'manual'); // unknown here yet: Invalid
    // ADA's check-in and the three orders are new here.
    expect(b.controller.importJson(file)).toEqual({ orders: 3, checkIns: 1 });
    // The same file again adds nothing.
    expect(b.controller.importJson(file)).toEqual({ orders: 0, checkIns: 0 });
    expect(b.controller.getState().index.orders).toHaveLength(3);
    expect(b.controller.validate(ADA.orderCode, 'manual').kind).toBe('used');
    expect(b.controller.validate(CHIDI.orderCode, 'manual').kind).toBe('valid');
    expect(b.controller.getState().checkedIn).toBe(3);
  });

  it('silently ignores a malformed file', () => {
    const server = fakeServer([ADA]);
    const storage = memoryStore({ [ticketsKey(EVENT)]: JSON.stringify([ADA]) });
    const { controller } = door(server, storage);
    expect(controller.importJson('{"tickets": 5}')).toBeNull();
    expect(controller.importJson('not json')).toBeNull();
    expect(controller.getState().index.orders).toEqual([ADA]);
  });
});
