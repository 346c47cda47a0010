import { createDatabase, givenEvent, givenOrganiser, startApp } from './lib/common.mjs';
const db = await createDatabase('doorscratch');
const app = await startApp('app', db.url);
const organiser = await givenOrganiser(app.base, db);
const event = await givenEvent(app.base, organiser.token, { title: 'Scratch', tickets: [{ name: 'Free', price: 0, capacity: 300000 }] });
await db.query(`WITH o AS (
         INSERT INTO orders (code, event_id, first_name, last_name, email, phone, status, payment_method,
                             quantity, subtotal_kobo, total_kobo, fee_mode, access_token_hash, paid_at, created_at, updated_at)
         SELECT lpad((10000000 + g)::text, 8, '0'), $1, 'Guest', 'Number ' || g, 'guest' || g || '@example.com',
                '+2348031234567', 'completed', 'free', 1 + g % 3, 0, 0, 'pass', md5(g::text), now(),
                now() - interval '1 hour' + g * interval '1 millisecond', now() - interval '1 hour'
         FROM generate_series(1, 100000) g RETURNING id, quantity)
       INSERT INTO order_items (order_id, ticket_type_id, name, quantity, unit_price_kobo)
       SELECT id, $2, 'Free', quantity, 0 FROM o`, [event.id, event.types[0].id]);
await db.query('VACUUM ANALYZE orders'); await db.query('VACUUM ANALYZE order_items');
console.log(JSON.stringify({ db: db.name, url: db.url, event: event.id, token: organiser.token }));
await app.stop(); await db.pool.end(); process.exit(0);
