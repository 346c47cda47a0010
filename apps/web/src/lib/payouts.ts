import { envelope, paymentMethodsDto, settingsDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { queryKeys } from './queries/keys.ts';

/**
 * What several features need to know about money on this server (issue 15): the ways to
 * pay it offers (GET /payments/methods; the same cache entry as checkout's) and whether the
 * signed-in organiser's payout account is verified with Paystack (the settings' entry).
 */
function usePaymentMethodsAnswer() {
  return useQuery({
    queryKey: queryKeys.paymentMethods(),
    queryFn: async () =>
      envelope(paymentMethodsDto).parse(
        (await api.get('/payments/methods', { skipErrorToast: true })).data,
      ).data,
    staleTime: 5 * 60_000,
    retry: 1,
  }).data;
}

export function useServerPaymentMethods(): readonly string[] {
  return usePaymentMethodsAnswer()?.methods ?? [];
}

/** Paystack here is the demo's local sandbox (PAYSTACK_SANDBOX, decision 058): say so. */
export function usePaystackSandbox(): boolean {
  return usePaymentMethodsAnswer()?.paystackSandbox === true;
}

/** The words every screen the sandbox touches shows. */
export const PAYSTACK_SANDBOX_NOTE = 'Paystack sandbox — no real money';

/** The organiser's payout account as settings show it (undefined while loading). */
export function usePayoutAccount() {
  const query = useQuery({
    queryKey: queryKeys.settings.all,
    queryFn: async () =>
      envelope(settingsDto).parse((await api.get('/events/manage/settings')).data).data,
  });
  return query.data ? { payout: query.data.payout } : undefined;
}
