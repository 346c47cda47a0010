import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenUser, logIn, type GivenUser } from '../factories.ts';
import { startTestApp, testEngine, type TestApp } from '../helper.ts';
import {
  openApiOperations,
  pathParams,
  registeredRoutes,
  routeKey,
  validValue,
  type JsonSchema,
  type Method,
  type Operation,
} from './routes.ts';
import { givenWorld, knownValues, paramResource, type World } from './world.ts';

/**
 * Hostile input on every endpoint of the OpenAPI document (plus the registered routes it
 * hides): fast-check builds each request from the operation's own schema — mostly valid
 * shapes with one part broken, so requests get past the first check and into the services
 * and the database — with malformed, oversized, unicode and injection-shaped values in the
 * body, query string, path parameters and headers (content type, bearer token, order token).
 *
 * Whatever arrives: never a 5xx, every /api refusal is a readable `{ error, code }`, the
 * server stays up, and nothing is half written (orders always have their items, and every
 * ticket type's `sold` equals the tickets of its live orders).
 *
 * The seed is fixed, so a failure replays; FUZZ_SEED and FUZZ_RUNS override it.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
// PGlite is the fast engine (in process): it gets the full run; PostgreSQL a shorter one,
// since the same code paths are exercised and its round trips cost more.
const RUNS = Number(process.env.FUZZ_RUNS ?? (testEngine === 'pglite' ? 10_000 : 1_500));
const CHECK_EVERY = 500;
const HEAVY =
  /poster\.(png|pdf)$|ticket\.pdf$|export\.csv$|reset-password$|login$|password$|signup$/;

const SQLISH = [
  "' OR '1'='1",
  "'; DROP TABLE orders; --",
  '" OR 1=1 --',
  '1; SELECT pg_sleep(10)',
  "%' AND 1=0 UNION SELECT password_hash FROM users --",
  '$1',
  '\\',
  "1' AND (SELECT count(*) FROM ticket_types) > 0 --",
  '{"$gt":""}',
];
const ODD = [
  '😀🎉👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  '\u202Egnp.exe\u202C',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '   ',
  '\n\t\r',
  '０８０３１２３４５６７',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '2026-02-30T25:61:00Z',
  '0000-00-00',
  'true',
  'null',
  '__proto__',
  'constructor',
];
const HUGE = ['x'.repeat(100_000), '😀'.repeat(30_000), '9'.repeat(5_000), 'a'.repeat(1_100_000)];

const hostileString = fc.oneof(
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.constantFrom(...SQLISH, ...ODD), weight: 4 },
  { arbitrary: fc.constantFrom(...HUGE), weight: 1 },
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -0, 0.5),
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.constant({ $ne: null }),
);
/** ASCII only: header values with other bytes never leave a real HTTP client. */
const headerString = fc.oneof(
  fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
  fc.constantFrom("' OR '1'='1", 'x'.repeat(8_000), '../../etc/passwd', 'null', '%00'),
);

/** A fuzzed value shaped by `schema`: mostly valid, sometimes hostile, missing or of the wrong type. */
function fuzz(
  schema: JsonSchema | undefined,
  name: string,
  known: Record<string, unknown>,
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = fc.constant(validValue(schema, name, known));
  if (!schema || depth > 4) return fc.oneof(valid, hostileString, wrongType);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' && schema.properties) {
    const props = Object.fromEntries(
      Object.entries(schema.properties).map(([key, child]) => [
        key,
        fuzz(child, key, known, depth + 1),
      ]),
    );
    return fc.oneof(
      {
        arbitrary: fc
          .tuple(
            fc.record(props, { requiredKeys: [] }),
            fc.dictionary(
              fc.constantFrom(
                'isAdmin',
                'owner_id',
                'ownerId',
                'sold',
                'status',
                'id',
                'role',
                'totalPrice',
              ),
              fc.jsonValue({ maxDepth: 1 }),
              { maxKeys: 2 },
            ),
          )
          .map(([known_, stray]) => ({ ...stray, ...known_ })),
        weight: 8,
      },
      { arbitrary: wrongType, weight: 1 },
      { arbitrary: hostileString, weight: 1 },
    );
  }
  if (type === 'array') {
    return fc.oneof(
      {
        arbitrary: fc.array(fuzz(schema.items, name.replace(/s$/, ''), known, depth + 1), {
          maxLength: 4,
        }),
        weight: 6,
      },
      { arbitrary: valid, weight: 3 },
      { arbitrary: fc.constant(Array.from({ length: 6_000 }, (_, i) => String(i))), weight: 1 },
      { arbitrary: wrongType, weight: 1 },
    );
  }
  const odd =
    type === 'integer' || type === 'number'
      ? fc.oneof(hostileNumber, hostileString)
      : fc.oneof(hostileString, hostileNumber);
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: odd, weight: 4 },
    { arbitrary: wrongType, weight: 1 },
  );
}

const RAW_BODIES = [
  '{',
  '{"a":',
  'not json',
  '{"a":1}}',
  "{'a':'b'}",
  '{"a":1,}',
  '\u0000',
  '',
  '[]',
  '"string"',
  'null',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `{"a":${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}}`,
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":1e999999}',
  '<?xml version="1.0"?><a>1</a>',
  '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nnot an image\r\n--b--\r\n',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json;;;',
  'APPLICATION/JSON',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=b',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/octet-stream',
  'image/png',
  '*/*',
  'json',
];

interface Target {
  method: Method;
  url: string;
  op: Operation | undefined;
}

let t: TestApp;
let worlds: World[];
let tokens: { owner: string; other: string };
let accounts: { owner: GivenUser; other: GivenUser };

async function refreshSessions(): Promise<void> {
  for (const who of ['owner', 'other'] as const) {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user/me',
      headers: { authorization: `Bearer ${tokens[who]}` },
    });
    if (me.statusCode !== 401) continue;
    // The fuzz may have changed the account's phone or email (unverified) meanwhile.
    const { rows } = await sql<{ phone: string }>`
      update users set email_verified_at = coalesce(email_verified_at, now())
      where id = ${accounts[who].id} returning phone`.execute(t.db);
    tokens[who] = await logIn(t, { phoneNumber: rows[0]!.phone, password: accounts[who].password });
  }
}
let targets: Target[];

beforeAll(async () => {
  t = await startTestApp();
  const [owner, other] = [await givenUser(t), await givenUser(t)];
  accounts = { owner, other };
  tokens = { owner: await logIn(t, owner), other: await logIn(t, other) };
  worlds = [
    await givenWorld(t, tokens.owner),
    await givenWorld(t, tokens.owner),
    await givenWorld(t, tokens.other),
  ];
  const operations = await openApiOperations(t.app);
  // Hidden routes (the server-rendered event page) are fuzzed too, by their path alone.
  targets = registeredRoutes(t.app)
    .filter((r) => !r.url.startsWith('/api/docs'))
    .map((r) => ({ ...r, op: operations.find((o) => routeKey(o) === routeKey(r)) }));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function safePathname(url: string): string {
  try {
    return new URL(url, 'http://gatepass.test').pathname;
  } catch {
    return url;
  }
}

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 it would be. */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}

/** Replaces one world's ids by another's anywhere in a generated value. */
function retarget(value: unknown, from: World, to: World): unknown {
  if (from === to) return value;
  const json = JSON.stringify(value);
  if (json === undefined) return value;
  let out = json;
  for (const key of [
    'eventId',
    'ticketTypeId',
    'orderId',
    'orderCode',
    'promoCodeId',
    'slug',
  ] as const)
    out = out.split(from[key]).join(to[key]);
  return JSON.parse(out) as unknown;
}

/** The database's own bookkeeping agrees with itself: nothing half written. */
async function expectConsistent(): Promise<void> {
  const { rows: counters } = await sql<{
    id: string;
    sold: number;
    capacity: number;
    held: number;
  }>`
    select tt.id, tt.sold, tt.capacity, coalesce(sum(oi.quantity) filter (where o.status in ('pending', 'completed')), 0)::int as held
    from ticket_types tt
    left join order_items oi on oi.ticket_type_id = tt.id
    left join orders o on o.id = oi.order_id
    group by tt.id`.execute(t.db);
  for (const c of counters) {
    expect(c.sold, `ticket type ${c.id}: sold ${c.sold}, live order items ${c.held}`).toBe(c.held);
    expect(c.sold).toBeLessThanOrEqual(c.capacity);
  }
  const { rows: orders } = await sql<{ id: string; quantity: number; items: number }>`
    select o.id, o.quantity, coalesce(sum(oi.quantity), 0)::int as items
    from orders o left join order_items oi on oi.order_id = o.id
    group by o.id having coalesce(sum(oi.quantity), 0) <> o.quantity`.execute(t.db);
  expect(orders, 'orders whose items do not add up to their quantity (or have none)').toEqual([]);
  const { rows: promos } = await sql<{ id: string; uses: number; live: number }>`
    select p.id, p.uses, count(o.id)::int as live from promo_codes p
    left join orders o on o.promo_code_id = p.id and o.status in ('pending', 'completed')
    group by p.id having p.uses <> count(o.id)`.execute(t.db);
  expect(promos, 'promo codes whose uses differ from their live orders').toEqual([]);
}

describe(`every endpoint under ${RUNS} generated hostile requests`, () => {
  it('never answers a 5xx, always explains a refusal, stays up and writes nothing by halves', async () => {
    const seen = new Map<string, Set<number>>();
    const spent = new Map<string, number>();
    const statuses = new Map<number, number>();
    let sent = 0;

    // One arbitrary per endpoint, built once from its schema (the world's ids go in later).
    const known = knownValues(worlds[0]!);
    const perTarget = targets.map((target) => ({
      // Images, PDFs, exports and password hashing cost 10–60 ms each: fewer of those, but
      // not so few that PostgreSQL's shorter run can miss one (~75 endpoints: weight 1 left
      // about two requests each in 1,500, and with this seed none to two of them).
      weight: HEAVY.test(target.url) ? 3 : 10,
      arbitrary: fc.record({
        target: fc.constant(target),
        body: fuzz(target.op?.jsonBody, '', known),
        query: fc.record(
          Object.fromEntries(
            (target.op?.parameters ?? [])
              .filter((p) => p.in === 'query')
              .map((p) => [p.name, fuzz(p.schema, p.name, known)]),
          ),
          { requiredKeys: [] },
        ),
      }),
    }));
    const request = fc.record({
      endpoint: fc.oneof(...perTarget),
      r: fc.record({
        world: fc.nat(worlds.length - 1),
        auth: fc.constantFrom('none', 'owner', 'owner', 'other', 'garbage'),
        garbageAuth: headerString,
        orderToken: fc.oneof(
          fc.constant<string | undefined>(undefined),
          fc.constant('right'),
          headerString,
        ),
        bodyMode: fc.constantFrom('schema', 'schema', 'schema', 'schema', 'raw', 'none'),
        raw: fc.constantFrom(...RAW_BODIES),
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 6 },
          { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 },
          { arbitrary: headerString, weight: 1 },
        ),
        pathMode: fc.constantFrom('valid', 'valid', 'valid', 'hostile'),
        pathValue: hostileString.map((s) => s.slice(0, 300)),
        encodePath: fc.boolean(),
        extraQuery: fc.option(
          fc.constantFrom(
            'a[b]=1&a[b]=2',
            '__proto__[isAdmin]=1',
            'q=%%',
            'q=%E0%A4%A',
            'page=1&page=2',
            'pageSize=1e9',
            `q=${'x'.repeat(5_000)}`,
            'eventId=1&eventId=2',
            'status[]=pending',
          ),
        ),
        ip: fc.nat(3),
      }),
    });

    // Every endpoint once before the random runs, so that reaching each one does not hang on
    // the seed's luck as routes are added (with ~80 endpoints the sampler missed login).
    const coverage = fc
      .sample(request, { numRuns: perTarget.length, seed: SEED })
      .map((value, i) => ({
        ...value,
        endpoint: fc.sample(perTarget[i]!.arbitrary, { numRuns: 1, seed: SEED + i })[0]!,
      }));

    if (process.env.FUZZ_PROFILE) {
      const started = process.cpuUsage();
      fc.sample(request, { numRuns: 1000, seed: SEED });
      const used = process.cpuUsage(started);
      console.log(
        `generating 1000 requests: ${((used.user + used.system) / 1000).toFixed(0)} ms CPU`,
      );
    }
    await fc.assert(
      fc.asyncProperty(
        request,
        async ({ endpoint: { target, body: fuzzedBody, query: fuzzedQuery }, r }) => {
          const world = worlds[r.world]!;
          // The arbitraries were built with the first world's ids; aim them at the chosen one.
          const body = retarget(fuzzedBody, worlds[0]!, world);
          const query = retarget(fuzzedQuery, worlds[0]!, world) as Record<string, unknown>;
          let url = target.url;
          for (const param of pathParams(target.url)) {
            const resource = paramResource(target.url, param);
            const valid = resource ? world[resource] : 'unknown';
            const value = r.pathMode === 'valid' ? String(valid) : r.pathValue;
            url = url.replace(
              `:${param}`,
              r.encodePath || r.pathMode === 'valid' ? encodePathValue(value) : value,
            );
          }
          const qs = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) {
            if (value === undefined) continue;
            qs.set(key, typeof value === 'string' ? value : JSON.stringify(value));
          }
          const search = [qs.toString(), r.extraQuery ?? ''].filter(Boolean).join('&');
          if (search) url += `?${search}`;

          const headers: Record<string, string> = {};
          if (r.auth === 'owner') headers.authorization = `Bearer ${tokens.owner}`;
          if (r.auth === 'other') headers.authorization = `Bearer ${tokens.other}`;
          if (r.auth === 'garbage') headers.authorization = r.garbageAuth;
          if (r.orderToken !== undefined)
            headers['x-order-token'] = r.orderToken === 'right' ? world.orderToken : r.orderToken;

          let payload: string | undefined;
          if (target.method !== 'GET' && r.bodyMode !== 'none') {
            payload = r.bodyMode === 'raw' ? r.raw : JSON.stringify(body ?? null);
            headers['content-type'] = r.contentType;
          }

          let res;
          const started = process.cpuUsage();
          try {
            res = await t.app.inject({
              method: target.method,
              url,
              headers,
              ...(payload !== undefined ? { payload } : {}),
              // Few client addresses: the per-address limits soon answer the password endpoints
              // with a cheap 429 instead of an ~60 ms scrypt each.
              remoteAddress: `10.66.0.${r.ip + 1}`,
            });
          } catch (err) {
            // Only the test client may refuse to build a request (e.g. an unencodable URL).
            if (err instanceof TypeError || (err as { code?: string }).code === 'ERR_INVALID_CHAR')
              return;
            throw err;
          }
          sent += 1;
          const key = routeKey(target);
          const used = process.cpuUsage(started);
          spent.set(key, (spent.get(key) ?? 0) + (used.user + used.system) / 1000);
          if (!seen.has(key)) seen.set(key, new Set());
          seen.get(key)!.add(res.statusCode);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);

          const where = `${target.method} ${url.slice(0, 300)} (${payload?.slice(0, 300) ?? 'no body'})`;
          expect(res.statusCode, `${where} → ${res.body.slice(0, 500)}`).toBeLessThan(500);
          // Dot segments ("../../etc/passwd") may lead out of /api: only /api answers JSON.
          const landed = safePathname(url);
          if (res.statusCode >= 400 && (landed === '/api' || landed.startsWith('/api/'))) {
            const text = res.body;
            let parsed: { error?: unknown; code?: unknown } | undefined;
            try {
              parsed = JSON.parse(text) as typeof parsed;
            } catch {
              parsed = undefined;
            }
            expect(
              typeof parsed?.error,
              `${where} → unreadable refusal ${res.statusCode}: ${text.slice(0, 300)}`,
            ).toBe('string');
            expect(typeof parsed?.code).toBe('string');
            // Internal details never reach a client.
            expect(text).not.toMatch(
              /at .*\.ts:\d+|relation "|syntax error at|duplicate key value/,
            );
          }
          if (sent % CHECK_EVERY === 0) await expectConsistent();
          // A logout or a password change may end the fuzzer's own sessions: log in again.
          if (/logout|settings/.test(target.url)) await refreshSessions();
        },
      ),
      {
        numRuns: RUNS,
        seed: SEED,
        endOnFailure: true,
        examples: coverage.map((value) => [value] as [typeof value]),
      },
    );

    if (process.env.FUZZ_PROFILE) console.log(JSON.stringify(Object.fromEntries(statuses)));
    if (process.env.FUZZ_PROFILE)
      console.log(
        `total ${[...spent.values()].reduce((a, b) => a + b, 0).toFixed(0)} ms CPU in requests\n` +
          [...spent]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 15)
            .map(([k, ms]) => `${ms.toFixed(0)} ms ${k}`)
            .join('\n'),
      );
    expect(sent).toBeGreaterThanOrEqual(RUNS * 0.99);
    // Every endpoint was reached, most of them past validation (some non-400 answer).
    const missed = targets.map(routeKey).filter((k) => !seen.has(k));
    expect(missed, 'endpoints the fuzzer never reached').toEqual([]);
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(health.statusCode).toBe(200);
    await expectConsistent();
  }, 300_000);
});
