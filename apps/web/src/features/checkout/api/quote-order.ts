import { envelope, quoteDto, type QuoteBody, type QuoteDto } from '@gatepass/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const answer = envelope(quoteDto);

/**
 * POST /orders/quote: the server prices the basket (subtotal, discount, the spec's fee
 * passed on or absorbed, total) without holding tickets. The screen explains failures.
 */
export async function quoteOrder(body: QuoteBody, signal?: AbortSignal): Promise<QuoteDto> {
  const response = await api.post('/orders/quote', body, {
    skipErrorToast: true,
    ...(signal ? { signal } : {}),
  });
  return answer.parse(response.data).data;
}

/** The summary's price for the current basket; the previous figures stay while it updates. */
export function useQuote(body: QuoteBody | null) {
  return useQuery({
    queryKey: ['checkout', 'quote', body],
    queryFn: ({ signal }) => quoteOrder(body!, signal),
    enabled: body !== null && body.items.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 15_000,
  });
}
