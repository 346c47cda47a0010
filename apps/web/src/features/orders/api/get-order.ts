import { envelope, manageOrderDto, type ManageOrderDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { MANAGE_ORDERS_PATH, orderKeys } from './keys.ts';

const answer = envelope(manageOrderDto);

/** GET /events/manage/orders/{id}: one order with payment, check-in and history. */
export async function getOrder(id: string, signal?: AbortSignal): Promise<ManageOrderDto> {
  const response = await api.get(`${MANAGE_ORDERS_PATH}/${encodeURIComponent(id)}`, { signal });
  return answer.parse(response.data).data;
}

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export function useOrder(id: string | undefined) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: Boolean(id) });
}
