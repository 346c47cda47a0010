import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/database.ts';
import { PurchaseGroups, type Settled } from '../events/inventory.service.ts';
import * as repo from './waiting-room.repository.ts';

/**
 * Where a visitor stands: in the pre-queue (no place yet: places are drawn at the on-sale
 * time), or at `rank` (0 = first in line).
 */
export type Place =
  | { kind: 'pre' }
  | {
      kind: 'ranked';
      rank: number;
      admittedAt: Date | null;
      /** Given by this call (a new place at the back), not found. */
      fresh?: boolean;
    }
  /** Not in line, and not let in now (the pre-queue asks for a proof first). */
  | { kind: 'none' }
  /** Refused a new place: the address took its places for this minute (decision 054). */
  | { kind: 'limited' };

/** Who may take a new place in a join (decisions 054 and 055). */
export interface JoinGate {
  /** False: a visitor not yet in line gets no place (`none`); one in line keeps theirs. */
  create: boolean;
  /** The client's address and its minute's limit; unset, no limit (tests of the queue alone). */
  window?: repo.AddressWindow;
  /**
   * The visitor id was made by this request (256 random bits): it cannot be in line yet, so
   * the store is not asked where it stands before it joins (decision 095).
   */
  newVisitor?: boolean;
}

const OPEN: JoinGate = { create: true };

/**
 * A room's queue, shared by every app process: PostgreSQL, or Redis when REDIS_URL is set
 * (decision 034). Nothing of it lives in one process's memory.
 */
export interface QueueStore {
  /** The visitor's place, joining if new: the pre-queue when `pre` and not yet ranked. */
  join(roomId: string, visitorId: string, pre: boolean, now: Date, gate?: JoinGate): Promise<Place>;
  find(roomId: string, visitorId: string): Promise<Place | undefined>;
  /**
   * Closes the pre-queue, once, and ranks it in the order of its secret random draws (in
   * PostgreSQL just after, in a transaction later arrivals do not wait for: decision 101).
   */
  seal(roomId: string): Promise<void>;
  /** A new place at the back of the line (a turn that ended or was used). */
  rejoin(roomId: string, visitorId: string, now: Date): Promise<Place>;
  /** When the visitor was first admitted (now, if this is the first time). */
  markAdmitted(roomId: string, visitorId: string, now: Date): Promise<Date>;
  /** Places given out (pre-queue included) and the pre-queue alone. */
  counts(roomId: string): Promise<{ joined: number; pre: number }>;
  /** Marks the visitor's pass used; false if it already was (single use). */
  usePass(roomId: string, visitorId: string, now: Date): Promise<boolean>;
  /** Gives a use back (the order it was for was refused). */
  releasePass(roomId: string, visitorId: string): Promise<void>;
  passUsed(roomId: string, visitorId: string): Promise<boolean>;
  passesUsed(roomId: string): Promise<number>;
  /** Forgets a room's queue (turned off, or on again with a new queue). */
  clear(roomId: string): Promise<void>;
}

/** A pre-queue entry's secret draw: 48 random bits from the OS's CSPRNG. */
const draw = () => randomInt(0, 2 ** 48 - 1);

const placeOf = (row: repo.EntryRow): Place =>
  row.rank === null
    ? { kind: 'pre' }
    : { kind: 'ranked', rank: row.rank, admittedAt: row.admitted_at };

/**
 * The queue in PostgreSQL. Later arrivals take their ranks from one counter in the room's
 * row; those arriving together in this process are written as a group, one transaction and
 * one counter update per group (as checkout does, decision 014), so the hot row is not
 * taken once per visitor.
 */
/**
 * Counts new places against each address's minute (decision 054), for a group at once:
 * answers the visitors past their address's limit, refused in the order they came. A
 * visitor named twice in the group takes one place.
 */
async function overAddressLimit(trx: Db, roomId: string, joiners: Joiner[]): Promise<Set<string>> {
  const wants = new Map<string, { window: repo.AddressWindow; visitors: Set<string> }>();
  for (const j of joiners) {
    if (!j.window) continue;
    const want = wants.get(j.window.address) ?? { window: j.window, visitors: new Set() };
    want.visitors.add(j.visitorId);
    wants.set(j.window.address, want);
  }
  const limited = new Set<string>();
  if (wants.size === 0) return limited;
  const granted = await repo.takeAddressSlots(
    trx,
    roomId,
    [...wants.values()].map((w) => ({ window: w.window, n: w.visitors.size })),
  );
  for (const [address, want] of wants) {
    const left = granted.get(address) ?? 0;
    for (const v of [...want.visitors].slice(left)) limited.add(v);
  }
  return limited;
}

interface Joiner {
  visitorId: string;
  window: repo.AddressWindow | undefined;
}

export class PgQueueStore implements QueueStore {
  private readonly groups: PurchaseGroups<Joiner, Place>;
  private readonly preGroups: PurchaseGroups<Joiner, Place | 'sealed'>;
  /** Rooms whose pre-queue is known to be closed (once, never undone). */
  private readonly sealed = new Set<string>();
  /** The pre-queue's ranking, once per room in this process (decision 101). */
  private readonly ranking = new Map<string, Promise<void>>();

  constructor(private readonly db: Db) {
    this.groups = new PurchaseGroups((roomId, visitors) => this.joinLater(roomId, visitors));
    this.preGroups = new PurchaseGroups((roomId, visitors) => this.joinPre(roomId, visitors));
  }

  async join(
    roomId: string,
    visitorId: string,
    pre: boolean,
    now: Date,
    gate: JoinGate = OPEN,
  ): Promise<Place> {
    const joiner = { visitorId, window: gate.window };
    if (gate.create && pre && !this.sealed.has(roomId)) {
      // The group finds a visitor already in line itself: no read first (decision 097).
      const place = await this.preGroups.add(roomId, joiner);
      if (place !== 'sealed') return place;
    } else if (!gate.newVisitor) {
      const found = await this.find(roomId, visitorId);
      if (found) return found;
    }
    if (!gate.create) return { kind: 'none' };
    await this.seal(roomId);
    const place = await this.groups.add(roomId, joiner);
    // A pre-queue visitor found by the group: their place once the pre-queue is ranked.
    return place.kind === 'pre' ? ((await this.find(roomId, visitorId)) ?? place) : place;
  }

  /**
   * Pre-queue joins arriving together in this process, one transaction (decision 097): the
   * room's pre-queue share-locked (ranking waits for it, so it sees every entry or none), the
   * entries written, their addresses' minute counted for the entries actually written, and
   * the ones past their address's limit taken back — four statements for the group.
   */
  private joinPre = async (
    roomId: string,
    joiners: Joiner[],
  ): Promise<Settled<Place | 'sealed'>[]> => {
    const now = new Date();
    const outcome = await this.db.transaction().execute(async (trx) => {
      const room = await repo.shareLockSealed(trx, roomId);
      if (!room) throw new Error(`waiting room ${roomId} is gone`);
      if (room.sealed_count !== null) return 'sealed' as const;
      const unique = [...new Set(joiners.map((j) => j.visitorId))];
      const written = new Set(
        await repo.insertPreQueueEntries(
          trx,
          roomId,
          unique.map((visitorId) => ({ visitorId, draw: draw() })),
          now,
        ),
      );
      const limited = await overAddressLimit(
        trx,
        roomId,
        joiners.filter((j) => written.has(j.visitorId)),
      );
      await repo.deleteEntries(trx, roomId, [...limited]);
      return limited;
    });
    return joiners.map((j) => ({
      ok: true as const,
      value:
        outcome === 'sealed'
          ? 'sealed'
          : outcome.has(j.visitorId)
            ? { kind: 'limited' as const }
            : { kind: 'pre' as const },
    }));
  };

  private joinLater = async (roomId: string, joiners: Joiner[]): Promise<Settled<Place>[]> => {
    const now = new Date();
    const visitors = joiners.map((j) => j.visitorId);
    const places = await this.db.transaction().execute(async (trx) => {
      const unique = [...new Set(visitors)];
      const existing = new Map<string, Place>(
        (await repo.findEntries(trx, roomId, unique)).map((e) => [e.visitor_id, placeOf(e)]),
      );
      const freshOnes = new Set(unique.filter((v) => !existing.has(v)));
      // The address limit (decision 054): each address's places this minute, for the group
      // at once; those past it are refused, in the order they came.
      const limited = await overAddressLimit(
        trx,
        roomId,
        joiners.filter((j) => freshOnes.has(j.visitorId)),
      );
      for (const v of limited) existing.set(v, { kind: 'limited' });
      const fresh = [...freshOnes].filter((v) => !limited.has(v));
      if (fresh.length) {
        const first = await repo.takeRanks(trx, roomId, fresh.length);
        const entries = fresh.map((visitorId, i) => ({ visitorId, rank: first + i }));
        const written = new Set(await repo.insertRankedEntries(trx, roomId, entries, now));
        for (const e of entries) {
          if (written.has(e.visitorId)) {
            existing.set(e.visitorId, {
              kind: 'ranked',
              rank: e.rank,
              admittedAt: null,
              fresh: true,
            });
          }
        }
        // A visitor another process wrote meanwhile keeps that place; the rank taken here
        // for them is left unused (it admits no one).
        const lost = fresh.filter((v) => !written.has(v));
        for (const e of await repo.findEntries(trx, roomId, lost)) {
          existing.set(e.visitor_id, placeOf(e));
        }
      }
      return existing;
    });
    return visitors.map((v) => {
      const place = places.get(v);
      return place
        ? { ok: true as const, value: place }
        : { ok: false as const, error: new Error('queue entry not written') };
    });
  };

  async find(roomId: string, visitorId: string): Promise<Place | undefined> {
    const row = await repo.findEntry(this.db, roomId, visitorId);
    if (row?.rank === null && this.sealed.has(roomId)) {
      // In a closed pre-queue still being ranked: the place it is being given.
      await this.rankPreQueue(roomId);
      const ranked = await repo.findEntry(this.db, roomId, visitorId);
      return ranked ? placeOf(ranked) : undefined;
    }
    return row ? placeOf(row) : undefined;
  }

  /**
   * Closes the pre-queue (a short transaction: a lock and a count), then ranks it in one of
   * its own that no later arrival waits for (decision 101): their places come after the
   * pre-queue's whatever its order. Only a pre-queue visitor asking for their place waits
   * for the ranking.
   */
  async seal(roomId: string): Promise<void> {
    if (this.sealed.has(roomId)) return;
    await this.db.transaction().execute((trx) => repo.sealPreQueue(trx, roomId));
    this.sealed.add(roomId);
    // A failed ranking is tried again by the next visitor who needs it (`find`).
    this.rankPreQueue(roomId).catch(() => undefined);
  }

  private rankPreQueue(roomId: string): Promise<void> {
    let ranking = this.ranking.get(roomId);
    if (!ranking) {
      ranking = this.db
        .transaction()
        .execute((trx) => repo.rankPreQueue(trx, roomId))
        .catch((err: unknown) => {
          this.ranking.delete(roomId);
          throw err;
        });
      this.ranking.set(roomId, ranking);
    }
    return ranking;
  }

  async rejoin(roomId: string, visitorId: string, now: Date): Promise<Place> {
    await this.seal(roomId);
    await repo.deleteEntry(this.db, roomId, visitorId);
    await repo.deletePassUse(this.db, roomId, visitorId);
    return this.join(roomId, visitorId, false, now);
  }

  async markAdmitted(roomId: string, visitorId: string, now: Date): Promise<Date> {
    return (await repo.markAdmitted(this.db, roomId, visitorId, now)) ?? now;
  }

  async counts(roomId: string): Promise<{ joined: number; pre: number }> {
    const { total, pre } = await repo.countEntries(this.db, roomId);
    return { joined: total, pre };
  }

  usePass(roomId: string, visitorId: string, now: Date): Promise<boolean> {
    return repo.insertPassUse(this.db, roomId, visitorId, now);
  }

  releasePass(roomId: string, visitorId: string): Promise<void> {
    return repo.deletePassUse(this.db, roomId, visitorId);
  }

  passUsed(roomId: string, visitorId: string): Promise<boolean> {
    return repo.isPassUsed(this.db, roomId, visitorId);
  }

  passesUsed(roomId: string): Promise<number> {
    return repo.countPassUses(this.db, roomId);
  }

  async clear(roomId: string): Promise<void> {
    this.sealed.delete(roomId);
    this.ranking.delete(roomId);
    await repo.clearQueue(this.db, roomId);
  }
}

// Redis ----------------------------------------------------------------------------------

/**
 * Ranks the pre-queue (a sorted set scored by secret draws) into the rank hash, once, and
 * answers the pre-queue's size. Shared by the scripts below; KEYS: pre, rank, sealed.
 */
const SEAL = `
local function seal()
  local s = redis.call('GET', KEYS[3])
  if s then return tonumber(s) end
  local members = redis.call('ZRANGE', KEYS[1], 0, -1)
  for i, v in ipairs(members) do redis.call('HSET', KEYS[2], v, i - 1) end
  redis.call('SET', KEYS[3], #members)
  return #members
end
`;

/**
 * KEYS: pre, rank, sealed, seq, adm, the address's minute. ARGV: visitor, draw, pre (1/0),
 * create (1/0), the address's limit a minute (0: none). Answers {rank, 1 if new}, {-1, 0}
 * for the pre-queue, {-2, 0} for not in line and not let in, {-3, 0} for the address's
 * places of this minute all taken (decision 054).
 */
const JOIN = `${SEAL}
local r = redis.call('HGET', KEYS[2], ARGV[1])
if r then return {tonumber(r), 0} end
local open = ARGV[3] == '1' and not redis.call('GET', KEYS[3])
if open and redis.call('ZSCORE', KEYS[1], ARGV[1]) then return {-1, 0} end
if ARGV[4] ~= '1' then return {-2, 0} end
local limit = tonumber(ARGV[5])
if limit > 0 then
  local n = redis.call('INCR', KEYS[6])
  if n == 1 then redis.call('PEXPIRE', KEYS[6], 120000) end
  if n > limit then
    redis.call('DECR', KEYS[6])
    return {-3, 0}
  end
end
if open then
  redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1])
  return {-1, 0}
end
local sealed = seal()
local n = redis.call('INCR', KEYS[4])
local rank = sealed + n - 1
redis.call('HSET', KEYS[2], ARGV[1], rank)
return {rank, 1}
`;

/** KEYS as JOIN. ARGV: visitor. Answers a new place at the back. */
const REJOIN = `${SEAL}
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('HDEL', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[1], ARGV[1])
local sealed = seal()
local n = redis.call('INCR', KEYS[4])
local rank = sealed + n - 1
redis.call('HSET', KEYS[2], ARGV[1], rank)
return rank
`;

/** KEYS: pre, rank, sealed. */
const SEAL_ONLY = `${SEAL}
return seal()
`;

/**
 * The queue in Redis: each change is one Lua script, which Redis runs alone, so a join and
 * the ranking at the on-sale time never interleave, and ranks come from one INCR.
 */
export class RedisQueueStore implements QueueStore {
  private readonly sealed = new Set<string>();

  constructor(private readonly redis: Redis) {}

  private keys(roomId: string) {
    const k = (name: string) => `wr:{${roomId}}:${name}`;
    return [k('pre'), k('rank'), k('sealed'), k('seq'), k('adm'), k('used')] as const;
  }

  async join(
    roomId: string,
    visitorId: string,
    pre: boolean,
    _now?: Date,
    gate: JoinGate = OPEN,
  ): Promise<Place> {
    const [p, r, s, q, a] = this.keys(roomId);
    const w = gate.window;
    const windowKey = `wr:{${roomId}}:a:${w ? `${w.address}:${w.windowStart.getTime()}` : '-'}`;
    const [rank, fresh] = (await this.redis.eval(
      JOIN,
      6,
      p,
      r,
      s,
      q,
      a,
      windowKey,
      visitorId,
      String(draw()),
      pre ? '1' : '0',
      gate.create ? '1' : '0',
      String(w?.limit ?? 0),
    )) as [number, number];
    if (rank === -3) return { kind: 'limited' };
    if (rank === -2) return { kind: 'none' };
    if (rank < 0) return { kind: 'pre' };
    if (fresh) return { kind: 'ranked', rank, admittedAt: null, fresh: true };
    const admitted = await this.redis.hget(a, visitorId);
    return { kind: 'ranked', rank, admittedAt: admitted ? new Date(Number(admitted)) : null };
  }

  async find(roomId: string, visitorId: string): Promise<Place | undefined> {
    const [p, r, , , a] = this.keys(roomId);
    const replies = (await this.redis
      .multi()
      .hget(r, visitorId)
      .hget(a, visitorId)
      .zscore(p, visitorId)
      .exec()) as [unknown, string | null][];
    const [rank, admitted, score] = replies.map(([, value]) => value);
    if (rank !== null && rank !== undefined) {
      return {
        kind: 'ranked',
        rank: Number(rank),
        admittedAt: admitted ? new Date(Number(admitted)) : null,
      };
    }
    return score !== null && score !== undefined ? { kind: 'pre' } : undefined;
  }

  async seal(roomId: string): Promise<void> {
    if (this.sealed.has(roomId)) return;
    const [p, r, s] = this.keys(roomId);
    await this.redis.eval(SEAL_ONLY, 3, p, r, s);
    this.sealed.add(roomId);
  }

  async rejoin(roomId: string, visitorId: string): Promise<Place> {
    const [p, r, s, q, a, u] = this.keys(roomId);
    await this.redis.srem(u, visitorId);
    const rank = Number(await this.redis.eval(REJOIN, 5, p, r, s, q, a, visitorId));
    return { kind: 'ranked', rank, admittedAt: null, fresh: true };
  }

  async markAdmitted(roomId: string, visitorId: string, now: Date): Promise<Date> {
    const key = this.keys(roomId)[4];
    await this.redis.hsetnx(key, visitorId, String(now.getTime()));
    return new Date(Number(await this.redis.hget(key, visitorId)));
  }

  async counts(roomId: string): Promise<{ joined: number; pre: number }> {
    const [p, , s, q] = this.keys(roomId);
    const replies = (await this.redis.multi().get(s).get(q).zcard(p).exec()) as [
      unknown,
      string | number | null,
    ][];
    const [sealed, seq, pre] = replies.map(([, value]) => value);
    if (sealed === null || sealed === undefined) return { joined: Number(pre), pre: Number(pre) };
    return { joined: Number(sealed) + Number(seq ?? 0), pre: 0 };
  }

  async usePass(roomId: string, visitorId: string): Promise<boolean> {
    return (await this.redis.sadd(this.keys(roomId)[5], visitorId)) === 1;
  }

  async releasePass(roomId: string, visitorId: string): Promise<void> {
    await this.redis.srem(this.keys(roomId)[5], visitorId);
  }

  async passUsed(roomId: string, visitorId: string): Promise<boolean> {
    return (await this.redis.sismember(this.keys(roomId)[5], visitorId)) === 1;
  }

  async passesUsed(roomId: string): Promise<number> {
    return this.redis.scard(this.keys(roomId)[5]);
  }

  async clear(roomId: string): Promise<void> {
    this.sealed.delete(roomId);
    await this.redis.del(...this.keys(roomId));
  }
}
