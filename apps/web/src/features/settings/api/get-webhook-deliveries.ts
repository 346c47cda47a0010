import { envelope, webhookDeliveriesDto, type WebhookDeliveryDto } from '@gatepass/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_PATH, webhookKeys } from './keys.ts';

const answer = envelope(webhookDeliveriesDto);

/** GET /events/manage/webhooks/{id}/deliveries (owner): the latest 50, each attempt's answer. */
export async function getWebhookDeliveries(endpointId: string): Promise<WebhookDeliveryDto[]> {
  const response = await api.get(`${WEBHOOKS_PATH}/${endpointId}/deliveries`);
  return answer.parse(response.data).data;
}

/** Refreshed every few seconds while open: retries land in the log as they happen. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: () => getWebhookDeliveries(endpointId),
    refetchInterval: 5000,
  });
}
