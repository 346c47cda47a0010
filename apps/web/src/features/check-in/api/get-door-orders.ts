import {
  doorListCursor,
  doorOrderDto,
  doorRefusedCode,
  koboToNaira,
  type DoorListRow,
} from '@gatepass/shared';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client.ts';
import { errorField } from '../../../lib/api-error.ts';
import { DEVICE_HEADER_NAME, doorDeviceId } from '../../../lib/storage.ts';
import { DoorAccessRefused, DoorEventNotFound } from '../lib/door-controller.ts';
import { doorOrderSchema, type DoorChanges, type DoorList, type DoorOrder } from '../lib/door.ts';
import { parseDoorScope } from '../lib/door-scope.ts';

/**
 * The compact list's envelope (decision 088). Its rows are read one by one below, not by a
 * schema: a stadium's 100,000 rows through zod would cost a phone most of a second.
 */
const doorListAnswer = z.object({
  cursor: doorListCursor,
  full: z.boolean(),
  types: z.array(z.string()).default([]),
  orders: z.array(z.array(z.unknown())).default([]),
  gone: z.array(z.string()).default([]),
  refused: z.array(doorRefusedCode).optional(),
});

// Ticket types came later than the spec's fields: a list without them still opens the door.
const doorOrdersResponse = z.object({
  data: z.array(doorOrderDto.partial({ ticketTypes: true })),
  /** Beside the spec's list: the codes the door refuses, and why (issue 24 §1). */
  refused: z.array(doorRefusedCode).default([]),
  /** The check-in list this door checks (decision 084); absent: the whole event. */
  list: z.object({ id: z.string(), name: z.string() }).optional(),
});

/**
 * GET ticketPurchase/event/{eventId}/list: the door's own list, compact (issue 23 §3). The
 * whole list without `since`; with the cursor of the last answer only what changed since.
 * The door calls it on its own schedule; a failure is only logged (spec §8), so no global
 * toast.
 */
export async function getDoorOrders(
  scope: string,
  since: string | null = null,
): Promise<DoorList | DoorChanges> {
  // At a check-in list (decision 084) the scope carries the list: the door asks the spec's
  // route for it, whole each time (a list's own check-in state).
  const { eventId, listId } = parseDoorScope(scope);
  try {
    if (listId) {
      const response = await api.get(`/ticketPurchase/event/${encodeURIComponent(eventId)}`, {
        skipErrorToast: true,
        headers: { [DEVICE_HEADER_NAME]: doorDeviceId() },
        params: { list: listId },
      });
      const { data, refused } = doorOrdersResponse.parse(response.data);
      return { orders: data, refused };
    }
    const response = await api.get(
      `/ticketPurchase/event/${encodeURIComponent(eventId)}/compact${since ? `?since=${encodeURIComponent(since)}` : ''}`,
      { skipErrorToast: true, headers: { [DEVICE_HEADER_NAME]: doorDeviceId() } },
    );
    const answer = doorListAnswer.parse(response.data);
    const orders = ordersOfRows(answer.orders, answer.types);
    if (answer.full) return { orders, refused: answer.refused ?? [], cursor: answer.cursor };
    return {
      changes: true,
      orders,
      gone: answer.gone,
      ...(answer.refused ? { refused: answer.refused } : {}),
      cursor: answer.cursor,
    };
  } catch (error) {
    // 404: not an event of this user's; 400: not an event id at all. Either way, no door.
    const status = isApiError(error) ? error.response?.status : undefined;
    if (status === 404 || status === 400) throw new DoorEventNotFound();
    throw doorRefusal(error) ?? error;
  }
}

/** The door's optional order fields a row's `extra` carries (the spec's own fields stay the row's). */
const extraSchema = doorOrderSchema
  .omit({
    orderCode: true,
    firstName: true,
    lastName: true,
    email: true,
    totalPrice: true,
    quantity: true,
    attendedAt: true,
    ticketTypes: true,
  })
  .partial();

function extraFields(extra: unknown): Partial<DoorOrder> {
  if (extra === null || typeof extra !== 'object') return {};
  const parsed = extraSchema.safeParse(extra);
  return parsed.success ? parsed.data : {};
}

const isRow = (row: unknown[]): row is DoorListRow =>
  row.length >= 10 &&
  typeof row[0] === 'string' &&
  typeof row[1] === 'string' &&
  typeof row[2] === 'string' &&
  typeof row[3] === 'string' &&
  typeof row[4] === 'number' &&
  typeof row[5] === 'number' &&
  (row[6] === null || typeof row[6] === 'number') &&
  typeof row[8] === 'string' &&
  typeof row[9] === 'number';

/**
 * The door's orders from the compact rows: one row per ticket type of an order, an order
 * of several types in consecutive rows with its code; its types in the event's order
 * (`types`), each row's `extra` merged into it. A malformed row is left out.
 */
export function ordersOfRows(rows: readonly unknown[][], types: readonly string[]): DoorOrder[] {
  const rank = new Map(types.map((name, i) => [name, i]));
  const orders: DoorOrder[] = [];
  let last: DoorOrder | undefined;
  for (const row of rows) {
    if (!isRow(row)) continue;
    const [code, firstName, lastName, email, totalKobo, quantity, attendedAtMs, test, name, count] =
      row;
    const extra = row[10];
    if (last?.orderCode === code) {
      const kinds = last.ticketTypes!;
      const same = kinds.find((t) => t.name === name);
      if (same) same.quantity += count;
      else if (count > 0) kinds.push({ name, quantity: count });
      kinds.sort((a, b) => (rank.get(a.name) ?? types.length) - (rank.get(b.name) ?? types.length));
      // Any row of the order may carry its further fields (a table's line: "Admits 10").
      Object.assign(last, extraFields(extra));
      continue;
    }
    last = {
      orderCode: code,
      firstName,
      lastName,
      email,
      totalPrice: koboToNaira(totalKobo),
      quantity,
      attendedAt: attendedAtMs === null ? null : new Date(attendedAtMs).toISOString(),
      // A type of no tickets left (all sent on to their holders, decision 080): not shown.
      ticketTypes: name && count > 0 ? [{ name, quantity: count }] : [],
      ...(test === 1 ? { testPayment: true } : {}),
      ...extraFields(extra),
    };
    orders.push(last);
  }
  return orders;
}

/**
 * Teams (issue 13): a 403 is the server refusing this user the event's door (their role or
 * their events no longer include it), with its sentence.
 */
export function doorRefusal(error: unknown): DoorAccessRefused | undefined {
  if (!isApiError(error) || error.response?.status !== 403) return undefined;
  const sentence = errorField(error.response.data);
  return new DoorAccessRefused(sentence || undefined);
}
