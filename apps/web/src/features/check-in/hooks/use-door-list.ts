import { doorListsDto, type DoorListsDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { localStore } from '../../../lib/storage.ts';
import { getDoorLists } from '../api/get-door-lists.ts';
import { doorListChoiceKey, doorListsKey } from '../lib/door-keys.ts';

function read(eventId: string): DoorListsDto | null {
  try {
    const text = localStore()?.getItem(doorListsKey(eventId));
    const parsed = text ? doorListsDto.safeParse(JSON.parse(text)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function readChoice(eventId: string): string | null {
  try {
    return localStore()?.getItem(doorListChoiceKey(eventId)) ?? null;
  } catch {
    return null;
  }
}

export interface DoorListChoice {
  /** Whether the door may open: the lists answered, were remembered, or cannot be had. */
  ready: boolean;
  lists: DoorListsDto['lists'];
  /** The list this steward was given: the door checks it and offers no other. */
  assigned: string | null;
  /** The list being checked (null: the whole event). */
  list: { id: string; name: string } | null;
  choose(listId: string | null): void;
}

/**
 * Which check-in list this door checks (decision 084): the one the steward was given, or
 * the one the owner or a manager chose on this device (remembered per event), or none —
 * the whole event's door, as before lists. The lists are remembered on the device so the
 * door opens on the same list offline.
 */
export function useDoorList(eventId: string): DoorListChoice {
  const [cached] = useState(() => read(eventId));
  const [chosen, setChosen] = useState(() => readChoice(eventId));
  const query = useQuery({
    queryKey: ['check-in', 'door-lists', eventId],
    queryFn: () => getDoorLists(eventId),
    retry: false,
    staleTime: 60_000,
    // Offline the call fails at once rather than waiting: the door opens from what was
    // remembered, or on the whole event (a paused query would keep the door shut).
    networkMode: 'always',
  });
  useEffect(() => {
    if (!query.data) return;
    try {
      localStore()?.setItem(doorListsKey(eventId), JSON.stringify(query.data));
    } catch {
      // Not remembering the lists only means the door asks again.
    }
  }, [query.data, eventId]);
  const data = query.data ?? cached;
  const lists = data?.lists ?? [];
  const assigned = data?.assigned ?? null;
  const id = assigned ?? (lists.some((l) => l.id === chosen) ? chosen : null);
  const found = lists.find((l) => l.id === id);
  return {
    ready: !!data || query.isError,
    lists,
    assigned,
    list: found ? { id: found.id, name: found.name } : null,
    choose(listId) {
      setChosen(listId);
      try {
        if (listId) localStore()?.setItem(doorListChoiceKey(eventId), listId);
        else localStore()?.removeItem(doorListChoiceKey(eventId));
      } catch {
        // The choice holds for this visit.
      }
    },
  };
}
