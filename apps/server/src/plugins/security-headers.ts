import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies …) on every
 * answer. Our options are plain values, so helmet's answer is the same for every request:
 * it is worked out once at start-up by running helmet's middleware against a recorder, and
 * each request gets the finished headers in one `reply.headers()`. (@fastify/helmet
 * re-parsed the CSP on every request, a seventh of a cached public read's CPU; running
 * helmet's dozen `setHeader` calls per request was still ~9 % of it in a profile of
 * bench/read-path.mjs.) Options holding functions (per-request nonces) would vary per
 * request, so they keep helmet's middleware per request.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
  variants: HeaderVariant[] = [],
): void {
  const apply = helmet(options);
  const fixed = hasFunctions(options) ? undefined : recordHeaders(apply);
  if (fixed) {
    // Each variant's headers are worked out once too; the first whose prefix the path
    // starts with wins, every other path gets the main set.
    const sets = variants.map((v) => ({ prefix: v.prefix, ...recordHeaders(helmet(v.options)) }));
    app.addHook('onRequest', (request, reply, done) => {
      const url = request.url;
      const { set, removed } = sets.find((v) => url.startsWith(v.prefix)) ?? fixed;
      for (const name of removed) reply.raw.removeHeader(name);
      reply.headers(set);
      done();
    });
    return;
  }
  if (variants.length > 0) throw new Error('Header variants need options without functions.');
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

/**
 * Other headers for the paths under `prefix`: the widget's embed pages (/embed/…) may be
 * framed by any site, every other page by none (decision 074).
 */
export interface HeaderVariant {
  prefix: string;
  options: HelmetOptions;
}

type Middleware = ReturnType<typeof helmet>;

/** The headers helmet sets and removes, read from one run against a stand-in response. */
function recordHeaders(apply: Middleware): { set: Record<string, string>; removed: string[] } {
  const set: Record<string, string> = {};
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let failure: unknown;
  apply(
    {} as Parameters<Middleware>[0],
    response as unknown as Parameters<Middleware>[1],
    (err?: unknown) => {
      failure = err;
    },
  );
  if (failure) throw failure;
  return { set, removed };
}

function hasFunctions(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (value && typeof value === 'object')
    return Object.values(value as Record<string, unknown>).some(hasFunctions);
  return false;
}
