import { doorOrderDto } from '@gatepass/shared';
import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client.ts';
import { DoorEventNotFound } from '../lib/door-controller.ts';
import type { DoorOrder } from '../lib/door.ts';

// Ticket types came later than the spec's fields: a list without them still opens the door.
const doorOrdersResponse = z.object({ data: z.array(doorOrderDto.partial({ ticketTypes: true })) });

/**
 * GET ticketPurchase/event/{eventId} (spec §7): data.data is the event's orders. The door
 * calls it on its own schedule; a failure is only logged (spec §8), so no global toast.
 */
export async function getDoorOrders(eventId: string): Promise<DoorOrder[]> {
  try {
    const response = await api.get(`/ticketPurchase/event/${encodeURIComponent(eventId)}`, {
      skipErrorToast: true,
    });
    return doorOrdersResponse.parse(response.data).data;
  } catch (error) {
    // 404: not an event of this user's; 400: not an event id at all. Either way, no door.
    const status = isApiError(error) ? error.response?.status : undefined;
    if (status === 404 || status === 400) throw new DoorEventNotFound();
    throw error;
  }
}
