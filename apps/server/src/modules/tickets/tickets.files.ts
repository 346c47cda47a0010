import { barcodePng, qrPng, ticketPdf, type TicketOrder } from './tickets.render.ts';

/** A confirmed order's rendered files: the QR image of its code and its PDF ticket. */
export interface RenderedTicket {
  qr: Buffer;
  pdf: Buffer;
}

/**
 * Renders the QR image, the barcode and the PDF ticket of an order: ~25 ms of CPU, most of
 * it pdfkit's JavaScript. Run by the ticket renderer's worker threads (tickets.pool.ts), or
 * in the calling thread when none are configured.
 */
export async function renderTicket(order: TicketOrder, publicUrl: string): Promise<RenderedTicket> {
  const [qr, barcode] = await Promise.all([qrPng(order.orderCode), barcodePng(order.orderCode)]);
  return { qr, pdf: await ticketPdf(order, { qr, barcode }, publicUrl) };
}
