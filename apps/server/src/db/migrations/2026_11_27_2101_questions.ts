import { sql, type Kysely } from 'kysely';

/**
 * Questions at checkout (issue 25 §1, decision 078), owned by the questions module.
 * - `event_questions`: an event's questions in `position` order; keyed by (event, id) — the
 *   browser names a new question's id, so no id can reach another event's row. A removed
 *   question keeps its row (`removed_at`), so its answers keep their column in exports.
 * - `order_answers`: one row per answer, keyed by (order, question, ticket): `ticket` is
 *   0 for a question asked once per order, else 1..quantity (the ticket's place in the order)
 *   with its ticket type. `is_name`: a name the door searches (decision 078). The label is kept with each answer, so an edit after sales never
 *   changes what a buyer was asked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_questions')
    .addColumn('event_id', 'uuid', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('id', 'uuid', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('per', 'text', (c) => c.notNull())
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('ticket_type_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('show_if_question_id', 'uuid')
    .addColumn('show_if_value', 'text')
    .addColumn('removed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('event_questions_pkey', ['event_id', 'id'])
    .execute();

  await db.schema
    .createTable('order_answers')
    .addColumn('order_id', 'uuid', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    .addColumn('question_id', 'uuid', (c) => c.notNull())
    .addColumn('ticket', 'integer', (c) => c.notNull())
    .addColumn('ticket_type_id', 'uuid')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('is_name', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('order_answers_pkey', ['order_id', 'question_id', 'ticket'])
    .execute();
  await db.schema
    .createIndex('order_answers_question_idx')
    .on('order_answers')
    .columns(['event_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_answers').execute();
  await db.schema.dropTable('event_questions').execute();
}
