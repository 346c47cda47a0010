import { envelope, webhookEndpointsDto, type WebhookEndpointDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_PATH, webhookKeys } from './keys.ts';

const answer = envelope(webhookEndpointsDto);

/** GET /events/manage/webhooks (owner): the endpoints, without their secrets. */
export async function listWebhooks(): Promise<WebhookEndpointDto[]> {
  const response = await api.get(WEBHOOKS_PATH);
  return answer.parse(response.data).data;
}

export function useWebhooks(enabled = true) {
  return useQuery({ queryKey: webhookKeys.list(), queryFn: listWebhooks, enabled });
}
