import type { FastifyInstance } from 'fastify';

/**
 * An answer to a request that carried a session token or an order's access token is for
 * that one person (their orders, buyers' names and emails): no cache may keep it. Routes
 * that set their own Cache-Control keep theirs. (OWASP ASVS 8.2.1.)
 */
export function registerPrivateCache(app: FastifyInstance): void {
  // Callback-style: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (request.headers.authorization || request.headers['x-order-token']) &&
      !reply.hasHeader('cache-control')
    ) {
      void reply.header('cache-control', 'private, no-store');
    }
    done(null, payload);
  });
}
