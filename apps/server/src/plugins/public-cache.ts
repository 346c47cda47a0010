import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';

/**
 * A micro-cache for the public event reads (the list and an event's page data): the same
 * answer for everyone, asked for by every visitor. Each process keeps a successful answer
 * for `ttlMs` (1 s by default), so a crowd opening one event page costs one query a second
 * instead of one per visitor (bench/read-path.mjs measures it). A successful write under
 * `clearOn` (an organiser's change, a checkout) through this process clears the cache
 * before it is answered; other processes catch up within `ttlMs`, so "tickets left" may lag
 * by up to a second there. Checkout's capacity check never reads the cache.
 * Keys are the request URL (path and query); at most `maxEntries` are kept.
 *
 * Requests that miss while another request for the same URL is already being answered wait
 * for that answer instead of each querying: at 100 connections, every expiry used to send
 * a hundred identical queries (~180 a second for one URL in bench/read-path.mjs). A request
 * that comes after a write, while a read from before it is still running, waits for that
 * read to end and then reads afresh (or waits for whoever does): one read of a URL in
 * flight at a time, even when a sale's orders clear the cache a thousand times a second.
 *
 * A hit is sent in br or gzip when the client accepts it (browsers do), in the coding
 * @fastify/compress would choose with the same `compression` settings: each entry is
 * encoded once per coding, on the first hit that asks for it, instead of once per answer
 * (brotli of the 6 KB list costs more than the rest of a hit). Misses are left to
 * @fastify/compress. The cached routes answer JSON, which it always compresses.
 *
 * The hooks are callback-style: an anonymous caller's hit is answered inside the first
 * onRequest hook of all, without a promise, and written straight to the response (see
 * `writeHit`); a signed-in caller's goes through Fastify's send path. The miss and write
 * hooks are put on the cached routes and the clearing routes only (`onRoute`), so other
 * routes pay one Map lookup for the cache.
 */
export interface PublicCacheOptions {
  routes: string[];
  /** Route prefixes whose successful writes clear the cache (the organiser's changes). */
  clearOn: string[];
  ttlMs?: number;
  maxEntries?: number;
  /** How long a miss waits for another request's answer before asking for itself. */
  maxWaitMs?: number;
  /** As @fastify/compress is registered: codings by preference, smallest size encoded. */
  compression: { encodings: Coding[]; threshold: number; brotliOptions: zlib.BrotliOptions };
}

type Coding = 'br' | 'gzip';

interface Entry {
  expires: number;
  contentType: string;
  payload: Buffer;
  /** The payload in each content coding, made on the first hit that asks for it. */
  encoded: Partial<Record<Coding, Buffer>>;
  /** The miss's own headers (security headers, content type), without the per-answer ones. */
  head: OutgoingHttpHeaders;
  /** A hit's whole header set in each coding ('identity': none), made on its first hit. */
  heads: Partial<Record<Coding | 'identity', OutgoingHttpHeaders>>;
}

/**
 * Headers that belong to one answer or one caller, not to the entry: the body's length and
 * coding (set per coding), and what private-cache.ts sets for a signed-in caller.
 */
const PER_ANSWER = new Set([
  'content-length',
  'content-encoding',
  'vary',
  'cache-control',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/** The answer one request is working out, that later requests for its URL wait for. */
interface Fill {
  /** The cache's generation when it went to the handler: a clear since makes it stale. */
  generation: number;
  done: Promise<Entry | undefined>;
  settle(entry: Entry | undefined): void;
}

const HIT = Symbol('public-cache-hit');
const FILL = Symbol('public-cache-fill');
/** The cache's generation when a miss went to the handler: a clear since voids its answer. */
const SINCE = Symbol('public-cache-since');
type Marked = FastifyRequest & { [HIT]?: true; [FILL]?: Fill; [SINCE]?: number };

export function registerPublicCache(app: FastifyInstance, options: PublicCacheOptions): void {
  const ttlMs = options.ttlMs ?? 1_000;
  const maxEntries = options.maxEntries ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const routes = new Set(options.routes);
  const entries = new Map<string, Entry>();
  const fills = new Map<string, Fill>();
  let generation = 0;
  const { encodings, threshold, brotliOptions } = options.compression;
  // Accept-Encoding → chosen coding; browsers send a handful of distinct values.
  const codings = new Map<string, Coding | null>();

  /** The coding @fastify/compress would answer this request in (its aliases included). */
  const codingFor = (request: FastifyRequest): Coding | null => {
    const header = request.headers['accept-encoding'];
    if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
    let coding = codings.get(header);
    if (coding === undefined) {
      coding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), encodings);
      if (codings.size < 100) codings.set(header, coding);
    }
    return coding;
  };

  const encode = (coding: Coding, payload: Buffer): Buffer =>
    coding === 'br' ? zlib.brotliCompressSync(payload, brotliOptions) : zlib.gzipSync(payload);

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expires <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const sendHit = (request: Marked, reply: FastifyReply, entry: Entry): void => {
    request[HIT] = true;
    void reply.header('content-type', entry.contentType);
    const coding = entry.payload.length >= threshold ? codingFor(request) : null;
    if (!coding) return void reply.send(entry.payload);
    // @fastify/compress's onSend leaves an answer that has a content-encoding alone.
    void reply.header('content-encoding', coding).header('vary', 'accept-encoding');
    void reply.send((entry.encoded[coding] ??= encode(coding, entry.payload)));
  };

  /**
   * A hit for an anonymous caller, written straight to the response with the headers the
   * miss was answered with: none of Fastify's send path (the onSend hooks, a dozen
   * `reply.header` calls, header bookkeeping) runs for it. That path was most of a hit's
   * own CPU in bench/read-path.mjs. onResponse hooks and the request log still run.
   */
  const writeHit = (request: Marked, reply: FastifyReply, entry: Entry): void => {
    request[HIT] = true;
    reply.hijack();
    const coding = entry.payload.length >= threshold ? codingFor(request) : null;
    const body = coding ? (entry.encoded[coding] ??= encode(coding, entry.payload)) : entry.payload;
    const heads = (entry.heads[coding ?? 'identity'] ??= {
      ...entry.head,
      ...(coding ? { 'content-encoding': coding, vary: 'accept-encoding' } : {}),
      'content-length': body.length,
    });
    reply.raw.writeHead(200, heads);
    reply.raw.end(body);
  };

  /** Starts a fill for `key`; it settles when the answer is stored, refused, or too slow. */
  const startFill = (key: string): Fill => {
    let settle!: (entry: Entry | undefined) => void;
    const done = new Promise<Entry | undefined>((resolve) => (settle = resolve));
    const timer = setTimeout(() => fill.settle(undefined), maxWaitMs);
    timer.unref();
    const fill: Fill = {
      generation,
      done,
      settle(entry) {
        clearTimeout(timer);
        if (fills.get(key) === fill) fills.delete(key);
        settle(entry);
      },
    };
    fills.set(key, fill);
    return fill;
  };

  // A hit is answered by the first hook that can, and the chain stops there: `done` is not
  // called (Fastify's way of answering from a hook). This one is app-level and registered
  // first (app/http.ts), before the security headers' (the entry has them), the API
  // tokens' and any scope's (the /api/v1 scope's @fastify/multipart adds an async
  // onRequest to every API route). Only cached routes store entries, so a URL found here
  // is a cached route's.
  app.addHook('onRequest', (request: Marked, reply, done) => {
    if (entries.size === 0 || (request.method !== 'GET' && request.method !== 'HEAD'))
      return done();
    // A caller with a session or order token goes through Fastify: private-cache.ts marks
    // its answer no-store, and an API token is checked. The route's own hook answers it.
    const { headers } = request;
    if (headers.authorization !== undefined || headers['x-order-token'] !== undefined)
      return done();
    const entry = fresh(request.url);
    if (!entry) return done();
    writeHit(request, reply, entry);
  });

  // A miss on a cached route: work out the answer, or wait for the request already doing it.
  function fillOrWait(request: Marked, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const key = request.url;
    // Stored while this request went through the scopes' hooks.
    const entry = fresh(key);
    if (entry) return sendHit(request, reply, entry);
    const pending = fills.get(key);
    if (pending && pending.generation !== generation) {
      // Being read from before a write this process has answered since: not an answer for
      // this request. Wait for it to end, then look again (another request may have
      // started a fresh read by then), so a URL has one read in flight however fast
      // writes clear the cache: a sale clears it with every order.
      void pending.done.then(() => fillOrWait(request, reply, done));
      return;
    }
    if (!pending) {
      request[FILL] = startFill(key);
      request[SINCE] = generation;
      return done();
    }
    // Use its answer, or ask for ourselves if it failed.
    void pending.done.then((filled) => {
      if (filled) return sendHit(request, reply, filled);
      request[SINCE] = generation;
      done();
    });
  }

  function store(
    request: Marked,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ): void {
    if (request[HIT]) return done(null, payload);
    let entry: Entry | undefined;
    if (reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      const contentType = String(
        reply.getHeader('content-type') ?? 'application/json; charset=utf-8',
      );
      const head: OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined && !PER_ANSWER.has(name)) head[name] = value;
      head['content-type'] = contentType;
      entry = {
        expires: Date.now() + ttlMs,
        contentType,
        // Stored encoded, so a hit writes bytes instead of encoding the text again.
        payload: typeof payload === 'string' ? Buffer.from(payload) : payload,
        encoded: {},
        head,
        heads: {},
      };
      // Read before a write this process has answered since: given to the requests that
      // were already waiting for it, but not kept.
      if (request[SINCE] === generation) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(request.url, entry);
      }
    }
    request[FILL]?.settle(entry);
    done(null, payload);
  }

  // Cleared before the writer is answered, so their next read is fresh: it neither finds
  // an entry nor takes an answer that was being read before the write (that read's fill is
  // kept, marked stale by the generation, for the requests that came before the write).
  function clear(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (err: null, payload: unknown) => void,
  ): void {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      entries.clear();
      generation += 1;
    }
    done(null, payload);
  }

  const seen = new Set<string>();
  app.addHook('onRoute', (route) => {
    const reads = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    if (reads && routes.has(route.url)) {
      seen.add(route.url);
      // First among the route's own hooks: `store` sees the answer before
      // @fastify/compress's onSend encodes it.
      prependRouteHook(route, 'onRequest', fillOrWait);
      prependRouteHook(route, 'onSend', store);
    } else if (!reads) {
      const prefix = options.clearOn.find((p) => route.url.startsWith(p));
      if (prefix === undefined) return;
      seen.add(prefix);
      prependRouteHook(route, 'onSend', clear);
    }
  });
  // onRoute sees only routes added after it: a cached route added earlier would go
  // uncached, a write route added earlier would not clear.
  app.addHook('onReady', (done) => {
    const missing = [...routes, ...options.clearOn].filter((url) => !seen.has(url));
    done(
      missing.length
        ? new Error(`public cache: no routes found for ${missing.join(', ')}`)
        : undefined,
    );
  });
}

function prependRouteHook(
  route: RouteOptions,
  name: 'onRequest' | 'onSend',
  hook: (...args: never[]) => void,
): void {
  const existing = route[name];
  // A new array: Fastify's automatic HEAD route starts from a copy of these options.
  (route as unknown as Record<string, unknown>)[name] = [
    hook,
    ...(existing === undefined ? [] : [existing].flat()),
  ];
}
