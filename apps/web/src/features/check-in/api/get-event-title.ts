import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

const managedEvent = z.object({ data: z.object({ title: z.string() }) });

/** The event's title for the door's header (GET /events/manage/{id}); quiet on failure. */
export async function getEventTitle(eventId: string): Promise<string> {
  const response = await api.get(`/events/manage/${encodeURIComponent(eventId)}`, {
    skipErrorToast: true,
  });
  return managedEvent.parse(response.data).data.title;
}
