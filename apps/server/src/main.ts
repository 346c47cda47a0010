import { buildApp } from './app.ts';
import { configOrExit } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

async function main(): Promise<void> {
  const config = configOrExit();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // A second signal or a stuck close must not keep the process forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // A crowd's connections arrive together: Node's default queue of 511 dropped the rest,
  // and each dropped one waited seconds for TCP to try again (decision 116).
  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  app.log.info(
    {
      url: config.publicUrl,
      database: app.services.database.engine,
      mail: config.smtpUrl ? 'smtp' : 'log',
      // Who may name the client: false, a hop count or proxy addresses (decision 056).
      trustProxy: config.trustProxy,
    },
    `Gatepass is ready at ${config.publicUrl}`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    // Nothing was opened: say who holds the directory and stop.
    console.error(err.message);
    process.exit(1);
  }
  console.error('Gatepass failed to start:', err);
  process.exit(1);
});
