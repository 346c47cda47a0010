import { DOOR_LIST_COLUMNS, type DoorListResponse } from '@gatepass/shared';
import { expect } from 'vitest';
import { API, type TestApp } from './helper.ts';

/**
 * The door's compact list (decision 088) read back into the spec route's door orders, as
 * the door's screen reads it: an order's rows merged (types summed by name, a type of no
 * tickets left out, in the event's order of types) and every row's `extra` merged into the
 * order.
 */
export interface CompactDoorOrder {
  orderCode: string;
  firstName: string;
  lastName: string;
  totalPrice: number;
  quantity: number;
  ticketTypes: { name: string; quantity: number }[];
  [field: string]: unknown;
}

const at = (name: (typeof DOOR_LIST_COLUMNS)[number]) => DOOR_LIST_COLUMNS.indexOf(name);

export function ordersOfCompact(answer: DoorListResponse): CompactDoorOrder[] {
  const byCode = new Map<string, CompactDoorOrder>();
  for (const row of answer.orders ?? []) {
    const code = row[at('code')] as string;
    const order = byCode.get(code) ?? {
      orderCode: code,
      firstName: row[at('firstName')] as string,
      lastName: row[at('lastName')] as string,
      totalPrice: (row[at('totalKobo')] as number) / 100,
      quantity: row[at('quantity')] as number,
      ticketTypes: [],
    };
    byCode.set(code, order);
    const [name, count] = [row[at('typeName')] as string, row[at('typeCount')] as number];
    const same = order.ticketTypes.find((x) => x.name === name);
    if (same) same.quantity += count;
    else if (count > 0) order.ticketTypes.push({ name, quantity: count });
    Object.assign(order, row[at('extra')] ?? {});
  }
  // An order's types in the event's order of types (`types`), as the door sorts them: the
  // rows of one order come in no order of their own.
  const rank = (name: string) => {
    const i = (answer.types ?? []).indexOf(name);
    return i === -1 ? Infinity : i;
  };
  for (const order of byCode.values())
    order.ticketTypes.sort((a, b) => rank(a.name) - rank(b.name));
  return [...byCode.values()];
}

/** The compact list of an event (all, or changed since `since`), read back as above. */
export async function compactDoor(t: TestApp, token: string, eventId: string, since?: string) {
  const res = await t.request(
    'GET',
    `${API}/ticketPurchase/event/${eventId}/compact${since ? `?since=${since}` : ''}`,
    { token },
  );
  expect(res.status, res.text).toBe(200);
  const answer = res.body as DoorListResponse;
  return { answer, orders: ordersOfCompact(answer) };
}
