import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { DEMO_ORGANISER, seed, seedRefusal } from '../../seed.ts';
import { AUTH, startTestApp, testConfig, type TestApp } from '../../../test/helper.ts';
import { EVENTS } from '../../../test/event-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('demo data (npm run seed)', () => {
  it('creates a verified organiser who can log in, and published events the public can find', async () => {
    const first = await seed(t.db);
    expect(first.created.length).toBeGreaterThanOrEqual(6);

    const login = await t.post(`${AUTH}/login`, {
      phoneNumber: DEMO_ORGANISER.phoneNumber,
      password: DEMO_ORGANISER.password,
    });
    expect(login.status, login.text).toBe(200);

    const list = await t.request('GET', `${EVENTS}?pageSize=50`);
    expect(list.body.data.total).toBe(first.created.length);
    const items = list.body.data.items as Array<{
      title: string;
      startAt: string;
      coverUrl: string | null;
      isFree: boolean;
      online: boolean;
      category: string;
    }>;
    for (const item of items) {
      expect(Date.parse(item.startAt)).toBeGreaterThan(Date.now());
      expect(item.coverUrl).not.toBeNull();
    }
    expect(items.some((i) => i.online)).toBe(true);
    expect(items.some((i) => i.isFree)).toBe(true);
    expect(items.some((i) => !i.isFree)).toBe(true);
    expect(new Set(items.map((i) => i.category)).size).toBeGreaterThanOrEqual(5);
    const cover = await t.request('GET', items[0]!.coverUrl!);
    expect(cover.status).toBe(200);
  });

  it('adds nothing twice when run again', async () => {
    const before = await t.count('users');
    const again = await seed(t.db);
    expect(again.created).toEqual([]);
    expect(again.kept.length).toBeGreaterThanOrEqual(6);
    expect(await t.count('users')).toBe(before);
    const list = await t.request('GET', `${EVENTS}?pageSize=50`);
    expect(list.body.data.total).toBe(again.kept.length);
  });

  it('refuses a PostgreSQL database unless forced', () => {
    const embedded = testConfig();
    const postgres = { ...embedded, databaseUrl: 'postgres://someone@db.example:5432/gatepass' };
    expect(seedRefusal(embedded, [])).toBeUndefined();
    expect(seedRefusal(postgres, [])).toMatch(/^Refusing to seed: DATABASE_URL/);
    expect(seedRefusal(postgres, ['--force'])).toBeUndefined();
    expect(seedRefusal({ ...postgres, seedAllow: true }, [])).toBeUndefined();
    // SEED_ALLOW as the environment gives it, read by the configuration.
    const withEnv = (env: Record<string, string>) =>
      loadConfig({ DATABASE_URL: postgres.databaseUrl, ...env });
    expect(seedRefusal(withEnv({}), [])).toBeDefined();
    expect(seedRefusal(withEnv({ SEED_ALLOW: '0' }), [])).toBeDefined();
    expect(seedRefusal(withEnv({ SEED_ALLOW: '1' }), [])).toBeUndefined();
  });
});
