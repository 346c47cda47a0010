import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import type { MarkAttendedResult } from '../lib/door-controller.ts';

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
  eventId: string,
  ticketCodes: string[],
  { quiet }: { quiet: boolean },
): Promise<MarkAttendedResult> {
  const response = await api.post(
    '/ticketPurchase/mark-attended',
    { ticketCodes, eventId },
    { skipErrorToast: quiet },
  );
  const { data } = markAttendedAnswer.parse(response.data);
  return { ...data, message: data.message || TICKETS_SENT_FALLBACK };
}
