import type { ManageEventDto } from '@gatepass/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/queries/keys.ts';
import { refreshAfterTicketChange, storeEvent } from './cache.ts';
import { eventKeys } from './keys.ts';

describe('events feature keys and changes (decision 066)', () => {
  it('lists and details the organiser’s events under the shared keys', () => {
    expect(eventKeys.mine()).toEqual(queryKeys.manageEvents.list());
    expect(eventKeys.mineDetail('e1')).toEqual(queryKeys.manageEvents.detail('e1'));
  });

  it('a created, duplicated or published event makes the one shared list stale', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.manageEvents.list(), []);
    const event = { id: 'e1', ticketTypes: [] } as unknown as ManageEventDto;
    storeEvent(client, event);
    expect(client.getQueryData(queryKeys.manageEvents.detail('e1'))).toBe(event);
    expect(client.getQueryState(queryKeys.manageEvents.list())?.isInvalidated).toBe(true);

    client.setQueryData(queryKeys.manageEvents.list(), []);
    refreshAfterTicketChange(client, 'e1');
    expect(client.getQueryState(queryKeys.manageEvents.list())?.isInvalidated).toBe(true);
  });
});
