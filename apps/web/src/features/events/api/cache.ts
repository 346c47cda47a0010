import type { ManageEventDto, ManageTicketTypeDto } from '@gatepass/shared';
import type { QueryClient } from '@tanstack/react-query';
import { eventKeys } from './keys.ts';

/**
 * After a change to an event: its cached copy becomes the server's answer, and the lists
 * that show it (the organiser's and the public ones) are fetched again when next shown.
 */
export function storeEvent(client: QueryClient, event: ManageEventDto): void {
  client.setQueryData(eventKeys.mineDetail(event.id), event);
  void client.invalidateQueries({ queryKey: eventKeys.mine() });
  void client.invalidateQueries({ queryKey: ['events', 'public'] });
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
  void client.invalidateQueries({ queryKey: eventKeys.mine() });
  void client.invalidateQueries({ queryKey: ['events', 'public'] });
}
