import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * A micro-cache for the public event reads (the list and an event's page data): the same
 * answer for everyone, asked for by every visitor. Each process keeps a successful answer
 * for `ttlMs` (1 s by default), so a crowd opening one event page costs one query a second
 * instead of one per visitor (bench/read-path.mjs measures it). A successful write under
 * `clearOn` (an organiser's change, a checkout) through this process clears the cache
 * before it is answered; other processes catch up within `ttlMs`, so "tickets left" may lag
 * by up to a second there. Checkout's capacity check never reads the cache.
 * Keys are the request URL (path and query); at most `maxEntries` are kept.
 */
export interface PublicCacheOptions {
  routes: string[];
  /** Route prefixes whose successful writes clear the cache (the organiser's changes). */
  clearOn: string[];
  ttlMs?: number;
  maxEntries?: number;
}

interface Entry {
  expires: number;
  contentType: string;
  payload: Buffer;
}

const HIT = Symbol('public-cache-hit');

export function registerPublicCache(app: FastifyInstance, options: PublicCacheOptions): void {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 500;
  const routes = new Set(options.routes);
  const entries = new Map<string, Entry>();
  const cacheable = (request: FastifyRequest) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    routes.has(request.routeOptions.url ?? '');

  app.addHook('onRequest', async (request, reply) => {
    if (!cacheable(request)) return;
    const entry = entries.get(request.url);
    if (!entry) return;
    if (entry.expires <= Date.now()) {
      entries.delete(request.url);
      return;
    }
    (request as FastifyRequest & { [HIT]?: boolean })[HIT] = true;
    return reply.type(entry.contentType).send(entry.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // Cleared before the organiser's write is answered, so their next read is fresh.
      const url = request.routeOptions.url ?? '';
      if (reply.statusCode < 400 && options.clearOn.some((prefix) => url.startsWith(prefix)))
        entries.clear();
      return payload;
    }
    if (
      !cacheable(request) ||
      reply.statusCode !== 200 ||
      (request as FastifyRequest & { [HIT]?: boolean })[HIT] ||
      !(typeof payload === 'string' || Buffer.isBuffer(payload))
    ) {
      return payload;
    }
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(request.url, {
      expires: Date.now() + ttlMs,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      // Stored encoded, so a hit writes bytes instead of encoding the text again.
      payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
    });
    return payload;
  });
}
