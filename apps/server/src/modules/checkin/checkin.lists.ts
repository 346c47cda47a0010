import {
  CHECKIN_LIST_LIMITS,
  CHECKIN_LIST_MESSAGES,
  type CheckinListBody,
  type CheckinListDto,
  type DoorListsDto,
} from '@gatepass/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { inventoryService } from '../events/inventory.service.ts';
import * as repo from './checkin.repository.ts';

export type { CheckinListRow } from './checkin.repository.ts';

/** A list with the ticket types it takes (ids and names). */
export interface ListWithTypes extends repo.CheckinListRow {
  types: { id: string; name: string }[];
}

/**
 * Doors by gate (issue 25 §4, decision 084): an event's check-in lists — made and removed
 * by the owner and managers on the event page — and which list a door checks: a door
 * steward given a list of this event checks it and no other; anyone else chooses one, or
 * none (the whole event's door, as before lists).
 */
export class CheckinLists {
  constructor(private readonly db: Kysely<Database>) {}

  async ofEvent(organiserId: string, eventId: string): Promise<CheckinListDto[]> {
    await this.assertOwner(organiserId, eventId);
    const [lists, admitted] = await Promise.all([
      this.withTypes(eventId),
      repo.countAdmittedByList(this.db, eventId),
    ]);
    const counts = new Map(admitted.map((a) => [a.list_id, a.admitted]));
    return lists.map((l) => ({
      id: l.id,
      name: l.name,
      ticketTypes: l.types,
      admitted: counts.get(l.id) ?? 0,
    }));
  }

  async create(organiserId: string, eventId: string, body: CheckinListBody) {
    await this.assertOwner(organiserId, eventId);
    const name = body.name.trim();
    const typeIds = [...new Set(body.ticketTypeIds)];
    const types = await inventoryService.ticketTypesForSale(this.db, eventId, typeIds);
    if (types.length !== typeIds.length)
      throw fieldError('ticketTypeIds', CHECKIN_LIST_MESSAGES.typeNotRecognised);
    if ((await repo.countListsOfEvent(this.db, eventId)) >= CHECKIN_LIST_LIMITS.perEvent)
      throw fieldError('name', CHECKIN_LIST_MESSAGES.tooMany);
    const list = await this.db
      .transaction()
      .execute((trx) => repo.insertList(trx, eventId, name, typeIds));
    if (!list) throw new AppError(409, 'CONFLICT', CHECKIN_LIST_MESSAGES.nameTaken);
    return (await this.ofEvent(organiserId, eventId)).find((l) => l.id === list.id)!;
  }

  /** Removes a list; its stewards check the whole event's door again, its log stays. */
  async remove(organiserId: string, eventId: string, listId: string): Promise<string> {
    await this.assertOwner(organiserId, eventId);
    if (!isUuid(listId) || !(await repo.deleteList(this.db, eventId, listId)))
      throw notFound(CHECKIN_LIST_MESSAGES.notFound);
    return 'Check-in list removed.';
  }

  /** The lists a door of this event may check, and the one this caller was given. */
  async forDoor(
    actor: { organiserId: string; role: string; checkinListId?: string | null | undefined },
    eventId: string,
  ): Promise<DoorListsDto> {
    await this.assertOwner(actor.organiserId, eventId);
    const lists = await this.withTypes(eventId);
    const assigned = await this.assignedAt(actor, eventId);
    return {
      lists: lists.map((l) => ({
        id: l.id,
        name: l.name,
        ticketTypes: l.types.map((t) => t.name),
      })),
      assigned: assigned?.id ?? null,
    };
  }

  /**
   * Which list a door checks: a steward's own list of this event, whatever was asked (a
   * different one is refused); else the list asked for (of this event), or none.
   */
  async doorList(
    actor: { role: string; checkinListId?: string | null | undefined },
    eventId: string,
    requested: string | undefined,
  ): Promise<ListWithTypes | null> {
    const own = await this.assignedAt(actor, eventId);
    if (own) {
      if (requested && requested !== own.id)
        throw new AppError(403, 'FORBIDDEN', `You check tickets at the ${own.name} only.`);
      return this.typed(own);
    }
    if (!requested) return null;
    const list = await repo.findList(this.db, requested);
    if (!list || list.event_id !== eventId) throw notFound(CHECKIN_LIST_MESSAGES.notFound);
    return this.typed(list);
  }

  /** Every list of the event with its types (for the reason a ticket is sent elsewhere). */
  async withTypes(eventId: string): Promise<ListWithTypes[]> {
    const [lists, types] = await Promise.all([
      repo.findListsOfEvent(this.db, eventId),
      repo.findListTypesOfEvent(this.db, eventId),
    ]);
    return lists.map((l) => ({
      ...l,
      types: types
        .filter((t) => t.list_id === l.id)
        .map((t) => ({ id: t.ticket_type_id, name: t.name ?? 'A removed type' })),
    }));
  }

  private async typed(list: repo.CheckinListRow): Promise<ListWithTypes> {
    return (
      (await this.withTypes(list.event_id)).find((l) => l.id === list.id) ?? { ...list, types: [] }
    );
  }

  private async assignedAt(
    actor: { role: string; checkinListId?: string | null | undefined },
    eventId: string,
  ): Promise<repo.CheckinListRow | undefined> {
    if (actor.role !== 'door' || !actor.checkinListId) return undefined;
    const own = await repo.findList(this.db, actor.checkinListId);
    return own?.event_id === eventId ? own : undefined;
  }

  private async assertOwner(organiserId: string, eventId: string): Promise<void> {
    const event = isUuid(eventId) ? await inventoryService.event(this.db, eventId) : undefined;
    if (!event || event.owner_id !== organiserId) throw notFound('This event was not found.');
  }
}

function fieldError(field: string, message: string): AppError {
  return new AppError(400, 'VALIDATION_FAILED', message, { issues: [{ field, message }] });
}
