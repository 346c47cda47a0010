import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenLoggedInUser, newSignup } from './factories.ts';
import { AUTH, startTestApp, type Reply, type TestApp } from './helper.ts';

/**
 * Hostile input on every accounts endpoint: whatever arrives, the answer is a 4xx (or a
 * legitimate 2xx) with a readable `{ error }`, never a 5xx, and nothing is half written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REFUSALS = [400, 401, 403, 409, 413, 415, 429];

function expectRefusal(res: Reply, allowed: number[] = REFUSALS): void {
  expect(res.status, res.text).toBeLessThan(500);
  expect(allowed, `status ${res.status}: ${res.text}`).toContain(res.status);
  expect(typeof res.body?.error, res.text).toBe('string');
  expect((res.body.error as string).length).toBeGreaterThan(0);
  expect(typeof res.body.code).toBe('string');
}

/** A few valid strings per field, so some generated bodies get past validation into the service. */
const validField = {
  fullName: fc.constantFrom('Ada Lovelace', 'Chidi Okafor'),
  email: fc.integer({ min: 0, max: 1e9 }).map((n) => `fuzz.${n}@example.com`),
  phoneNumber: fc
    .integer({ min: 0, max: 9_999_999 })
    .map((n) => `0805${String(n).padStart(7, '0')}`),
  password: fc.constantFrom('a long enough password', 'hunter22hunter22'),
  code: fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, '0')),
  token: fc.base64String({ minLength: 40, maxLength: 44 }),
} as const;

type Field = keyof typeof validField;

const SQLISH = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  "admin'--",
  '1; SELECT pg_sleep(10)',
  "0803' OR 1=1 --",
  "x@example.com' OR 'a'='a",
  '$1',
  '\\',
  "%' AND 1=0 UNION SELECT password_hash FROM users --",
];
const ODD = [
  '😀🎉👩‍👩‍👧‍👦',
  'مرحبا بالعالم',
  'שלום',
  '\u202Egnp.exe\u202C',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\uD800',
  '   ',
  '\n\t\r',
  'Ünïcödé@exämple.com',
  '０８０３１２３４５６７',
  '<script>alert(1)</script>',
];

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(...SQLISH, ...ODD),
  fc.constantFrom(
    'x'.repeat(10_000),
    '😀'.repeat(5_000),
    '0'.repeat(10_000),
    `${'a'.repeat(9_990)}@example.com`,
  ),
);
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

const fieldValue = (field: Field) =>
  fc.oneof(
    { arbitrary: validField[field], weight: 2 },
    { arbitrary: hostileString, weight: 3 },
    { arbitrary: wrongType, weight: 2 },
  );

/** Objects with any subset of the endpoint's fields (some valid, most not), plus stray keys. */
const bodyFor = (fields: readonly Field[]) =>
  fc.oneof(
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
    {
      arbitrary: fc
        .tuple(
          fc.record(
            Object.fromEntries(fields.map((f) => [f, fieldValue(f)])) as Record<
              Field,
              fc.Arbitrary<unknown>
            >,
            {
              requiredKeys: [],
            },
          ),
          fc.dictionary(
            fc.constantFrom('role', 'isAdmin', 'id', 'emailVerified', 'constructor'),
            fc.jsonValue({ maxDepth: 1 }),
            {
              maxKeys: 2,
            },
          ),
        )
        .map(([known, stray]) => ({ ...stray, ...known })),
      weight: 6,
    },
  );

/** Characters that break naive code: quotes, escapes, NUL, a lone surrogate, bidi overrides, emoji. */
const DANGEROUS = ["'", '"', '\\', '\u0000', '\uD800', '\u202E', '😀', '%', '$1', '\n', ';--'];

/** A valid value with one dangerous character slipped in somewhere, or odd pieces glued together. */
const textFuzz = (field: Field) =>
  fc.oneof(
    { arbitrary: validField[field], weight: 2 },
    {
      arbitrary: fc
        .tuple(validField[field], fc.constantFrom(...DANGEROUS), fc.nat())
        .map(([value, bad, i]) => {
          const at = i % (value.length + 1);
          return value.slice(0, at) + bad + value.slice(at);
        }),
      weight: 2,
    },
    {
      arbitrary: fc
        .array(
          fc.oneof(
            fc.constantFrom(...DANGEROUS),
            fc.string({ unit: 'binary', maxLength: 3 }),
            fc.constantFrom('Ada', ' ', '0803'),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        )
        .map((pieces) => pieces.join('')),
      weight: 1,
    },
  );

/** Every field present and a string, so most bodies get past the schema into the service and the database. */
const textBodyFor = (fields: readonly Field[]) =>
  fc.record(
    Object.fromEntries(fields.map((f) => [f, textFuzz(f)])) as Record<Field, fc.Arbitrary<string>>,
  );

/**
 * `textRuns`: login and reset-password spend a deliberate ~60 ms of scrypt on every body that
 * passes the schema, and their odd text only reaches a hash, so they get fewer of those runs.
 */
const ENDPOINTS: { path: string; fields: readonly Field[]; ok: number; textRuns: number }[] = [
  {
    path: 'signup',
    fields: ['fullName', 'email', 'phoneNumber', 'password'],
    ok: 201,
    textRuns: 100,
  },
  { path: 'verify-email', fields: ['email', 'code'], ok: 200, textRuns: 100 },
  { path: 'resend-verification', fields: ['email'], ok: 200, textRuns: 100 },
  { path: 'login', fields: ['phoneNumber', 'password'], ok: 200, textRuns: 25 },
  { path: 'forgot-password', fields: ['email'], ok: 200, textRuns: 100 },
  { path: 'reset-password', fields: ['token', 'password'], ok: 200, textRuns: 25 },
];

const RUNS = 200;

describe.each(ENDPOINTS)(
  'POST /auth/user/$path with hostile input',
  ({ path, fields, ok, textRuns }) => {
    const url = `${AUTH}/${path}`;

    it('refuses malformed JSON with 400 and a readable error', async () => {
      const payloads = [
        '{',
        '{"email":',
        'not json',
        '{"a":1}}',
        "{'email':'a@b.co'}",
        '{"email":"a@b.co",}',
        'nul',
        '\u0000',
      ];
      for (const payload of payloads) {
        const res = await t.request('POST', url, {
          payload,
          headers: { 'content-type': 'application/json' },
        });
        expectRefusal(res, [400]);
      }
    });

    it('refuses an empty body, a non-object body and a prototype-polluting body with 400', async () => {
      const empty = await t.request('POST', url, {
        payload: '',
        headers: { 'content-type': 'application/json' },
      });
      expectRefusal(empty, [400]);
      for (const body of [[], 'text', 42, null, true, [{}]]) {
        const res = await t.request('POST', url, {
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expectRefusal(res, [400]);
      }
      const proto = await t.request('POST', url, {
        payload: '{"__proto__":{"isAdmin":true},"email":"a@b.co"}',
        headers: { 'content-type': 'application/json' },
      });
      expectRefusal(proto, [400]);
    });

    it('refuses other content types with 400 or 415 and bodies over 1 MB with 413', async () => {
      // Fastify reads text/plain as a string, which then fails as "not a JSON object".
      const text = await t.request('POST', url, {
        payload: '{"email":"a@b.co"}',
        headers: { 'content-type': 'text/plain' },
      });
      expectRefusal(text, [400, 415]);
      const form = await t.request('POST', url, {
        payload: 'email=a%40b.co',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectRefusal(form, [415]);
      const huge = await t.request('POST', url, {
        payload: JSON.stringify({ email: 'a'.repeat(1_100_000) }),
        headers: { 'content-type': 'application/json' },
      });
      expectRefusal(huge, [413]);
    });

    it.each(fields)('refuses %s when missing or of the wrong type with 400', async (field) => {
      const valid = Object.fromEntries(fields.map((f) => [f, fc.sample(validField[f], 1)[0]]));
      for (const value of [
        undefined,
        null,
        12345,
        0,
        true,
        [],
        ['a'],
        {},
        { $ne: '' },
        'x'.repeat(10_000),
      ]) {
        const body: Record<string, unknown> = { ...valid, [field]: value };
        if (value === undefined) delete body[field];
        const res = await t.post(url, body, { ip: '10.9.0.1' });
        expectRefusal(res, [400]);
      }
    });

    it(`never answers a 5xx to ${RUNS} generated bodies`, async () => {
      const usersBefore = await t.count('users');
      const codesBefore = await t.count('email_verifications');
      let accepted = 0;

      await fc.assert(
        fc.asyncProperty(bodyFor(fields), fc.ipV4(), async (body, ip) => {
          const res = await t.post(url, body, { ip });
          if (res.status === ok) {
            accepted += 1;
            return;
          }
          expectRefusal(res);
        }),
        { numRuns: RUNS },
      );

      // Only accepted signups leave rows behind: one user and one code each, nothing else.
      if (path === 'signup') {
        expect(await t.count('users')).toBe(usersBefore + accepted);
        expect(await t.count('email_verifications')).toBe(codesBefore + accepted);
      } else {
        expect(await t.count('users')).toBe(usersBefore);
      }
    });

    it(`never answers a 5xx to ${textRuns} bodies of odd text that reach the database`, async () => {
      const usersBefore = await t.count('users');
      let accepted = 0;

      await fc.assert(
        fc.asyncProperty(textBodyFor(fields), fc.ipV4(), async (body, ip) => {
          const res = await t.post(url, body, { ip });
          if (res.status === ok) {
            accepted += 1;
            return;
          }
          expectRefusal(res);
        }),
        { numRuns: textRuns },
      );

      expect(await t.count('users')).toBe(usersBefore + (path === 'signup' ? accepted : 0));
    });
  },
);

describe('hostile input on the session endpoints', () => {
  it('answers any Authorization header on me and logout with 200 or 401, never a 5xx', async () => {
    const user = await givenLoggedInUser(t);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .string({ unit: 'binary-ascii', maxLength: 300 })
            .map((s) => s.replace(/[^\x20-\x7e]/g, '')),
          fc.string({ maxLength: 300 }).map((s) => `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}`),
          fc.constantFrom(
            `Bearer ${user.token}x`,
            `Bearer ${'a'.repeat(10_000)}`,
            "Bearer ' OR '1'='1",
            'Bearer',
            'bearer  ',
          ),
        ),
        fc.constantFrom<'GET' | 'POST'>('GET', 'POST'),
        async (authorization, method) => {
          const res = await t.request(method, `${AUTH}/${method === 'GET' ? 'me' : 'logout'}`, {
            headers: { authorization },
          });
          expectRefusal(res, [401]);
        },
      ),
      { numRuns: RUNS },
    );
    // The real session survived all of it.
    expect((await t.request('GET', `${AUTH}/me`, { token: user.token })).status).toBe(200);
  });

  it('logout ignores whatever body it is sent', async () => {
    const user = await givenLoggedInUser(t);
    const res = await t.request('POST', `${AUTH}/logout`, {
      token: user.token,
      body: { everything: ['a', 1, null] },
    });
    expect(res.status).toBe(200);
  });
});

describe('odd but valid text is stored as typed', () => {
  it('keeps SQL-looking, emoji and right-to-left names verbatim and the tables intact', async () => {
    for (const fullName of [
      "Robert'); DROP TABLE users; --",
      'Ọlá 😀 مرحبا',
      '<b>Bold</b> & "quoted"',
    ]) {
      const input = newSignup({ fullName });
      const res = await t.post(`${AUTH}/signup`, input);
      expect(res.status, res.text).toBe(201);
      expect(res.body.user.fullName).toBe(fullName);
      const row = await t.db
        .selectFrom('users')
        .select('full_name')
        .where('id', '=', res.body.user.id)
        .executeTakeFirstOrThrow();
      expect(row.full_name).toBe(fullName);
    }
    expect(await t.count('users')).toBeGreaterThan(0);
  });

  it('refuses text the database cannot hold (a NUL character) with 400, not a crash', async () => {
    const before = await t.count('users');
    const res = await t.post(`${AUTH}/signup`, newSignup({ fullName: 'Ada\u0000Lovelace' }));
    expectRefusal(res, [400]);
    expect(await t.count('users')).toBe(before);
  });

  it('treats SQL-looking phone numbers and emails as wrong credentials, not as SQL', async () => {
    const login = await t.post(`${AUTH}/login`, {
      phoneNumber: "' OR '1'='1",
      password: "' OR '1'='1",
    });
    expectRefusal(login, [401]);
    const forgot = await t.post(`${AUTH}/forgot-password`, { email: "x@example.com' OR 'a'='a" });
    expectRefusal(forgot, [400]);
  });
});
