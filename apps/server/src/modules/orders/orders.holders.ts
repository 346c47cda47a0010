import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inventoryService } from '../events/inventory.service.ts';
import type { MailService, NewMessage } from '../mail/mail.service.ts';
import {
  alsoByWhatsapp,
  eventCancelledMessages,
  eventChangedMessages,
  type EventChange,
} from './orders.change-messages.ts';
import type { OrdersConfig } from './orders.config.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';

const HOLDERS_PER_INSERT = 200;

/**
 * Telling an event's ticket holders that it changed or was cancelled (issue 24 §1), in the
 * transaction of that change: the events module calls these through its hooks.
 */
export class HolderNotices {
  constructor(
    private readonly mail: MailService,
    private readonly config: OrdersConfig,
  ) {}

  /**
   * The organiser cancelled the event (in `trx`, the cancellation's transaction): every
   * holder of a ticket is told, by mail and SMS (issue 24 §1).
   */
  async eventCancelled(trx: Kysely<Database>, eventId: string, reason: string | null) {
    const event = (await inventoryService.event(trx, eventId))!;
    await this.tellHolders(trx, eventId, (order) => eventCancelledMessages(order, event, reason));
  }

  /** The event's date, time or place changed (in its update's transaction). */
  async eventChanged(trx: Kysely<Database>, eventId: string, change: EventChange) {
    const event = (await inventoryService.event(trx, eventId))!;
    const calendarUrl = `${this.config.publicUrl}/api/v1/events/${event.slug}/calendar.ics`;
    await this.tellHolders(trx, eventId, (order) =>
      eventChangedMessages(order, event, change, {
        ticketUrl: this.config.ticketLinks.urlFor(order),
        calendarUrl,
      }),
    );
  }

  /** Drains the outbox soon: after a transaction that wrote messages has committed. */
  kickMessages(): void {
    this.mail.kick();
  }

  private async tellHolders(
    trx: Kysely<Database>,
    eventId: string,
    messagesOf: (order: OrderRow) => NewMessage[],
  ): Promise<void> {
    const holders = await repo.findCompletedOrders(trx, eventId);
    // A few hundred rows per statement: far below PostgreSQL's 65,535 parameters.
    for (let i = 0; i < holders.length; i += HOLDERS_PER_INSERT)
      await this.mail.enqueueMany(
        trx,
        holders
          .slice(i, i + HOLDERS_PER_INSERT)
          .flatMap((order) => alsoByWhatsapp(messagesOf(order), this.config.whatsapp)),
      );
  }
}
