import { orderLookupResponse, type OrderDto, type OrderLookupBody } from '@gatepass/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface FoundOrder {
  order: OrderDto;
  /** Lets this browser read the order again and download its PDF and calendar file. */
  accessToken: string;
}

/**
 * POST /orders/lookup: the order behind a code, once the buyer gives the order's email
 * (the code alone reveals nothing). The server rate-limits it; the page explains a
 * mismatch itself and leaves the rest (429, network) to the global toast.
 */
export async function lookupOrder(body: OrderLookupBody): Promise<FoundOrder> {
  const response = await api.post('/orders/lookup', body, { skipErrorToast: true });
  return orderLookupResponse.parse(response.data).data;
}

export function useLookupOrder() {
  return useMutation({ mutationKey: ['orders', 'lookup'], mutationFn: lookupOrder });
}
