import {
  DEFAULT_TIME_ZONE,
  EVENT_LIMITS,
  type ErrorCode,
  type FeeMode,
  type cancelEventBody,
  type createEventBody,
  type ManageEventDto,
  type ManageEventListItem,
  type updateEventBody,
} from '@gatepass/shared';
import type { z } from 'zod';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import type { MediaService } from '../media/media.service.ts';
import { toManageEventDto, toManageListItem } from './events.dto.ts';
import * as repo from './events.repository.ts';
import { PublicEvents, type WaitingRoomOf } from './events.public.ts';
import type { Limiter } from '../../lib/rate-limiter.ts';
import { TicketTypes } from './events.ticket-types.ts';
import {
  changeableEvent,
  dateIssues,
  eventNotFound,
  ownedEvent,
  notReady,
  placeIssues,
  readinessIssues,
  throwIfIssues,
  type Issue,
} from './events.rules.ts';
import { nextFreeSlug, slugBelongsTo, slugify } from './events.slug.ts';
import type { EventPatch, EventRow } from './events.table.ts';
import { toInstant } from './events.time.ts';

type CreateEvent = z.output<typeof createEventBody>;
type UpdateEvent = z.output<typeof updateEventBody>;
type CancelEvent = z.output<typeof cancelEventBody>;

/** "Duplicate" again within this long answers the copy just made (decision 051). */
export const DUPLICATE_WINDOW_SECONDS = 60;

const SLUG_ATTEMPTS = 8;

/** What refuses a change of an event's status (409), in the organiser's words. */
const conflict = (code: ErrorCode, message: string) => () => new AppError(409, code, message);
const cancelledCannotPublish = conflict(
  'EVENT_CANCELLED',
  'A cancelled event cannot be published again. Duplicate it to start over.',
);
const payoutRequired = conflict(
  'PAYOUT_ACCOUNT_REQUIRED',
  'Paid tickets need a verified payout account: Paystack pays your share of each sale straight to it. Add one in Settings → Payout account, or turn on offline payment to sell paid tickets by bank transfer or at the venue, or make the tickets free.',
);
const alreadyCancelled = conflict('EVENT_CANCELLED', 'This event is already cancelled.');
const draftCannotCancel = conflict(
  'CONFLICT',
  'Only a published event can be cancelled. A draft can be deleted instead.',
);
const publishedCannotDelete = conflict(
  'CONFLICT',
  'Only a draft can be deleted. Cancel a published event instead.',
);

export const EVENT_MESSAGES = {
  created: 'Draft saved.',
  updated: 'Changes saved.',
  published: 'Your event is live.',
  cancelled: 'The event has been cancelled.',
  duplicated: 'A copy of the event was saved as a draft.',
  deleted: 'The draft was deleted.',
  coverSaved: 'Cover image saved.',
  coverRemoved: 'Cover image removed.',
  ticketTypeAdded: 'Ticket type added.',
  ticketTypeUpdated: 'Ticket type saved.',
  ticketTypeDeleted: 'Ticket type deleted.',
} as const;

/** Who holds tickets of an event hears of its cancellation and of a new date, time or place. */
export interface EventHoldersHook {
  cancelled(trx: Db, eventId: string, reason: string | null): Promise<void>;
  changed(trx: Db, eventId: string, change: { when: boolean; where: boolean }): Promise<void>;
  /** After the transaction (committed or not): send what it wrote soon. */
  committed(): void;
}

const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** What a holder must hear of between two versions of an event: when, where, or nothing. */
export function holdersChange(
  before: EventRow,
  after: EventRow,
): { when: boolean; where: boolean } | undefined {
  const when = !sameTime(before.start_at, after.start_at) || !sameTime(before.end_at, after.end_at);
  const where =
    (before.venue_name ?? '') !== (after.venue_name ?? '') ||
    (before.address ?? '') !== (after.address ?? '') ||
    (before.city ?? '') !== (after.city ?? '') ||
    (before.online_url ?? '') !== (after.online_url ?? '');
  return when || where ? { when, where } : undefined;
}

/** What events ask of orders, handed in by the composition (orders depend on events). */
export interface OrdersOfEvents extends repo.OrderFigureValues {
  /** Tickets of each type held by the event's pending orders. */
  heldByType: repo.HeldByType;
}

/**
 * The organiser's events: drafts, edits, publishing, cancelling, copies and covers; their
 * ticket types (events.ticket-types.ts) and what the public sees of them (events.public.ts)
 * hang off it. SQL lives in the repository, HTTP in the routes.
 */
export class EventsService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    /** What orders say of an event: sold, held and taken (values), held per type (a read). */
    private readonly orders: OrdersOfEvents,
    private readonly now: () => Date = () => new Date(),
    /** Who pays the fee on a new event when the form does not say (the organiser's setting). */
    private readonly defaultFeeMode: (ownerId: string) => Promise<FeeMode> = async () => 'pass',
    /**
     * Whether paid tickets sold online need a verified payout account that this organiser
     * lacks (Paystack is the online provider and test mode is off; decision 038).
     */
    private readonly payoutMissing: (ownerId: string) => Promise<boolean> = async () => false,
    /** The event's waiting room as its public page shows it (null when off; decision 034). */
    waitingRoomOf: WaitingRoomOf = async () => null,
    /** Access-code tries per address (decision 087; the composition's limiter). */
    accessCodeTries?: Limiter,
  ) {
    this.published = new PublicEvents(db, now, waitingRoomOf, orders.heldByType, accessCodeTries);
    this.ticketTypes = new TicketTypes(db, orders.heldByType, now);
  }

  /** What the public sees: the search, an event's page, its calendar file, its head. */
  readonly published: PublicEvents;
  /** The ticket types of the organiser's events. */
  readonly ticketTypes: TicketTypes;

  private holdersHook: EventHoldersHook | undefined;

  /**
   * Set once at start-up (app/services.ts): tells the event's ticket holders, in the transaction
   * that cancels the event or moves its date, time or place (issue 24 §1).
   */
  onHoldersToTell(hook: EventHoldersHook): void {
    this.holdersHook = hook;
  }

  // Organiser ---------------------------------------------------------------------------

  async create(ownerId: string, body: CreateEvent): Promise<ManageEventDto> {
    const timeZone = body.timeZone ?? DEFAULT_TIME_ZONE;
    const start = body.startAt ? toInstant(body.startAt, timeZone) : null;
    const end = body.endAt ? toInstant(body.endAt, timeZone) : null;
    const issues = dateIssues(start, end);
    if (body.coverImageId) issues.push(...(await this.coverIssues(ownerId, body.coverImageId)));
    throwIfIssues(issues);
    const row = await this.withFreshSlug(async () => {
      const slug = await this.freeSlug(this.db, body.title);
      return repo.insertEvent(this.db, {
        owner_id: ownerId,
        slug,
        title: body.title,
        summary: body.summary ?? null,
        description: body.description ?? null,
        category: body.category ?? 'Other',
        cover_image_id: body.coverImageId ?? null,
        venue_name: body.venueName ?? null,
        address: body.address ?? null,
        city: body.city ?? null,
        online_url: body.onlineUrl ?? null,
        start_at: start,
        end_at: end,
        time_zone: timeZone,
        status: 'draft',
        visibility: body.visibility ?? 'public',
        fee_mode: body.feeMode ?? (await this.defaultFeeMode(ownerId)),
        offline_payment: body.offlinePayment ?? false,
        allow_transfers: body.allowTransfers ?? true,
        offline_hold_hours: body.offlineHoldHours ?? EVENT_LIMITS.offlineHoldHoursDefault,
        ...(body.paystackChannels ? { paystack_channels: body.paystackChannels.join(',') } : {}),
        cancel_reason: null,
        cancelled_at: null,
        published_at: null,
      });
    });
    return toManageEventDto(row, [], this.now());
  }

  async get(ownerId: string, id: string): Promise<ManageEventDto> {
    const event = await ownedEvent(this.db, ownerId, id);
    return this.manageDto(this.db, event);
  }

  async listMine(ownerId: string): Promise<ManageEventListItem[]> {
    const now = this.now();
    const rows = await repo.listOwnerEvents(this.db, ownerId, now, this.orders);
    return rows.map((row) => toManageListItem(row, now));
  }

  /**
   * A partial update. A draft's slug follows its title; once published it never changes,
   * so shared links keep working. A published event must stay sellable.
   */
  async update(ownerId: string, id: string, body: UpdateEvent): Promise<ManageEventDto> {
    // Checked before the transaction: on PGlite (one connection) a query outside it would wait for it.
    const coverIssues = body.coverImageId ? await this.coverIssues(ownerId, body.coverImageId) : [];
    return this.withFreshSlug(() =>
      this.db.transaction().execute(async (trx) => {
        const event = await changeableEvent(trx, ownerId, id, true);
        const timeZone = body.timeZone ?? event.time_zone;
        const patch: EventPatch = {};
        if (body.title !== undefined) patch.title = body.title;
        if (body.summary !== undefined) patch.summary = body.summary;
        if (body.description !== undefined) patch.description = body.description;
        if (body.category !== undefined) patch.category = body.category;
        if (body.venueName !== undefined) patch.venue_name = body.venueName;
        if (body.address !== undefined) patch.address = body.address;
        if (body.city !== undefined) patch.city = body.city;
        if (body.onlineUrl !== undefined) patch.online_url = body.onlineUrl;
        if (body.timeZone !== undefined) patch.time_zone = body.timeZone;
        if (body.visibility !== undefined) patch.visibility = body.visibility;
        if (body.feeMode !== undefined) patch.fee_mode = body.feeMode;
        if (body.offlinePayment !== undefined) patch.offline_payment = body.offlinePayment;
        if (body.allowTransfers !== undefined) patch.allow_transfers = body.allowTransfers;
        if (body.ticketNamesUntil !== undefined)
          patch.ticket_names_until = body.ticketNamesUntil ? new Date(body.ticketNamesUntil) : null;
        if (body.offlineHoldHours !== undefined) patch.offline_hold_hours = body.offlineHoldHours;
        if (body.paystackChannels !== undefined)
          patch.paystack_channels = body.paystackChannels.join(',');
        if (body.coverImageId !== undefined) patch.cover_image_id = body.coverImageId;
        if (body.startAt !== undefined)
          patch.start_at = body.startAt ? toInstant(body.startAt, timeZone) : null;
        if (body.endAt !== undefined)
          patch.end_at = body.endAt ? toInstant(body.endAt, timeZone) : null;
        const merged = { ...event, ...patch } as EventRow;

        const issues: Issue[] = [...coverIssues];
        if (body.startAt !== undefined || body.endAt !== undefined)
          issues.push(...dateIssues(merged.start_at, merged.end_at));
        if (event.status === 'published') {
          if (!merged.start_at)
            issues.push({ field: 'startAt', message: 'A published event needs a start time.' });
          if (!merged.end_at)
            issues.push({ field: 'endAt', message: 'A published event needs an end time.' });
          issues.push(...placeIssues(merged));
        }
        throwIfIssues(issues);

        if (
          event.published_at === null &&
          body.title !== undefined &&
          !slugBelongsTo(event.slug, slugify(body.title))
        ) {
          patch.slug = await this.freeSlug(trx, body.title, event.id);
        }
        const updated = Object.keys(patch).length
          ? await repo.updateEvent(trx, event.id, patch)
          : event;
        const change = holdersChange(event, updated);
        if (event.status === 'published' && change)
          await this.holdersHook?.changed(trx, event.id, change);
        return this.manageDto(trx, updated);
      }),
    ).finally(() => this.holdersHook?.committed());
  }

  async publish(ownerId: string, id: string): Promise<ManageEventDto> {
    // Asked before the transaction: PGlite has one connection, which the transaction holds.
    const payoutMissing = await this.payoutMissing(ownerId);
    return this.db.transaction().execute(async (trx) => {
      const event = await ownedEvent(trx, ownerId, id, true);
      if (event.status === 'cancelled') {
        throw cancelledCannotPublish();
      }
      if (event.status === 'published') return this.manageDto(trx, event);
      const now = this.now();
      const issues = readinessIssues(event, await repo.countTicketTypes(trx, event.id), now, {
        futureStart: true,
      });
      if (issues.length) throw notReady(issues);
      if (
        !event.offline_payment &&
        payoutMissing &&
        (await repo.hasPaidTicketTypes(trx, event.id))
      ) {
        throw payoutRequired();
      }
      const updated = await repo.updateEvent(trx, event.id, {
        status: 'published',
        published_at: event.published_at ?? now,
      });
      return this.manageDto(trx, updated);
    });
  }

  async cancel(ownerId: string, id: string, body: CancelEvent): Promise<ManageEventDto> {
    return this.db
      .transaction()
      .execute(async (trx) => {
        const event = await ownedEvent(trx, ownerId, id, true);
        if (event.status === 'cancelled') throw alreadyCancelled();
        if (event.status === 'draft') {
          throw draftCannotCancel();
        }
        const updated = await repo.updateEvent(trx, event.id, {
          status: 'cancelled',
          cancel_reason: body.reason,
          cancelled_at: this.now(),
        });
        await this.holdersHook?.cancelled(trx, event.id, body.reason);
        return this.manageDto(trx, updated);
      })
      .finally(() => this.holdersHook?.committed());
  }

  /** Deletes a draft that was never published; a published event is cancelled instead. */
  async remove(ownerId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const event = await ownedEvent(trx, ownerId, id, true);
      if (event.status !== 'draft' || event.published_at !== null) {
        throw publishedCannotDelete();
      }
      await repo.deleteEvent(trx, event.id);
    });
  }

  /** A new draft with the same details and ticket types (nothing sold), titled "Copy of …". */
  async duplicate(ownerId: string, id: string): Promise<ManageEventDto> {
    const source = await ownedEvent(this.db, ownerId, id);
    const title = `Copy of ${source.title}`.slice(0, EVENT_LIMITS.titleMax);
    return this.withFreshSlug(() =>
      this.db.transaction().execute(async (trx) => {
        // One copy per burst of clicks: copies of this event are made one at a time, and
        // one made in the last minute (still an untouched draft) is the answer.
        await lockKey(trx, `duplicate:${source.id}`);
        const recent = await repo.findRecentCopy(trx, source.id, DUPLICATE_WINDOW_SECONDS);
        if (recent) return this.manageDto(trx, recent);
        const copy = await repo.insertEvent(trx, {
          owner_id: ownerId,
          slug: await this.freeSlug(trx, title),
          duplicated_from: source.id,
          title,
          summary: source.summary,
          description: source.description,
          category: source.category,
          cover_image_id: source.cover_image_id,
          venue_name: source.venue_name,
          address: source.address,
          city: source.city,
          online_url: source.online_url,
          start_at: source.start_at,
          end_at: source.end_at,
          time_zone: source.time_zone,
          status: 'draft',
          visibility: source.visibility,
          fee_mode: source.fee_mode,
          offline_payment: source.offline_payment,
          offline_hold_hours: source.offline_hold_hours,
          allow_transfers: source.allow_transfers,
          paystack_channels: source.paystack_channels,
          cancel_reason: null,
          cancelled_at: null,
          published_at: null,
        });
        for (const t of await repo.listTicketTypes(trx, source.id)) {
          await repo.insertTicketType(trx, {
            event_id: copy.id,
            name: t.name,
            description: t.description,
            price_kobo: t.price_kobo,
            capacity: t.capacity,
            min_per_order: t.min_per_order,
            max_per_order: t.max_per_order,
            sales_start_at: t.sales_start_at,
            sales_end_at: t.sales_end_at,
            position: t.position,
            hidden: t.hidden,
            kind: t.kind,
            suggested_price_kobo: t.suggested_price_kobo,
            admits: t.admits,
            access_codes: t.access_codes,
          });
        }
        return this.manageDto(trx, copy);
      }),
    );
  }

  /** Stores an uploaded image (checked and re-encoded by media) as the event's cover. */
  async setCover(ownerId: string, id: string, upload: Buffer): Promise<ManageEventDto> {
    const event = await changeableEvent(this.db, ownerId, id);
    const image = await this.media.storeImage(ownerId, upload);
    const updated = await repo.updateEvent(this.db, event.id, { cover_image_id: image.id });
    return this.manageDto(this.db, updated);
  }

  async removeCover(ownerId: string, id: string): Promise<ManageEventDto> {
    const event = await changeableEvent(this.db, ownerId, id);
    const updated = await repo.updateEvent(this.db, event.id, { cover_image_id: null });
    return this.manageDto(this.db, updated);
  }

  // Helpers -----------------------------------------------------------------------------

  /** The event if this user owns it; anyone else gets the same 404 as for no event at all. */
  private async owned(db: Db, ownerId: string, id: string, lock = false): Promise<EventRow> {
    if (!isUuid(id)) throw eventNotFound();
    const event = await repo.findOwnedEvent(db, id, ownerId, lock);
    if (!event) throw eventNotFound();
    return event;
  }

  private async manageDto(db: Db, event: EventRow): Promise<ManageEventDto> {
    const [types, figures, held] = await Promise.all([
      repo.listTicketTypes(db, event.id),
      repo.findOrderFigures(db, event.id, this.orders),
      this.orders.heldByType(db, event.id),
    ]);
    return toManageEventDto(event, types, this.now(), figures, held);
  }

  private async coverIssues(ownerId: string, mediaId: string): Promise<Issue[]> {
    return (await this.media.isOwnedBy(mediaId, ownerId))
      ? []
      : [
          {
            field: 'coverImageId',
            message: 'Cover image is not recognised. Please upload it again.',
          },
        ];
  }

  private async freeSlug(db: Db, title: string, exceptId?: string): Promise<string> {
    const base = slugify(title);
    return nextFreeSlug(base, await repo.findSlugsFrom(db, base, exceptId));
  }

  /**
   * Two organisers saving the same title at the same moment both see the slug free; the
   * unique index lets one win and the other runs again and takes the next suffix.
   */
  private async withFreshSlug<T>(attempt: () => Promise<T>): Promise<T> {
    for (let i = 1; ; i++) {
      try {
        return await attempt();
      } catch (err) {
        if (!isUniqueViolation(err, 'slug') || i >= SLUG_ATTEMPTS) throw err;
      }
    }
  }
}
