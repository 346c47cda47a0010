import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { registerHttp } from './app/http.ts';
import { startJobs } from './app/jobs.ts';
import { registerPages } from './app/pages.ts';
import { registerRoutes } from './app/routes.ts';
import { createServer } from './app/server.ts';
import { createServices, openRedis, type ModuleServices } from './app/services.ts';
import type { Config } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { registerApiTokens } from './modules/api-tokens/api-tokens.hook.ts';
import { registerAccess } from './plugins/access.ts';

export interface AppServices extends ModuleServices {
  database: DatabaseHandle;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

export interface BuildOptions {
  /** Use an already open database (tests share one per file); otherwise opened from config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** The clock of time-based rules (publishing, date filters); tests pin it. */
  now?: () => Date;
}

/**
 * Builds the whole server from a parsed config, piece by piece (each in app/): the server,
 * the database, the modules' services, the access hook, what wraps every route, the routes,
 * the web app's pages and the background jobs. `app.close()` undoes it all.
 */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = createServer(config, options.logger);
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  const applied = await migrateToLatest(database.db);
  if (applied.length) app.log.info({ migrations: applied }, 'database migrated');
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;

  const wiring = await createServices(database.db, config, {
    log: app.log,
    redis,
    now: options.now,
    // The sandbox's signed webhooks take the way Paystack's do: through the webhook route.
    deliverWebhook: async (body, signature) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/payments/paystack/webhook',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
          payload: body,
        })
      ).statusCode,
  });
  const { services } = wiring;
  app.decorate('services', { database, ...services });
  // First, so that every answer (an API token's refusal included) has the security headers,
  // and a cached public read is answered before any other request hook runs.
  await registerHttp(app, config);
  // API tokens are taken before any route's own login check, and mark the routes they may call.
  registerApiTokens(app, services.apiTokens);
  // Roles on every manage route: who acts for which organiser (issue 13, decision 040), or
  // what an API token may (decision 070).
  registerAccess(
    app,
    services.auth,
    (...args) => services.team.access.resolveActor(...args),
    (caller, ref) => services.apiTokens.actorFor(caller, ref),
  );

  await registerRoutes(app, config, database, redis, wiring);
  await registerPages(app, config, services.events);

  const stopJobs = startJobs(config, wiring);
  app.addHook('onClose', async () => {
    await stopJobs();
    await services.tickets.close();
    redis?.disconnect();
    if (!options.database) await database.close();
  });
  return app;
}
