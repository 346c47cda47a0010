import type { QueueStatusDto } from '@gatepass/shared';
import { isUuid } from '../../lib/uuid.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { appSecret } from '../../db/app-secrets.ts';
import { newToken } from '../../lib/secrets.ts';
import { shortCache } from '../../lib/short-cache.ts';
import { inventoryService, type SaleEvent } from '../events/inventory.service.ts';
import {
  admittedCount,
  msUntilAdmitted,
  clockOf,
  type AdmissionClock,
} from './waiting-room.clock.ts';
import {
  accountVisitorId,
  cookieWithCarried,
  passCookie,
  PASS_HEADER,
  placeCookie,
  readCookie,
  readPlace,
  signPlace,
  readVisitorId,
  setCookie,
  signVisitorId,
  VISITOR_COOKIE,
} from './waiting-room.cookies.ts';
import { addressKey, minuteOf } from './waiting-room.address.ts';
import { issuePass, readPass } from './waiting-room.pass.ts';
import { createJoinChallenge, verifyJoinProof, type JoinProof } from './waiting-room.proof.ts';
import { WaitingRoomSettings } from './waiting-room.manage.ts';
import * as repo from './waiting-room.repository.ts';
import type { JoinGate, Place, QueueStore } from './waiting-room.store.ts';
import type { WaitingRoomRow } from './waiting-room.table.ts';

export interface WaitingRoomConfig {
  publicUrl: string;
  /** WAITING_ROOM_SECRET; unset, a key is made once and kept in the database. */
  secret: string | undefined;
  /** WAITING_ROOM_POW_WORK: the most SHA-256s a browser may need to join the pre-queue. */
  powWork: number;
}

/** Who is asking, beyond their cookies: the client's address, and what they show to join. */
export interface VisitRequest {
  cookie: string | undefined;
  /** The client's address as Fastify reports it (TRUST_PROXY decides which). */
  ip: string;
  /** `?again=1`: a new place at the back for a visitor whose turn ended or was used. */
  rejoin?: boolean;
  /** POST /join: the solved challenge, or the signed-in account (decision 055). */
  join?: { proof?: JoinProof | undefined; userId?: string | undefined };
  /** The signed place the widget carries in PLACE_HEADER (others send its cookie). */
  place?: string | undefined;
}

/** What a visit to the queue answers: the status, and the cookies to set. */
export interface Visit {
  status: QueueStatusDto;
  cookies: string[];
  /** The event's time zone, for the page's times. */
  timeZone: string;
}

/** A visitor keeps their place for two days of reloads. */
const VISITOR_MAX_AGE = 2 * 86_400;
/** The visitor-facing counts may be this old (a pre-queue count is a full count in PostgreSQL). */
const COUNTS_TTL_MS = 2000;

/** A visitor in line, not yet admitted: their position and the clock's estimate. */
function waiting(
  roomBase: Omit<QueueStatusDto, 'state'>,
  room: WaitingRoomRow,
  clock: AdmissionClock,
  rank: number,
  now: Date,
): QueueStatusDto {
  const wait = msUntilAdmitted(clock, rank, now);
  return {
    ...roomBase,
    state: room.paused ? 'paused' : 'waiting',
    position: rank - admittedCount(clock, now) + 1,
    estimateSeconds: wait === null ? null : Math.ceil(wait / 1000),
  };
}

/**
 * The waiting room (issue 14 §1, decision 034): the organiser's settings and live figures,
 * the visitor's place in line, and the admission pass checkout asks for while it is on.
 */
export class WaitingRoomService {
  private key: Promise<string> | undefined;
  /** The visitor-facing counts, per room. */
  private readonly counts = shortCache((roomId: string) => this.store.counts(roomId), {
    ttlMs: COUNTS_TTL_MS,
  });
  /**
   * An event's room (settings and admission clock), for the queue, the checkout's pass check
   * and the event page, and the public event by slug: held a second per process, so a join
   * or a poll reads neither (decisions 094, 095). A change of settings made here forgets the
   * room; a clock this process moves is kept as moved; another process's change is seen
   * within the second.
   */
  private readonly rooms = shortCache((eventId: string) => repo.findRoom(this.db, eventId));
  private readonly events = shortCache((slug: string) =>
    inventoryService.eventBySlug(this.db, slug),
  );

  constructor(
    private readonly db: Db,
    private readonly store: QueueStore,
    private readonly config: WaitingRoomConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.organiser = new WaitingRoomSettings(
      db,
      store,
      now,
      (slug) => this.queueUrl(slug),
      (eventId) => this.rooms.forget(eventId),
    );
  }

  /** The organiser's side: the room's settings and live figures. */
  readonly organiser: WaitingRoomSettings;

  queueUrl(slug: string): string {
    return `${this.config.publicUrl}/events/${encodeURIComponent(slug)}/queue`;
  }

  private checkoutPath(event: SaleEvent): string {
    return `/checkout/${encodeURIComponent(event.id)}?slug=${encodeURIComponent(event.slug)}`;
  }

  private signingKey(): Promise<string> {
    this.key ??= (
      this.config.secret
        ? Promise.resolve(this.config.secret)
        : appSecret(this.db, 'waiting_room_pass_key')
    ).catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }

  private get secure(): boolean {
    return this.config.publicUrl.startsWith('https://');
  }

  /**
   * What the public event page says of the room (issue 24 §1): nothing when it is off;
   * else when the sale opens and where to queue, so nobody meets the queue by surprise.
   */
  async publicInfo(
    eventId: string,
    slug: string,
  ): Promise<{ onSaleAt: Date; queueUrl: string } | null> {
    const room = await this.rooms.get(eventId);
    return room?.enabled ? { onSaleAt: room.on_sale_at, queueUrl: this.queueUrl(slug) } : null;
  }

  // The visitor --------------------------------------------------------------------------

  /**
   * The visitor's place in the event's queue, joining it if new: the pre-queue before the
   * on-sale time, the back of the line after. An admitted visitor gets the pass (a cookie
   * sent only with order requests). `rejoin` gives a visitor whose turn ended or was used a
   * new place at the back. Undefined when there is no such public event.
   */
  async visit(slug: string, request: VisitRequest): Promise<Visit | undefined> {
    const event = await this.events.get(slug);
    if (!event || event.status === 'draft') return undefined;
    const base = {
      eventId: event.id,
      slug: event.slug,
      title: event.title,
      position: null,
      preQueue: 0,
      estimateSeconds: null,
      passExpiresAt: null,
      challenge: null,
    };
    const room = await this.rooms.get(event.id);
    if (!room?.enabled) {
      return {
        status: {
          ...base,
          state: 'open',
          onSaleAt: null,
          ratePerMinute: 0,
          next: `/events/${encodeURIComponent(event.slug)}`,
        },
        cookies: [],
        timeZone: event.time_zone,
      };
    }
    const cookies: string[] = [];
    const timeZone = event.time_zone;
    const key = await this.signingKey();
    const setVisitor = (id: string) =>
      cookies.push(
        setCookie(VISITOR_COOKIE, signVisitorId(key, id), {
          maxAgeSeconds: VISITOR_MAX_AGE,
          path: '/',
          secure: this.secure,
          sameSite: 'Lax',
        }),
      );
    // Visitor ids are the server's only (decision 054): one it did not sign is replaced.
    let visitorId = readVisitorId(request.cookie, key);
    let known = visitorId !== undefined;
    const account = room.join_check === 'account' ? request.join?.userId : undefined;
    if (account) {
      // One place per account: its id is the same in every browser (decision 055).
      const id = accountVisitorId(key, account);
      if (id !== visitorId) setVisitor(id);
      visitorId = id;
      known = true;
    }
    if (!visitorId) {
      visitorId = newToken();
      setVisitor(visitorId);
    }
    const now = this.now();
    let clock = clockOf(room);
    const pre = now.getTime() < room.on_sale_at.getTime();
    const roomBase = {
      ...base,
      onSaleAt: room.on_sale_at.toISOString(),
      ratePerMinute: room.rate_per_minute,
      next: null,
    };
    const window = {
      address: addressKey(request.ip),
      windowStart: minuteOf(now),
      limit: room.places_per_address,
    };
    // A new pre-queue place costs a proof of work or a signed-in account (decision 055).
    let create = !pre;
    if (pre) {
      create =
        room.join_check === 'account'
          ? account !== undefined
          : request.join?.proof !== undefined &&
            verifyJoinProof(key, request.join.proof, {
              roomId: room.room_id,
              visitorId,
            });
      if (request.join && !create) {
        throw new AppError(
          403,
          'WAITING_ROOM',
          room.join_check === 'account'
            ? 'Sign in to join the pre-queue of this sale.'
            : 'This check was not solved for this browser, or it has ended. Reload the queue page to get a new one.',
        );
      }
    }
    // A placed visitor's poll (decision 098): the signed place and the room's clock answer
    // it, with no store asked, until the visitor's turn may have come.
    const placeRank =
      known && !pre && !request.rejoin && !request.join
        ? readPlace(
            readCookie(request.cookie, placeCookie(room.room_id)) ?? request.place,
            key,
            room.room_id,
            visitorId,
          )
        : undefined;
    if (placeRank !== undefined && placeRank >= admittedCount(clock, now)) {
      return { status: waiting(roomBase, room, clock, placeRank, now), cookies, timeZone };
    }
    // A visitor this request made up has no place yet: the store is not asked.
    let place: Place =
      !known && !create
        ? { kind: 'none' }
        : await this.joinStore(room.room_id, visitorId, pre, now, {
            create,
            newVisitor: !known,
            // A room that asks for an account limits its pre-queue by accounts, not by
            // addresses: a crowd on one mobile network's address loses nothing (decision 055).
            ...(pre && room.join_check === 'account' ? {} : { window }),
          });
    if (place.kind === 'none') {
      if (room.join_check === 'account') {
        return { status: { ...roomBase, state: 'signin' }, cookies, timeZone };
      }
      const challenge = await createJoinChallenge(
        key,
        { roomId: room.room_id, visitorId },
        this.config.powWork,
      );
      return {
        status: {
          ...roomBase,
          state: 'check',
          challenge: {
            parameters: { ...challenge.parameters },
            ...(challenge.signature ? { signature: challenge.signature } : {}),
          },
        },
        cookies,
        timeZone,
      };
    }
    if (place.kind === 'limited') {
      return { status: { ...roomBase, state: 'limited' }, cookies, timeZone };
    }
    if (place.kind === 'ranked' && place.fresh)
      clock = await this.keepClockBehind(room, clock, place.rank, now);
    if (place.kind === 'pre') {
      const counts = await this.visitorCounts(room.room_id);
      return {
        status: { ...roomBase, state: 'prequeue', preQueue: counts.pre },
        cookies,
        timeZone,
      };
    }
    const rejoin = request.rejoin === true;
    let admitted = admittedCount(clock, now);
    if (place.rank < admitted && rejoin) {
      const turn = await this.turn(room, visitorId, now);
      if (turn.state !== 'admitted') {
        place = await this.store.rejoin(room.room_id, visitorId, now);
        if (place.kind === 'ranked') {
          clock = await this.keepClockBehind(room, clock, place.rank, now);
        }
        admitted = admittedCount(clock, now);
      }
    }
    if (place.kind === 'ranked' && place.rank < admitted) {
      const turn = await this.turn(room, visitorId, now);
      if (turn.state !== 'admitted') {
        return { status: { ...roomBase, state: turn.state }, cookies, timeZone };
      }
      const token = issuePass(await this.signingKey(), {
        roomId: room.room_id,
        eventId: event.id,
        visitorId,
        expiresAt: turn.expiresAt.getTime(),
      });
      cookies.push(
        setCookie(passCookie(event.id), token, {
          maxAgeSeconds: (turn.expiresAt.getTime() - now.getTime()) / 1000,
          path: '/api/v1/orders',
          secure: this.secure,
          sameSite: 'Strict',
        }),
      );
      return {
        status: {
          ...roomBase,
          state: 'admitted',
          passExpiresAt: turn.expiresAt.toISOString(),
          next: this.checkoutPath(event),
        },
        cookies,
        timeZone,
      };
    }
    const rank = place.kind === 'ranked' ? place.rank : 0;
    if (place.kind === 'ranked' && rank !== placeRank) {
      cookies.push(
        setCookie(placeCookie(room.room_id), signPlace(key, room.room_id, visitorId, rank), {
          maxAgeSeconds: VISITOR_MAX_AGE,
          path: '/',
          secure: this.secure,
          sameSite: 'Lax',
        }),
      );
    }
    return { status: waiting(roomBase, room, clock, rank, now), cookies, timeZone };
  }

  private async joinStore(
    roomId: string,
    visitorId: string,
    pre: boolean,
    now: Date,
    gate: JoinGate,
  ): Promise<Place> {
    if (!pre) await this.store.seal(roomId);
    return this.store.join(roomId, visitorId, pre, now, gate);
  }

  /**
   * The clock admits `rate` places a minute whether or not anyone is there to take them: after
   * a quiet spell it would be far ahead of the line, and a sudden crowd would all be let in
   * at once. So when a new place (the newest, `rank`) finds the clock more than one place
   * ahead, the clock is set back to admit just it now and the next ones at the rate (while
   * paused, to admit no one more).
   */
  private async keepClockBehind(
    room: WaitingRoomRow,
    clock: AdmissionClock,
    rank: number,
    now: Date,
  ): Promise<AdmissionClock> {
    // Paused, the newcomer waits (nobody new is let in); running, they go in now.
    const base = clock.paused ? rank : rank + 1;
    if (admittedCount(clock, now) <= base) return clock;
    const next = { ...clock, base, at: now };
    if (await repo.moveClock(this.db, room.room_id, clock, next)) {
      this.rooms.set(room.event_id, { ...room, clock_base: next.base, clock_at: next.at });
      return next;
    }
    // Another process moved it first: theirs is the clock now.
    const fresh = await repo.findRoom(this.db, room.event_id);
    if (fresh) this.rooms.set(room.event_id, fresh);
    return fresh ? clockOf(fresh) : clock;
  }

  /** An admitted visitor's turn: still theirs until it ends, or used by an order. */
  private async turn(
    room: WaitingRoomRow,
    visitorId: string,
    now: Date,
  ): Promise<{ state: 'admitted'; expiresAt: Date } | { state: 'expired' | 'used' }> {
    if (await this.store.passUsed(room.room_id, visitorId)) return { state: 'used' };
    const admittedAt = await this.store.markAdmitted(room.room_id, visitorId, now);
    const expiresAt = new Date(admittedAt.getTime() + room.pass_minutes * 60_000);
    return expiresAt.getTime() <= now.getTime()
      ? { state: 'expired' }
      : { state: 'admitted', expiresAt };
  }

  private visitorCounts(roomId: string): Promise<{ joined: number; pre: number }> {
    return this.counts.get(roomId);
  }

  // Checkout -----------------------------------------------------------------------------

  /**
   * While the event's room is on, an order needs the visitor's pass: signed by this server,
   * for this room and event, given to this browser (its visitor cookie), not past its time
   * and not used before. It is marked used now; the answer gives the use back if the order
   * is then refused. 403 with the queue's link otherwise.
   */
  async admitCheckout(
    eventId: string,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<() => Promise<void>> {
    const none = async () => {};
    if (!isUuid(eventId)) return none;
    const room = await this.rooms.get(eventId);
    if (!room?.enabled) return none;
    const event = await inventoryService.event(this.db, eventId);
    if (!event) return none;
    const url = this.queueUrl(event.slug);
    const refuse = (sentence: string) =>
      new AppError(403, 'WAITING_ROOM', `${sentence} ${url}`, { queueUrl: url });
    // The widget carries the visitor in a header instead of the cookie (decision 074).
    const cookie = cookieWithCarried(headers);
    const header = headers[PASS_HEADER];
    const token =
      (typeof header === 'string' ? header : undefined) ?? readCookie(cookie, passCookie(eventId));
    if (!token) {
      throw refuse(
        'This sale has a waiting room: tickets can be bought only on your turn. Join the queue at',
      );
    }
    const claims = readPass(await this.signingKey(), token);
    const visitorId = readVisitorId(cookie, await this.signingKey());
    if (
      !claims ||
      claims.roomId !== room.room_id ||
      claims.eventId !== eventId ||
      claims.visitorId !== visitorId
    ) {
      throw refuse('This waiting-room pass is not valid in this browser. Join the queue at');
    }
    if (claims.expiresAt <= this.now().getTime()) {
      throw refuse('Your turn to buy has ended. Join the queue again at');
    }
    if (!(await this.store.usePass(room.room_id, claims.visitorId, this.now()))) {
      throw refuse(
        'This waiting-room pass has already been used for an order. To buy again, join the queue at',
      );
    }
    return () => this.store.releasePass(room.room_id, claims.visitorId);
  }
}
