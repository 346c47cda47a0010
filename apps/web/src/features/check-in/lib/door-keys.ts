/**
 * Spec §3 storage: per-event caches under keys built from the event id. Orders and the
 * validated set are kept apart, so the small set is saved on every scan.
 */
export const ticketsKey = (eventId: string): string => `tickets_${eventId}`;
export const validatedKey = (eventId: string): string => `validated_${eventId}`;
/** The event's title, remembered so the door names it offline (not one of the spec's keys). */
export const titleKey = (eventId: string): string => `eventTitle_${eventId}`;
/**
 * The refused codes and why (names of new holders among them). Under the tickets prefix on
 * purpose: whatever clears the order lists at logout (decision 018) clears these too.
 */
export const refusedKey = (eventId: string): string => ticketsKey(`refused_${eventId}`);

/**
 * Whether this device holds any door cache of the kind: a cheap look that lets the app
 * skip loading the door's code when there is nothing to clear or send.
 */
export function hasDoorCache(
  storage: { key(index: number): string | null; readonly length: number } | undefined,
  kind: 'tickets' | 'validated',
): boolean {
  if (!storage) return false;
  const prefix = kind === 'tickets' ? ticketsKey('') : validatedKey('');
  try {
    for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(prefix)) return true;
  } catch {
    return false;
  }
  return false;
}

/**
 * The event's check-in lists and the one this user was given (decision 084): names of
 * gates and ticket types. They leave with the event's order list, as its title does.
 */
export const doorListsKey = (eventId: string): string => `doorLists_${eventId}`;
/** The list the owner or a manager chose to check on this device. */
export const doorListChoiceKey = (eventId: string): string => `doorListChoice_${eventId}`;
