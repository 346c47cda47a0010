import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS, givenPublishedEvent } from '../event-factories.ts';
import { givenLoggedInUser, uniquePhone } from '../factories.ts';
import { API, AUTH, startTestApp, type Reply, type TestApp } from '../helper.ts';
import { startSmtpServer, type TestSmtpServer } from '../smtp.ts';

/**
 * Security headers on every kind of answer (the web app's HTML, its assets, JSON, errors),
 * and logs that never carry an order's access token or code once mail goes out by SMTP
 * (test/logs.test.ts covers the account secrets).
 */

/** A stand-in for `npm run build`'s output: index.html and one hashed asset. */
function fakeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gatepass-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gatepass</title>' +
      '<script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log("gatepass")');
  return dir;
}

/** Parses a CSP header into directive → sources. */
function csp(header: unknown): Map<string, string[]> {
  expect(typeof header, 'content-security-policy header').toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectSecurityHeaders(res: Reply, what: string): void {
  const h = res.headers;
  const policy = csp(h['content-security-policy']);
  expect(policy.get('default-src'), `${what}: default-src`).toEqual(["'self'"]);
  const scripts = policy.get('script-src') ?? policy.get('default-src')!;
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-inline'");
  expect(scripts, `${what}: script-src`).not.toContain("'unsafe-eval'");
  expect(scripts.some((s) => s === '*' || s.startsWith('http:') || s === 'data:')).toBe(false);
  expect(policy.get('object-src'), `${what}: object-src`).toEqual(["'none'"]);
  expect(policy.get('frame-ancestors'), `${what}: frame-ancestors`).toEqual(["'none'"]);
  expect(policy.get('base-uri'), `${what}: base-uri`).toEqual(["'self'"]);
  expect(policy.get('form-action'), `${what}: form-action`).toEqual(["'self'"]);
  expect(h['x-content-type-options'], what).toBe('nosniff');
  expect(['DENY', 'SAMEORIGIN'], `${what}: x-frame-options`).toContain(h['x-frame-options']);
  expect(h['referrer-policy'], what).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin|same-origin)$/,
  );
  expect(h['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
  expect(h['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(h['x-powered-by'], what).toBeUndefined();
  expect(h.server, what).toBeUndefined();
}

describe('security headers', () => {
  let t: TestApp;
  let webDir: string;
  let slug: string;
  let token: string;
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await startTestApp({ webDistDir: webDir });
    token = (await givenLoggedInUser(t)).token;
    slug = (await givenPublishedEvent(t, token)).slug;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('are on the HTML of client routes and of the server-rendered event page', async () => {
    for (const url of [
      '/',
      '/events',
      `/events/${slug}`,
      '/events/manage/orders/',
      '/no/such/page',
    ]) {
      const res = await t.request('GET', url);
      expect(res.status, url).toBeLessThan(500);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expectSecurityHeaders(res, url);
    }
  });

  it('are on static assets, JSON answers, errors and the API docs', async () => {
    const cases: [string, Reply][] = [
      ['asset', await t.request('GET', '/assets/index-abc123.js')],
      ['public JSON', await t.request('GET', `${EVENTS}`)],
      ['health', await t.request('GET', `${API}/health`)],
      ['signed-in JSON', await t.request('GET', `${AUTH}/me`, { token })],
      ['401', await t.request('GET', `${EVENTS}/manage`)],
      ['404', await t.request('GET', `${API}/no-such-thing`)],
      ['400', await t.post(`${AUTH}/login`, { phoneNumber: 1 })],
      [
        'bad JSON',
        await t.request('POST', `${AUTH}/login`, {
          payload: '{',
          headers: { 'content-type': 'application/json' },
        }),
      ],
    ];
    for (const [what, res] of cases) {
      expect(res.status, what).toBeLessThan(500);
      expectSecurityHeaders(res, what);
    }
    let docs = await t.request('GET', '/api/docs');
    for (let hops = 0; docs.status === 302 && hops < 3; hops++) {
      docs = await t.request(
        'GET',
        new URL(String(docs.headers.location), 'http://x/api/docs/').pathname,
      );
    }
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toMatch(/^text\/html/);
    // The docs UI has its own policy (swagger-ui's inline bootstrap is hashed, not 'unsafe-inline').
    const policy = csp(docs.headers['content-security-policy']);
    expect(policy.get('object-src') ?? policy.get('default-src')).toBeDefined();
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps answers meant for one signed-in organiser out of shared caches', async () => {
    for (const url of [`${AUTH}/me`, `${EVENTS}/manage`]) {
      const res = await t.request('GET', url, { token });
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store|private/);
    }
  });
});

describe('logs of checkout with SMTP configured', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const consoleLines: string[] = [];
  beforeAll(async () => {
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, method).mockImplementation(
        (...args: unknown[]) => void consoleLines.push(args.map(String).join(' ')),
      );
    }
    smtp = await startSmtpServer();
    t = await startTestApp({ smtpUrl: smtp.url }, { captureLogs: true, logLevel: 'trace' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    vi.restoreAllMocks();
  });

  it('never contain an order access token or an order code through a buyer’s whole journey', async () => {
    const organiser = await givenLoggedInUser(t);
    const event = await givenPublishedEvent(t, organiser.token, {}, [
      { name: 'Free', price: 0, capacity: 10 },
      { name: 'Regular', price: 5000, capacity: 10 },
    ]);
    const types = (await t.request('GET', `${EVENTS}/${event.slug}`)).body.data.ticketTypes as {
      id: string;
      name: string;
    }[];
    const secrets: string[] = [];
    const buyer = {
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada.obi.logs@example.com',
      phone: uniquePhone(),
    };
    const buy = async (name: string) => {
      const res = await t.post(`${API}/orders`, {
        eventId: event.id,
        items: [{ ticketTypeId: types.find((x) => x.name === name)!.id, quantity: 1 }],
        buyer,
      });
      expect(res.status, res.text).toBe(201);
      const { order, accessToken } = res.body.data as {
        order: { id: string; orderCode: string };
        accessToken: string;
      };
      secrets.push(accessToken, order.orderCode);
      return { id: order.id, code: order.orderCode, accessToken };
    };

    const free = await buy('Free');
    const paid = await buy('Regular');
    const h = (token: string) => ({ headers: { 'x-order-token': token } });
    expect((await t.request('GET', `${API}/orders/${paid.id}`, h(paid.accessToken))).status).toBe(
      200,
    );
    expect((await t.request('GET', `${API}/orders/${paid.id}`, h(free.accessToken))).status).toBe(
      404,
    );
    expect(
      (await t.post(`${API}/orders/${paid.id}/pay`, { method: 'test' }, h(paid.accessToken)))
        .status,
    ).toBe(200);
    expect(
      (
        await t.post(
          `${API}/orders/${paid.id}/test-payment`,
          { outcome: 'success' },
          h(paid.accessToken),
        )
      ).status,
    ).toBe(200);
    // A browser follows a plain link to download the ticket: the token rides in the query.
    const pdf = await t.request(
      'GET',
      `${API}/orders/${free.id}/ticket.pdf?token=${encodeURIComponent(free.accessToken)}`,
    );
    expect(pdf.status).toBe(200);
    const lookup = await t.post(`${API}/orders/lookup`, {
      orderCode: free.code,
      email: buyer.email,
    });
    expect(lookup.status, lookup.text).toBe(200);
    secrets.push(lookup.body.data.accessToken as string);
    // The door scans the codes.
    const door = await t.post(
      `${API}/ticketPurchase/mark-attended`,
      { eventId: event.id, ticketCodes: [free.code, paid.code] },
      { token: organiser.token },
    );
    expect(door.status, door.text).toBe(200);
    secrets.push(organiser.token);

    await smtp.waitForMail((m) => m.text.includes(paid.code));
    await t.app.services.mail.idle();
    const logs = [...t.logs, ...consoleLines].join('\n');
    expect(t.logs.length).toBeGreaterThan(10);
    // The capture sees these very requests, so an empty log cannot pass.
    expect(logs).toContain(`/api/v1/orders/${free.id}/ticket.pdf?token=[redacted]`);
    for (const secret of secrets) {
      expect(logs, `a secret reached the logs: ${secret}`).not.toContain(secret);
    }
    expect(logs).not.toMatch(/x-order-token"\s*:\s*"[^[]/i);
  });
});
