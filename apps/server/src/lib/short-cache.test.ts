import { describe, expect, it } from 'vitest';
import { shortCache } from './short-cache.ts';

/** A load that counts its calls and answers when told. */
function loader() {
  const calls: string[] = [];
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => (release = r));
  let version = 1;
  return {
    calls,
    bump: () => (version += 1),
    open: () => release(),
    close: () => (gate = new Promise<void>((r) => (release = r))),
    load: async (key: string) => {
      calls.push(key);
      const seen = version;
      await gate;
      if (key === 'bad') throw new Error('read failed');
      return `${key}@${seen}`;
    },
  };
}

describe('short cache', () => {
  it('shares one read among concurrent misses and keeps it for its time', async () => {
    const l = loader();
    let now = 1_000;
    const cache = shortCache(l.load, { ttlMs: 1000, now: () => now });
    const first = Promise.all([cache.get('a'), cache.get('a'), cache.get('a')]);
    l.open();
    expect(await first).toEqual(['a@1', 'a@1', 'a@1']);
    expect(l.calls).toEqual(['a']);
    l.bump();
    now += 999;
    expect(await cache.get('a')).toBe('a@1');
    now += 1;
    expect(await cache.get('a')).toBe('a@2');
    expect(l.calls).toEqual(['a', 'a']);
  });

  it('reads again at once after forget, and keeps what set gives', async () => {
    const l = loader();
    l.open();
    const cache = shortCache(l.load, { ttlMs: 1000, now: () => 0 });
    expect(await cache.get('a')).toBe('a@1');
    l.bump();
    cache.forget('a');
    expect(await cache.get('a')).toBe('a@2');
    cache.set('a', 'written here');
    expect(await cache.get('a')).toBe('written here');
    expect(l.calls).toEqual(['a', 'a']);
  });

  it("reads a miss with the caller's loader when given, and keeps it for the others", async () => {
    const l = loader();
    l.open();
    const cache = shortCache(l.load, { ttlMs: 1000, now: () => 0 });
    expect(await cache.get('a', async (k) => `${k} in the transaction`)).toBe(
      'a in the transaction',
    );
    expect(await cache.get('a')).toBe('a in the transaction');
    expect(l.calls).toEqual([]);
  });

  it('does not keep a failed read', async () => {
    const l = loader();
    l.open();
    const cache = shortCache(l.load, { ttlMs: 1000, now: () => 0 });
    await expect(cache.get('bad')).rejects.toThrow('read failed');
    await expect(cache.get('bad')).rejects.toThrow('read failed');
    expect(l.calls).toEqual(['bad', 'bad']);
  });

  it('holds at most max keys, dropping the oldest', async () => {
    const l = loader();
    l.open();
    const cache = shortCache(l.load, { ttlMs: 1000, max: 2, now: () => 0 });
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    await cache.get('b');
    await cache.get('a');
    expect(l.calls).toEqual(['a', 'b', 'c', 'a']);
  });

  it('reads every time with a ttl of 0', async () => {
    const l = loader();
    l.open();
    const cache = shortCache(l.load, { ttlMs: 0 });
    await cache.get('a');
    await cache.get('a');
    expect(l.calls).toEqual(['a', 'a']);
  });
});
