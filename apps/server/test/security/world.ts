import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { EVENTS, givenPublishedEvent, makeImage, multipartBody } from '../event-factories.ts';
import { uniquePhone } from '../factories.ts';
import { API, type TestApp } from '../helper.ts';

/**
 * One organiser's things, made through the API as a user would: a published event with a
 * paid and a free ticket type, a completed (free) order, a pending (paid) order, a promo
 * code and an uploaded image. The security suites fill route parameters and body fields
 * from it by name.
 */
export interface World {
  tag: string;
  eventId: string;
  slug: string;
  ticketTypeId: string;
  freeTicketTypeId: string;
  /** The pending, paid order (actions like mark paid, cancel apply to it). */
  orderId: string;
  orderToken: string;
  /** The completed free order: what the door admits. */
  completedOrderId: string;
  completedOrderToken: string;
  /** The completed order's ticket link's last segment (`{code}-{mac}`, the light ticket page). */
  ticketLink: string;
  orderCode: string;
  pendingOrderCode: string;
  buyerEmail: string;
  promoCodeId: string;
  promoCode: string;
  mediaId: string;
  /** The owner's user id (the organiser). */
  ownerId: string;
  /** A door steward of the owner's team, given this event (the team routes change or remove them). */
  teamMemberId: string;
  /** An open invitation to the owner's team, and its link's token. */
  invitationId: string;
  invitationToken: string;
  /** A person on the paid type's waiting list (decision 032). */
  waitlistEntryId: string;
  /** The completed order's ticket link segment (`{code}-{mac}`) and Apple Wallet names (decision 043). */
  walletDevice: string;
  walletPassType: string;
  walletSerial: string;
  /** A ticket's number within an order (named tickets, decision 080). */
  ticketIndex: string;
  /** A webhook endpoint of the owner (turned off: nothing is ever sent) and a delivery of it. */
  webhookId: string;
  webhookDeliveryId: string;
  /** A live API token of the owner's (issue 26 §2; the settings routes revoke it). */
  apiTokenId: string;
  /** A check-in list of the event taking the free type (decision 084). */
  checkinListId: string;
}

/** One uploaded image per organiser is enough: images belong to no event. */
const mediaIds = new Map<string, string>();

async function upload(t: TestApp, token: string): Promise<string> {
  const file = multipartBody(await makeImage('png'), {
    filename: 'cover.png',
    contentType: 'image/png',
  });
  const res = await t.request('POST', `${API}/media`, {
    token,
    payload: file.payload,
    headers: file.headers,
  });
  expect(res.status, res.text).toBe(201);
  return (res.body.data as { id: string }).id;
}

export async function givenWorld(t: TestApp, token: string): Promise<World> {
  const tag = randomBytes(4).toString('hex');
  const event = await givenPublishedEvent(t, token, { title: `Matrix ${tag}` }, [
    { name: 'Regular', price: 5000, capacity: 50 },
    { name: 'Free', price: 0, capacity: 50 },
  ]);
  const detail = await t.request('GET', `${EVENTS}/${event.slug}`);
  expect(detail.status, detail.text).toBe(200);
  const types = detail.body.data.ticketTypes as { id: string; name: string }[];
  const paid = types.find((x) => x.name === 'Regular')!;
  const free = types.find((x) => x.name === 'Free')!;
  const buyerEmail = `buyer.${tag}@example.com`;
  const buy = async (ticketTypeId: string) => {
    const res = await t.post(`${API}/orders`, {
      eventId: event.id,
      items: [{ ticketTypeId, quantity: 1 }],
      buyer: {
        firstName: 'Ngozi',
        lastName: `Matrix${tag}`,
        email: buyerEmail,
        // Its own phone: orders are limited per buyer phone (decision 025).
        phone: uniquePhone(),
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { order: { id: string; orderCode: string }; accessToken: string };
  };
  const completed = await buy(free.id);
  const ticketUrl = (
    await t.request('GET', `${API}/orders/${completed.order.id}`, {
      headers: { 'x-order-token': completed.accessToken },
    })
  ).body.data.ticketUrl as string;
  const pending = await buy(paid.id);

  const promoCode = `MX${tag.toUpperCase()}`;
  const promo = await sql<{ id: string }>`
    insert into promo_codes (event_id, code, kind, amount, max_uses)
    values (${event.id}, ${promoCode}, 'percent', 10, 100) returning id`.execute(t.db);

  mediaIds.set(token, mediaIds.get(token) ?? (await upload(t, token)));

  const ownerId = (
    await sql<{ owner_id: string }>`select owner_id from events where id = ${event.id}`.execute(
      t.db,
    )
  ).rows[0]!.owner_id;
  // A door steward of the owner's team and an open invitation, written directly: the team
  // routes act on them (the invitation API and its limits are tested in team.test.ts).
  const phone = `+2348${String(randomBytes(4).readUInt32BE()).padStart(9, '0').slice(0, 9)}`;
  const member = await sql<{ id: string }>`
    insert into users (full_name, email, phone, password_hash, email_verified_at)
    values (${`Steward ${tag}`}, ${`steward.${tag}@example.com`}, ${phone}, 'no login', now())
    returning id`.execute(t.db);
  const teamMemberId = member.rows[0]!.id;
  const checkinList = await sql<{ id: string }>`
    insert into checkin_lists (event_id, name) values (${event.id}, ${`Gate ${tag}`})
    returning id`.execute(t.db);
  await sql`insert into checkin_list_types (list_id, ticket_type_id)
    values (${checkinList.rows[0]!.id}, ${free.id})`.execute(t.db);
  await sql`insert into team_members (organiser_id, user_id, role, all_events)
    values (${ownerId}, ${teamMemberId}, 'door', false)`.execute(t.db);
  await sql`insert into team_member_events (organiser_id, user_id, event_id)
    values (${ownerId}, ${teamMemberId}, ${event.id})`.execute(t.db);
  const invitationToken = randomBytes(32).toString('base64url');
  const invitation = await sql<{ id: string }>`
    insert into team_invitations (organiser_id, email, role, event_ids, token_hash, expires_at)
    values (${ownerId}, ${`invitee.${tag}@example.com`}, 'door', null,
      ${createHash('sha256').update(invitationToken).digest('hex')}, now() + interval '7 days')
    returning id`.execute(t.db);
  // Past its offer (the paid type is not sold out, so a waiting entry would be offered
  // tickets by the sweeper in the middle of a fingerprint).
  const entry = await sql<{ id: string }>`
    insert into waitlist_entries (event_id, ticket_type_id, name, email, email_key, quantity, status)
    values (${event.id}, ${paid.id}, ${`Waiting Matrix${tag}`}, ${buyerEmail}, ${buyerEmail}, 1, 'expired')
    returning id`.execute(t.db);

  const webhook = await sql<{ id: string }>`
    insert into webhook_endpoints (organiser_id, url, events, secret, status)
    values (${ownerId}, ${`http://127.0.0.1:9/matrix-${tag}`}, '["order.completed"]'::jsonb, ${`whsec_${tag}`}, 'disabled')
    returning id`.execute(t.db);
  const delivery = await sql<{ id: string }>`
    insert into webhook_deliveries (endpoint_id, event_type, change_key, payload, status)
    values (${webhook.rows[0]!.id}, 'order.completed', ${`order:${completed.order.id}:completed`}, '{}', 'failed')
    returning id`.execute(t.db);
  const apiToken = await sql<{ id: string }>`
    insert into api_tokens (organiser_id, name, scope, token_hash, prefix)
    values (${ownerId}, ${`Matrix tool ${tag}`}, 'read',
      ${createHash('sha256').update(`gpat_${tag}`).digest('hex')}, 'gpat_xxxx')
    returning id`.execute(t.db);
  await sql`insert into tracking_links (event_id, name, code)
    values (${event.id}, ${`Matrix link ${tag}`}, ${`matrix-${tag}`})`.execute(t.db);
  // A checkout question and the completed order's answer (issue 25 §1).
  await sql`insert into event_questions (event_id, id, position, label, kind, per)
    values (${event.id}, gen_random_uuid(), 0, ${`Matrix guest name ${tag}`}, 'short_text', 'ticket')`.execute(
    t.db,
  );
  await sql`insert into order_answers (order_id, event_id, question_id, ticket, label, value, is_name)
    select ${completed.order.id}, ${event.id}, q.id, 1, q.label, ${`Matrix Guest ${tag}`}, true
    from event_questions q where q.event_id = ${event.id}`.execute(t.db);

  return {
    tag,
    eventId: event.id,
    slug: event.slug,
    ticketTypeId: paid.id,
    freeTicketTypeId: free.id,
    orderId: pending.order.id,
    orderToken: pending.accessToken,
    completedOrderId: completed.order.id,
    completedOrderToken: completed.accessToken,
    ticketLink: ticketUrl.split('/t/')[1]!,
    orderCode: completed.order.orderCode,
    pendingOrderCode: pending.order.orderCode,
    buyerEmail,
    promoCodeId: promo.rows[0]!.id,
    promoCode,
    mediaId: mediaIds.get(token)!,
    ownerId,
    teamMemberId,
    invitationId: invitation.rows[0]!.id,
    invitationToken,
    waitlistEntryId: entry.rows[0]!.id,
    walletDevice: `device${tag}`,
    walletPassType: 'pass.test.gatepass.tickets',
    ticketIndex: '1',
    walletSerial: `${completed.order.id}-000000000000`,
    webhookId: webhook.rows[0]!.id,
    webhookDeliveryId: delivery.rows[0]!.id,
    apiTokenId: apiToken.rows[0]!.id,
    checkinListId: checkinList.rows[0]!.id,
  };
}

/** Values a request may carry, by field or parameter name, for routes acting on `w`. */
export function knownValues(w: World): Record<string, unknown> {
  return {
    eventId: w.eventId,
    ticketTypeId: w.ticketTypeId,
    orderId: w.orderId,
    orderIds: [w.orderId],
    orderCode: w.orderCode,
    ticketCodes: [w.orderCode],
    codes: [w.orderCode],
    promoCodeId: w.promoCodeId,
    promoId: w.promoCodeId,
    mediaId: w.mediaId,
    coverMediaId: w.mediaId,
    slug: w.slug,
    listId: w.checkinListId,
    ticketTypeIds: [w.freeTicketTypeId],
  };
}

/**
 * A fingerprint of everything in `w`: another organiser's request must leave
 * it exactly as it was. Rows are hashed whole, so any changed column shows.
 */
export async function fingerprint(t: TestApp, w: World): Promise<string> {
  const ids = sql`${w.eventId}::uuid`;
  const { rows } = await sql<{ part: string; hash: string | null }>`
    select 'events' as part, md5(string_agg(e::text, '|' order by e.id)) as hash from events e where e.id in (${ids})
    union all
    select 'ticket_types', md5(string_agg(x::text, '|' order by x.id)) from ticket_types x where x.event_id in (${ids})
    union all
    select 'orders', md5(string_agg(o::text, '|' order by o.id)) from orders o where o.event_id in (${ids})
    union all
    select 'order_items', md5(string_agg(i::text, '|' order by i.id)) from order_items i join orders o on o.id = i.order_id where o.event_id in (${ids})
    union all
    select 'promo_codes', md5(string_agg(p::text, '|' order by p.id)) from promo_codes p where p.event_id in (${ids})
    union all
    select 'order_history', count(*)::text from order_history h join orders o on o.id = h.order_id where o.event_id in (${ids})
    union all
    select 'waitlist_entries', md5(string_agg(w::text, '|' order by w.id)) from waitlist_entries w where w.event_id in (${ids})
    union all
    select 'order_transfers', count(*)::text from order_transfers x join orders o on o.id = x.order_id where o.event_id in (${ids})
    union all
    select 'checkin_log', count(*)::text from checkin_log c where c.event_id in (${ids})
    union all
    select 'mail_outbox', count(*)::text from mail_outbox m where m.to_address = ${w.buyerEmail}
    union all
    select 'media', md5(string_agg(m.id::text, '|' order by m.id)) from media m where m.id = ${w.mediaId}::uuid
    union all
    select 'team_members', md5(string_agg(m::text, '|')) from team_members m where m.user_id = ${w.teamMemberId}::uuid
    union all
    select 'team_member_events', count(*)::text from team_member_events m where m.user_id = ${w.teamMemberId}::uuid
    union all
    select 'team_invitations', md5(string_agg(i::text, '|')) from team_invitations i where i.id = ${w.invitationId}::uuid
    union all
    select 'webhook_endpoints', md5(string_agg(e::text, '|')) from webhook_endpoints e where e.id = ${w.webhookId}::uuid
    union all
    select 'webhook_deliveries', md5(string_agg(d::text, '|')) from webhook_deliveries d where d.id = ${w.webhookDeliveryId}::uuid
    union all
    select 'api_tokens', md5(string_agg(a.id::text || a.name || coalesce(a.revoked_at::text, ''), '|')) from api_tokens a where a.id = ${w.apiTokenId}::uuid
    union all
    select 'tracking_links', md5(string_agg(l::text, '|' order by l.id)) from tracking_links l where l.event_id in (${ids})
    union all
    select 'order_sources', count(*)::text from order_sources x where x.event_id in (${ids})
    union all
    select 'event_questions', md5(string_agg(q::text, '|' order by q.id)) from event_questions q where q.event_id in (${ids})
    union all
    select 'order_answers', md5(string_agg(a::text, '|' order by a.order_id, a.question_id)) from order_answers a where a.event_id in (${ids})
    union all
    select 'checkin_lists', md5(string_agg(l::text, '|' order by l.id)) from checkin_lists l where l.event_id in (${ids})
    union all
    select 'checkin_list_entries', count(*)::text from checkin_list_entries x join checkin_lists l on l.id = x.list_id where l.event_id in (${ids})
  `.execute(t.db);
  return rows.map((r) => `${r.part}:${r.hash ?? '-'}`).join(' ');
}

/** Which of the world's ids a path parameter names. */
const PARAM_RESOURCE: Record<string, keyof World> = {
  eventId: 'eventId',
  ticketTypeId: 'ticketTypeId',
  orderId: 'orderId',
  promoId: 'promoCodeId',
  promoCodeId: 'promoCodeId',
  mediaId: 'mediaId',
  code: 'orderCode',
  orderCode: 'orderCode',
  slug: 'slug',
  invitationId: 'invitationId',
  userId: 'teamMemberId',
  entryId: 'waitlistEntryId',
  link: 'ticketLink',
  device: 'walletDevice',
  passType: 'walletPassType',
  index: 'ticketIndex',
  serial: 'walletSerial',
  webhookId: 'webhookId',
  deliveryId: 'webhookDeliveryId',
  tokenId: 'apiTokenId',
  listId: 'checkinListId',
};
/** For a bare `:id`, the segment before it says what it is. */
const ID_AFTER_SEGMENT: Record<string, keyof World> = {
  manage: 'eventId',
  events: 'eventId',
  orders: 'orderId',
  'ticket-types': 'ticketTypeId',
  promos: 'promoCodeId',
  'promo-codes': 'promoCodeId',
  promoCodes: 'promoCodeId',
  media: 'mediaId',
};

export function paramResource(url: string, param: string): keyof World | undefined {
  if (param !== 'id') return PARAM_RESOURCE[param];
  const segments = url.split('/');
  const at = segments.indexOf(':id');
  return ID_AFTER_SEGMENT[segments[at - 1] ?? ''];
}
