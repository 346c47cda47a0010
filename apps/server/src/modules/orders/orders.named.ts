import { timingSafeEqual } from 'node:crypto';
import { LIMITS, type OrderDto } from '@gatepass/shared';
import { normalizePhone } from '../../lib/phone.ts';
import { newToken, randomDigits, sha256 } from '../../lib/secrets.ts';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import type { RoomDeps } from './orders.config.ts';
import { namedRefused, orderNotFound, transferRefused } from './orders.errors.ts';
import { emailKey } from './orders.limits.ts';
import { hasLiveAccessToken } from './orders.manage.repository.ts';
import { namedTicketMessages } from './orders.named-mails.ts';
import { namingOpen, ticketLayout } from './orders.named.layout.ts';
import * as namedRepo from './orders.named.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow, TicketName } from './orders.table.ts';
import type { Transfers, TransferTo } from './orders.transfers.ts';
import * as transferRepo from './orders.transfers.repository.ts';

/** Whom a ticket is named for (the email may wait until it is sent). */
export interface TicketHolder {
  firstName: string;
  lastName: string;
  email?: string | undefined;
}

/**
 * A name on every ticket (issue 25 §2, decision 080): the buyer of a group order names each
 * ticket's holder, sends a named ticket to its holder — it becomes an order of its own, one
 * ticket with its own code, QR and access token, the money staying on the group order — and
 * transfers a sent ticket on its own. Every rule is checked on the group order's (or the
 * ticket's) locked row, in the transaction that makes the change (decision 050).
 */
export class NamedTickets {
  constructor(
    private readonly room: RoomDeps,
    private readonly transfers: Transfers,
  ) {}

  /** Names (or renames) one ticket that is still with the buyer. */
  async nameTicket(
    orderId: string,
    accessToken: string,
    index: number,
    holder: TicketHolder,
  ): Promise<OrderDto> {
    const order = await this.room.reads.orderForToken(orderId, accessToken);
    const updated = await this.room.db.transaction().execute(async (trx) => {
      const locked = await repo.lockOrder(trx, order.id);
      if (!locked) throw orderNotFound();
      await this.openForNames(trx, locked, index);
      if (locked.status !== 'pending' && locked.status !== 'completed')
        throw namedRefused.notOpen(locked.status);
      const names = locked.ticket_names ?? [];
      const was = names.find((n) => n.index === index);
      if (was?.orderId) throw namedRefused.alreadySent(index);
      // The same name again changes nothing (twenty identical requests write once).
      if (
        was &&
        was.firstName === holder.firstName &&
        was.lastName === holder.lastName &&
        was.email === (holder.email ?? null)
      )
        return locked;
      const next: TicketName[] = [
        ...names.filter((n) => n.index !== index),
        {
          index,
          firstName: holder.firstName,
          lastName: holder.lastName,
          email: holder.email ?? null,
        },
      ].sort((a, b) => a.index - b.index);
      const row = await namedRepo.setTicketNames(trx, locked.id, next);
      await repo.addHistory(trx, [
        {
          orderId: locked.id,
          kind: 'ticket_named',
          detail: `Ticket ${index} named for ${holder.firstName} ${holder.lastName} by the buyer`,
          actorUserId: null,
        },
      ]);
      return row!;
    });
    return this.room.reads.forBuyer(await this.room.reads.dto(updated), updated);
  }

  /**
   * Sends one ticket to its holder: a new order of one ticket under its own code and access
   * token, the group order admitting one fewer, the holder mailed their own ticket — all in
   * one commit. The group order's row is locked first and the ticket's number re-checked on
   * it: of twenty identical requests at once, one sends and the rest are refused (409).
   */
  async sendTicket(
    orderId: string,
    accessToken: string,
    index: number,
    holder: TicketHolder & { email: string; phone?: string | undefined },
  ): Promise<{ order: OrderDto; ticketOrderId: string }> {
    const order = await this.room.reads.orderForToken(orderId, accessToken);
    const tokenHash = sha256(accessToken);
    const phone = holder.phone ? normalizePhone(holder.phone) : undefined;
    if (phone === null) throw transferRefused.badPhone();
    let code = randomDigits(LIMITS.orderCodeLength);
    for (let i = 0; i < 5 && (await transferRepo.codeInUse(this.room.db, code)); i++)
      code = randomDigits(LIMITS.orderCodeLength);
    const result = await this.room.db.transaction().execute(async (trx) => {
      const locked = await repo.lockOrder(trx, order.id);
      if (!locked) throw orderNotFound();
      await this.assertToken(trx, locked, tokenHash);
      const { event, item } = await this.openForNames(trx, locked, index);
      if (locked.status !== 'completed') throw namedRefused.notCompleted(locked.status);
      if (locked.attended_at) throw namedRefused.checkedIn();
      const names = locked.ticket_names ?? [];
      if (names.find((n) => n.index === index)?.orderId) throw namedRefused.alreadySent(index);
      if (locked.quantity <= 1) throw namedRefused.lastTicket();
      const ticket = await namedRepo.insertTicketOrder(trx, locked, {
        code,
        firstName: holder.firstName,
        lastName: holder.lastName,
        email: holder.email,
        emailKey: emailKey(holder.email),
        phone: phone ?? '',
        phoneKey: phone ?? '',
        accessTokenHash: sha256(newToken()),
      });
      // The code was drawn free a moment ago; a clash (1 in 10^8) asks the buyer to retry.
      if (!ticket) throw new Error('the ticket order could not be written under its code');
      const items = await repo.insertOrderItems(trx, [
        {
          orderId: ticket.id,
          ticketTypeId: item.ticket_type_id,
          name: item.name,
          quantity: 1,
          unitPriceKobo: item.unit_price_kobo,
          // A table's seat count goes with it (decision 086).
          admits: item.admits,
        },
      ]);
      const next: TicketName[] = [
        ...names.filter((n) => n.index !== index),
        {
          index,
          firstName: holder.firstName,
          lastName: holder.lastName,
          email: holder.email,
          orderId: ticket.id,
        },
      ].sort((a, b) => a.index - b.index);
      const updated = await namedRepo.giveTicketAway(trx, locked, next);
      if (!updated)
        throw new Error(`order ${locked.id} could not give a ticket away after its lock`);
      await repo.addHistory(trx, [
        {
          orderId: locked.id,
          kind: 'ticket_sent',
          detail: `Ticket ${index} (${item.name}) sent by the buyer to ${holder.firstName} ${holder.lastName} <${holder.email}> as order ${ticket.code}`,
          actorUserId: null,
        },
        {
          orderId: ticket.id,
          kind: 'ticket_sent',
          detail: `Ticket ${index} of order ${locked.code}, sent by ${locked.first_name} ${locked.last_name} to ${holder.firstName} ${holder.lastName}`,
          actorUserId: null,
        },
      ]);
      await this.room.mail.enqueueMany(
        trx,
        namedTicketMessages(
          ticket,
          items,
          event,
          { firstName: locked.first_name, lastName: locked.last_name },
          this.room.config,
        ),
      );
      return { updated, ticket };
    });
    this.room.mail.kick();
    return {
      order: this.room.reads.forBuyer(await this.room.reads.dto(result.updated), result.updated),
      ticketOrderId: result.ticket.id,
    };
  }

  /**
   * The buyer transfers a ticket they sent to someone else (a new code; the old one stops
   * working), the rest of the order untouched. The transfer's own rules apply on the
   * ticket's locked row: a second identical request finds the ticket already theirs (409).
   */
  async transferTicket(orderId: string, accessToken: string, index: number, to: TransferTo) {
    const order = await this.room.reads.orderForToken(orderId, accessToken);
    const sent = order.ticket_names?.find((n) => n.index === index);
    if (!sent?.orderId) throw namedRefused.notSent(index);
    return this.transfers.transferTicketOfGroup(sent.orderId, order.id, sha256(accessToken), to);
  }

  /** The group order's token must still be live on its locked row (a transfer replaces it). */
  private async assertToken(trx: RoomDeps['db'], locked: OrderRow, tokenHash: string) {
    const still =
      timingSafeEqual(Buffer.from(tokenHash), Buffer.from(locked.access_token_hash)) ||
      (await hasLiveAccessToken(trx, locked.id, tokenHash));
    if (!still) throw transferRefused.tokenGone();
  }

  /** The ticket exists, the order is a group order, and the event still takes names. */
  private async openForNames(trx: RoomDeps['db'], locked: OrderRow, index: number) {
    if (locked.parent_order_id) throw namedRefused.childOrder();
    const event: SaleEvent | undefined = await inventoryService.event(trx, locked.event_id);
    if (!event) throw orderNotFound();
    const layout = ticketLayout(await repo.findOrderItems(trx, [locked.id]));
    const item = layout[index - 1];
    if (!item || layout.length < 2) throw namedRefused.noSuchTicket(layout.length);
    if (event.status === 'cancelled') throw namedRefused.eventCancelled();
    if (!namingOpen(event)) throw namedRefused.closed();
    return { event, item };
  }
}
