// The paid checkout's SQL, as the server sends it (captured with log_min_duration_statement=0
// on 2026-11-25 for one TEST-paid order: hold, payment choice, TEST payment, confirmation
// page; since decision 049 the paid path reads the event once per request, the payment's
// read under its share lock, and the payment choice is one statement: 7 fewer; since decision
// 092 the choice and the payment are written in groups per event — here a group of one, the
// payment's history line inside its UPDATE: one fewer), written as one pgbench script so
// that one pgbench "transaction" is one paid order.
// The group commits of holds (decision 014) and of payments (092) are left out: pgbench
// holds and pays one order per transaction. Background work (the mail dispatcher rendering tickets) is not in it.

const EVENT =
  `SELECT "id", "owner_id", "slug", "title", "status", "fee_mode", "offline_payment", "offline_hold_hours",
  "allow_transfers", "start_at", "end_at", "time_zone", "venue_name", "address", "city", "online_url", "paystack_channels",
  EXISTS (SELECT "organiser_settings"."user_id" FROM "organiser_settings" WHERE "organiser_settings"."user_id" = "events"."owner_id"
    AND "organiser_settings"."subaccount_code" IS NOT NULL AND "organiser_settings"."payout_verified_at" IS NOT NULL) AS "payout_ready"
  FROM "events" WHERE "id" IN (:ev);`.replace(/\n\s*/g, ' ');

/**
 * `counter`: which ticket type row the order takes its ticket from — `own` (a row per
 * pgbench client, table bench_slots: no lock waits, the limit) or `hot` (one row for all).
 * Order codes come from the sequence bench_order_code (givenCodeSequence).
 */
export function paidOrderScript(counter = 'own') {
  const type =
    counter === 'own'
      ? 'SELECT s.ticket_type_id AS tt, t.event_id AS ev, e.owner_id AS owner FROM bench_slots s JOIN ticket_types t ON t.id = s.ticket_type_id JOIN events e ON e.id = t.event_id WHERE s.slot = :client_id \\gset'
      : "SELECT t.id AS tt, t.event_id AS ev, e.owner_id AS owner FROM ticket_types t JOIN events e ON e.id = t.event_id WHERE t.name = 'pgbench-hot' \\gset";
  return `${type}
\\set n random(1, 999999999)
-- 1. Hold: POST /orders (the room, the buyer's open holds, the event's size; then the group)
SELECT * FROM "waiting_rooms" WHERE "event_id" = :ev;
SELECT count(*)::int AS "n" FROM "orders" WHERE "event_id" = :ev AND "status" = 'pending' AND "reserved_until" > now() AND ("email_key" = 'pg.' || :n || '@example.com' OR "phone_key" = '+234' || :n);
SELECT coalesce(sum(capacity), 0)::int AS "n" FROM "ticket_types" WHERE "event_id" = :ev;
BEGIN;
${EVENT}
SELECT "id", "event_id", "name", "price_kobo", "capacity", "sold", "min_per_order", "max_per_order", "sales_start_at", "sales_end_at", "hidden" FROM "ticket_types" WHERE "event_id" = :ev ORDER BY "id";
INSERT INTO "orders" ("code", "event_id", "buyer_user_id", "first_name", "last_name", "email", "phone", "email_key", "phone_key", "hold_token_hash", "hold_confirmed_at", "status", "payment_method", "payment_ref", "quantity", "subtotal_kobo", "discount_kobo", "fee_kobo", "total_kobo", "fee_mode", "promo_code_id", "access_token_hash", "reserved_until", "paid_at", "attended_at", "attended_by", "cancelled_at") VALUES (lpad(nextval('bench_order_code')::text, 8, '0'), :ev, NULL, 'Pg', 'Bench', 'pg.' || :n || '@example.com', '08031234567', 'pg.' || :n || '@example.com', '+234' || :n, NULL, NULL, 'pending', NULL, NULL, 1, 500000, 0, 33000, 533000, 'pass', NULL, md5(random()::text), now() + interval '15 minutes', NULL, NULL, NULL, NULL) ON CONFLICT ("code") DO NOTHING RETURNING "id" AS order_id \\gset
INSERT INTO "order_items" ("order_id", "ticket_type_id", "name", "quantity", "unit_price_kobo") VALUES (:order_id, :tt, 'Regular', 1, 500000) RETURNING *;
INSERT INTO "order_history" ("order_id", "kind", "detail", "actor_user_id") VALUES (:order_id, 'created', 'Order placed; tickets held', NULL);
UPDATE "ticket_types" SET "sold" = sold + 1, "updated_at" = now() WHERE "id" = :tt AND sold + 1 <= capacity RETURNING "id";
COMMIT;
-- 2. Payment choice: POST /orders/{id}/pay {method: test}
SELECT * FROM "orders" WHERE "id" = :order_id;
${EVENT}
with chosen as (update orders as o set payment_method = c.method, hold_token_hash = null, updated_at = now() from unnest(ARRAY[:order_id]::uuid[], ARRAY['test']::text[]) as c(id, method) where o.id = c.id and o.status = 'pending' and o.reserved_until > now() and o.payment_method is distinct from c.method returning o.*), logged as (insert into order_history (order_id, kind, detail) select chosen.id, 'payment_method', h.detail from chosen join unnest(ARRAY[:order_id]::uuid[], ARRAY['Paying with the TEST provider']::text[]) as h(id, detail) on h.id = chosen.id) select * from chosen;
SELECT * FROM "order_items" WHERE "order_id" IN (:order_id);
-- 3. TEST payment: POST /orders/{id}/test-payment {outcome: success}
SELECT * FROM "orders" WHERE "id" = :order_id;
BEGIN;
${EVENT.replace(/;$/, ' FOR SHARE;')}
with paid as (update orders as o set status = 'completed', payment_method = p.method, payment_ref = p.ref, paid_at = now(), reserved_until = null, updated_at = now() from unnest(ARRAY[:order_id]::uuid[], ARRAY['test']::text[], ARRAY['test_' || :n]::text[]) as p(id, method, ref) where o.id = p.id and o.status = 'pending' and o.reserved_until > now() returning o.*), logged as (insert into order_history (order_id, kind, detail, actor_user_id) select paid.id, 'paid', h.detail, h.actor from paid join unnest(ARRAY[:order_id]::uuid[], ARRAY['Paid with the TEST provider']::text[], ARRAY[NULL]::uuid[]) as h(id, detail, actor) on h.id = paid.id) select * from paid;
SELECT * FROM "order_items" WHERE "order_id" IN (:order_id);
INSERT INTO "mail_outbox" ("kind", "to_address", "subject", "text_body", "html_body", "attachments", "context", "last_error", "sent_at") VALUES ('order-confirmation', 'pg.' || :n || '@example.com', '[TEST — not paid] Your tickets for Paid Rush — order', repeat('t', 590), repeat('h', 1490), '[]', json_build_object('orderId', :order_id::text), NULL, NULL) RETURNING "id";
SELECT "u"."email", "u"."full_name", "s"."order_notifications", "s"."public_name" FROM "users" AS "u" LEFT JOIN "organiser_settings" AS "s" ON "s"."user_id" = "u"."id" WHERE "u"."id" = :owner;
UPDATE "waitlist_entries" SET "status" = 'claimed', "claim_token_hash" = NULL, "updated_at" = now() WHERE "order_id" IN (:order_id) AND "status" IN ('offered', 'waiting');
COMMIT;
-- 4. Confirmation page: GET /orders/{id}
SELECT * FROM "orders" WHERE "id" = :order_id;
SELECT * FROM "order_items" WHERE "order_id" IN (:order_id);
${EVENT}
`;
}

/**
 * Empties the orders (the sale's checks are done by then; the app's run also began on
 * empty tables) and makes the sequence the script's order codes come from.
 */
export async function givenCodeSequence(db) {
  await db.query('TRUNCATE orders CASCADE');
  await db.query('CREATE SEQUENCE bench_order_code MAXVALUE 99999999');
}
