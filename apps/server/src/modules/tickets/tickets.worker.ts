import { renderTicket } from './tickets.files.ts';
import type { TicketOrder } from './tickets.render.ts';

/**
 * A ticket-rendering worker thread (tickets.pool.ts, decision 093): renders one order's
 * files and hands their bytes back (copied: a few dozen KB).
 */
export default async function render(task: {
  order: TicketOrder;
  publicUrl: string;
}): Promise<{ qr: Uint8Array; pdf: Uint8Array }> {
  const { qr, pdf } = await renderTicket(task.order, task.publicUrl);
  return { qr, pdf };
}
