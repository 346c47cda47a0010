import {
  isNameQuestion,
  type CheckedAnswer,
  type QuestionDto,
  type SaveQuestionsBody,
  type saveQuestionsBody,
} from '@gatepass/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { eventLookup } from '../events/events.lookup.ts';
import { inventoryService } from '../events/inventory.service.ts';
import * as repo from './questions.repository.ts';

export const QUESTIONS_EVENT_NOT_FOUND = 'This event was not found.';

type SaveBody = z.output<typeof saveQuestionsBody>;

/**
 * An event's questions at checkout (issue 25 §1, decision 078): the organiser's list and
 * its save, and the published event's questions for the checkout page. Answers are written
 * by checkout through `questionAnswers` (questions.lookup.ts).
 */
export class QuestionsService {
  constructor(private readonly db: Db) {}

  private async owned(organiserId: string, eventId: string) {
    const event = await eventLookup.owned(this.db, organiserId, eventId);
    if (!event) throw notFound(QUESTIONS_EVENT_NOT_FOUND);
    return event;
  }

  async list(organiserId: string, eventId: string): Promise<QuestionDto[]> {
    await this.owned(organiserId, eventId);
    return repo.findQuestions(this.db, eventId);
  }

  /**
   * Saves the whole list, in order: questions are written by id, those left out are marked
   * removed (their answers keep their label). Saves of one event are serialised by a lock
   * on the event, so two at once end as one of them, never a mix.
   */
  async save(
    organiserId: string,
    eventId: string,
    body: SaveBody | SaveQuestionsBody,
  ): Promise<QuestionDto[]> {
    await this.owned(organiserId, eventId);
    const questions = (body as SaveBody).questions;
    const typeIds = [...new Set(questions.flatMap((q) => q.ticketTypeIds ?? []))];
    if (typeIds.length > 0) {
      const types = await inventoryService.ticketTypesForSale(this.db, eventId, typeIds);
      if (types.length !== typeIds.length) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'A chosen ticket type is not one of this event’s.',
        );
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await lockKey(trx, `questions:${eventId}`);
      await repo.replaceQuestions(
        trx,
        eventId,
        questions.map((q, position) => ({
          event_id: eventId,
          id: q.id,
          position,
          label: q.label,
          kind: q.kind,
          required: q.required ?? false,
          per: q.per,
          options: JSON.stringify(
            q.kind === 'one_choice' || q.kind === 'many_choices' ? q.options : [],
          ),
          ticket_type_ids: JSON.stringify(q.ticketTypeIds ?? []),
          show_if_question_id: q.showIf?.questionId ?? null,
          show_if_value: q.showIf?.equals ?? null,
        })),
      );
    });
    return repo.findQuestions(this.db, eventId);
  }

  /** The questions the checkout asks, for an event on sale (a draft's are nobody's business). */
  async forCheckout(slug: string): Promise<QuestionDto[]> {
    const event = await inventoryService.eventBySlug(this.db, slug);
    if (!event || event.status === 'draft') throw notFound(QUESTIONS_EVENT_NOT_FOUND);
    return repo.findQuestions(this.db, event.id);
  }
}

/** An order's checked answers, as checkout hands them to be kept. */
export interface OrderAnswers {
  orderId: string;
  eventId: string;
  questions: readonly QuestionDto[];
  answers: readonly CheckedAnswer[];
}

/** The rows to keep for orders' answers: `ticket` 0 for the order; names marked for the door. */
export function answerRows(orders: readonly OrderAnswers[]): repo.AnswerRowInput[] {
  return orders.flatMap((o) => {
    const byId = new Map(o.questions.map((q) => [q.id, q]));
    return o.answers.map((a) => {
      const q = byId.get(a.questionId);
      return {
        order_id: o.orderId,
        event_id: o.eventId,
        question_id: a.questionId,
        ticket: a.ticket ?? 0,
        ticket_type_id: a.ticketTypeId,
        label: a.label,
        value: a.value,
        is_name: q ? isNameQuestion(q) : false,
      };
    });
  });
}
