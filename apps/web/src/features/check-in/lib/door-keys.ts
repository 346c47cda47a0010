/**
 * Spec §3 storage: per-event caches under keys built from the event id. Orders and the
 * validated set are kept apart, so the small set is saved on every scan.
 */
export const ticketsKey = (eventId: string): string => `tickets_${eventId}`;
export const validatedKey = (eventId: string): string => `validated_${eventId}`;
/** The event's title, remembered so the door names it offline (not one of the spec's keys). */
export const titleKey = (eventId: string): string => `eventTitle_${eventId}`;

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
