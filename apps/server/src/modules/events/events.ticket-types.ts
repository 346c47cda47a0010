import {
  buyerSetsPrice,
  EVENT_LIMITS,
  MAX_BELOW_MIN,
  SALES_END_BEFORE_START,
  SUGGESTED_BELOW_MINIMUM,
  type TicketKind,
} from '@gatepass/shared';
import type { createTicketTypeBody, updateTicketTypeBody } from '@gatepass/shared';
import type { ManageTicketTypeDto } from '@gatepass/shared';
import type { z } from 'zod';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { toManageTicketTypeDto } from './events.dto.ts';
import * as repo from './events.repository.ts';
import type { HeldByType } from './events.repository.ts';
import { changeableEvent, throwIfIssues, type Issue } from './events.rules.ts';
import type { TicketTypePatch } from './events.table.ts';
import { toInstant } from './events.time.ts';

type CreateTicketType = z.output<typeof createTicketTypeBody>;
type UpdateTicketType = z.output<typeof updateTicketTypeBody>;

const ticketTypeNotFound = () => notFound('This ticket type does not exist.');

async function existingType(trx: Db, eventId: string, ticketTypeId: string) {
  const current = isUuid(ticketTypeId)
    ? await repo.findTicketType(trx, eventId, ticketTypeId)
    : undefined;
  if (!current) throw ticketTypeNotFound();
  return current;
}

/**
 * An event's ticket types: what is sold, at what price, how many, when. Each change locks
 * its event, and a capacity never goes below what is sold (a sale between the read and the
 * write is caught by the update itself).
 */
export class TicketTypes {
  constructor(
    private readonly db: Db,
    /** Tickets of each type held by pending orders (the orders module's read). */
    private readonly heldByType: HeldByType,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private capacityRaisedHook: ((trx: Db, ticketTypeIds: string[]) => Promise<void>) | undefined;

  /**
   * Set once at start-up (app/services.ts): runs in the transaction that raised a ticket
   * type's capacity, so the waiting list is offered the new tickets before anyone else sees
   * them.
   */
  onCapacityRaised(hook: (trx: Db, ticketTypeIds: string[]) => Promise<void>): void {
    this.capacityRaisedHook = hook;
  }

  async add(
    ownerId: string,
    eventId: string,
    body: CreateTicketType,
  ): Promise<ManageTicketTypeDto> {
    return this.db.transaction().execute(async (trx) => {
      const event = await changeableEvent(trx, ownerId, eventId, true);
      if ((await repo.countTicketTypes(trx, event.id)) >= EVENT_LIMITS.ticketTypesMax) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          `An event can have at most ${EVENT_LIMITS.ticketTypesMax} ticket types.`,
        );
      }
      const min = body.minPerOrder ?? EVENT_LIMITS.defaultMinPerOrder;
      const max = body.maxPerOrder ?? Math.max(min, EVENT_LIMITS.defaultMaxPerOrder);
      const salesStart = body.salesStartAt ? toInstant(body.salesStartAt, event.time_zone) : null;
      const salesEnd = body.salesEndAt ? toInstant(body.salesEndAt, event.time_zone) : null;
      throwIfIssues(ticketTypeIssues(min, max, salesStart, salesEnd));
      const row = await repo.insertTicketType(trx, {
        event_id: event.id,
        name: body.name,
        description: body.description ?? null,
        price_kobo: body.price * 100,
        capacity: body.capacity,
        min_per_order: min,
        max_per_order: max,
        sales_start_at: salesStart,
        sales_end_at: salesEnd,
        position: body.position ?? (await repo.nextTicketTypePosition(trx, event.id)),
        hidden: body.hidden ?? false,
        ...kindColumns(body.kind, body.seats, body.suggestedPrice),
        access_codes: body.accessCodes ?? [],
      });
      await repo.updateEvent(trx, event.id, {});
      return toManageTicketTypeDto(row, event, this.now());
    });
  }

  async update(
    ownerId: string,
    eventId: string,
    ticketTypeId: string,
    body: UpdateTicketType,
  ): Promise<ManageTicketTypeDto> {
    return this.db.transaction().execute(async (trx) => {
      const event = await changeableEvent(trx, ownerId, eventId, true);
      const current = await existingType(trx, event.id, ticketTypeId);
      const patch: TicketTypePatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description;
      if (body.price !== undefined) patch.price_kobo = body.price * 100;
      if (body.capacity !== undefined) patch.capacity = body.capacity;
      if (body.minPerOrder !== undefined) patch.min_per_order = body.minPerOrder;
      if (body.maxPerOrder !== undefined) patch.max_per_order = body.maxPerOrder;
      if (body.hidden !== undefined) patch.hidden = body.hidden;
      if (body.position !== undefined) patch.position = body.position;
      if (body.accessCodes !== undefined) patch.access_codes = body.accessCodes;
      if (
        body.kind !== undefined ||
        body.seats !== undefined ||
        body.suggestedPrice !== undefined
      ) {
        const kind = body.kind ?? current.kind;
        const next = kindColumns(kind, body.seats ?? current.admits, body.suggestedPrice);
        if (kind === 'table' && body.kind === 'table' && current.kind !== 'table' && !body.seats)
          throwIfIssues([{ field: 'seats', message: 'Say how many people a table seats.' }]);
        // Who a ticket admits is what was sold: it stays while tickets are out (decision 086).
        if (current.sold > 0 && (kind !== current.kind || next.admits !== current.admits))
          throw new AppError(
            409,
            'TICKET_TYPE_HAS_SALES',
            'This ticket type has sales: its kind and seats cannot change. Add a new ticket type instead.',
          );
        patch.kind = kind;
        patch.admits = next.admits;
        if (body.suggestedPrice !== undefined || kind !== current.kind)
          patch.suggested_price_kobo = next.suggested_price_kobo;
      }
      if (body.salesStartAt !== undefined) {
        patch.sales_start_at = body.salesStartAt
          ? toInstant(body.salesStartAt, event.time_zone)
          : null;
      }
      if (body.salesEndAt !== undefined) {
        patch.sales_end_at = body.salesEndAt ? toInstant(body.salesEndAt, event.time_zone) : null;
      }
      const merged = { ...current, ...patch };
      if (
        merged.suggested_price_kobo !== null &&
        merged.suggested_price_kobo !== undefined &&
        merged.suggested_price_kobo < (merged.price_kobo ?? current.price_kobo)
      )
        throwIfIssues([{ field: 'suggestedPrice', message: SUGGESTED_BELOW_MINIMUM }]);
      throwIfIssues(
        ticketTypeIssues(
          merged.min_per_order ?? current.min_per_order,
          merged.max_per_order ?? current.max_per_order,
          merged.sales_start_at ?? null,
          merged.sales_end_at ?? null,
        ),
      );
      if (body.capacity !== undefined && body.capacity < current.sold)
        throw capacityBelowSold(current.sold);
      const updated = await repo.updateTicketType(trx, event.id, current.id, patch);
      if (!updated) {
        // A sale committed between the read and the update.
        const latest = await repo.findTicketType(trx, event.id, current.id);
        throw capacityBelowSold(latest?.sold ?? current.sold);
      }
      if (updated.capacity > current.capacity) await this.capacityRaisedHook?.(trx, [updated.id]);
      await repo.updateEvent(trx, event.id, {});
      const held = await this.heldByType(trx, event.id);
      return toManageTicketTypeDto(updated, event, this.now(), held.get(updated.id));
    });
  }

  async remove(ownerId: string, eventId: string, ticketTypeId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const event = await changeableEvent(trx, ownerId, eventId, true);
      const current = await existingType(trx, event.id, ticketTypeId);
      const hasSales = () =>
        new AppError(
          409,
          'TICKET_TYPE_HAS_SALES',
          'This ticket type has sales and cannot be deleted. Hide it instead so no one else can buy it.',
        );
      if (current.sold > 0) throw hasSales();
      try {
        if (!(await repo.deleteUnsoldTicketType(trx, event.id, current.id))) throw hasSales();
      } catch (err) {
        // Orders keep their lines (cancelled and expired ones too), which the database will not orphan.
        // 23503 foreign_key_violation; 23001 restrict_violation (what ON DELETE RESTRICT raises).
        const code = (err as { code?: string }).code;
        if (code === '23503' || code === '23001') throw hasSales();
        throw err;
      }
      if (event.status === 'published' && (await repo.countTicketTypes(trx, event.id)) === 0) {
        // Undone with the transaction: a live event must keep something to sell.
        throw new AppError(
          409,
          'CONFLICT',
          'A published event needs at least one ticket type. Add another one first.',
        );
      }
      await repo.updateEvent(trx, event.id, {});
    });
  }
}

/**
 * The columns a kind sets (decision 086): a table admits its seats, a donation no one,
 * anything else one; only the kinds whose buyer types the amount keep a suggested amount.
 */
function kindColumns(
  kind: TicketKind,
  seats: number | undefined,
  suggestedPrice: number | null | undefined,
): { kind: TicketKind; admits: number; suggested_price_kobo: number | null } {
  const admits =
    kind === 'table' ? (seats ?? EVENT_LIMITS.tableSeatsMin) : kind === 'donation' ? 0 : 1;
  const suggested = buyerSetsPrice(kind) && suggestedPrice != null ? suggestedPrice * 100 : null;
  return { kind, admits, suggested_price_kobo: suggested };
}

function ticketTypeIssues(
  min: number,
  max: number,
  salesStart: Date | null,
  salesEnd: Date | null,
): Issue[] {
  const issues: Issue[] = [];
  if (max < min)
    issues.push({
      field: 'maxPerOrder',
      message: MAX_BELOW_MIN,
    });
  if (salesStart && salesEnd && salesEnd.getTime() <= salesStart.getTime()) {
    issues.push({ field: 'salesEndAt', message: SALES_END_BEFORE_START });
  }
  return issues;
}

const capacityBelowSold = (sold: number) =>
  new AppError(
    409,
    'CAPACITY_BELOW_SOLD',
    `Capacity cannot be lower than the ${sold} ${sold === 1 ? 'ticket' : 'tickets'} already sold.`,
    { sold },
  );
