import {
  apiTokenDto,
  createdApiTokenDto,
  envelope,
  type ApiTokenDto,
  type CreateApiTokenBody,
  type CreatedApiTokenDto,
} from '@gatepass/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/queries/keys.ts';

/** The owner's API tokens (issue 26 §2) under /events/manage/api-tokens. */
export const API_TOKENS_PATH = '/events/manage/api-tokens';
export const apiTokenKeys = {
  all: [...queryKeys.settings.all, 'api-tokens'] as const,
};

const listAnswer = envelope(z.array(apiTokenDto));
const createdAnswer = envelope(createdApiTokenDto);
const revokedAnswer = envelope(apiTokenDto);

export async function getApiTokens(): Promise<ApiTokenDto[]> {
  // A manager's settings (another organiser's workspace) are refused: said in the panel.
  const response = await api.get(API_TOKENS_PATH, { skipErrorToast: true });
  return listAnswer.parse(response.data).data;
}

export function useApiTokens() {
  return useQuery(queryOptions({ queryKey: apiTokenKeys.all, queryFn: getApiTokens }));
}

/** POST: the answer carries the secret, the only time it is shown. */
export async function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiTokenDto> {
  const response = await api.post(API_TOKENS_PATH, body);
  return createdAnswer.parse(response.data).data;
}

export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}

/** DELETE: revoked at once; the token's next request is refused. */
export async function revokeApiToken(id: string): Promise<ApiTokenDto> {
  const response = await api.delete(`${API_TOKENS_PATH}/${encodeURIComponent(id)}`);
  return revokedAnswer.parse(response.data).data;
}

export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => client.invalidateQueries({ queryKey: apiTokenKeys.all }),
  });
}
