// A crowd of buyers for the sale benchmarks: who they are, how they talk to the server
// (keep-alive sockets, one request at a time per buyer), the paid checkout as the web app
// walks it, and the SQL that says whether a sale stayed exact.
import fs from 'node:fs';
import http from 'node:http';
import { percentile } from './load.mjs';

/** The n-th buyer's details: every order its own person, as a real crowd is. */
export const buyerOf = (n, firstName = 'Rush') => ({
  firstName,
  lastName: 'Buyer',
  email: `${firstName.toLowerCase()}.buyer.${n}@example.com`,
  phone: `0803${String(n % 10_000_000).padStart(7, '0')}`,
});

/**
 * The n-th buyer's client address (sent as X-Forwarded-For to processes started with
 * TRUST_PROXY): many networks, so the per-address checkout limits (decision 025) see a crowd.
 */
export const addressOf = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** POST /orders body: one line of `quantity` tickets of the event's first type. */
export const orderBody = (event, n, quantity = 1, firstName) =>
  JSON.stringify({
    eventId: event.id,
    items: [{ ticketTypeId: event.types[0].id, quantity }],
    buyer: buyerOf(n, firstName),
  });

/**
 * A keep-alive HTTP client with up to `maxSockets` open sockets per host. `request` never
 * throws: a refused or reset connection answers `{ status: 'error' }` with the time it took.
 */
export function httpClient({ maxSockets = 256 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  const request = (base, method, url, { body, headers = {}, timeoutMs = 60_000 } = {}) =>
    new Promise((resolve) => {
      const t0 = performance.now();
      const req = http.request(
        `${base}${url}`,
        {
          method,
          agent,
          headers: {
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString();
            let json;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({
              status: res.statusCode,
              ms: performance.now() - t0,
              at: performance.now(),
              body: json,
              setCookie: res.headers['set-cookie'] ?? [],
            });
          });
          res.on('error', (err) => fail(err));
        },
      );
      const fail = (err) =>
        resolve({
          status: 'error',
          ms: performance.now() - t0,
          at: performance.now(),
          error: err?.code ?? String(err),
        });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', fail);
      req.end(body);
    });
  return {
    request,
    openSockets: () =>
      Object.values(agent.sockets).reduce((n, list) => n + list.length, 0) +
      Object.values(agent.freeSockets).reduce((n, list) => n + list.length, 0),
    close: () => agent.destroy(),
  };
}

/** Response times of one step, and its answers by status (and error code for 409s). */
export class Step {
  constructor(name) {
    this.name = name;
    this.times = [];
    this.statuses = {};
  }

  add(res) {
    const key =
      res.status === 'error'
        ? `error:${res.error}`
        : res.status === 409
          ? `409 ${res.body?.code ?? ''}`.trim()
          : String(res.status);
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
    if (typeof res.status === 'number' && res.status < 300) this.times.push(res.ms);
    return res;
  }

  summary() {
    const sorted = [...this.times].sort((a, b) => a - b);
    return {
      ok: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      statuses: this.statuses,
    };
  }
}

/**
 * The paid checkout as the web app walks it after the buyer chose tickets: POST /orders (the
 * hold), POST /orders/{id}/pay {method: 'test'} (the payment choice, which sends the browser
 * to the TEST payment page), POST /orders/{id}/test-payment {outcome: 'success'} (the page's
 * "Pay successfully"), then GET /orders/{id} (the confirmation page) until completed.
 *
 * `behaviour`: 'pay' at once; 'slow' waits `slowMs` before paying (inside the hold);
 * 'late' waits `lateMs` (past the hold: the payment must be refused with 409); 'abandon'
 * never pays (the hold is left to the sweeper). Answers what happened, for the checks.
 */
export async function paidCheckout(
  request,
  base,
  { body, address, headers = {}, behaviour = 'pay', slowMs = 0, lateMs = 0 },
  steps,
) {
  const hold = steps.hold.add(
    await request(base, 'POST', '/api/v1/orders', {
      body,
      headers: { 'x-forwarded-for': address, ...headers },
    }),
  );
  if (hold.status !== 201) return { outcome: 'hold', hold };
  const orderId = hold.body.data.order.id;
  const token = { 'x-order-token': hold.body.data.accessToken, 'x-forwarded-for': address };
  const result = { outcome: 'held', orderId, code: hold.body.data.order.orderCode, hold };
  if (behaviour === 'abandon') return { ...result, outcome: 'abandoned' };
  if (behaviour === 'slow' || behaviour === 'late')
    await new Promise((resolve) => setTimeout(resolve, behaviour === 'slow' ? slowMs : lateMs));

  const payStart = performance.now();
  const choose = steps.choose.add(
    await request(base, 'POST', `/api/v1/orders/${orderId}/pay`, {
      body: JSON.stringify({ method: 'test' }),
      headers: token,
    }),
  );
  if (choose.status !== 200) return { ...result, outcome: 'choose', res: choose };
  const paid = steps.payment.add(
    await request(base, 'POST', `/api/v1/orders/${orderId}/test-payment`, {
      body: JSON.stringify({ outcome: 'success' }),
      headers: token,
    }),
  );
  if (paid.status !== 200) return { ...result, outcome: 'payment', res: paid };
  steps.pay.add({ status: 200, ms: performance.now() - payStart });

  const confirmStart = performance.now();
  for (let attempt = 0; attempt < 20; attempt++) {
    const got = await request(base, 'GET', `/api/v1/orders/${orderId}`, { headers: token });
    if (got.status === 200 && got.body.data.status === 'completed') {
      steps.confirm.add({ status: 200, ms: performance.now() - confirmStart });
      return { ...result, outcome: 'confirmed', confirmedAt: got.at };
    }
    if (got.status !== 200) {
      steps.confirm.add(got);
      return { ...result, outcome: 'confirm', res: got };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  steps.confirm.add({ status: 'error', error: 'never completed', ms: 0 });
  return { ...result, outcome: 'confirm' };
}

export const paidSteps = () => ({
  hold: new Step('hold'),
  choose: new Step('choose'),
  payment: new Step('payment'),
  pay: new Step('pay'),
  confirm: new Step('confirm'),
});

/**
 * Whether a paid sale stayed exact, in SQL: tickets of completed orders plus tickets still
 * held (pending, hold running) never above capacity; the sold counter equal to those rows;
 * no pending order left past its hold; no completed order's items counted twice.
 */
export async function saleState(db, ticketTypeId) {
  const { rows } = await db.query(
    `SELECT tt.sold, tt.capacity,
       (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.ticket_type_id = tt.id AND o.status = 'completed') AS completed_items,
       (SELECT coalesce(sum(oi.quantity), 0)::int FROM order_items oi JOIN orders o ON o.id = oi.order_id
          WHERE oi.ticket_type_id = tt.id AND o.status = 'pending' AND o.reserved_until > now()) AS held_items,
       (SELECT count(*)::int FROM orders o WHERE o.event_id = tt.event_id AND o.status = 'pending'
          AND o.reserved_until <= now()) AS pending_past_hold,
       (SELECT count(*)::int FROM orders o WHERE o.event_id = tt.event_id AND o.status = 'completed') AS completed_orders,
       (SELECT count(*)::int FROM orders o WHERE o.event_id = tt.event_id AND o.status = 'expired') AS expired_orders,
       (SELECT count(*)::int FROM orders o WHERE o.event_id = tt.event_id) AS orders,
       (SELECT count(DISTINCT o.code)::int FROM orders o WHERE o.event_id = tt.event_id) AS distinct_codes,
       (SELECT count(*)::int FROM (SELECT oi.order_id FROM order_items oi WHERE oi.ticket_type_id = tt.id
          GROUP BY oi.order_id HAVING count(*) > 1) d) AS orders_with_items_twice
     FROM ticket_types tt WHERE tt.id = $1`,
    [ticketTypeId],
  );
  const s = rows[0];
  return {
    ...s,
    exact:
      s.completed_items + s.held_items <= s.capacity &&
      s.sold === s.completed_items + s.held_items &&
      s.pending_past_hold === 0 &&
      s.distinct_codes === s.orders &&
      s.orders_with_items_twice === 0,
  };
}

/** Order ids among `ids` that are not completed in the database (confirmed orders lost). */
export async function notCompleted(db, ids) {
  if (ids.length === 0) return [];
  const { rows } = await db.query(
    "SELECT id FROM orders WHERE id = ANY($1::uuid[]) AND status = 'completed'",
    [ids],
  );
  const done = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !done.has(id));
}

// CPU -------------------------------------------------------------------------------------

const TICK = 100; // USER_HZ on Linux

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICK;
  } catch {
    return 0;
  }
}

/**
 * CPU used by groups of processes between start() and stop(): the app processes, this load
 * generator, and the PostgreSQL backends serving `dbName` (sampled while they live).
 */
export function cpuMeter(db, groups) {
  const backends = new Map();
  const sampleBackends = async () => {
    const { rows } = await db.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    for (const { pid } of rows) {
      const now = cpuSeconds(pid);
      const seen = backends.get(pid);
      if (!seen) backends.set(pid, { first: now, last: now });
      else seen.last = Math.max(seen.last, now);
    }
  };
  let timer;
  let before;
  let wall;
  return {
    async start() {
      before = Object.fromEntries(
        Object.entries(groups()).map(([k, pids]) => [k, pids.map(cpuSeconds)]),
      );
      wall = performance.now();
      await sampleBackends();
      timer = setInterval(() => sampleBackends().catch(() => {}), 500);
    },
    async stop() {
      clearInterval(timer);
      await sampleBackends().catch(() => {});
      const seconds = (performance.now() - wall) / 1000;
      const used = {};
      for (const [k, pids] of Object.entries(groups()))
        used[k] = pids.reduce((n, pid, i) => n + Math.max(0, cpuSeconds(pid) - before[k][i]), 0);
      used.postgres = [...backends.values()].reduce((n, b) => n + b.last - b.first, 0);
      return { seconds, used };
    },
  };
}
