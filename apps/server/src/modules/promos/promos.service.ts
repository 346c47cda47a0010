import {
  koboToNaira,
  PROMO_LIMITS,
  type CreatePromoCodeData as CreatePromo,
  type PromoCodeDto,
  type ShareKitDto,
  type UpdatePromoCodeData as UpdatePromo,
} from '@gatepass/shared';
import type { Updateable } from 'kysely';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { toInstant, toWallClock } from '../events/events.time.ts';
import type { SaleEvent } from '../events/inventory.service.ts';
import type { PromoCodesTable } from './promos.table.ts';
import * as repo from './promos.repository.ts';
import type { PromoRow, PromoWithUsage } from './promos.repository.ts';
import { posterPdf, posterPng, qrDataUrl, type PosterEvent } from './promos.share-kit.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const PROMO_MESSAGES = {
  created: 'Promo code created.',
  updated: 'Promo code saved.',
  deleted: 'Promo code deleted.',
} as const;

const promoNotFound = () => notFound('This promo code does not exist.');
const codeTaken = (code: string) =>
  new AppError(409, 'PROMO_CODE_TAKEN', `This event already has a promo code ${code}.`);
const invalid = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, { issues: [{ field, message }] });

export function toPromoDto(row: PromoWithUsage, now: Date): PromoCodeDto {
  const t = now.getTime();
  const inWindow =
    (!row.starts_at || row.starts_at.getTime() <= t) && (!row.ends_at || row.ends_at.getTime() > t);
  const left = row.max_uses === null ? null : Math.max(0, row.max_uses - row.uses);
  return {
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.event_title,
    code: row.code,
    kind: row.kind,
    amount: row.kind === 'fixed' ? koboToNaira(row.amount) : row.amount,
    maxUses: row.max_uses,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    startsLocal: row.starts_at ? toWallClock(row.starts_at, row.time_zone) : null,
    endsLocal: row.ends_at ? toWallClock(row.ends_at, row.time_zone) : null,
    timeZone: row.time_zone,
    active: row.active,
    usableNow: row.active && inWindow && left !== 0,
    usage: {
      uses: row.uses,
      remaining: left,
      completedOrders: row.completed_orders ?? 0,
      tickets: row.tickets ?? 0,
      discountGiven: koboToNaira(row.discount_kobo ?? 0),
      revenue: koboToNaira(row.revenue_kobo ?? 0),
    },
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Stored amount: a percentage as is, a fixed discount in kobo. */
const storedAmount = (kind: 'percent' | 'fixed', amount: number) =>
  kind === 'fixed' ? amount * 100 : amount;

function checkAmount(kind: 'percent' | 'fixed', amount: number): void {
  if (kind === 'percent' && (amount < 1 || amount > 100))
    throw invalid('amount', 'A percentage must be between 1 and 100.');
  if (kind === 'fixed' && (amount < 1 || amount > PROMO_LIMITS.fixedMax))
    throw invalid('amount', 'A fixed amount must be between ₦1 and ₦10,000,000.');
}

function checkWindow(startsAt: Date | null, endsAt: Date | null): void {
  for (const [field, d] of [
    ['startsAt', startsAt],
    ['endsAt', endsAt],
  ] as const) {
    if (d && Number.isNaN(d.getTime())) throw invalid(field, 'This date and time is not valid.');
  }
  if (startsAt && endsAt && endsAt.getTime() <= startsAt.getTime())
    throw invalid('endsAt', 'The end must be after the start.');
}

/** What a code's completed orders add up to, as the orders module counts them. */
export interface PromoUsage {
  completedOrders: number;
  tickets: number;
  discountKobo: number;
  revenueKobo: number;
}

/**
 * What promos asks of the orders module (its OrdersManageService): the caller's event, and
 * what orders made of each code. Promos never names orders' tables (decision 060).
 */
export interface PromoOrders {
  ownedEvent(ownerId: string, eventId: string): Promise<SaleEvent>;
  promoUsage(promoIds: string[]): Promise<Map<string, PromoUsage>>;
  /** Orders of any status that used the code, in the caller's transaction (`db`). */
  ordersUsingPromo(db: Db, promoId: string): Promise<number>;
}

/** Promo codes per event: CRUD with usage figures; checkout applies them (orders module). */
export class PromosService {
  constructor(
    private readonly db: Db,
    private readonly orders: PromoOrders,
    private readonly share: {
      publicUrl: string;
      /** The name buyers see for an organiser (settings' public name, or the full name). */
      organiserName: (userId: string) => Promise<string>;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(ownerId: string, eventId: string | undefined): Promise<PromoCodeDto[]> {
    if (eventId) await this.orders.ownedEvent(ownerId, eventId);
    const rows = await this.withUsage(await repo.listPromos(this.db, ownerId, eventId));
    const now = this.now();
    return rows.map((r) => toPromoDto(r, now));
  }

  async get(ownerId: string, id: string): Promise<PromoCodeDto> {
    const [row] = await this.withUsage([await this.owned(ownerId, id)]);
    return toPromoDto(row!, this.now());
  }

  async create(ownerId: string, body: CreatePromo): Promise<PromoCodeDto> {
    const event = await this.orders.ownedEvent(ownerId, body.eventId);
    if (event.status === 'cancelled')
      throw new AppError(409, 'EVENT_CANCELLED', 'This event is cancelled; it sells no tickets.');
    checkAmount(body.kind, body.amount);
    const startsAt = body.startsAt ? toInstant(body.startsAt, event.time_zone) : null;
    const endsAt = body.endsAt ? toInstant(body.endsAt, event.time_zone) : null;
    checkWindow(startsAt, endsAt);
    let id: string;
    try {
      id = await repo.insertPromo(this.db, {
        eventId: event.id,
        code: body.code,
        kind: body.kind,
        amount: storedAmount(body.kind, body.amount),
        maxUses: body.maxUses ?? null,
        startsAt,
        endsAt,
        active: body.active ?? true,
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(body.code);
      throw err;
    }
    return this.get(ownerId, id);
  }

  async update(ownerId: string, id: string, body: UpdatePromo): Promise<PromoCodeDto> {
    const current = await this.owned(ownerId, id);
    try {
      await this.db.transaction().execute(async (trx) => {
        const row = await repo.lockPromo(trx, current.id);
        if (!row) throw promoNotFound();
        const patch: Updateable<PromoCodesTable> = {};
        const kind = body.kind ?? row.kind;
        if (body.kind !== undefined || body.amount !== undefined) {
          // Switching kind needs the amount in the new unit.
          if (body.kind !== undefined && body.kind !== row.kind && body.amount === undefined)
            throw invalid(
              'amount',
              'Give the amount again when changing between percent and fixed.',
            );
          const amount =
            body.amount ?? (row.kind === 'fixed' ? koboToNaira(row.amount) : row.amount);
          checkAmount(kind, amount);
          patch.kind = kind;
          patch.amount = storedAmount(kind, amount);
        }
        if (body.code !== undefined) patch.code = body.code;
        if (body.active !== undefined) patch.active = body.active;
        if (body.maxUses !== undefined) {
          if (body.maxUses !== null && body.maxUses < row.uses) {
            throw new AppError(
              409,
              'CONFLICT',
              `This code has been used ${row.uses} ${row.uses === 1 ? 'time' : 'times'}; the maximum cannot be lower.`,
              { uses: row.uses },
            );
          }
          patch.max_uses = body.maxUses;
        }
        const at = (value: string | null | undefined, stored: Date | null) =>
          value === undefined ? stored : value ? toInstant(value, current.time_zone) : null;
        const startsAt = at(body.startsAt, row.starts_at);
        const endsAt = at(body.endsAt, row.ends_at);
        if (body.startsAt !== undefined || body.endsAt !== undefined) {
          checkWindow(startsAt, endsAt);
          patch.starts_at = startsAt;
          patch.ends_at = endsAt;
        }
        if (Object.keys(patch).length) await repo.updatePromo(trx, row.id, patch);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw codeTaken(body.code ?? current.code);
      throw err;
    }
    return this.get(ownerId, id);
  }

  /** Deletes a code no order used; a used one stays for the orders' records (switch it off). */
  async remove(ownerId: string, id: string): Promise<void> {
    const promo = await this.owned(ownerId, id);
    await this.db.transaction().execute(async (trx) => {
      await repo.lockPromo(trx, promo.id);
      if ((await this.orders.ordersUsingPromo(trx, promo.id)) > 0) {
        throw new AppError(
          409,
          'CONFLICT',
          'Orders have used this code, so it is kept for their records. Switch it off instead.',
        );
      }
      await repo.deletePromo(trx, promo.id);
    });
  }

  // Share kit ------------------------------------------------------------------------------

  async shareKit(ownerId: string, eventId: string): Promise<ShareKitDto> {
    const { event, link } = await this.shareable(ownerId, eventId);
    const base = `/api/v1/events/manage/share-kit/${event.id}`;
    return {
      eventId: event.id,
      title: event.title,
      link,
      posterPng: `${base}/poster.png`,
      posterPdf: `${base}/poster.pdf`,
      qrDataUrl: await qrDataUrl(link),
    };
  }

  async poster(
    ownerId: string,
    eventId: string,
    format: 'png' | 'pdf',
  ): Promise<{ bytes: Buffer; filename: string }> {
    const { event, link, slug } = await this.shareable(ownerId, eventId);
    const poster: PosterEvent = {
      title: event.title,
      startAt: event.start_at,
      timeZone: event.time_zone,
      venueName: event.venue_name,
      city: event.city,
      online: Boolean(event.online_url),
      organiser: await this.share.organiserName(ownerId),
    };
    const bytes = format === 'png' ? await posterPng(poster, link) : await posterPdf(poster, link);
    return { bytes, filename: `${slug}-poster.${format}` };
  }

  /** Only a published event has a page worth sharing. */
  private async shareable(ownerId: string, eventId: string) {
    const event = await this.orders.ownedEvent(ownerId, eventId);
    if (event.status === 'draft')
      throw new AppError(409, 'CONFLICT', 'Publish the event first: its page is not public yet.');
    if (event.status === 'cancelled')
      throw new AppError(
        409,
        'EVENT_CANCELLED',
        'This event is cancelled; there is nothing to share.',
      );
    return { event, slug: event.slug, link: `${this.share.publicUrl}/events/${event.slug}` };
  }

  private async owned(ownerId: string, id: string): Promise<PromoRow> {
    const row = isUuid(id) ? await repo.findPromo(this.db, id) : undefined;
    if (!row || row.owner_id !== ownerId) throw promoNotFound();
    return row;
  }

  /** The codes with what their completed orders add up to (none: zeros). */
  private async withUsage(rows: PromoRow[]): Promise<PromoWithUsage[]> {
    const usage = await this.orders.promoUsage(rows.map((r) => r.id));
    return rows.map((r) => {
      const u = usage.get(r.id);
      return {
        ...r,
        completed_orders: u?.completedOrders ?? 0,
        tickets: u?.tickets ?? 0,
        discount_kobo: u?.discountKobo ?? 0,
        revenue_kobo: u?.revenueKobo ?? 0,
      };
    });
  }
}
