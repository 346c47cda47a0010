import { questionsResponse, type QuestionDto, type SaveQuestionsBody } from '@gatepass/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { eventKeys } from './keys.ts';

const path = (eventId: string) => `/events/manage/${encodeURIComponent(eventId)}/questions`;

/** GET /events/manage/{id}/questions: the event's checkout questions, in order. */
export async function getEventQuestions(eventId: string): Promise<QuestionDto[]> {
  const response = await api.get(path(eventId));
  return questionsResponse.parse(response.data).data;
}

export const eventQuestionsQueryOptions = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.questions(eventId),
    queryFn: () => getEventQuestions(eventId),
  });

export function useEventQuestions(eventId: string) {
  return useQuery(eventQuestionsQueryOptions(eventId));
}

/** PUT /events/manage/{id}/questions: the whole list, in order (one left out is removed). */
export async function saveEventQuestions(
  eventId: string,
  body: SaveQuestionsBody,
): Promise<QuestionDto[]> {
  const response = await api.put(path(eventId), body);
  return questionsResponse.parse(response.data).data;
}

export function useSaveEventQuestions(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveQuestionsBody) => saveEventQuestions(eventId, body),
    onSuccess: (saved) => client.setQueryData(eventKeys.questions(eventId), saved),
  });
}
