import {
  koboToNaira,
  TRACKING_LIMITS,
  TRACKING_MESSAGES,
  trackingSource,
  type CreateTrackingLinkBody,
  type EventTrackingDto,
  type OrganiserTrackingDto,
  type TrackingFigures,
  type TrackingLinkDto,
  type TrackingSource,
  type TrackingSourceRow,
} from '@gatepass/shared';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lockKey } from '../../db/locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import * as repo from './tracking.repository.ts';
import type { TrackingVia } from './tracking.table.ts';

export const TRACKING_NOT_FOUND = 'This event was not found.';

/** Distinct (slug, ref, via) kept between flushes; views past it wait for the next flush. */
const PENDING_KEYS_MAX = 10_000;
/** Crawlers that run scripts still say so in their user agent. */
const BOT = /bot|crawl|spider|slurp|preview|headless|lighthouse|facebookexternalhit|whatsapp/i;

const emptyFigures = (): TrackingFigures => ({
  views: 0,
  checkoutStarts: 0,
  orders: 0,
  revenue: 0,
});

/** A source from a URL or a body: a ref it cannot read is dropped, never refused. */
export function readSource(input: unknown): { ref: string | null; via: TrackingVia } {
  const parsed = trackingSource.safeParse(input ?? {});
  const source: TrackingSource = parsed.success ? parsed.data : {};
  return { ref: source.ref?.toLowerCase() ?? null, via: source.via ?? 'page' };
}

/** `Instagram bio!` → `instagram-bio`. */
export function codeFromName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 24)
    .replace(/-+$/, '');
  return slug || 'link';
}

/**
 * Where sales come from (issue 26 §4, decision 071): tracking links per event, page views
 * counted in memory and added to aggregate rows every few seconds (the page's beacon never
 * waits for the database), and each checkout's source written beside its order.
 */
export class TrackingService {
  private pending = new Map<string, repo.ViewCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { publicUrl: string; flushIntervalMs: number },
    private readonly log: FastifyBaseLogger,
    /** An order as a one-row table (the orders module's value; orders call this module). */
    private readonly orders: { rowOf: repo.OrderRowOf; ofEvents: repo.OrdersOfEvents },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  // Counting ---------------------------------------------------------------------------------

  /** One page view from the beacon: counted in memory, nothing awaited. */
  view(slug: string, source: unknown, userAgent: string | undefined): void {
    if (userAgent && BOT.test(userAgent)) return;
    const { ref, via } = readSource(source);
    const key = `${slug}\u0000${ref ?? ''}\u0000${via}`;
    const counted = this.pending.get(key);
    if (counted) counted.n += 1;
    else if (this.pending.size < PENDING_KEYS_MAX) this.pending.set(key, { slug, ref, via, n: 1 });
  }

  /** Adds the views counted so far to their rows; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await repo.addViews(this.db, batch);
      } catch (err) {
        this.log.warn({ err: (err as Error).message, keys: batch.length }, 'page views not saved');
      }
    });
    return this.flushing;
  }

  /**
   * A checkout made its order: remember where it came from. Never fails the sale: an error
   * is logged and the order goes uncounted.
   */
  async orderStarted(orderId: string, source: unknown): Promise<void> {
    const { ref, via } = readSource(source);
    // A direct order (no link, not the widget) needs no row: the figures count it from the
    // orders themselves, so the sale's own path sends nothing more for it.
    if (ref === null && via === 'page') return;
    try {
      await repo.insertOrderSource(this.db, this.orders.rowOf, orderId, ref, via);
    } catch (err) {
      this.log.warn({ err: (err as Error).message, orderId }, 'order source not saved');
    }
  }

  // The organiser's links and figures ------------------------------------------------------

  private async event(organiserId: string, eventId: string) {
    const event = await repo.ownedEvent(this.db, organiserId, eventId);
    if (!event) throw notFound(TRACKING_NOT_FOUND);
    return event;
  }

  private linkUrl(slug: string, code: string): string {
    return `${this.options.publicUrl}/events/${encodeURIComponent(slug)}?ref=${encodeURIComponent(code)}`;
  }

  async createLink(
    organiserId: string,
    eventId: string,
    body: CreateTrackingLinkBody,
  ): Promise<TrackingLinkDto> {
    const event = await this.event(organiserId, eventId);
    const name = body.name.trim();
    const row = await this.db.transaction().execute(async (trx) => {
      // Name, code and the cap hold under a burst of creates (decision 051).
      await lockKey(trx, `tracking-links:${event.id}`);
      if ((await repo.countLinks(trx, event.id)) >= TRACKING_LIMITS.perEvent) {
        throw new AppError(409, 'CONFLICT', TRACKING_MESSAGES.tooMany);
      }
      if (await repo.linkExists(trx, event.id, 'name', name)) {
        throw new AppError(409, 'CONFLICT', TRACKING_MESSAGES.nameTaken);
      }
      let code = codeFromName(name);
      while (await repo.linkExists(trx, event.id, 'code', code)) {
        code = `${codeFromName(name).slice(0, 19)}-${randomBytes(3).toString('hex').slice(0, 4)}`;
      }
      return repo.insertLink(trx, event.id, name, code);
    });
    return {
      id: row.id,
      name: row.name,
      code: row.code,
      url: this.linkUrl(event.slug, row.code),
      createdAt: row.created_at.toISOString(),
    };
  }

  async forEvent(organiserId: string, eventId: string): Promise<EventTrackingDto> {
    const event = await this.event(organiserId, eventId);
    const [links, rows] = await Promise.all([
      repo.linksOf(this.db, event.id),
      repo.figures(this.db, this.orders.ofEvents, { eventId: event.id }),
    ]);
    const sources: TrackingSourceRow[] = [
      sourceRow(
        'direct',
        'Direct',
        null,
        rows.filter((r) => !r.link_id && r.via === 'page'),
      ),
      sourceRow(
        'widget',
        'Widget',
        null,
        rows.filter((r) => !r.link_id && r.via === 'widget'),
      ),
      ...links.map((l) =>
        sourceRow(
          'link',
          l.name,
          l.id,
          rows.filter((r) => r.link_id === l.id),
        ),
      ),
    ];
    return {
      links: links.map((l) => ({
        id: l.id,
        name: l.name,
        code: l.code,
        url: this.linkUrl(event.slug, l.code),
        createdAt: l.created_at.toISOString(),
      })),
      sources,
      totals: sum(rows),
    };
  }

  async forOrganiser(organiserId: string): Promise<OrganiserTrackingDto> {
    const [links, rows] = await Promise.all([
      repo.organiserLinks(this.db, organiserId),
      repo.figures(this.db, this.orders.ofEvents, { organiserId }),
    ]);
    return {
      sources: [
        {
          ...sourceRow(
            'direct',
            'Direct',
            null,
            rows.filter((r) => !r.link_id && r.via === 'page'),
          ),
          eventTitle: null,
        },
        {
          ...sourceRow(
            'widget',
            'Widget',
            null,
            rows.filter((r) => !r.link_id && r.via === 'widget'),
          ),
          eventTitle: null,
        },
        ...links.map((l) => ({
          ...sourceRow(
            'link',
            l.name,
            l.id,
            rows.filter((r) => r.link_id === l.id),
          ),
          eventTitle: l.title,
        })),
      ],
      totals: sum(rows),
    };
  }
}

function sum(rows: repo.FigureRow[]): TrackingFigures {
  const out = emptyFigures();
  let kobo = 0;
  for (const r of rows) {
    out.views += r.views;
    out.checkoutStarts += r.starts;
    out.orders += r.orders;
    kobo += r.revenue_kobo;
  }
  out.revenue = koboToNaira(kobo);
  return out;
}

function sourceRow(
  source: TrackingSourceRow['source'],
  label: string,
  linkId: string | null,
  rows: repo.FigureRow[],
): TrackingSourceRow {
  const widget = rows.filter((r) => r.via === 'widget');
  return {
    source,
    label,
    linkId,
    ...sum(rows),
    viaWidget:
      source === 'link'
        ? {
            views: widget.reduce((n, r) => n + r.views, 0),
            orders: widget.reduce((n, r) => n + r.orders, 0),
          }
        : null,
  };
}
