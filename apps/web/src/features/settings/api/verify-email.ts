import { signupResponse, type UserDto } from '@gatepass/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKeys } from './keys.ts';
import { invalidateSession } from '../../../lib/queries/invalidate.ts';

/** POST /auth/user/verify-email: confirms a changed email with the mailed code. */
export async function verifyNewEmail(body: {
  email: string;
  code: string;
}): Promise<{ user: UserDto; message: string | undefined }> {
  const response = await api.post('/auth/user/verify-email', body);
  const parsed = signupResponse.parse(response.data);
  return { user: parsed.user, message: parsed.message };
}

/** POST /auth/user/resend-verification: a new code for the changed email. */
export async function resendEmailCode(email: string): Promise<string | undefined> {
  const response = await api.post('/auth/user/resend-verification', { email });
  const body = response.data as { message?: unknown };
  return typeof body.message === 'string' ? body.message : undefined;
}

export function useVerifyNewEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: verifyNewEmail,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: settingsKeys.all });
      invalidateSession(client);
    },
  });
}

export function useResendEmailCode() {
  return useMutation({ mutationFn: resendEmailCode });
}
