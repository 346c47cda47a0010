import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { DoorOrderDto, DoorRefusedCode } from '@gatepass/shared';
import type { Door } from '../orders/orders.door.ts';

/**
 * The door's list for a new device and the idle sync (issue 23 §3, decision 088). The
 * full list is built by PostgreSQL as compact JSON (rows as arrays), compressed once off the
 * event loop and kept per event and caller scope, so the next device to open the door is
 * sent the same bytes; a sync is answered with what changed since its cursor, or with the
 * cursor alone.
 */

export type Coding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli's quality 4, as the server's other answers: on this JSON smaller and faster than 5. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * The first device of a new list is sent quality 1 (a 100,000-order list: ~8 MB raw, ~60 ms
 * against ~330 ms at 4, ~1.6 times the bytes), and the kept copy is re-encoded at 4 behind
 * it for the next devices (decision 112).
 */
const BROTLI_FIRST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } };

/** A kept list is sent as it is this long, whatever changed: the device syncs from its cursor. */
export const DOOR_LIST_FRESH_MS = 30_000;
/** …and at most this long while nothing changed (the other events' live set moves with time). */
export const DOOR_LIST_MAX_AGE_MS = 10 * 60_000;
/** Lists kept in memory at once (a 100,000-order list: ~9 MB raw, ~2 MB compressed). */
const MAX_ENTRIES = 8;

export interface DoorListEntry {
  cursor: string;
  builtAt: number;
  /** The JSON text's bytes. */
  raw: Buffer;
  /** Encoded the first time a client asks for the coding, then kept. */
  encoded(coding: Coding): Promise<Buffer>;
}

export type DoorListAnswer =
  | { full: true; entry: DoorListEntry }
  /** A sync's answer: small, encoded (or not) like any other answer. */
  | { full: false; json: string };

interface Scope {
  organiserId: string;
  /** A steward's events, or null for everyone else. */
  eventIds: string[] | null;
}

export class DoorLists {
  private readonly entries = new Map<string, DoorListEntry>();
  /** Builds in progress: the devices that open the door at once share one. */
  private readonly building = new Map<string, Promise<DoorListEntry>>();

  constructor(
    private readonly door: Door,
    private readonly refusedCodes: (scope: Scope, eventId: string) => Promise<DoorRefusedCode[]>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Ownership is the caller's to check first. */
  async answer(scope: Scope, eventId: string, since: string | null): Promise<DoorListAnswer> {
    if (since === null) return { full: true, entry: await this.full(scope, eventId) };
    const changed = await this.door.changedSince(eventId, since, scope.organiserId, scope.eventIds);
    if (!changed.orders && !changed.refused) {
      // Nothing changed: the same cursor back (the database's clock, never the app's).
      return { full: false, json: `{"cursor":${JSON.stringify(since)},"full":false}` };
    }
    // Only what changed (decision 113): the rows when this event's orders did, the refused
    // codes when they may have — a busy door's check-ins do not send them again each time
    // (the device keeps what it has when `refused` is absent). The cursor is the database's
    // clock before either was read: a change after it comes again in the next sync.
    const [parts, refused] = await Promise.all([
      changed.orders ? this.door.list(eventId, since) : null,
      changed.refused ? this.refusedCodes(scope, eventId) : null,
    ]);
    const rows = parts
      ? `,"types":${parts.types},"orders":${parts.orders},"gone":${parts.gone}`
      : '';
    return {
      full: false,
      json: `{"cursor":${JSON.stringify(parts?.cursor ?? changed.cursor)},"full":false${rows}${refused ? `,"refused":${JSON.stringify(refused)}` : ''}}`,
    };
  }

  /** Forgets every kept list of an event (tests; a cancelled event). */
  forget(eventId: string): void {
    for (const key of this.entries.keys())
      if (key.startsWith(`${eventId}|`)) this.entries.delete(key);
  }

  private async full(scope: Scope, eventId: string): Promise<DoorListEntry> {
    const key = `${eventId}|${scope.eventIds ? [...scope.eventIds].sort().join(',') : '*'}`;
    const kept = this.entries.get(key);
    if (kept && (await this.stillGood(kept, scope, eventId))) return kept;
    let build = this.building.get(key);
    if (!build) {
      build = this.build(scope, eventId).finally(() => this.building.delete(key));
      this.building.set(key, build);
    }
    const entry = await build;
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry;
  }

  private async stillGood(entry: DoorListEntry, scope: Scope, eventId: string): Promise<boolean> {
    const age = this.now() - entry.builtAt;
    if (age < DOOR_LIST_FRESH_MS) return true;
    if (age >= DOOR_LIST_MAX_AGE_MS) return false;
    const changed = await this.door.changedSince(
      eventId,
      entry.cursor,
      scope.organiserId,
      scope.eventIds,
    );
    return !changed.orders && !changed.refused;
  }

  private async build(scope: Scope, eventId: string): Promise<DoorListEntry> {
    const [parts, refused] = await Promise.all([
      this.door.list(eventId, null),
      this.refusedCodes(scope, eventId),
    ]);
    return entry(
      parts.cursor,
      `{"cursor":${JSON.stringify(parts.cursor)},"full":true,"types":${parts.types},"orders":${parts.orders},"refused":${JSON.stringify(refused)}}`,
      this.now(),
    );
  }
}

function entry(cursor: string, json: string, builtAt: number): DoorListEntry {
  const raw = Buffer.from(json);
  const encoded = new Map<Coding, Promise<Buffer>>();
  return {
    cursor,
    builtAt,
    raw,
    encoded(coding) {
      let bytes = encoded.get(coding);
      if (!bytes) {
        if (coding === 'br') {
          bytes = brotli(raw, BROTLI_FIRST);
          // The smaller copy replaces the first once it is ready; until then (or if it
          // fails) the first is kept.
          void bytes
            .then(() => brotli(raw, BROTLI))
            .then((smaller) => encoded.set('br', Promise.resolve(smaller)))
            .catch(() => {});
        } else bytes = gzip(raw);
        encoded.set(coding, bytes);
      }
      return bytes;
    },
  };
}

/** The spec's fields a compact row carries itself; any other field of the order goes in `extra`. */
const ROW_FIELDS = new Set([
  'orderCode',
  'firstName',
  'lastName',
  'email',
  'totalPrice',
  'quantity',
  'attendedAt',
  'ticketTypes',
  'testPayment',
]);

/**
 * A door at a check-in list (decision 084): the spec route's answer for that list in the
 * compact rows, whole (not kept: a list's check-ins are its own). Its cursor is the app's
 * clock; a sync from it is answered whole again.
 */
export function entryOf(orders: DoorOrderDto[], refused: DoorRefusedCode[]): DoorListEntry {
  const rows: unknown[][] = [];
  for (const o of orders) {
    const extra = Object.fromEntries(Object.entries(o).filter(([k]) => !ROW_FIELDS.has(k)));
    const base = [
      o.orderCode,
      o.firstName,
      o.lastName,
      o.email,
      Math.round(o.totalPrice * 100),
      o.quantity,
      o.attendedAt ? Date.parse(o.attendedAt) : null,
      o.testPayment ? 1 : 0,
    ];
    const types = o.ticketTypes.length ? o.ticketTypes : [{ name: '', quantity: o.quantity }];
    types.forEach((t, i) => rows.push([...base, t.name, t.quantity, i === 0 ? extra : null]));
  }
  const cursor = (Date.now() / 1000).toFixed(6);
  return entry(
    cursor,
    JSON.stringify({ cursor, full: true, types: [], orders: rows, refused }),
    Date.now(),
  );
}
