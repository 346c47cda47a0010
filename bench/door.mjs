// 3. The door: the orders of a 10,000-order event (time, bytes, gzipped bytes) and
// mark-attended of 1,000 codes (server time), as a steward's device calls them.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import {
  createDatabase,
  figure,
  givenEvent,
  givenOrganiser,
  log,
  round,
  startApp,
} from './lib/common.mjs';

const ORDERS = 10_000;
const BATCH = 1_000;
const RUNS = 5;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** GET as a browser would (br or gzip accepted), keeping the bytes as they came over the wire. */
function getOnWire(url, headers) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'] ?? 'identity';
        const body =
          encoding === 'br'
            ? brotliDecompressSync(wire)
            : encoding === 'gzip'
              ? gunzipSync(wire)
              : wire;
        resolve({ status: res.statusCode, encoding, wire: wire.length, body });
      });
    });
    req.on('error', reject);
  });
}

export async function door() {
  const db = await createDatabase('door');
  let app;
  try {
    log(`door: ${ORDERS} completed orders on one event`);
    app = await startApp('app', db.url);
    const organiser = await givenOrganiser(app.base, db);
    const event = await givenEvent(app.base, organiser.token, {
      title: 'Door Night',
      tickets: [{ name: 'Free', price: 0, capacity: 50_000 }],
    });
    const typeId = event.types[0].id;
    // Orders as checkout leaves them (completed, one item each), written in bulk.
    await db.query(
      `WITH o AS (
         INSERT INTO orders (code, event_id, first_name, last_name, email, phone, status, payment_method,
                             quantity, subtotal_kobo, total_kobo, fee_mode, access_token_hash, paid_at)
         SELECT lpad((10000000 + g)::text, 8, '0'), $1, 'Guest', 'Number ' || g, 'guest' || g || '@example.com',
                '+2348031234567', 'completed', 'free', 1 + g % 3, 0, 0, 'pass', md5(g::text), now()
         FROM generate_series(1, $3::int) g
         RETURNING id, quantity)
       INSERT INTO order_items (order_id, ticket_type_id, name, quantity, unit_price_kobo)
       SELECT id, $2, 'Free', quantity, 0 FROM o`,
      [event.id, typeId, ORDERS],
    );
    await db.query(
      'UPDATE ticket_types SET sold = (SELECT sum(quantity) FROM order_items WHERE ticket_type_id = $1) WHERE id = $1',
      [typeId],
    );
    await db.query('ANALYZE');

    const url = `${app.base}/api/v1/ticketPurchase/event/${event.id}`;
    const headers = { authorization: `Bearer ${organiser.token}` };
    const times = [];
    let bytes = 0;
    let wire = 0;
    let encoding = 'identity';
    let count = 0;
    for (let i = 0; i < RUNS + 1; i++) {
      const t0 = performance.now();
      const res = await getOnWire(url, headers);
      const ms = performance.now() - t0;
      if (res.status !== 200)
        throw new Error(`door orders: ${res.status} ${res.body.toString().slice(0, 300)}`);
      if (i === 0) continue; // warm-up
      times.push(ms);
      bytes = res.body.length;
      encoding = res.encoding;
      wire = res.wire;
      count = JSON.parse(res.body.toString()).data.length;
    }
    const { rows } = await db.query('SELECT code FROM orders WHERE event_id = $1 ORDER BY code', [
      event.id,
    ]);
    const codes = rows.map((r) => r.code);
    const gz = gzipSync(
      Buffer.from(
        await (
          await fetch(url, { headers: { authorization: headers.authorization } })
        ).arrayBuffer(),
      ),
    ).length;

    const markTimes = [];
    for (let i = 0; i < 3; i++) {
      const batch = codes.slice(i * BATCH, (i + 1) * BATCH);
      const t0 = performance.now();
      const res = await fetch(`${app.base}/api/v1/ticketPurchase/mark-attended`, {
        method: 'POST',
        headers: { authorization: headers.authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ eventId: event.id, ticketCodes: batch }),
      });
      const out = await res.json();
      markTimes.push(performance.now() - t0);
      if (res.status !== 200 || out.data.marked.length !== BATCH)
        throw new Error(`mark-attended: ${res.status} ${JSON.stringify(out).slice(0, 300)}`);
    }
    return {
      raw: { times, bytes, wire, encoding, gzipBytes: gz, count, markTimes },
      figures: [
        figure(
          `Door: orders of a ${ORDERS.toLocaleString('en')}-order event`,
          round(median(times)),
          'ms',
          {
            note: `median of ${RUNS}, localhost; ${count} orders`,
          },
        ),
        figure(
          'Door: that list’s size raw / gzipped',
          `${round(bytes / 1024)} / ${round(gz / 1024)}`,
          'KB',
          {
            note:
              encoding === 'identity'
                ? 'the server sends it uncompressed'
                : `sent as ${encoding}: ${round(wire / 1024)} KB on the wire`,
          },
        ),
        figure(
          `Door: mark-attended of ${BATCH.toLocaleString('en')} codes`,
          round(median(markTimes)),
          'ms',
          { note: 'median of 3 fresh batches, localhost' },
        ),
      ],
    };
  } finally {
    await app?.stop();
    await db.drop();
  }
}
