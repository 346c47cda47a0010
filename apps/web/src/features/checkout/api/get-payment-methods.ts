import { envelope, paymentMethodsDto, type PaymentMethodsDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

export type OnlineMethod = 'test' | 'offline' | 'paystack';

const answer = envelope(paymentMethodsDto);

/**
 * What every server offers; Paystack only where it is configured, the TEST provider only
 * in test mode (PAYMENTS_TEST_MODE, decision 023).
 */
export const BASE_METHODS: readonly OnlineMethod[] = ['offline'];

/** GET /payments/methods: the ways to pay this server offers (and whether Paystack is the sandbox). */
export async function getPaymentMethods(): Promise<PaymentMethodsDto> {
  const response = await api.get('/payments/methods', { skipErrorToast: true });
  return answer.parse(response.data).data;
}

export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.paymentMethods(),
    queryFn: getPaymentMethods,
    staleTime: 5 * 60_000,
    retry: 1,
  });

/** The offered methods; the base ones while loading or if the list cannot be read. */
export function usePaymentMethods(): {
  methods: readonly OnlineMethod[];
  /** Paystack is the demo's local sandbox (PAYSTACK_SANDBOX, decision 058). */
  paystackSandbox: boolean;
  isPending: boolean;
} {
  const query = useQuery(paymentMethodsQueryOptions());
  return {
    methods: query.data?.methods ?? BASE_METHODS,
    paystackSandbox: query.data?.paystackSandbox === true,
    isPending: query.isPending,
  };
}
