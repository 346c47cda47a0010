import type { ManageEventDto, ManageTicketTypeDto } from '@gatepass/shared';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateEvents } from '../../../lib/queries/invalidate.ts';
import { eventKeys } from './keys.ts';

/**
 * After a change to an event: its cached copy becomes the server's answer, and every list
 * that shows it (the organiser's, read by every feature, and the public ones) is fetched
 * again — at once where it is on screen, otherwise when next shown.
 */
export function storeEvent(client: QueryClient, event: ManageEventDto): void {
  client.setQueryData(eventKeys.mineDetail(event.id), event);
  invalidateEvents(client);
}

/** A ticket type changed: the event's totals change too, so the event is fetched again. */
export function refreshAfterTicketChange(
  client: QueryClient,
  eventId: string,
  changed?: ManageTicketTypeDto,
): void {
  if (changed) {
    client.setQueryData<ManageEventDto>(eventKeys.mineDetail(eventId), (event) =>
      event
        ? {
            ...event,
            ticketTypes: event.ticketTypes.some((t) => t.id === changed.id)
              ? event.ticketTypes.map((t) => (t.id === changed.id ? changed : t))
              : [...event.ticketTypes, changed],
          }
        : event,
    );
  }
  void client.invalidateQueries({ queryKey: eventKeys.mineDetail(eventId) });
  invalidateEvents(client);
}
