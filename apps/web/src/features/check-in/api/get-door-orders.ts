import { doorOrderDto } from '@gatepass/shared';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import type { DoorOrder } from '../lib/door.ts';

const doorOrdersResponse = z.object({ data: z.array(doorOrderDto) });

/**
 * GET ticketPurchase/event/{eventId} (spec §7): data.data is the event's orders. The door
 * calls it on its own schedule; a failure is only logged (spec §8), so no global toast.
 */
export async function getDoorOrders(eventId: string): Promise<DoorOrder[]> {
  const response = await api.get(`/ticketPurchase/event/${encodeURIComponent(eventId)}`, {
    skipErrorToast: true,
  });
  return doorOrdersResponse.parse(response.data).data;
}
