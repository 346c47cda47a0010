import { envelope, manageEventListItem, type ManageEventListItem } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../api-client.ts';
import { queryKeys } from './keys.ts';

const answer = envelope(z.array(manageEventListItem));

/**
 * GET /events/manage: the organiser's events (their own or the chosen team's), newest
 * first, with sold/capacity/gross. One cache entry for every feature that lists them
 * (decision 066), so a change to an event refreshes every list at once. Parsed with the
 * contract: the organiser screens load zod anyway (decision 020).
 */
export async function getManageEvents(
  options: { quiet?: boolean; signal?: AbortSignal } = {},
): Promise<ManageEventListItem[]> {
  const response = await api.get('/events/manage', {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.quiet ? { skipErrorToast: true } : {}),
  });
  return answer.parse(response.data).data;
}

/**
 * The list's query. `quiet`: a failure is not toasted (the door's list says it on the page);
 * the answer is the same and so is the cache entry.
 */
export const manageEventsQueryOptions = ({ quiet = false }: { quiet?: boolean } = {}) =>
  queryOptions({
    queryKey: queryKeys.manageEvents.list(),
    queryFn: ({ signal }) => getManageEvents({ quiet, signal }),
  });

export interface ManageEventsOptions<T> {
  /** What the feature reads of the list (a filter's options, the non-drafts …). */
  select?: (events: ManageEventListItem[]) => T;
  enabled?: boolean;
  quiet?: boolean;
  retry?: boolean | number;
}

const allOf = <T>(events: ManageEventListItem[]): T => events as T;

/** The organiser's events, or what a feature selects of them. */
export function useManageEvents<T = ManageEventListItem[]>({
  select = allOf<T>,
  enabled = true,
  quiet = false,
  retry,
}: ManageEventsOptions<T> = {}) {
  return useQuery({
    ...manageEventsQueryOptions({ quiet }),
    select,
    enabled,
    ...(retry === undefined ? {} : { retry }),
  });
}
