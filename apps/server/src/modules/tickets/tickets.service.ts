import type { MailService, StoredAttachment } from '../mail/mail.service.ts';
import { ticketCalendar } from './tickets.ics.ts';
import type { TicketRenderer } from './tickets.pool.ts';
import type { TicketOrder } from './tickets.render.ts';

/** The inline QR image's Content-ID: the confirmation mail's HTML shows `cid:` this. */
export const TICKET_QR_CID = 'ticket-qr@gatepass';

export interface TicketFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** Where tickets read orders from (the orders service), kept narrow so tickets stay a leaf. */
export interface TicketOrders {
  /** The order as its buyer sees it, by id; undefined when there is none. */
  ticketOrder(orderId: string): Promise<TicketOrder | undefined>;
  /** The order for whoever holds its access token, refusing one that is not confirmed. */
  ticketForBuyer(orderId: string, accessToken: string): Promise<TicketOrder>;
}

/**
 * A confirmed order's tickets: the QR image of its code, the PDF ticket and the .ics, for
 * the confirmation mail and for downloads from the confirmation page.
 */
export class TicketsService {
  constructor(
    private readonly orders: TicketOrders,
    private readonly publicUrl: string,
    /** Worker threads (or the calling thread) that render the QR, barcode and PDF (093). */
    private readonly renderer: TicketRenderer,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The confirmation mail's files are rendered by the mail dispatcher, from its `orderId`. */
  attachToMail(mail: MailService, kind: string): void {
    mail.registerAttachments(kind, async (context) => {
      const orderId = context.orderId;
      const order = orderId ? await this.orders.ticketOrder(orderId) : undefined;
      // An order that is gone (never, in practice: orders are not deleted) still gets its mail.
      return order ? this.attachments(order) : [];
    });
  }

  /** Mails of this kind carry the order's calendar file as it is now (an event that moved). */
  attachCalendarToMail(mail: MailService, kind: string): void {
    mail.registerAttachments(kind, async (context) => {
      const order = context.orderId ? await this.orders.ticketOrder(context.orderId) : undefined;
      const ics = order ? this.calendar(order) : null;
      return ics
        ? [
            {
              filename: ics.filename,
              contentType: ics.contentType,
              content: ics.body.toString('base64'),
            },
          ]
        : [];
    });
  }

  async attachments(order: TicketOrder): Promise<StoredAttachment[]> {
    const { qr, pdf: body } = await this.renderer.render(order, this.publicUrl);
    const pdf = this.pdfFile(order, body);
    const ics = this.calendar(order);
    const files: (TicketFile & { cid?: string })[] = [
      {
        filename: `qr-${order.orderCode}.png`,
        contentType: 'image/png',
        body: qr,
        cid: TICKET_QR_CID,
      },
      pdf,
      ...(ics ? [ics] : []),
    ];
    return files.map((f) => ({
      filename: f.filename,
      contentType: f.contentType,
      content: f.body.toString('base64'),
      ...(f.cid ? { cid: f.cid } : {}),
    }));
  }

  async pdf(order: TicketOrder): Promise<TicketFile> {
    return this.pdfFile(order, (await this.renderer.render(order, this.publicUrl)).pdf);
  }

  private pdfFile(order: TicketOrder, body: Buffer): TicketFile {
    return {
      filename: `gatepass-ticket-${order.orderCode}.pdf`,
      contentType: 'application/pdf',
      body,
    };
  }

  calendar(order: TicketOrder): TicketFile | null {
    const body = ticketCalendar(order, this.publicUrl, this.now());
    return body === null
      ? null
      : {
          filename: `${order.event.slug}.ics`,
          contentType: 'text/calendar; charset=utf-8',
          body: Buffer.from(body, 'utf8'),
        };
  }

  /** Stops the renderer's worker threads (the app's close, after the mail dispatcher's). */
  close(): Promise<void> {
    return this.renderer.close();
  }

  async pdfForBuyer(orderId: string, accessToken: string): Promise<TicketFile> {
    return this.pdf(await this.orders.ticketForBuyer(orderId, accessToken));
  }

  async calendarForBuyer(orderId: string, accessToken: string): Promise<TicketFile | null> {
    return this.calendar(await this.orders.ticketForBuyer(orderId, accessToken));
  }
}
