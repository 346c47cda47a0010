import { z } from 'zod';
import { api, isApiError } from '../../../lib/api-client.ts';
import { DEVICE_HEADER_NAME, doorDeviceId } from '../../../lib/storage.ts';
import { DoorEventNotFound, type MarkAttendedResult } from '../lib/door-controller.ts';
import { doorRefusal } from './get-door-orders.ts';
import { parseDoorScope } from '../lib/door-scope.ts';

/** Spec §7: the success toast shows data.data.message, or this when there is none. */
export const TICKETS_SENT_FALLBACK = 'Tickets sent';

const codes = z.array(z.string()).catch([]);
const markAttendedAnswer = z.object({
  data: z
    .object({
      message: z.string().optional(),
      marked: codes,
      alreadyUsed: z.array(z.object({ orderCode: z.string(), attendedAt: z.string() })).catch([]),
      unknown: codes,
    })
    .catch({ marked: [], alreadyUsed: [], unknown: [] }),
});

/**
 * POST ticketPurchase/mark-attended { ticketCodes, eventId } (spec §7). `quiet` is the
 * automatic post after 3 s idle: no toast, not even for a failure (only logged, §8).
 */
export async function markAttended(
  scope: string,
  ticketCodes: string[],
  { quiet }: { quiet: boolean },
): Promise<MarkAttendedResult> {
  // At a check-in list (decision 084) the scope carries the list: the scans count there.
  const { eventId, listId } = parseDoorScope(scope);
  let response;
  try {
    response = await api.post(
      '/ticketPurchase/mark-attended',
      { ticketCodes, eventId, ...(listId ? { listId } : {}) },
      { skipErrorToast: quiet, headers: { [DEVICE_HEADER_NAME]: doorDeviceId() } },
    );
  } catch (error) {
    // Teams: refused (403) or not this user's event (404): the door closes on this device.
    if (isApiError(error) && error.response?.status === 404) throw new DoorEventNotFound();
    throw doorRefusal(error) ?? error;
  }
  const { data } = markAttendedAnswer.parse(response.data);
  return { ...data, message: data.message || TICKETS_SENT_FALLBACK };
}
