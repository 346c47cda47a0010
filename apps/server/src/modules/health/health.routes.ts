import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/database.ts';

const healthResponse = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({
      engine: z.enum(['postgres', 'pglite']),
      ok: z.boolean(),
      latencyMs: z.number(),
    }),
    redis: z.object({ configured: z.boolean(), ok: z.boolean() }),
    uptimeSeconds: z.number(),
  }),
});

/** Liveness and readiness in one: 200 when the database answers, 503 when it does not. */
export function healthRoutes(
  database: DatabaseHandle,
  redisPing: (() => Promise<boolean>) | undefined,
): FastifyPluginAsync {
  return async (base) => {
    const app = base.withTypeProvider<ZodTypeProvider>();
    app.get('/health', {
      schema: {
        tags: ['health'],
        summary: 'Service and database state',
        response: { 200: healthResponse, 503: healthResponse },
      },
      handler: async (_request, reply) => {
        const started = performance.now();
        const dbOk = await sql`select 1`.execute(database.db).then(
          () => true,
          () => false,
        );
        const latencyMs = Math.round((performance.now() - started) * 10) / 10;
        const redisOk = redisPing ? await redisPing().catch(() => false) : false;
        const ok = dbOk && (!redisPing || redisOk);
        return reply.status(dbOk ? 200 : 503).send({
          data: {
            status: ok ? 'ok' : 'degraded',
            database: { engine: database.engine, ok: dbOk, latencyMs },
            redis: { configured: Boolean(redisPing), ok: redisOk },
            uptimeSeconds: Math.round(process.uptime()),
          },
        });
      },
    });
  };
}
