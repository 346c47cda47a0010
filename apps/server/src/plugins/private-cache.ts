import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for everyone and holds nobody's data (the public event list
     * and page): caches may keep it. Every other answer is `private, no-store`.
     */
    publicAnswer?: boolean;
  }
}

/**
 * No cache may keep an answer unless its route says it is public (OWASP ASVS 8.2.1): tokens
 * (login, signup, a new order's access token), one person's orders, buyers' names and
 * emails, settings. It is the default rather than a per-route header, so a route added
 * tomorrow is covered (decision 027). Routes that set their own Cache-Control keep theirs;
 * a request carrying a session or order token never gets a public answer cached.
 */
export function registerPrivateCache(app: FastifyInstance): void {
  // Callback-style: it runs on every answer, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      !reply.hasHeader('cache-control') &&
      (request.headers.authorization ||
        request.headers['x-order-token'] ||
        !request.routeOptions.config.publicAnswer)
    ) {
      void reply.header('cache-control', 'private, no-store');
    }
    done(null, payload);
  });
}
