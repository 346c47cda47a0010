import type { QuestionDto } from '@gatepass/shared';
import { sql, type Expression, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { eventLookup } from '../events/events.lookup.ts';
import type { EventQuestionsTable } from './questions.table.ts';

/** Every statement on `event_questions` and `order_answers` (decision 078). */

type Id = Expression<string>;

/** A question row as `questionDto` (jsonb from the table, or from a lent aggregate). */
export const QUESTION_JSON = sql<QuestionDto>`jsonb_build_object(
  'id', q.id, 'label', q.label, 'kind', q.kind, 'required', q.required, 'per', q.per,
  'options', q.options, 'ticketTypeIds', q.ticket_type_ids,
  'showIf', case when q.show_if_question_id is null then null
    else jsonb_build_object('questionId', q.show_if_question_id, 'equals', q.show_if_value) end)`;

/**
 * The event's live questions as one jsonb array, or null when it has none: lent into the
 * checkout's read of the event, so an order sends no statement of its own for them.
 */
export const questionsOf = (eventId: Id) =>
  sql<QuestionDto[] | null>`(select jsonb_agg(${QUESTION_JSON} order by q.position)
    from event_questions q where q.event_id = ${eventId} and q.removed_at is null)`;

/** The event's live questions, in order. */
export async function findQuestions(db: Db, eventId: string): Promise<QuestionDto[]> {
  const row = await db
    .selectNoFrom(questionsOf(sql.val(eventId)).as('questions'))
    .executeTakeFirstOrThrow();
  return row.questions ?? [];
}

/** Every question row of the event, removed ones too (saving compares with them). */
export function findAllQuestionRows(db: Db, eventId: string) {
  return db
    .selectFrom('event_questions')
    .select(['id', 'removed_at'])
    .where('event_id', '=', eventId)
    .execute();
}

export type QuestionRowInput = Omit<
  Insertable<EventQuestionsTable>,
  'created_at' | 'updated_at' | 'removed_at'
>;

/** Writes the event's questions (insert or update by id) and marks the others removed. */
export async function replaceQuestions(db: Db, eventId: string, rows: QuestionRowInput[]) {
  const keep = rows.map((r) => r.id);
  let removal = db
    .updateTable('event_questions')
    .set({ removed_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('event_id', '=', eventId)
    .where('removed_at', 'is', null);
  if (keep.length > 0) removal = removal.where('id', 'not in', keep);
  await removal.execute();
  if (rows.length === 0) return;
  await db
    .insertInto('event_questions')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['event_id', 'id']).doUpdateSet((e) => ({
        position: e.ref('excluded.position'),
        label: e.ref('excluded.label'),
        kind: e.ref('excluded.kind'),
        required: e.ref('excluded.required'),
        per: e.ref('excluded.per'),
        options: e.ref('excluded.options'),
        ticket_type_ids: e.ref('excluded.ticket_type_ids'),
        show_if_question_id: e.ref('excluded.show_if_question_id'),
        show_if_value: e.ref('excluded.show_if_value'),
        removed_at: null,
        updated_at: sql<Date>`now()`,
      })),
    )
    .execute();
}

// Answers ------------------------------------------------------------------------------------

export interface AnswerRowInput {
  order_id: string;
  event_id: string;
  question_id: string;
  ticket: number;
  ticket_type_id: string | null;
  label: string;
  value: string;
  is_name: boolean;
}

/** The answers of a group of orders, in one INSERT (checkout's transaction). */
export async function insertAnswers(db: Db, rows: AnswerRowInput[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('order_answers').values(rows).execute();
}

/** The answers of these orders, each under the label it was given with. */
export function findAnswers(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_answers as a')
    .leftJoin('event_questions as q', (j) =>
      j.onRef('q.event_id', '=', 'a.event_id').onRef('q.id', '=', 'a.question_id'),
    )
    .select(['a.order_id', 'a.question_id', 'a.ticket', 'a.ticket_type_id', 'a.label', 'a.value'])
    .where('a.order_id', 'in', orderIds)
    .orderBy('a.order_id')
    .orderBy('a.ticket')
    .orderBy(sql`coalesce(q.position, 1000)`)
    .execute();
}

/**
 * The columns of an orders export over the events `eventIds` selects: every live question,
 * and every removed one that has answers, labelled as last saved.
 */
export function findExportQuestions(db: Db, ownerId: string, eventId: string | undefined) {
  let query = db
    .selectFrom('event_questions as q')
    .select(['q.event_id', 'q.id', 'q.label', 'q.per', 'q.position', 'q.removed_at'])
    // The organiser's events are events' to say (decision 065).
    .where('q.event_id', 'in', eventLookup.idsOf({ ownerId }));
  if (eventId) query = query.where('q.event_id', '=', eventId);
  return (
    query
      .where((w) =>
        w.or([
          w('q.removed_at', 'is', null),
          w.exists(
            w
              .selectFrom('order_answers as a')
              .select('a.order_id')
              .whereRef('a.event_id', '=', 'q.event_id')
              .whereRef('a.question_id', '=', 'q.id'),
          ),
        ]),
      )
      // Live questions in their order, then removed ones (decision 079).
      .orderBy('q.event_id')
      .orderBy(sql`q.removed_at is not null`)
      .orderBy('q.position')
      .execute()
  );
}

/**
 * The name answers of an order (decision 078), joined with " · ", lent into the door's
 * list so a steward's search finds a guest by the name given at checkout.
 */
export const nameAnswersOf = (orderId: Id) =>
  sql<string | null>`(select string_agg(a.value, ' · ' order by a.ticket, a.question_id)
    from order_answers a where a.order_id = ${orderId} and a.is_name)`;

/**
 * Whether the event has ever had a question (removed ones keep their answers): the door's
 * compact list reads orders' name answers only then (one probe for the whole list).
 */
export const asksAnyOf = (eventId: Id) =>
  sql<boolean>`exists (select 1 from event_questions q where q.event_id = ${eventId})`;
