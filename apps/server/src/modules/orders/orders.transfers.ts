import { timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@gatepass/shared';
import { normalizePhone } from '../../lib/phone.ts';
import { newToken, randomDigits, sha256 } from '../../lib/secrets.ts';
import { inventoryService } from '../events/inventory.service.ts';
import { transferredAwaySms } from './orders.change-messages.ts';
import type { RoomDeps } from './orders.config.ts';
import { orderNotFound, transferRefused } from './orders.errors.ts';
import { emailKey } from './orders.limits.ts';
import { hasLiveAccessToken } from './orders.manage.repository.ts';
import * as repo from './orders.repository.ts';
import type { OrderRow } from './orders.table.ts';
import { transferredAwayMail, transferredToMessages } from './orders.transfer-mails.ts';
import * as transferRepo from './orders.transfers.repository.ts';

/** Who an order is transferred to (decision 033); their phone, if given, gets the SMS. */
export interface TransferTo {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | undefined;
}

/**
 * An organiser's transfer that does not name the order's current code is refused this long
 * after the order's last transfer: the same request sent twice (or twenty times at once)
 * moves the order once (decision 050).
 */
export const TRANSFER_SETTLE_SECONDS = 300;

/**
 * Giving an order to someone else (decisions 033, 050): by its buyer, if the event allows
 * it, or by the organiser on the buyer's behalf. Every rule is checked on the order's
 * locked row in the transaction that re-issues it.
 */
export class Transfers {
  constructor(private readonly room: RoomDeps) {}

  /**
   * The buyer gives their order away, if the event allows it. The token is checked here for
   * a quick 404, and again on the locked row inside the transfer's transaction: a transfer
   * replaces it, so of twenty requests sent at once with it, one transfers (issue 21 §1).
   */
  async transferForBuyer(orderId: string, accessToken: string, to: TransferTo) {
    const order = await this.room.reads.orderForToken(orderId, accessToken);
    return this.transfer(order, to, { by: 'buyer', tokenHash: sha256(accessToken) });
  }

  /**
   * The organiser transfers an order of their event on its buyer's behalf (always allowed).
   * `fromCode` is the order code the organiser saw (the drawer sends it): refused if the
   * order has been transferred since. Without it, an order transferred in the last
   * TRANSFER_SETTLE_SECONDS is refused, so the same request sent twenty times moves it once.
   */
  async transferForOwner(
    ownerId: string,
    orderId: string,
    to: TransferTo,
    actorUserId = ownerId,
    fromCode?: string,
  ) {
    const order = await this.room.reads.orderForOwner(ownerId, orderId);
    return this.transfer(order, to, { by: 'organiser', actorUserId, fromCode });
  }

  /**
   * The buyer of a group order transfers one ticket they sent to its holder (decision 080):
   * the ticket's own order is re-issued; the group order's token (checked again on the
   * ticket's lock) is what allows it, as the buyer's own token does for a whole order.
   */
  async transferTicketOfGroup(
    ticketOrderId: string,
    groupOrderId: string,
    groupTokenHash: string,
    to: TransferTo,
  ) {
    const ticket = await repo.findOrderById(this.room.db, ticketOrderId);
    if (!ticket || ticket.parent_order_id !== groupOrderId) throw orderNotFound();
    return this.transfer(ticket, to, { by: 'group', groupOrderId, tokenHash: groupTokenHash });
  }

  /**
   * Re-issues a completed order to someone else: a new code (so a new QR) and a new access
   * token, the new holder's name and email, the old holder's lookup tokens ended — all in
   * one commit, so the old code reads as invalid at the door (and is refused by
   * mark-attended) from that moment. The order keeps its payment, items and history; the
   * transfer is recorded with both codes and holders.
   *
   * Every rule that allows it is checked on the order's locked row, inside the transaction
   * that changes it (decision 050): the buyer's token, the status, the check-in, the event,
   * the same-holder rule and the daily limit. A request that lost a race writes and sends
   * nothing.
   */
  private async transfer(
    order: OrderRow,
    to: TransferTo,
    actor:
      | { by: 'buyer'; tokenHash: string }
      | { by: 'group'; groupOrderId: string; tokenHash: string }
      | { by: 'organiser'; actorUserId: string; fromCode: string | undefined },
  ): Promise<{ order: OrderRow; transferredAt: Date }> {
    const actorUserId = actor.by === 'organiser' ? actor.actorUserId : null;
    const phone = to.phone ? normalizePhone(to.phone) : undefined;
    if (phone === null) {
      throw transferRefused.badPhone();
    }
    let code = randomDigits(LIMITS.orderCodeLength);
    for (let i = 0; i < 5 && (await transferRepo.codeInUse(this.room.db, code)); i++)
      code = randomDigits(LIMITS.orderCodeLength);
    const result = await this.room.db.transaction().execute(async (trx) => {
      const locked = await repo.lockOrder(trx, order.id);
      if (!locked) throw orderNotFound();
      if (actor.by === 'buyer') {
        const given = Buffer.from(actor.tokenHash);
        const still =
          timingSafeEqual(given, Buffer.from(locked.access_token_hash)) ||
          (await hasLiveAccessToken(trx, locked.id, actor.tokenHash));
        if (!still) {
          throw transferRefused.tokenGone();
        }
      } else if (actor.by === 'group') {
        // The group order's buyer, with its token as it stands now (decision 080).
        const group = await repo.findOrderById(trx, actor.groupOrderId);
        const given = Buffer.from(actor.tokenHash);
        const still =
          group !== undefined &&
          locked.parent_order_id === group.id &&
          (timingSafeEqual(given, Buffer.from(group.access_token_hash)) ||
            (await hasLiveAccessToken(trx, group.id, actor.tokenHash)));
        if (!still) throw transferRefused.tokenGone();
        // The same request sent twice (or twenty times at once) moves the ticket once.
        if (await transferRepo.transferredWithin(trx, locked.id, TRANSFER_SETTLE_SECONDS))
          throw transferRefused.justTransferred();
      } else if (actor.fromCode !== undefined && actor.fromCode !== locked.code) {
        throw transferRefused.codeChanged();
      } else if (
        actor.fromCode === undefined &&
        (await transferRepo.transferredWithin(trx, locked.id, TRANSFER_SETTLE_SECONDS))
      ) {
        throw transferRefused.justTransferred();
      }
      if (locked.status !== 'completed') {
        throw transferRefused.notCompleted(locked.status);
      }
      if (locked.attended_at) {
        throw transferRefused.checkedIn();
      }
      const event = await inventoryService.event(trx, locked.event_id);
      if (!event) throw orderNotFound();
      if (actor.by !== 'organiser' && !event.allow_transfers) {
        throw transferRefused.notAllowed();
      }
      if (event.status === 'cancelled') throw transferRefused.eventCancelled();
      if (event.end_at && event.end_at.getTime() <= Date.now()) throw transferRefused.eventEnded();
      if (
        emailKey(to.email) === locked.email_key ||
        to.email.toLowerCase() === locked.email.toLowerCase()
      ) {
        throw transferRefused.sameHolder();
      }
      const perDay = this.room.config.transfersPerDay;
      if ((await transferRepo.countTransfersWithin(trx, locked.id, 86_400)) >= perDay) {
        throw transferRefused.dailyLimit(perDay);
      }
      const from = {
        code: locked.code,
        firstName: locked.first_name,
        lastName: locked.last_name,
        email: locked.email,
      };
      const updated = await transferRepo.reissueOrder(
        trx,
        locked.id,
        locked.code,
        {
          code,
          firstName: to.firstName,
          lastName: to.lastName,
          email: to.email,
          emailKey: emailKey(to.email),
          // The old holder's phone leaves with them: the order carries the new holder's or none.
          phone: phone ?? '',
          phoneKey: phone ?? '',
        },
        sha256(newToken()),
      );
      if (!updated) throw new Error(`order ${locked.id} could not be re-issued after its lock`);
      await transferRepo.deleteAccessTokens(trx, locked.id);
      const transferredAt = await transferRepo.insertTransfer(trx, {
        orderId: locked.id,
        from,
        to: { code, ...to },
        actorUserId,
      });
      await repo.addHistory(trx, [
        {
          orderId: locked.id,
          kind: 'transferred',
          detail: `Transferred ${actorUserId ? 'by the organiser' : 'by the buyer'} from ${from.firstName} ${from.lastName} <${from.email}> (order code ${from.code}, no longer valid) to ${to.firstName} ${to.lastName} <${to.email}> (new order code ${code})`,
          actorUserId,
        },
      ]);
      const items = await repo.findOrderItems(trx, [locked.id]);
      const awaySms = transferredAwaySms(
        { code: from.code, phone: locked.phone },
        event,
        locked.id,
        to,
      );
      await this.room.mail.enqueueMany(trx, [
        ...transferredToMessages(updated, items, event, from, this.room.config),
        transferredAwayMail(event, from, to, actorUserId !== null, locked.id),
        ...(awaySms ? [awaySms] : []),
      ]);
      await this.room.hooks.changes?.transferred(trx, updated, from);
      return { order: updated, transferredAt };
    });
    this.room.mail.kick();
    return result;
  }
}
