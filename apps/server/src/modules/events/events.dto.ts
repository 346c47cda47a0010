import type {
  ManageEventDto,
  ManageEventListItem,
  ManageTicketTypeDto,
  PublicEventDto,
  PublicEventListItem,
  PublicTicketTypeDto,
  TicketAvailability,
} from '@gatepass/shared';
import { paystackChannelsOf } from '@gatepass/shared';
import { mediaUrl } from '../media/media.service.ts';
import type {
  OrderFigures,
  OwnerEventRow,
  PublicEventRow,
  PublicListRow,
} from './events.repository.ts';
import type { EventRow, TicketTypeRow } from './events.table.ts';
import { toWallClock } from './events.time.ts';

/** Rows never leave the module: these turn them into the shared contracts' shapes. */

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const naira = (kobo: number): number => kobo / 100;
export const eventPath = (slug: string): string => `/events/${slug}`;

export const isEnded = (event: Pick<EventRow, 'end_at'>, now: Date): boolean =>
  event.end_at !== null && event.end_at.getTime() <= now.getTime();

/**
 * Where a ticket type stands for a buyer: sold out wins (it says the most), then a closed
 * sale (window passed, event over or cancelled), then a sale that has not opened.
 */
export function availabilityOf(
  type: TicketTypeRow,
  event: EventRow,
  now: Date,
): TicketAvailability {
  const t = now.getTime();
  if (type.sold >= type.capacity) return 'sold_out';
  if (event.status === 'cancelled' || isEnded(event, now)) return 'sales_ended';
  // Sales start at publishing at the earliest: a draft's tickets are not on sale.
  if (event.status === 'draft') return 'not_yet_on_sale';
  if (type.sales_end_at && type.sales_end_at.getTime() <= t) return 'sales_ended';
  if (type.sales_start_at && type.sales_start_at.getTime() > t) return 'not_yet_on_sale';
  return 'on_sale';
}

export function toManageTicketTypeDto(
  type: TicketTypeRow,
  event: EventRow,
  now: Date,
  held = 0,
): ManageTicketTypeDto {
  return {
    id: type.id,
    name: type.name,
    description: type.description,
    price: naira(type.price_kobo),
    capacity: type.capacity,
    sold: type.sold,
    held,
    remaining: Math.max(0, type.capacity - type.sold),
    minPerOrder: type.min_per_order,
    maxPerOrder: type.max_per_order,
    salesStartAt: iso(type.sales_start_at),
    salesEndAt: iso(type.sales_end_at),
    position: type.position,
    hidden: type.hidden,
    availability: availabilityOf(type, event, now),
    ...kindFields(type),
    accessCodes: type.access_codes,
  };
}

/** Decision 086: a type's kind, its suggested amount and how many one ticket admits. */
function kindFields(type: TicketTypeRow) {
  return {
    kind: type.kind,
    suggestedPrice: type.suggested_price_kobo === null ? null : naira(type.suggested_price_kobo),
    admits: type.admits,
  };
}

/** A ticket type as buyers see it (on the public page, or unlocked by an access code). */
export function toPublicTicketTypeDto(
  t: TicketTypeRow,
  row: EventRow,
  held: number,
  now: Date,
): PublicTicketTypeDto {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    price: naira(t.price_kobo),
    remaining: Math.max(0, t.capacity - t.sold),
    held,
    minPerOrder: t.min_per_order,
    maxPerOrder: t.max_per_order,
    salesStartAt: iso(t.sales_start_at),
    salesEndAt: iso(t.sales_end_at),
    salesStartLocal: t.sales_start_at ? toWallClock(t.sales_start_at, row.time_zone) : null,
    salesEndLocal: t.sales_end_at ? toWallClock(t.sales_end_at, row.time_zone) : null,
    availability: availabilityOf(t, row, now),
    ...kindFields(t),
  };
}

function core(row: EventRow, now: Date) {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    coverImageId: row.cover_image_id,
    coverUrl: row.cover_image_id ? mediaUrl(row.cover_image_id) : null,
    venueName: row.venue_name,
    city: row.city,
    startAt: iso(row.start_at),
    endAt: iso(row.end_at),
    timeZone: row.time_zone,
    status: row.status,
    ended: isEnded(row, now),
    visibility: row.visibility,
    url: eventPath(row.slug),
  };
}

const NO_ORDERS: OrderFigures = { sold: 0, held: 0, gross_kobo: 0 };

export function toManageEventDto(
  row: EventRow,
  types: TicketTypeRow[],
  now: Date,
  figures: OrderFigures = NO_ORDERS,
  heldByType: ReadonlyMap<string, number> = new Map(),
): ManageEventDto {
  return {
    ...core(row, now),
    description: row.description,
    address: row.address,
    onlineUrl: row.online_url,
    startLocal: row.start_at ? toWallClock(row.start_at, row.time_zone) : null,
    endLocal: row.end_at ? toWallClock(row.end_at, row.time_zone) : null,
    feeMode: row.fee_mode,
    offlinePayment: row.offline_payment,
    offlineHoldHours: row.offline_hold_hours,
    allowTransfers: row.allow_transfers,
    ticketNamesUntil: iso(row.ticket_names_until),
    paystackChannels: paystackChannelsOf(row.paystack_channels),
    cancelReason: row.cancel_reason,
    cancelledAt: iso(row.cancelled_at),
    publishedAt: iso(row.published_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ticketTypes: types.map((t) => toManageTicketTypeDto(t, row, now, heldByType.get(t.id))),
    sold: figures.sold,
    held: figures.held,
    capacity: types.reduce((n, t) => n + t.capacity, 0),
    gross: naira(figures.gross_kobo),
  };
}

export function toManageListItem(row: OwnerEventRow, now: Date): ManageEventListItem {
  return {
    ...core(row, now),
    online: row.online_url !== null,
    publishedAt: iso(row.published_at),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ticketTypeCount: row.ticket_type_count,
    sold: row.sold,
    held: row.held,
    capacity: row.capacity,
    gross: naira(row.gross_kobo),
  };
}

export function toPublicListItem(row: PublicListRow): PublicEventListItem {
  return {
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    category: row.category,
    ...publishedTimes(row),
    venueName: row.venue_name,
    city: row.city,
    online: row.online_url !== null,
    coverUrl: row.cover_image_id ? mediaUrl(row.cover_image_id) : null,
    lowestPrice: row.lowest_kobo === null ? null : naira(row.lowest_kobo),
    highestPrice: row.highest_kobo === null ? null : naira(row.highest_kobo),
    isFree: row.highest_kobo === 0,
    status: row.status,
    url: eventPath(row.slug),
  };
}

/** When a visible event happens: its instants, its zone and its wall-clock times. */
function publishedTimes(row: { start_at: Date | null; end_at: Date | null; time_zone: string }) {
  // Only published (and cancelled) events are seen by the public, and they always have both.
  return {
    startAt: row.start_at!.toISOString(),
    endAt: row.end_at!.toISOString(),
    timeZone: row.time_zone,
    startLocal: toWallClock(row.start_at!, row.time_zone),
    endLocal: toWallClock(row.end_at!, row.time_zone),
  };
}

export function toPublicEventDto(
  row: PublicEventRow,
  allTypes: TicketTypeRow[],
  heldByType: ReadonlyMap<string, number>,
  descriptionHtml: string,
  now: Date,
  room: { onSaleAt: Date; queueUrl: string } | null = null,
): PublicEventDto {
  const types = allTypes.filter((t) => !t.hidden);
  const ticketTypes: PublicTicketTypeDto[] = types.map((t) =>
    toPublicTicketTypeDto(t, row, heldByType.get(t.id) ?? 0, now),
  );
  const prices = types.map((t) => t.price_kobo);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    description: row.description,
    descriptionHtml,
    category: row.category,
    coverUrl: row.cover_image_id ? mediaUrl(row.cover_image_id) : null,
    venueName: row.venue_name,
    address: row.address,
    city: row.city,
    online: row.online_url !== null,
    ...publishedTimes(row),
    status: row.status,
    ended: isEnded(row, now),
    cancelReason: row.cancel_reason,
    cancelledAt: iso(row.cancelled_at),
    visibility: row.visibility,
    feeMode: row.fee_mode,
    offlinePayment: row.offline_payment,
    offlineHoldHours: row.offline_hold_hours,
    organiser: {
      name: row.organiser_name,
      logoUrl: row.organiser_logo_id ? mediaUrl(row.organiser_logo_id) : null,
    },
    lowestPrice: prices.length ? naira(Math.min(...prices)) : null,
    highestPrice: prices.length ? naira(Math.max(...prices)) : null,
    isFree: prices.length > 0 && prices.every((p) => p === 0),
    ticketTypes,
    url: eventPath(row.slug),
    waitingRoom: room
      ? {
          onSaleAt: room.onSaleAt.toISOString(),
          onSaleLocal: toWallClock(room.onSaleAt, row.time_zone),
          queueUrl: room.queueUrl,
        }
      : null,
  };
}
