import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, nosniff, frame and referrer policies …) on every
 * answer. @fastify/helmet calls `helmet(options)` on each request, which parses the whole
 * CSP again every time: about a seventh of the CPU of a cached public read
 * (bench/read-path.mjs). Built once here, each request only sets the ready headers.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}
