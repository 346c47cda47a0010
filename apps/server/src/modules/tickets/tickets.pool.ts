import type { FastifyBaseLogger } from 'fastify';
import { Piscina } from 'piscina';
import { renderTicket, type RenderedTicket } from './tickets.files.ts';
import type { TicketOrder } from './tickets.render.ts';

/**
 * Where ticket files are rendered (decision 093): on worker threads, so the ~25 ms of
 * pdfkit a ticket costs never runs on the event loop that answers the sale's requests, or,
 * with `threads` 0, in the calling thread. A worker starts on the first ticket (pdfkit,
 * fonts and sharp load there, not at start-up) and stops after a minute without work.
 */
export class TicketRenderer {
  private readonly pool: Piscina | undefined;

  constructor(threads: number, log: FastifyBaseLogger) {
    this.pool =
      threads > 0
        ? new Piscina({
            filename: workerFile().href,
            minThreads: 0,
            maxThreads: threads,
            idleTimeout: 60_000,
          })
        : undefined;
    // A worker that dies outside a task is replaced by the pool; it must not end the process.
    this.pool?.on('error', (err: unknown) => log.error({ err }, 'ticket render worker failed'));
  }

  async render(order: TicketOrder, publicUrl: string): Promise<RenderedTicket> {
    if (!this.pool) return renderTicket(order, publicUrl);
    const files = (await this.pool.run({ order, publicUrl })) as {
      qr: Uint8Array;
      pdf: Uint8Array;
    };
    return { qr: bufferOf(files.qr), pdf: bufferOf(files.pdf) };
  }

  /** Stops the worker threads (the app's close). */
  async close(): Promise<void> {
    await this.pool?.close({ force: true });
  }
}

const bufferOf = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The worker's module: beside this file when run from the sources (Node strips the types),
 * `tickets.worker.js` beside the bundle when built (apps/server/build.mjs).
 */
function workerFile(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./tickets.worker.ts', import.meta.url)
    : new URL('./tickets.worker.js', import.meta.url);
}
