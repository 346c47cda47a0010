import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bannerText, indexOrders, judge, type DoorOrder, type RefusedCode } from './door.ts';
import { DoorController, refusedKey, ticketsKey } from './door-controller.ts';
import { forgetDoorLists } from './door-storage.ts';
import { memoryStore } from './memory-store.test-support.ts';

/**
 * Issue 24 §1: the door says why it refuses a code — transferred (to whom, when),
 * refunded, cancelled, unpaid, another event's — from the list it keeps, offline too. The
 * spec's 'Invalid' stays the first line; the reason is the second.
 */

const EVENT = 'ev-1';
const ADA: DoorOrder = {
  _id: 'id-1',
  orderCode: '11111111',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  totalPrice: 5000,
  quantity: 1,
  attendedAt: null,
};
const REFUSED: RefusedCode[] = [
  { code: '22222222', reason: 'transferred', to: 'Bola Ade', at: '2026-11-21T17:05:00.000Z' },
  { code: '33333333', reason: 'refunded', at: '2026-11-21T16:00:00.000Z' },
  { code: '44444444', reason: 'cancelled', at: '2026-11-21T16:00:00.000Z' },
  { code: '55555555', reason: 'unpaid' },
  { code: '66666666', reason: 'other_event', event: 'Sip and Paint Saturday' },
];

describe('the banner', () => {
  const index = indexOrders([ADA], REFUSED);
  const text = (code: string) => bannerText(judge(index, new Set(), code));

  it('keeps "Invalid" and adds why, for each reason', () => {
    expect(text('22222222').title).toBe('Invalid');
    expect(text('22222222').detail).toMatch(/^Transferred to Bola Ade on /);
    expect(text('33333333').detail).toMatch(/^Refunded on /);
    expect(text('44444444').detail).toMatch(/^Cancelled by the organiser on /);
    expect(text('55555555').detail).toBe('Not paid: this order was never completed');
    expect(text('66666666').detail).toBe('For another event: Sip and Paint Saturday');
  });

  it('says only "Invalid" for a code it knows nothing of, and admits a listed code as before', () => {
    expect(text('99999999')).toEqual({ title: 'Invalid' });
    expect(judge(index, new Set(), ADA.orderCode).kind).toBe('valid');
  });
});

describe('offline', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-21T18:00:00.000Z') });
  });
  afterEach(() => vi.useRealTimers());

  const controllerOn = (storage: ReturnType<typeof memoryStore>, online: boolean) =>
    new DoorController({
      eventId: EVENT,
      storage,
      fetchOrders: async () => ({ orders: [ADA], refused: REFUSED }),
      markAttended: async () => ({ message: '', marked: [], alreadyUsed: [], unknown: [] }),
      online: () => online,
      now: () => Date.now(),
      log: { error: vi.fn(), warn: vi.fn() },
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    });

  it('keeps the reasons with the list, so a device reopened offline still says why', async () => {
    const storage = memoryStore({});
    const first = controllerOn(storage, true);
    first.start();
    await vi.advanceTimersByTimeAsync(0);
    first.stop();
    expect(storage.getItem(refusedKey(EVENT))).toContain('Bola Ade');

    const reopened = controllerOn(storage, false);
    const outcome = reopened.validate('22222222', 'manual');
    expect(bannerText(outcome).detail).toMatch(/^Transferred to Bola Ade/);
  });

  it('leaves the device with the order list at logout (names of new holders included)', async () => {
    const storage = memoryStore({});
    const c = controllerOn(storage, true);
    c.start();
    await vi.advanceTimersByTimeAsync(0);
    c.stop();
    expect(storage.getItem(ticketsKey(EVENT))).not.toBeNull();
    forgetDoorLists(storage);
    expect(storage.getItem(ticketsKey(EVENT))).toBeNull();
    expect(storage.getItem(refusedKey(EVENT))).toBeNull();
  });
});
