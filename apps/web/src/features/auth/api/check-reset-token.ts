import { resetTokenCheckResponse, type ResetTokenStatus } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /auth/user/reset-password/check: whether the mailed link still works, without
 * using it. Quiet: the page says what the answer means, and a failure (offline, rate
 * limit) leaves the form to try.
 */
export async function checkResetToken(
  token: string,
  signal?: AbortSignal,
): Promise<ResetTokenStatus> {
  const response = await api.post(
    '/auth/user/reset-password/check',
    { token },
    { skipErrorToast: true, ...(signal ? { signal } : {}) },
  );
  return resetTokenCheckResponse.parse(response.data).data.status;
}

export const resetTokenQueryKey = (token: string) => ['auth', 'reset-token', token] as const;

export function useResetTokenStatus(token: string) {
  return useQuery({
    queryKey: resetTokenQueryKey(token),
    queryFn: ({ signal }) => checkResetToken(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
