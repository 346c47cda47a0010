import {
  DEFAULT_TIME_ZONE,
  EVENT_LIMITS,
  type FeeMode,
  type cancelEventBody,
  type createEventBody,
  type createTicketTypeBody,
  type ManageEventDto,
  type ManageEventListItem,
  type ManageTicketTypeDto,
  type PublicEventDto,
  type PublicEventPage,
  type publicEventsQuery,
  type updateEventBody,
  type updateTicketTypeBody,
  MAX_BELOW_MIN,
  SALES_END_BEFORE_START,
} from '@gatepass/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { MediaService } from '../media/media.service.ts';
import {
  toManageEventDto,
  toManageListItem,
  toManageTicketTypeDto,
  toPublicEventDto,
  toPublicListItem,
} from './events.dto.ts';
import * as repo from './events.repository.ts';
import {
  dateIssues,
  notReady,
  placeIssues,
  readinessIssues,
  throwIfIssues,
  type Issue,
} from './events.rules.ts';
import type { PageHead } from '../../plugins/web.ts';
import { renderDescription } from './events.description.ts';
import { eventCalendar } from './events.ics.ts';
import { eventPageHead } from './events.seo.ts';
import { isReservedSlug, nextFreeSlug, slugBelongsTo, slugify } from './events.slug.ts';
import type { EventPatch, EventRow, TicketTypePatch } from './events.table.ts';
import { dateFilterWindow, dateRangeWindow, toInstant, type TimeWindow } from './events.time.ts';

type CreateEvent = z.output<typeof createEventBody>;
type UpdateEvent = z.output<typeof updateEventBody>;
type CancelEvent = z.output<typeof cancelEventBody>;
type CreateTicketType = z.output<typeof createTicketTypeBody>;
type UpdateTicketType = z.output<typeof updateTicketTypeBody>;
type PublicQuery = z.output<typeof publicEventsQuery>;

/** "Duplicate" again within this long answers the copy just made (decision 051). */
export const DUPLICATE_WINDOW_SECONDS = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9-]{1,80}$/;
const SLUG_ATTEMPTS = 8;

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

const eventNotFound = () => notFound('This event does not exist.');
const publicNotFound = () => notFound('This event does not exist or is no longer available.');
const ticketTypeNotFound = () => notFound('This ticket type does not exist.');
const cancelledEvent = () =>
  new AppError(409, 'EVENT_CANCELLED', 'This event is cancelled and can no longer be changed.');

const isSlugClash = (err: unknown): boolean => {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: string; constraint?: string; message?: string; detail?: string };
  return (
    e.code === '23505' &&
    `${e.constraint ?? ''} ${e.message ?? ''} ${e.detail ?? ''}`.includes('slug')
  );
};

/** The rules of events and ticket types; SQL lives in the repository, HTTP in the routes. */
export class EventsService {
  constructor(
    private readonly db: Db,
    private readonly media: MediaService,
    private readonly now: () => Date = () => new Date(),
    /** Who pays the fee on a new event when the form does not say (the organiser's setting). */
    private readonly defaultFeeMode: (ownerId: string) => Promise<FeeMode> = async () => 'pass',
    /**
     * Whether paid tickets sold online need a verified payout account that this organiser
     * lacks (Paystack is the online provider and test mode is off; decision 038).
     */
    private readonly payoutMissing: (ownerId: string) => Promise<boolean> = async () => false,
    /** The event's waiting room as its public page shows it (null when off; decision 034). */
    private readonly waitingRoomOf: (
      eventId: string,
      slug: string,
    ) => Promise<{ onSaleAt: Date; queueUrl: string } | null> = async () => null,
  ) {}

  private capacityRaisedHook: ((trx: Db, ticketTypeIds: string[]) => Promise<void>) | undefined;

  /**
   * Set once at start-up (app.ts): runs in the transaction that raised a ticket type's
   * capacity, so the waiting list is offered the new tickets before anyone else sees them.
   */
  onCapacityRaised(hook: (trx: Db, ticketTypeIds: string[]) => Promise<void>): void {
    this.capacityRaisedHook = hook;
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
    const event = await this.owned(this.db, ownerId, id);
    return this.manageDto(this.db, event);
  }

  async listMine(ownerId: string): Promise<ManageEventListItem[]> {
    const now = this.now();
    const rows = await repo.listOwnerEvents(this.db, ownerId, now);
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
        const event = await this.owned(trx, ownerId, id, true);
        if (event.status === 'cancelled') throw cancelledEvent();
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
        return this.manageDto(trx, updated);
      }),
    );
  }

  async publish(ownerId: string, id: string): Promise<ManageEventDto> {
    // Asked before the transaction: PGlite has one connection, which the transaction holds.
    const payoutMissing = await this.payoutMissing(ownerId);
    return this.db.transaction().execute(async (trx) => {
      const event = await this.owned(trx, ownerId, id, true);
      if (event.status === 'cancelled') {
        throw new AppError(
          409,
          'EVENT_CANCELLED',
          'A cancelled event cannot be published again. Duplicate it to start over.',
        );
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
        throw new AppError(
          409,
          'PAYOUT_ACCOUNT_REQUIRED',
          'Paid tickets need a verified payout account: Paystack pays your share of each sale straight to it. Add one in Settings → Payout account, or turn on offline payment to sell paid tickets by bank transfer or at the venue, or make the tickets free.',
        );
      }
      const updated = await repo.updateEvent(trx, event.id, {
        status: 'published',
        published_at: event.published_at ?? now,
      });
      return this.manageDto(trx, updated);
    });
  }

  async cancel(ownerId: string, id: string, body: CancelEvent): Promise<ManageEventDto> {
    return this.db.transaction().execute(async (trx) => {
      const event = await this.owned(trx, ownerId, id, true);
      if (event.status === 'cancelled')
        throw new AppError(409, 'EVENT_CANCELLED', 'This event is already cancelled.');
      if (event.status === 'draft') {
        throw new AppError(
          409,
          'CONFLICT',
          'Only a published event can be cancelled. A draft can be deleted instead.',
        );
      }
      const updated = await repo.updateEvent(trx, event.id, {
        status: 'cancelled',
        cancel_reason: body.reason,
        cancelled_at: this.now(),
      });
      return this.manageDto(trx, updated);
    });
  }

  /** Deletes a draft that was never published; a published event is cancelled instead. */
  async remove(ownerId: string, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const event = await this.owned(trx, ownerId, id, true);
      if (event.status !== 'draft' || event.published_at !== null) {
        throw new AppError(
          409,
          'CONFLICT',
          'Only a draft can be deleted. Cancel a published event instead.',
        );
      }
      await repo.deleteEvent(trx, event.id);
    });
  }

  /** A new draft with the same details and ticket types (nothing sold), titled "Copy of …". */
  async duplicate(ownerId: string, id: string): Promise<ManageEventDto> {
    const source = await this.owned(this.db, ownerId, id);
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
          });
        }
        return this.manageDto(trx, copy);
      }),
    );
  }

  /** Stores an uploaded image (checked and re-encoded by media) as the event's cover. */
  async setCover(ownerId: string, id: string, upload: Buffer): Promise<ManageEventDto> {
    const event = await this.owned(this.db, ownerId, id);
    if (event.status === 'cancelled') throw cancelledEvent();
    const image = await this.media.storeImage(ownerId, upload);
    const updated = await repo.updateEvent(this.db, event.id, { cover_image_id: image.id });
    return this.manageDto(this.db, updated);
  }

  async removeCover(ownerId: string, id: string): Promise<ManageEventDto> {
    const event = await this.owned(this.db, ownerId, id);
    if (event.status === 'cancelled') throw cancelledEvent();
    const updated = await repo.updateEvent(this.db, event.id, { cover_image_id: null });
    return this.manageDto(this.db, updated);
  }

  // Ticket types ------------------------------------------------------------------------

  async addTicketType(
    ownerId: string,
    eventId: string,
    body: CreateTicketType,
  ): Promise<ManageTicketTypeDto> {
    return this.db.transaction().execute(async (trx) => {
      const event = await this.owned(trx, ownerId, eventId, true);
      if (event.status === 'cancelled') throw cancelledEvent();
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
      });
      await repo.updateEvent(trx, event.id, {});
      return toManageTicketTypeDto(row, event, this.now());
    });
  }

  async updateTicketType(
    ownerId: string,
    eventId: string,
    ticketTypeId: string,
    body: UpdateTicketType,
  ): Promise<ManageTicketTypeDto> {
    return this.db.transaction().execute(async (trx) => {
      const event = await this.owned(trx, ownerId, eventId, true);
      if (event.status === 'cancelled') throw cancelledEvent();
      const current = UUID.test(ticketTypeId)
        ? await repo.findTicketType(trx, event.id, ticketTypeId)
        : undefined;
      if (!current) throw ticketTypeNotFound();
      const patch: TicketTypePatch = {};
      if (body.name !== undefined) patch.name = body.name;
      if (body.description !== undefined) patch.description = body.description;
      if (body.price !== undefined) patch.price_kobo = body.price * 100;
      if (body.capacity !== undefined) patch.capacity = body.capacity;
      if (body.minPerOrder !== undefined) patch.min_per_order = body.minPerOrder;
      if (body.maxPerOrder !== undefined) patch.max_per_order = body.maxPerOrder;
      if (body.hidden !== undefined) patch.hidden = body.hidden;
      if (body.position !== undefined) patch.position = body.position;
      if (body.salesStartAt !== undefined) {
        patch.sales_start_at = body.salesStartAt
          ? toInstant(body.salesStartAt, event.time_zone)
          : null;
      }
      if (body.salesEndAt !== undefined) {
        patch.sales_end_at = body.salesEndAt ? toInstant(body.salesEndAt, event.time_zone) : null;
      }
      const merged = { ...current, ...patch };
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
      const held = await repo.findHeldByType(trx, event.id);
      return toManageTicketTypeDto(updated, event, this.now(), held.get(updated.id));
    });
  }

  async deleteTicketType(ownerId: string, eventId: string, ticketTypeId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const event = await this.owned(trx, ownerId, eventId, true);
      if (event.status === 'cancelled') throw cancelledEvent();
      const current = UUID.test(ticketTypeId)
        ? await repo.findTicketType(trx, event.id, ticketTypeId)
        : undefined;
      if (!current) throw ticketTypeNotFound();
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

  // Public ------------------------------------------------------------------------------

  async listPublic(query: PublicQuery): Promise<PublicEventPage> {
    let window: TimeWindow = {};
    if (query.date) {
      window = dateFilterWindow(query.date, this.now());
    } else if (query.from || query.to) {
      if (query.from && query.to && query.from > query.to) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          'The "from" date must be on or before the "to" date.',
          {
            issues: [
              { field: 'from', message: 'The "from" date must be on or before the "to" date.' },
            ],
          },
        );
      }
      window = dateRangeWindow(query.from, query.to);
    }
    const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
    const { rows, total } = await repo.searchPublicEvents(
      this.db,
      {
        now: this.now(),
        words,
        category: query.category,
        city: query.city || undefined,
        from: window.from,
        to: window.to,
        price: query.price,
      },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return {
      items: rows.map(toPublicListItem),
      page: query.page,
      pageSize: query.pageSize,
      total,
      pageCount: Math.ceil(total / query.pageSize),
    };
  }

  /** A published (or cancelled) event by its link, public or unlisted; never a draft. */
  async getPublic(slug: string): Promise<PublicEventDto> {
    const found = await this.findPublic(slug);
    if (!found) throw publicNotFound();
    return found;
  }

  async findPublic(slug: string): Promise<PublicEventDto | undefined> {
    if (!SLUG.test(slug)) return undefined;
    const row = await repo.findVisibleEventBySlug(this.db, slug);
    if (!row) return undefined;
    const [types, held, descriptionHtml, room] = await Promise.all([
      repo.listTicketTypes(this.db, row.id),
      repo.findHeldByType(this.db, row.id),
      renderDescription(row.description),
      this.waitingRoomOf(row.id, row.slug),
    ]);
    return toPublicEventDto(row, types, held, descriptionHtml, this.now(), room);
  }

  /** The .ics of a visible event ("add to calendar"). */
  async calendar(slug: string, publicUrl: string): Promise<{ filename: string; body: string }> {
    const event = await this.getPublic(slug);
    return { filename: `${event.slug}.ics`, body: eventCalendar(event, publicUrl, this.now()) };
  }

  /**
   * The <head> of the SPA's /events/{slug} page. Words the web routes under /events/ use
   * (manage, …) are its own pages: plain index.html, 200. Unknown slugs and drafts: 404.
   */
  async pageHead(slug: string, publicUrl: string): Promise<{ status: number; head?: PageHead }> {
    if (isReservedSlug(slug)) return { status: 200 };
    const event = await this.findPublic(slug);
    return event ? { status: 200, head: eventPageHead(event, publicUrl) } : { status: 404 };
  }

  // Helpers -----------------------------------------------------------------------------

  /** The event if this user owns it; anyone else gets the same 404 as for no event at all. */
  private async owned(db: Db, ownerId: string, id: string, lock = false): Promise<EventRow> {
    if (!UUID.test(id)) throw eventNotFound();
    const event = await repo.findOwnedEvent(db, id, ownerId, lock);
    if (!event) throw eventNotFound();
    return event;
  }

  private async manageDto(db: Db, event: EventRow): Promise<ManageEventDto> {
    const [types, figures, held] = await Promise.all([
      repo.listTicketTypes(db, event.id),
      repo.findOrderFigures(db, event.id),
      repo.findHeldByType(db, event.id),
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
        if (!isSlugClash(err) || i >= SLUG_ATTEMPTS) throw err;
      }
    }
  }
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
