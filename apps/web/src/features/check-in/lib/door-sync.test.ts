import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ordersOfRows } from '../api/get-door-orders.ts';
import {
  admitsText,
  IDLE_SYNC_MS,
  indexOrders,
  searchOrders,
  withChanges,
  type DoorChanges,
  type DoorList,
  type DoorOrder,
} from './door.ts';
import { DoorController, ticketsKey } from './door-controller.ts';
import { memoryStore } from './memory-store.test-support.ts';

/**
 * The door's compact list and its since-cursor sync (issue 23 §3, decision 088): the rows
 * become the door's orders, and an idle sync that changed nothing leaves the list as it is.
 */

const EVENT = 'ev-sync';

const order = (code: string, first: string, extra: Partial<DoorOrder> = {}): DoorOrder => ({
  orderCode: code,
  firstName: first,
  lastName: 'Obi',
  email: `${first.toLowerCase()}@example.com`,
  totalPrice: 50,
  quantity: 1,
  attendedAt: null,
  ticketTypes: [{ name: 'Regular', quantity: 1 }],
  ...extra,
});

describe('ordersOfRows', () => {
  it('reads each row as the spec’s order, an order of several types from its consecutive rows', () => {
    const at = Date.parse('2026-11-27T18:30:00.000Z');
    const orders = ordersOfRows(
      [
        ['11111111', 'Ada', 'Obi', 'ada@example.com', 500_000, 3, null, 0, 'VIP', 1, null],
        ['11111111', 'Ada', 'Obi', 'ada@example.com', 500_000, 3, null, 0, 'Regular', 2, null],
        // `extra`: the door's further order fields; the row's own fields cannot be replaced.
        [
          '22222222',
          'Bayo',
          'Eze',
          'bayo@example.com',
          0,
          1,
          at,
          1,
          'Regular',
          1,
          { _id: 'o-2', firstName: 'X' },
        ],
        ['bad row'],
      ],
      ['Regular', 'VIP'],
    );
    expect(orders).toEqual([
      {
        orderCode: '11111111',
        firstName: 'Ada',
        lastName: 'Obi',
        email: 'ada@example.com',
        totalPrice: 5000,
        quantity: 3,
        attendedAt: null,
        ticketTypes: [
          { name: 'Regular', quantity: 2 },
          { name: 'VIP', quantity: 1 },
        ],
      },
      {
        _id: 'o-2',
        orderCode: '22222222',
        firstName: 'Bayo',
        lastName: 'Eze',
        email: 'bayo@example.com',
        totalPrice: 0,
        quantity: 1,
        attendedAt: '2026-11-27T18:30:00.000Z',
        ticketTypes: [{ name: 'Regular', quantity: 1 }],
        testPayment: true,
      },
    ]);
  });

  it('takes the further fields from any row of the order and leaves out a type of no tickets left', () => {
    const orders = ordersOfRows(
      [
        // A group order: two Regular kept, its VIP sent on; the names given to its tickets.
        ['33333333', 'Bola', 'Ige', 'b@example.com', 900_000, 2, null, 0, 'Regular', 2, null],
        ['33333333', 'Bola', 'Ige', 'b@example.com', 900_000, 2, null, 0, 'VIP', 0, null],
        [
          '33333333',
          'Bola',
          'Ige',
          'b@example.com',
          900_000,
          2,
          null,
          0,
          'Table',
          1,
          { holders: ['Kemi Adeyemi'], admits: 12 },
        ],
        ['44444444', 'Dayo', 'Ige', 'd@example.com', 0, 0, null, 0, 'VIP', 0, null],
      ],
      ['Regular', 'VIP', 'Table'],
    );
    expect(orders[0]).toMatchObject({
      ticketTypes: [
        { name: 'Regular', quantity: 2 },
        { name: 'Table', quantity: 1 },
      ],
      holders: ['Kemi Adeyemi'],
      admits: 12,
    });
    expect(admitsText(orders[0]!)).toBe('Admits 12');
    expect(searchOrders(indexOrders(orders), 'kemi').matches.map((o) => o.orderCode)).toEqual([
      '33333333',
    ]);
    expect(orders[1]!.ticketTypes).toEqual([]);
  });
});

describe('withChanges', () => {
  const ADA = order('11111111', 'Ada');
  const BAYO = order('22222222', 'Bayo');
  it('replaces changed orders in place, appends new ones and drops gone codes', () => {
    const seen = order('11111111', 'Ada', { attendedAt: '2026-11-27T18:00:00.000Z' });
    const CHIDI = order('33333333', 'Chidi');
    expect(withChanges([ADA, BAYO], [seen, CHIDI], [BAYO.orderCode])).toEqual([seen, CHIDI]);
  });
  it('returns the same list when nothing changed', () => {
    const list = [ADA, BAYO];
    expect(withChanges(list, [], [])).toBe(list);
  });
});

/**
 * A door whose server gives `answers` in turn (then empty changes at `lastCursor`), noting
 * each cursor it was asked with in `asked` and each batch of codes sent in `marked`.
 */
function syncingDoor(
  storage: ReturnType<typeof memoryStore>,
  asked: (string | null)[],
  answers: (DoorList | DoorChanges)[],
  lastCursor: string,
  marked: string[][] = [],
): DoorController {
  return new DoorController({
    eventId: EVENT,
    storage,
    fetchOrders: async (_, since) => {
      asked.push(since);
      return answers.shift() ?? { changes: true, orders: [], gone: [], cursor: lastCursor };
    },
    markAttended: async (_, codes) => {
      marked.push([...codes]);
      return { message: '', marked: [], alreadyUsed: [], unknown: [] };
    },
    online: () => true,
    now: () => Date.now(),
    log: { error: vi.fn(), warn: vi.fn() },
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
}

describe('the door syncing from its cursor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-27T18:00:00.000Z') });
  });
  afterEach(() => vi.useRealTimers());

  it('asks for everything once, then only for changes; an empty sync rebuilds and re-saves nothing', async () => {
    const ADA = order('11111111', 'Ada');
    const BAYO = order('22222222', 'Bayo');
    const asked: (string | null)[] = [];
    const answers: (DoorList | DoorChanges)[] = [
      { orders: [ADA, BAYO], refused: [], cursor: '100.000001' },
      // The catch-up from the whole list's cursor, at once (the list may be a kept copy).
      { changes: true, orders: [], gone: [], cursor: '100.000001' },
      { changes: true, orders: [], gone: [], cursor: '100.000001' },
      {
        changes: true,
        orders: [order('22222222', 'Bayo', { attendedAt: '2026-11-27T18:00:05.000Z' })],
        gone: [ADA.orderCode],
        refused: [{ code: ADA.orderCode, reason: 'refunded' }],
        cursor: '106.5',
      },
    ];
    const storage = memoryStore({});
    const setItem = vi.spyOn(storage, 'setItem');
    const controller = syncingDoor(storage, asked, answers, '106.5');
    controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = controller.getState().index;
    expect(first.orders).toHaveLength(2);
    const listWrites = () => setItem.mock.calls.filter(([key]) => key === ticketsKey(EVENT)).length;
    expect(listWrites()).toBe(1);
    expect(asked).toEqual([null, '100.000001']);

    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS);
    expect(asked).toEqual([null, '100.000001', '100.000001']);
    expect(controller.getState().index).toBe(first);
    expect(listWrites()).toBe(1);

    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS * 2);
    expect(asked).toEqual([null, '100.000001', '100.000001', '100.000001']);
    const { index, validated } = controller.getState();
    expect(index.orders.map((o) => o.orderCode)).toEqual(['22222222']);
    expect(index.refusedByCode.get('11111111')?.reason).toBe('refunded');
    // Let in at another device: 'Already used' here too.
    expect(validated.has('22222222')).toBe(true);
    expect(listWrites()).toBe(2);
    controller.stop();
  });

  it('keeps the refused codes it holds when a sync sends none (decision 113)', async () => {
    const ADA = order('11111111', 'Ada');
    const asked: (string | null)[] = [];
    const answers: (DoorList | DoorChanges)[] = [
      {
        orders: [ADA],
        refused: [{ code: '99999999', reason: 'other_event', event: 'Day Two' }],
        cursor: '100.000001',
      },
      { changes: true, orders: [], gone: [], cursor: '100.000001' },
      // Check-ins elsewhere on the list: the rows, and no refused codes (none changed).
      {
        changes: true,
        orders: [order('11111111', 'Ada', { attendedAt: '2026-11-27T18:00:05.000Z' })],
        gone: [],
        cursor: '106.5',
      },
    ];
    const controller = syncingDoor(memoryStore({}), asked, answers, '106.5');
    controller.start();
    await vi.advanceTimersByTimeAsync(IDLE_SYNC_MS);
    const { index } = controller.getState();
    expect(asked).toHaveLength(3);
    expect(index.byCode.get(ADA.orderCode)?.attendedAt).toBe('2026-11-27T18:00:05.000Z');
    expect(controller.validate('99999999', 'manual')).toMatchObject({
      kind: 'invalid',
      refusal: { reason: 'other_event', event: 'Day Two' },
    });
    controller.stop();
  });

  it('keeps its own check-ins over a whole list the server built before them, and catches up at once', async () => {
    const at = '2026-11-27T17:59:00.000Z';
    const ADA = order('11111111', 'Ada');
    const BAYO = order('22222222', 'Bayo');
    // Ada was let in on this device and sent; the page was then reloaded.
    const storage = memoryStore({
      [ticketsKey(EVENT)]: JSON.stringify([{ ...ADA, attendedAt: at }, BAYO]),
      [`validated_${EVENT}`]: JSON.stringify([ADA.orderCode]),
    });
    const CHIDI = order('33333333', 'Chidi');
    const asked: (string | null)[] = [];
    const answers: (DoorList | DoorChanges)[] = [
      // A copy the server kept from before Ada's check-in (decision 088).
      { orders: [ADA, BAYO], refused: [], cursor: '90.5' },
      // What changed since that copy: Chidi bought a ticket meanwhile.
      { changes: true, orders: [CHIDI], gone: [], cursor: '101.25' },
    ];
    const marked: string[][] = [];
    const controller = syncingDoor(storage, asked, answers, '101.25', marked);
    controller.start();
    await vi.advanceTimersByTimeAsync(0);

    expect(asked).toEqual([null, '90.5']);
    const { index, pending } = controller.getState();
    expect(index.byCode.get(ADA.orderCode)?.attendedAt).toBe(at);
    // Nothing is owed to the server: Ada's check-in is not sent again, nor kept as unsent.
    expect(pending).toBe(0);
    expect(JSON.parse(storage.getItem(ticketsKey(EVENT))!)[0].attendedAt).toBe(at);
    // A ticket bought after the kept copy is known at once, not at the next idle sync.
    expect(controller.validate(CHIDI.orderCode, 'manual').kind).toBe('valid');
    expect(marked).toEqual([]);
    controller.stop();
  });
});
