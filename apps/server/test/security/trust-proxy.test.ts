import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { LOOKUP_LIMIT_RULES } from '../../src/modules/orders/orders.manage.service.ts';
import { API, startTestApp, type TestApp } from '../helper.ts';

/**
 * Issue 21 §7 (decision 056): behind a load balancer the client's address is the one the
 * balancer saw, never an entry the client wrote itself. A balancer appends the address it
 * saw to X-Forwarded-For; anything before it is the client's own writing.
 */
const LOOKUP = `${API}/orders/lookup`;
/** The balancer's own address (the socket's peer) and the one real client behind it. */
const BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.50';

/** One app per TRUST_PROXY value, read as main.ts reads it ('' = unset). */
const SETTINGS = ['', '1', 'true', '10.0.0.0/8', '10.0.0.0/8,127.0.0.1'] as const;
const apps = new Map<string, TestApp>();
beforeAll(async () => {
  for (const setting of SETTINGS) {
    const trustProxy = loadConfig({ TRUST_PROXY: setting }).trustProxy;
    apps.set(setting, await startTestApp({ trustProxy }));
  }
}, 300_000);
afterAll(async () => {
  await Promise.all([...apps.values()].map((a) => a.close()));
});

const appWith = (setting: (typeof SETTINGS)[number]) => apps.get(setting)!;

/** A wrong lookup through the balancer, the client writing a new address each time. */
const wrongLookup = (t: TestApp, i: number, from = BALANCER, seen = CLIENT) =>
  t.post(
    LOOKUP,
    { orderCode: String(10_000_000 + i * 7919).padStart(8, '0'), email: 'probe@example.com' },
    {
      ip: from,
      headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}, ${seen}` },
    },
  );

async function statusesOf(t: TestApp, n: number, from?: string, seen?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await wrongLookup(t, i, from, seen)).status);
  return statuses;
}

const limit = LOOKUP_LIMIT_RULES.perIp.points;

describe('TRUST_PROXY: the address every per-address limit sees', () => {
  for (const setting of ['1', 'true', '10.0.0.0/8'] as const) {
    it(`TRUST_PROXY=${setting}: 100 wrong lookups with a new client-written address each get 429 after the limit`, async () => {
      const t = await appWith(setting);
      const statuses = await statusesOf(t, 100);
      expect(statuses.slice(0, limit).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
      // Another client behind the same balancer is not locked out by it.
      const other = await wrongLookup(t, 0, BALANCER, '203.0.113.51');
      expect(other.status).toBe(404);
    }, 120_000);
  }

  it('a list of proxies: a request not from one of them names no one, its header is ignored', async () => {
    const t = await appWith('10.0.0.0/8,127.0.0.1');
    // Straight from the internet, writing X-Forwarded-For itself: the socket's address counts.
    const statuses = await statusesOf(t, limit + 5, '192.0.2.200', CLIENT);
    expect(statuses.filter((s) => s === 404)).toHaveLength(limit);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    // …so the real CLIENT behind the balancer is not the one it locked out.
    expect((await wrongLookup(t, 0)).status).toBe(404);
  }, 120_000);

  it('TRUST_PROXY unset: X-Forwarded-For is ignored altogether', async () => {
    const t = appWith('');
    const statuses = await statusesOf(t, limit + 5);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
  }, 120_000);
});
