/**
 * A read kept in process for a moment (decision 094): settings a hot request needs (the
 * waiting room's, an event's capacity) are read once a second per process instead of once
 * per request. Concurrent misses of one key share one read; a change made in this process
 * forgets the key at once (a read already under way then serves only the callers that
 * started before the change); another process sees the change within `ttlMs`. A failed read
 * is not kept. At most `max` keys: the oldest is dropped first.
 */
export interface ShortCache<K, V> {
  /**
   * The value, read on a miss by `loadWith` when given — e.g. in the caller's transaction:
   * PGlite has one connection, which a transaction holds, so a read outside it would wait
   * for ever.
   */
  get(key: K, loadWith?: (key: K) => Promise<V>): Promise<V>;
  /** What this process just wrote itself: kept for `ttlMs` from now. */
  set(key: K, value: V): void;
  forget(key: K): void;
}

export function shortCache<K, V>(
  load: (key: K) => Promise<V>,
  {
    ttlMs = 1000,
    max = 10_000,
    now = Date.now,
  }: { ttlMs?: number; max?: number; now?: () => number } = {},
): ShortCache<K, V> {
  if (ttlMs <= 0)
    return { get: (key, loadWith) => (loadWith ?? load)(key), set: () => {}, forget: () => {} };
  const entries = new Map<K, { until: number; value: Promise<V> }>();
  return {
    get(key, loadWith) {
      const at = now();
      const entry = entries.get(key);
      if (entry && entry.until > at) return entry.value;
      if (entry) entries.delete(key);
      const value = (loadWith ?? load)(key);
      const fresh = { until: at + ttlMs, value };
      entries.set(key, fresh);
      if (entries.size > max) entries.delete(entries.keys().next().value as K);
      value.catch(() => {
        if (entries.get(key) === fresh) entries.delete(key);
      });
      return value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { until: now() + ttlMs, value: Promise.resolve(value) });
      if (entries.size > max) entries.delete(entries.keys().next().value as K);
    },
    forget(key) {
      entries.delete(key);
    },
  };
}
