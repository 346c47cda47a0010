import { expect, it } from 'vitest';
import { renderTicket, type RenderedTicket } from '../src/modules/tickets/tickets.files.ts';
import { TicketRenderer } from '../src/modules/tickets/tickets.pool.ts';
import type { TicketOrder } from '../src/modules/tickets/tickets.render.ts';

/**
 * Figures for decision 093, not a check: the CPU a ticket's files (QR, barcode, PDF) cost
 * the thread that answers the sale's requests, both ways issue 23 §2 names.
 *
 * - Rendered on first use and cached: the confirmation mail attaches the PDF and the QR, so
 *   every order renders once in the main thread (the first use is the mail's, during the
 *   sale); later downloads of a cached order cost ~0.
 * - Rendered by a worker pool (piscina, tickets.pool.ts): the main thread only sends the
 *   order and receives the bytes.
 *
 * Single process, short (N tickets each way, after a warm-up). Run it with
 *   MEASURE_TICKET_RENDER=1 npx vitest run --project server-pglite apps/server/test/ticket-render.measure.test.ts
 */
const N = 60;

const order = (i: number): TicketOrder => ({
  orderCode: String(10_000_000 + i),
  firstName: 'Ọlá',
  lastName: 'Adé',
  email: `ola.${i}@example.com`,
  quantity: 2,
  items: [
    {
      ticketTypeId: 't',
      name: 'Regular',
      quantity: 2,
      unitPrice: 5000,
      lineTotal: 10_000,
      admits: 1,
    },
  ],
  totalPrice: 10_660,
  testPayment: true,
  eventId: 'e',
  event: {
    title: 'Paid Rush',
    slug: 'paid-rush',
    startAt: '2026-12-20T18:00:00.000Z',
    endAt: '2026-12-20T22:00:00.000Z',
    timeZone: 'Africa/Lagos',
    venueName: 'Eko Hall',
    address: '1 Marina',
    city: 'Lagos',
    online: false,
    offlinePayment: false,
    offlineHoldHours: 48,
    allowTransfers: true,
    paystackChannels: [],
    payoutReady: true,
  } as unknown as TicketOrder['event'],
});

/** Main-thread CPU and wall time per ticket of `render` over N orders, `parallel` at a time. */
async function measure(render: (o: TicketOrder) => Promise<RenderedTicket>, parallel: number) {
  const cpu = process.threadCpuUsage();
  const start = performance.now();
  for (let i = 0; i < N; i += parallel) {
    const batch = Array.from({ length: Math.min(parallel, N - i) }, (_, k) => order(i + k));
    for (const files of await Promise.all(batch.map(render)))
      expect(files.pdf.subarray(0, 5).toString()).toBe('%PDF-');
  }
  const used = process.threadCpuUsage(cpu);
  return {
    cpuMs: (used.user + used.system) / 1000 / N,
    wallMs: (performance.now() - start) / N,
  };
}

it.runIf(process.env.MEASURE_TICKET_RENDER)(
  'measures the main thread CPU of a ticket, in-thread (cached after) and in a worker pool',
  async () => {
    const publicUrl = 'https://gatepass.example';
    const cache = new Map<string, Promise<RenderedTicket>>();
    const cached = (o: TicketOrder) => {
      let files = cache.get(o.orderCode);
      if (!files) cache.set(o.orderCode, (files = renderTicket(o, publicUrl)));
      return files;
    };
    const pool = new TicketRenderer(1, console as never);
    const pooled = (o: TicketOrder) => pool.render(o, publicUrl);
    try {
      // Warm-up: modules, fonts and the worker loaded.
      for (let i = 0; i < 5; i++) {
        await renderTicket(order(1_000 + i), publicUrl);
        await pooled(order(1_000 + i));
      }
      const first = await measure(cached, 4);
      const again = await measure(cached, 4);
      const worker = await measure(pooled, 4);
      const fmt = (m: { cpuMs: number; wallMs: number }) =>
        `${m.cpuMs.toFixed(2)} ms CPU on the main thread, ${m.wallMs.toFixed(2)} ms wall`;
      console.log(
        [
          `Ticket files (QR, barcode, PDF), per order, ${N} orders, 4 at a time:`,
          `  rendered on first use and cached — first use (the confirmation mail): ${fmt(first)}`,
          `  rendered on first use and cached — a later download:                   ${fmt(again)}`,
          `  worker pool (piscina, 1 thread):                                        ${fmt(worker)}`,
        ].join('\n'),
      );
    } finally {
      await pool.close();
    }
  },
  120_000,
);
