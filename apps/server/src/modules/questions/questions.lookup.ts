import type { Db } from '../../db/database.ts';
import * as repo from './questions.repository.ts';
import { answerRows, type OrderAnswers } from './questions.service.ts';

export type { OrderAnswers } from './questions.service.ts';

/**
 * What other modules ask of `event_questions` and `order_answers` (decisions 064, 065,
 * 078): checkout keeps answers in its own transaction; the organiser's order detail and
 * export read them; values are lent into checkout's event read and the door's list.
 */
export const questionLookup = {
  /** The event's live questions (jsonb array, null for none): lent into checkout's event read. */
  questionsOf: repo.questionsOf,

  /** An order's name answers joined with " · " (the door's search): lent into its list. */
  nameAnswersOf: repo.nameAnswersOf,

  /** Whether the event ever had a question (else no order of it has name answers). */
  asksAnyOf: repo.asksAnyOf,

  /** Keeps the answers of a group of orders in one INSERT, none when there are none. */
  keep: (trx: Db, orders: readonly OrderAnswers[]) => repo.insertAnswers(trx, answerRows(orders)),

  /** The answers of these orders, each under the label it was given with. */
  answersOf: (db: Db, orderIds: string[]) => repo.findAnswers(db, orderIds),

  /** The export's question columns over the events `eventIds` selects (removed ones with answers too). */
  exportColumns: (db: Db, ownerId: string, eventId: string | undefined) =>
    repo.findExportQuestions(db, ownerId, eventId),
};
