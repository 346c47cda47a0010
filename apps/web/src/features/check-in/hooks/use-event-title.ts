import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getEventTitle } from '../api/get-event-title.ts';
import { titleKey } from '../lib/door-keys.ts';

function readTitle(eventId: string): string | null {
  try {
    return window.localStorage.getItem(titleKey(eventId));
  } catch {
    return null;
  }
}

/**
 * The event's title, remembered on the device so the door still names it offline.
 * `known`: the title is already at hand (a door steward's workspace lists their events,
 * and the manage call would refuse them), so it is not asked for.
 */
export function useEventTitle(eventId: string, known?: string | null): string | null {
  const [cached] = useState(() => readTitle(eventId));
  const query = useQuery({
    queryKey: ['check-in', 'event-title', eventId],
    queryFn: () => getEventTitle(eventId),
    retry: false,
    staleTime: 5 * 60_000,
    enabled: known === undefined,
  });
  const data = known || query.data;
  useEffect(() => {
    if (!data) return;
    try {
      window.localStorage.setItem(titleKey(eventId), data);
    } catch {
      // Not remembering a title is harmless.
    }
  }, [data, eventId]);
  return data ?? cached;
}
