import {
  attendeeMessageDto,
  envelope,
  eventMessagesDto,
  messagePreviewDto,
  remindersBody,
  type AttendeeMessageDto,
  type EventMessagesDto,
  type MessageDraft,
  type MessagePreviewDto,
  type SendMessage,
} from '@gatepass/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const path = (eventId: string) => `/events/manage/${encodeURIComponent(eventId)}/messages`;
const overview = envelope(eventMessagesDto);
const preview = envelope(messagePreviewDto);
const sent = envelope(attendeeMessageDto);
const tested = envelope(z.object({ to: z.string(), sms: z.boolean() }));
const reminders = envelope(remindersBody);

/** GET /events/manage/{id}/messages: history with outcomes, reminders, channels, ticket types. */
export async function getEventMessages(eventId: string): Promise<EventMessagesDto> {
  return overview.parse((await api.get(path(eventId))).data).data;
}

export const eventMessagesQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.messages(eventId),
    queryFn: () => getEventMessages(eventId),
    // The outbox sends within seconds: the counts catch up while the panel is open.
    refetchInterval: 10_000,
  });

export function useEventMessages(eventId: string) {
  return useQuery(eventMessagesQueryOptions(eventId));
}

export function usePreviewMessage(eventId: string) {
  return useMutation({
    mutationFn: async (draft: MessageDraft): Promise<MessagePreviewDto> =>
      preview.parse((await api.post(`${path(eventId)}/preview`, draft)).data).data,
  });
}

export function useTestMessage(eventId: string) {
  return useMutation({
    mutationFn: async (draft: MessageDraft) =>
      tested.parse((await api.post(`${path(eventId)}/test`, draft)).data).data,
  });
}

export function useSendMessage(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SendMessage): Promise<AttendeeMessageDto> =>
      sent.parse((await api.post(path(eventId), body)).data).data,
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.messages(eventId) }),
  });
}

export function useSetReminders(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      reminders.parse((await api.put(`${path(eventId)}/reminders`, { enabled })).data).data,
    onSuccess: () => client.invalidateQueries({ queryKey: eventKeys.messages(eventId) }),
  });
}
