import { sql, type Kysely } from 'kysely';

/**
 * Ticket types people ask for (issue 25 §5, decisions 086 and 087).
 * - `ticket_types.kind`: regular | pay_what_you_want | donation | table. For the two kinds
 *   whose buyer types the amount, `price_kobo` is the minimum and `suggested_price_kobo`
 *   the amount the page offers first.
 * - `ticket_types.admits`: how many people one ticket lets in — 1, a table's seats, or 0
 *   for a donation (a line that admits no one).
 * - `ticket_types.access_codes`: a hidden type with codes is sold to whoever brings one
 *   (kept upper-case, as promo codes are); a hidden type without codes is not sold.
 * - `order_items.admits`: the type's `admits` when bought, so the order, its mail and the
 *   door say "Table of 10" / "Admits 10" whatever the type becomes later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ticket_types')
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('regular')
        .check(sql`kind in ('regular', 'pay_what_you_want', 'donation', 'table')`),
    )
    .addColumn('suggested_price_kobo', 'bigint')
    .addColumn('admits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`admits >= 0`),
    )
    .addColumn('access_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .execute();
  await db.schema
    .alterTable('order_items')
    .addColumn('admits', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`admits >= 0`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_items').dropColumn('admits').execute();
  await db.schema
    .alterTable('ticket_types')
    .dropColumn('access_codes')
    .dropColumn('admits')
    .dropColumn('suggested_price_kobo')
    .dropColumn('kind')
    .execute();
}
