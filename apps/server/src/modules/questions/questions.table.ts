import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { QuestionKind, QuestionScope } from '@gatepass/shared';

/** An event's question (decision 078); a removed one keeps its row for its answers. */
export interface EventQuestionsTable {
  event_id: string;
  id: string;
  position: number;
  label: string;
  kind: QuestionKind;
  required: boolean;
  per: QuestionScope;
  options: JSONColumnType<string[], string, string>;
  ticket_type_ids: JSONColumnType<string[], string, string>;
  show_if_question_id: string | null;
  show_if_value: string | null;
  removed_at: Date | null;
  created_at: Generated<Date>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** One answer of an order: `ticket` 0 for the order, else 1..quantity; its label as asked. */
export interface OrderAnswersTable {
  order_id: string;
  event_id: string;
  question_id: string;
  ticket: number;
  ticket_type_id: string | null;
  label: string;
  value: string;
  /** A name the door searches (decision 078). */
  is_name: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface QuestionTables {
  event_questions: EventQuestionsTable;
  order_answers: OrderAnswersTable;
}
