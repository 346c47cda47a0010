/**
 * Doors by gate (decision 084): what one door checks — an event, or one check-in list of
 * it. The door's caches and calls are keyed by this scope: the event id alone for the whole
 * event (the spec's keys, unchanged), `{eventId}@{listId}` at a list, so a list's own
 * check-in state and its unsent scans never mix with the event's or another list's.
 */
const SEPARATOR = '@';

export const doorScope = (eventId: string, listId?: string | null): string =>
  listId ? `${eventId}${SEPARATOR}${listId}` : eventId;

export function parseDoorScope(scope: string): { eventId: string; listId?: string } {
  const at = scope.indexOf(SEPARATOR);
  if (at < 0) return { eventId: scope };
  return { eventId: scope.slice(0, at), listId: scope.slice(at + 1) };
}

/** Whether a cache's scope is this event's (the whole event's or one of its lists'). */
export const scopeOfEvent = (scope: string, eventId: string): boolean =>
  parseDoorScope(scope).eventId === eventId;
