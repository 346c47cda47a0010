import { doorOrderDto, doorRefusedCode } from '@gatepass/shared';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client.ts';
import { errorField } from '../../../lib/api-error.ts';
import { DEVICE_HEADER_NAME, doorDeviceId } from '../../../lib/storage.ts';
import { DoorAccessRefused, DoorEventNotFound } from '../lib/door-controller.ts';
import type { DoorList } from '../lib/door.ts';
import { parseDoorScope } from '../lib/door-scope.ts';

// Ticket types came later than the spec's fields: a list without them still opens the door.
const doorOrdersResponse = z.object({
  data: z.array(doorOrderDto.partial({ ticketTypes: true })),
  /** Beside the spec's list: the codes the door refuses, and why (issue 24 §1). */
  refused: z.array(doorRefusedCode).default([]),
  /** The check-in list this door checks (decision 084); absent: the whole event. */
  list: z.object({ id: z.string(), name: z.string() }).optional(),
});

/**
 * GET ticketPurchase/event/{eventId} (spec §7): data.data is the event's orders. The door
 * calls it on its own schedule; a failure is only logged (spec §8), so no global toast.
 */
export async function getDoorOrders(scope: string): Promise<DoorList> {
  // At a check-in list (decision 084) the scope carries the list: the door asks for it.
  const { eventId, listId } = parseDoorScope(scope);
  try {
    const response = await api.get(`/ticketPurchase/event/${encodeURIComponent(eventId)}`, {
      skipErrorToast: true,
      headers: { [DEVICE_HEADER_NAME]: doorDeviceId() },
      ...(listId ? { params: { list: listId } } : {}),
    });
    const { data, refused } = doorOrdersResponse.parse(response.data);
    return { orders: data, refused };
  } catch (error) {
    // 404: not an event of this user's; 400: not an event id at all. Either way, no door.
    const status = isApiError(error) ? error.response?.status : undefined;
    if (status === 404 || status === 400) throw new DoorEventNotFound();
    throw doorRefusal(error) ?? error;
  }
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
