import { randomUUID } from 'node:crypto';
import {
  defaultAdmissionRate,
  WAITING_ROOM_LIMITS,
  type WaitingRoomDto,
  type WaitingRoomSettingsBody,
} from '@gatepass/shared';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import { admittedCount, clockOf, restartClock } from './waiting-room.clock.ts';
import * as repo from './waiting-room.repository.ts';
import type { QueueStore } from './waiting-room.store.ts';
import type { WaitingRoomRow } from './waiting-room.table.ts';

const EVENT_NOT_FOUND = 'This event was not found.';

/**
 * The organiser's side of the waiting room (decision 034): its settings, and the live
 * figures of the queue beside the sales. The visitor's side is WaitingRoomService.
 */
export class WaitingRoomSettings {
  constructor(
    private readonly db: Db,
    private readonly store: QueueStore,
    private readonly now: () => Date,
    private readonly queueUrl: (slug: string) => string,
    /** A change of the room's settings: the visitor side forgets what it held (decision 094). */
    private readonly changed: (eventId: string) => void = () => {},
  ) {}

  private async owned(ownerId: string, eventId: string): Promise<SaleEvent> {
    const event = isUuid(eventId) ? await inventoryService.event(this.db, eventId) : undefined;
    if (!event || event.owner_id !== ownerId) throw notFound(EVENT_NOT_FOUND);
    return event;
  }

  /** The room's settings and live figures (404 for another organiser's event). */
  async get(ownerId: string, eventId: string): Promise<WaitingRoomDto> {
    const event = await this.owned(ownerId, eventId);
    return this.dto(event, await repo.findRoom(this.db, event.id));
  }

  /**
   * Turns the room on or off and sets its on-sale time, rate, time to buy and pause. Turning
   * it on starts a new, empty queue; the on-sale time can no longer move once it has passed
   * (the pre-queue has been given its places). A new rate or a pause takes effect from now:
   * whoever has been admitted stays admitted.
   */
  async update(
    ownerId: string,
    eventId: string,
    body: WaitingRoomSettingsBody,
  ): Promise<WaitingRoomDto> {
    const event = await this.owned(ownerId, eventId);
    const now = this.now();
    const onSaleAt = new Date(body.onSaleAt);
    const cleared: string[] = [];
    await this.db.transaction().execute(async (trx) => {
      // The first save inserts the room: saves at once wait here rather than collide.
      await lockKey(trx, `waiting-room:${event.id}`);
      const room = await repo.lockRoom(trx, event.id);
      const passMinutes =
        body.passMinutes ?? room?.pass_minutes ?? WAITING_ROOM_LIMITS.defaultPassMinutes;
      const fresh = {
        room_id: randomUUID(),
        enabled: body.enabled,
        on_sale_at: onSaleAt,
        rate_per_minute: body.ratePerMinute,
        pass_minutes: passMinutes,
        paused: body.paused ?? false,
        clock_base: 0,
        clock_at: onSaleAt,
        places_per_address:
          body.placesPerAddressPerMinute ??
          room?.places_per_address ??
          WAITING_ROOM_LIMITS.defaultPlacesPerAddress,
        join_check: body.joinCheck ?? room?.join_check ?? 'work',
      };
      if (!room) {
        await repo.insertRoom(trx, { event_id: event.id, ...fresh });
        return;
      }
      if (!room.enabled || !body.enabled) {
        // Off, or on again: a new room id, so no entry or used pass of the old queue counts.
        if (room.enabled) cleared.push(room.room_id);
        await repo.updateRoom(trx, event.id, { ...fresh, sealed_count: null, next_rank: 0 });
        return;
      }
      if (onSaleAt.getTime() !== room.on_sale_at.getTime()) {
        if (room.on_sale_at.getTime() <= now.getTime()) {
          throw new AppError(
            409,
            'CONFLICT',
            'The sale has started, so its on-sale time can no longer change. Turn the waiting room off and on again to start a new queue.',
          );
        }
        await repo.updateRoom(trx, event.id, {
          on_sale_at: onSaleAt,
          rate_per_minute: body.ratePerMinute,
          pass_minutes: passMinutes,
          paused: body.paused ?? room.paused,
          clock_base: 0,
          clock_at: onSaleAt,
          places_per_address: fresh.places_per_address,
          join_check: fresh.join_check,
        });
        return;
      }
      const clock = restartClock(clockOf(room), now, {
        ratePerMinute: body.ratePerMinute,
        paused: body.paused ?? room.paused,
      });
      await repo.updateRoom(trx, event.id, {
        rate_per_minute: clock.ratePerMinute,
        paused: clock.paused,
        clock_base: clock.base,
        clock_at: clock.at,
        pass_minutes: passMinutes,
        places_per_address: fresh.places_per_address,
        join_check: fresh.join_check,
      });
    });
    this.changed(event.id);
    for (const roomId of cleared) await this.store.clear(roomId);
    return this.dto(event, await repo.findRoom(this.db, event.id));
  }

  private async dto(event: SaleEvent, room: WaitingRoomRow | undefined): Promise<WaitingRoomDto> {
    const now = this.now();
    const { types } = await inventoryService.saleState(this.db, event.id, false);
    const capacity = types.reduce((n, t) => n + t.capacity, 0);
    const ticketsSold = types.reduce((n, t) => n + t.sold, 0);
    const live = room?.enabled;
    const counts = live ? await this.store.counts(room.room_id) : { joined: 0, pre: 0 };
    // The clock may be one place ahead of the line (keepClockBehind): admitted are at most all.
    const admitted = live ? Math.min(admittedCount(clockOf(room), now), counts.joined) : 0;
    return {
      eventId: event.id,
      enabled: room?.enabled ?? false,
      onSaleAt: room ? room.on_sale_at.toISOString() : null,
      ratePerMinute: room?.rate_per_minute ?? defaultAdmissionRate(capacity),
      defaultRatePerMinute: defaultAdmissionRate(capacity),
      passMinutes: room?.pass_minutes ?? WAITING_ROOM_LIMITS.defaultPassMinutes,
      paused: room?.paused ?? false,
      placesPerAddressPerMinute:
        room?.places_per_address ?? WAITING_ROOM_LIMITS.defaultPlacesPerAddress,
      joinCheck: room?.join_check ?? 'work',
      queueUrl: this.queueUrl(event.slug),
      joined: counts.joined,
      preQueue: counts.pre,
      admitted,
      waiting: counts.pre + Math.max(0, counts.joined - counts.pre - admitted),
      passesUsed: live ? await this.store.passesUsed(room.room_id) : 0,
      ticketsSold,
      capacity,
      serverTime: now.toISOString(),
    };
  }
}
