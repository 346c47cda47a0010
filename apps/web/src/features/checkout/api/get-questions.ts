import { questionsResponse, type QuestionDto } from '@gatepass/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /events/{slug}/questions: what the checkout asks after the buyer's details. */
export async function getCheckoutQuestions(slug: string): Promise<QuestionDto[]> {
  const response = await api.get(`/events/${encodeURIComponent(slug)}/questions`);
  return questionsResponse.parse(response.data).data;
}

export const checkoutQuestionsQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['checkout', 'questions', slug],
    queryFn: () => getCheckoutQuestions(slug),
    staleTime: 0,
    retry: 1,
  });

export function useCheckoutQuestions(slug: string) {
  return useQuery(checkoutQuestionsQueryOptions(slug));
}
