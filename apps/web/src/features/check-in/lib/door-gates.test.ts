import { afterEach, describe, expect, it } from 'vitest';
import { bannerText, indexOrders, judge, type DoorOrder } from './door.ts';
import { doorListChoiceKey, doorListsKey, ticketsKey, validatedKey } from './door-keys.ts';
import { doorScope, parseDoorScope } from './door-scope.ts';
import { forgetDoorLists, forgetEventLists, sendUnsentCheckIns } from './door-storage.ts';
import { memoryStore } from './memory-store.test-support.ts';

/**
 * Doors by gate (decision 084): a door at a check-in list keeps its own caches (keyed by
 * the scope `{eventId}@{listId}`), refuses the event's tickets it does not take with the
 * type and the list that takes them, and its unsent scans are sent to that list.
 */

const EVENT = '7f0c9a4e-1111-4222-8333-444455556666';
const LIST = '0d1e2f3a-aaaa-4bbb-8ccc-dddd0000eeee';
const VIP: DoorOrder = {
  _id: 'id-1',
  orderCode: '11111111',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@example.com',
  totalPrice: 20000,
  quantity: 1,
  attendedAt: null,
};

afterEach(async () => {
  await sendUnsentCheckIns(undefined, async () => undefined);
});

describe('the door scope', () => {
  it('is the event id alone for the whole event (the spec keys stay), and carries a list', () => {
    expect(doorScope(EVENT)).toBe(EVENT);
    expect(doorScope(EVENT, null)).toBe(EVENT);
    expect(ticketsKey(doorScope(EVENT))).toBe(`tickets_${EVENT}`);
    const scope = doorScope(EVENT, LIST);
    expect(scope).toBe(`${EVENT}@${LIST}`);
    expect(parseDoorScope(scope)).toEqual({ eventId: EVENT, listId: LIST });
    expect(parseDoorScope(EVENT)).toEqual({ eventId: EVENT });
  });
});

describe('a ticket another list takes', () => {
  const index = indexOrders(
    [VIP],
    [
      { code: '22222222', reason: 'other_list', type: 'Regular', list: 'Main gate' },
      { code: '33333333', reason: 'other_list', type: 'Staff' },
    ],
  );
  it('reads Invalid, with its type and the list to send it to', () => {
    expect(bannerText(judge(index, new Set(), '22222222'))).toEqual({
      title: 'Invalid',
      detail: 'Regular ticket — send to the Main gate',
    });
    expect(bannerText(judge(index, new Set(), '33333333')).detail).toBe(
      'Staff ticket — not on this list',
    );
    expect(bannerText(judge(index, new Set(), '11111111')).title).toMatch(/^Valid: Ada Obi/);
  });
});

describe("a list's caches", () => {
  it('leave at logout like the event door, and unsent scans go to their list at the next login', async () => {
    const scope = doorScope(EVENT, LIST);
    const storage = memoryStore({
      [ticketsKey(scope)]: JSON.stringify([VIP]),
      [validatedKey(scope)]: JSON.stringify([VIP.orderCode]),
    });
    forgetDoorLists(storage);
    expect(storage.getItem(ticketsKey(scope))).toBeNull();
    expect(JSON.parse(storage.getItem(validatedKey(scope))!)).toEqual([VIP.orderCode]);
    const sent: string[][] = [];
    await sendUnsentCheckIns(storage, async (s, codes) => {
      sent.push([s, ...codes]);
    });
    expect(sent).toEqual([[scope, VIP.orderCode]]);
    expect(storage.getItem(validatedKey(scope))).toBeNull();
  });

  it("leave with the event's when a steward is taken off the team", () => {
    const scope = doorScope(EVENT, LIST);
    const storage = memoryStore({
      [ticketsKey(scope)]: JSON.stringify([VIP]),
      [ticketsKey(EVENT)]: JSON.stringify([VIP]),
      [ticketsKey('another-event')]: JSON.stringify([VIP]),
      [doorListsKey(EVENT)]: JSON.stringify({ lists: [], assigned: null }),
      [doorListChoiceKey(EVENT)]: LIST,
    });
    forgetEventLists(storage, [EVENT]);
    expect(storage.getItem(doorListsKey(EVENT))).toBeNull();
    expect(storage.getItem(doorListChoiceKey(EVENT))).toBeNull();
    expect(storage.getItem(ticketsKey(scope))).toBeNull();
    expect(storage.getItem(ticketsKey(EVENT))).toBeNull();
    expect(storage.getItem(ticketsKey('another-event'))).not.toBeNull();
  });
});
