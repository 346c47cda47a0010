import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getEventTitle } from '../api/get-event-title.ts';

const titleKey = (eventId: string) => `eventTitle_${eventId}`;

function readTitle(eventId: string): string | null {
  try {
    return window.localStorage.getItem(titleKey(eventId));
  } catch {
    return null;
  }
}

/** The event's title, remembered on the device so the door still names it offline. */
export function useEventTitle(eventId: string): string | null {
  const [cached] = useState(() => readTitle(eventId));
  const { data } = useQuery({
    queryKey: ['check-in', 'event-title', eventId],
    queryFn: () => getEventTitle(eventId),
    retry: false,
    staleTime: 5 * 60_000,
  });
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
