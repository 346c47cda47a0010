import type {
  PublicEventDto,
  PublicEventPage,
  publicEventsQuery,
  UnlockedTicketTypesDto,
} from '@gatepass/shared';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PageHead } from '../../plugins/web.ts';
import { renderDescription } from './events.description.ts';
import { toPublicEventDto, toPublicListItem, toPublicTicketTypeDto } from './events.dto.ts';
import { Limiter, type LimitRule } from '../../lib/rate-limiter.ts';
import { eventCalendar } from './events.ics.ts';
import * as repo from './events.repository.ts';
import type { HeldByType } from './events.repository.ts';
import { eventPageHead } from './events.seo.ts';
import { isReservedSlug } from './events.slug.ts';
import { dateFilterWindow, dateRangeWindow, type TimeWindow } from './events.time.ts';

type PublicQuery = z.output<typeof publicEventsQuery>;

const SLUG = /^[a-z0-9-]{1,80}$/;

/**
 * Access-code tries per client address (decision 087): enough for a buyer's typos, too few
 * to guess a code — 20 in 15 minutes, right or wrong.
 */
export const ACCESS_CODE_LIMIT: LimitRule = { points: 20, duration: 15 * 60 };

const publicNotFound = () => notFound('This event does not exist or is no longer available.');

/** The waiting room of an event as its public page shows it (null when off; decision 034). */
export type WaitingRoomOf = (
  eventId: string,
  slug: string,
) => Promise<{ onSaleAt: Date; queueUrl: string } | null>;

/**
 * What the public sees of events: the search, an event's page by its link, its calendar
 * file and the page's head for crawlers. Never a draft.
 */
export class PublicEvents {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly waitingRoomOf: WaitingRoomOf,
    /** Tickets of each type held by pending orders (the orders module's read). */
    private readonly heldByType: HeldByType,
    private readonly accessCodeTries: Limiter = new Limiter(
      'accessCodePerIp',
      ACCESS_CODE_LIMIT,
      undefined,
    ),
  ) {}

  /**
   * The hidden ticket types an access code unlocks on a visible event (decision 087): a
   * wrong code, or one for a type of another event, is 404 with the same sentence. Counted
   * per client address, so codes cannot be guessed by trying.
   */
  async unlock(slug: string, code: string, clientAddress: string): Promise<UnlockedTicketTypesDto> {
    await this.accessCodeTries.consume(clientAddress);
    const wrong = () => notFound('That access code is not valid for this event.');
    if (!SLUG.test(slug)) throw wrong();
    const row = await repo.findVisibleEventBySlug(this.db, slug);
    if (!row) throw wrong();
    const types = (await repo.listTicketTypes(this.db, row.id)).filter(
      (t) => t.hidden && t.access_codes.includes(code),
    );
    if (types.length === 0) throw wrong();
    const held = await this.heldByType(this.db, row.id);
    const now = this.now();
    return {
      code,
      ticketTypes: types.map((t) => toPublicTicketTypeDto(t, row, held.get(t.id) ?? 0, now)),
    };
  }

  async list(query: PublicQuery): Promise<PublicEventPage> {
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
  async get(slug: string): Promise<PublicEventDto> {
    const found = await this.find(slug);
    if (!found) throw publicNotFound();
    return found;
  }

  async find(slug: string): Promise<PublicEventDto | undefined> {
    if (!SLUG.test(slug)) return undefined;
    const row = await repo.findVisibleEventBySlug(this.db, slug);
    if (!row) return undefined;
    const [types, held, descriptionHtml, room] = await Promise.all([
      repo.listTicketTypes(this.db, row.id),
      this.heldByType(this.db, row.id),
      renderDescription(row.description),
      this.waitingRoomOf(row.id, row.slug),
    ]);
    return toPublicEventDto(row, types, held, descriptionHtml, this.now(), room);
  }

  /** The .ics of a visible event ("add to calendar"). */
  async calendar(slug: string, publicUrl: string): Promise<{ filename: string; body: string }> {
    const event = await this.get(slug);
    return { filename: `${event.slug}.ics`, body: eventCalendar(event, publicUrl, this.now()) };
  }

  /**
   * The <head> of the SPA's /events/{slug} page. Words the web routes under /events/ use
   * (manage, …) are its own pages: plain index.html, 200. Unknown slugs and drafts: 404.
   */
  async pageHead(slug: string, publicUrl: string): Promise<{ status: number; head?: PageHead }> {
    if (isReservedSlug(slug)) return { status: 200 };
    const event = await this.find(slug);
    return event ? { status: 200, head: eventPageHead(event, publicUrl) } : { status: 404 };
  }
}
