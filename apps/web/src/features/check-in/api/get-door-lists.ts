import { doorListsDto, type DoorListsDto } from '@gatepass/shared';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { DEVICE_HEADER_NAME, doorDeviceId } from '../../../lib/storage.ts';

const answer = z.object({ data: doorListsDto });

/**
 * GET ticketPurchase/event/{eventId}/lists (decision 084): the event's check-in lists and
 * the one this user was given. Quiet: the door works without it (the whole event's door).
 */
export async function getDoorLists(eventId: string): Promise<DoorListsDto> {
  const response = await api.get(`/ticketPurchase/event/${encodeURIComponent(eventId)}/lists`, {
    skipErrorToast: true,
    headers: { [DEVICE_HEADER_NAME]: doorDeviceId() },
  });
  return answer.parse(response.data).data;
}
