import {
  checkedInTickets,
  chunks,
  codeList,
  doorOrderList,
  IDLE_SYNC_MAX_MS,
  IDLE_SYNC_MS,
  isManualCode,
  indexOrders,
  judge,
  MARK_CHUNK,
  parseBackup,
  pendingCodes,
  backupJson,
  SYNC_MAX_WAIT_MS,
  UNKNOWN_CODE_WAIT_MS,
  withAttended,
  withKnownAttendance,
  withChanges,
  withMarked,
  refusedCodeList,
  type DoorChanges,
  type DoorIndex,
  type DoorList,
  type DoorOrder,
  type RefusedCode,
  type ScanOutcome,
} from './door.ts';
import { refusedKey, ticketsKey, validatedKey } from './door-keys.ts';

export { refusedKey, ticketsKey, validatedKey };

/** What a mark-attended call answers (spec §7: data.data). */
export interface MarkAttendedResult {
  message: string;
  marked: string[];
  alreadyUsed: { orderCode: string; attendedAt: string }[];
  unknown: string[];
}

export type ScanSource = 'scan' | 'manual' | 'search';

/** What an Import added to this device: orders not on its list, check-ins not made here. */
export interface ImportResult {
  orders: number;
  checkIns: number;
}

/**
 * The server answered that this event is not one of the user's (it does not exist or
 * another organiser owns it): not a failure to retry, the door has nothing to check against.
 */
export class DoorEventNotFound extends Error {
  constructor() {
    super('This event was not found.');
    this.name = 'DoorEventNotFound';
  }
}

/**
 * Teams (issue 13): the server refused this user the event's door (403: the role or the
 * events they were given no longer include it). The message is the server's sentence.
 */
export class DoorAccessRefused extends Error {
  constructor(message = "You don't have access to this event's door.") {
    super(message);
    this.name = 'DoorAccessRefused';
  }
}

/** Why the door closed on this device, when the server refused it (see DoorController.refuse). */
export interface DoorRefusal {
  /** The device had this event's attendee list: the user had access and lost it. */
  hadList: boolean;
  /** The server's sentence (403), if it gave one. */
  message: string | null;
}

export interface DoorResult {
  /** Grows with every result, so the same words twice in a row still read as new. */
  id: number;
  outcome: ScanOutcome;
  source: ScanSource;
  at: number;
}

export interface DoorState {
  index: DoorIndex;
  validated: ReadonlySet<string>;
  result: DoorResult | null;
  /** Whether any list (cache, server, import) has been seen yet. */
  hasList: boolean;
  online: boolean;
  /** When the list last came from the server (this session), if ever. */
  refreshedAt: number | null;
  /** The last order-list retrieval failed: the list may be out of date. */
  refreshFailed: boolean;
  /** The last automatic post failed: its codes wait for the next sync. */
  postFailed: boolean;
  /** Validated codes the server does not have yet. */
  pending: number;
  /** A code the list did not know, waiting for the server's latest changes (decision 109). */
  checking: string | null;
  /** The server says the event does not exist or is not this user's: no door to show. */
  notFound: boolean;
  /**
   * Teams: a sync was refused (403, or 404 for a door this device had a list of): the
   * attendee list is gone from the device, unsent codes are kept as codes only.
   */
  refused: DoorRefusal | null;
  /** Tickets checked in (quantities of validated orders) and tickets in total. */
  checkedIn: number;
  totalTickets: number;
}

/** Local storage as the door uses it; every access is guarded by the controller. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  /** Used when the server refuses the door: the attendee list leaves the device. */
  removeItem?(key: string): void;
}

export interface DoorDeps {
  eventId: string;
  storage: KeyValueStore | undefined;
  /**
   * The event's orders, with the codes it refuses and why (a bare list: none known). With
   * `since` (the cursor of the last list it gave), the server may answer with only what
   * changed (decision 088).
   */
  fetchOrders(eventId: string, since: string | null): Promise<DoorOrder[] | DoorList | DoorChanges>;
  /** `quiet`: the automatic post, which shows no toast (spec §7). */
  markAttended(eventId: string, ticketCodes: string[], quiet: boolean): Promise<MarkAttendedResult>;
  online(): boolean;
  now(): number;
  /** Where failures go: the spec (§8) has them only logged. */
  log: Pick<Console, 'error' | 'warn'>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The door's state and its rules, free of React and the DOM so they can be tested with a
 * fake clock, fake storage and a fake server. Spec §2–§4, §7, §9:
 * - opening: cached orders and validated set from local storage, then a server refresh;
 * - a scan: invalid / valid (added to the set) / used;
 * - after 3000 ms without scanning: refresh the list, post the validated codes the
 *   server lacks (no toast), save both caches; then again, less often, while idle;
 * - failures are only logged; nothing validated is ever dropped.
 */
export class DoorController {
  private state: DoorState;
  private readonly listeners = new Set<() => void>();
  private timer: unknown;
  private idleStreak = 0;
  private unsyncedSince: number | null = null;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  private running = false;
  private nextResultId = 1;
  private savedTickets: string | null = null;
  private savedRefused: string | null = null;
  /** The index whose lists were saved last (a list that did not change is not re-written). */
  private savedIndex: DoorIndex | null = null;
  /** The server's cursor of the list this device holds (this session's; none: ask for all). */
  private cursor: string | null = null;

  constructor(private readonly deps: DoorDeps) {
    const cached = this.loadCache();
    const index = indexOrders(cached.orders, cached.refused);
    this.state = this.derive({
      index,
      validated: withAttended(cached.orders, new Set(cached.validated)),
      result: null,
      hasList: cached.hadList,
      online: deps.online(),
      refreshedAt: null,
      refreshFailed: false,
      postFailed: false,
      pending: 0,
      checking: null,
      notFound: false,
      refused: null,
      checkedIn: 0,
      totalTickets: 0,
    });
  }

  // React's useSyncExternalStore contract.
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = (): DoorState => this.state;

  /** Begins the session: refresh now, then the idle cycle. Safe to call after stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.idleStreak = 0;
    void this.exclusive(async () => {
      await this.refresh();
      this.saveAll();
    });
    this.schedule(IDLE_SYNC_MS);
  }

  stop(): void {
    this.running = false;
    this.deps.clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A code from the camera, the manual field or a search result. */
  validate(code: string, source: ScanSource): ScanOutcome {
    const { index, validated } = this.state;
    const outcome = judge(index, validated, code);
    let nextValidated = validated;
    if (outcome.kind === 'valid') {
      const next = new Set(validated);
      next.add(code);
      nextValidated = next;
    }
    const now = this.deps.now();
    this.set({
      validated: nextValidated,
      result: { id: this.nextResultId++, outcome, source, at: now },
    });
    // Saved at once, not only at the idle save: a scan must survive a reload or a crash.
    if (nextValidated !== validated) this.saveValidated();
    this.activity(now);
    return outcome;
  }

  /**
   * What the screen calls for a code (decision 109): a code the list knows, or any code
   * offline, is judged at once, as `validate`. A code the list does not know yet, online,
   * first waits for the server's latest changes — the list in flight when the door has just
   * opened, or a sale made since the last sync — at most `UNKNOWN_CODE_WAIT_MS`, so a guest
   * who bought a minute ago is not told Invalid. Still unknown after that: Invalid.
   */
  async check(code: string, source: ScanSource): Promise<ScanOutcome> {
    if (this.mayBeNew(code) && this.running && this.deps.online()) {
      let timer: unknown;
      const waited = new Promise<void>((resolve) => {
        timer = this.deps.setTimeout(resolve, UNKNOWN_CODE_WAIT_MS);
      });
      this.set({ checking: code });
      await Promise.race([this.latestChanges(code), waited]);
      this.deps.clearTimeout(timer);
      if (this.state.checking === code) this.set({ checking: null });
    }
    return this.validate(code, source);
  }

  /**
   * Shaped like an order code, yet neither on the list nor a code the list says why it
   * refuses (a foreign QR code can never become valid, so it never waits).
   */
  private mayBeNew(code: string): boolean {
    const { index } = this.state;
    return isManualCode(code) && !index.byCode.has(code) && !index.refusedByCode.has(code);
  }

  /**
   * A sync that starts after this call: one in flight may have asked before the code was
   * sold, so it is waited for and, if the code is still unknown, followed by another.
   */
  private async latestChanges(code: string): Promise<void> {
    if (this.syncing) await this.syncing.catch(() => undefined);
    if (this.mayBeNew(code) && this.running) await this.sync().catch(() => undefined);
  }

  /** The network came back or went away (window online/offline events). */
  setOnline(online: boolean): void {
    const wasOnline = this.state.online;
    this.set({ online });
    if (online && !wasOnline && this.running) {
      this.idleStreak = 0;
      void this.sync();
    }
  }

  /** The steward came back to the page: catch up now rather than at the next idle tick. */
  resume(): void {
    if (!this.running) return;
    this.idleStreak = 0;
    void this.sync();
  }

  /**
   * Refreshes the order list, posts the pending codes without a toast and saves both
   * caches. Concurrent calls share one run and ask for one more after it.
   */
  sync(): Promise<void> {
    this.unsyncedSince = null;
    return this.exclusive(async () => {
      await this.refresh();
      await this.postPending();
      this.saveAll();
    });
  }

  /**
   * 'Send Validated Tickets': posts every validated code (the server ignores repeats).
   * Failures reject, so the shared API client's error toast applies; the caller shows the
   * success toast.
   */
  async sendValidated(): Promise<MarkAttendedResult> {
    const codes = [...this.state.validated];
    const results: MarkAttendedResult[] = [];
    for (const part of codes.length ? chunks(codes, MARK_CHUNK) : [[]]) {
      let result: MarkAttendedResult;
      try {
        result = await this.deps.markAttended(this.deps.eventId, part, false);
      } catch (error) {
        this.refuseOn(error);
        throw error;
      }
      this.applyMarked(result);
      results.push(result);
    }
    this.set({ postFailed: false });
    this.saveAll();
    return results.length === 1
      ? results[0]!
      : {
          message: results.map((r) => r.message).join(' '),
          marked: results.flatMap((r) => r.marked),
          alreadyUsed: results.flatMap((r) => r.alreadyUsed),
          unknown: results.flatMap((r) => r.unknown),
        };
  }

  /** Spec §2 Export: the tickets and the validated codes, as data.json's text. */
  exportJson(): string {
    const { index, validated } = this.state;
    return backupJson(
      this.deps.eventId,
      index.orders,
      validated,
      new Date(this.deps.now()).toISOString(),
    );
  }

  /**
   * Spec §2 Import: restores both lists from a data.json and tells what it added (orders
   * not on this device's list, check-ins not validated here); a malformed file is silently
   * ignored (null). Codes validated here and missing from the file are kept: a guest let
   * in stays let in.
   */
  importJson(text: string): ImportResult | null {
    const backup = parseBackup(text, this.deps.eventId);
    if (!backup) return null;
    const before = this.state;
    const validated = new Set(backup.validated);
    for (const code of before.validated) validated.add(code);
    const nextValidated = withAttended(backup.tickets, validated);
    this.set({
      index: indexOrders(backup.tickets, this.state.index.refused),
      validated: nextValidated,
      hasList: true,
    });
    this.saveAll();
    return {
      orders: backup.tickets.filter((o) => !before.index.byCode.has(o.orderCode)).length,
      checkIns: [...nextValidated].filter((code) => !before.validated.has(code)).length,
    };
  }

  // Internals ---------------------------------------------------------------------------

  /** One refresh or sync at a time; a call during one asks for one full sync after it. */
  private exclusive(work: () => Promise<void>): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    const run = (async () => {
      try {
        await work();
      } finally {
        this.syncing = null;
        if (this.syncAgain) {
          this.syncAgain = false;
          void this.sync();
        }
      }
    })();
    this.syncing = run;
    return run;
  }

  private activity(now: number): void {
    this.idleStreak = 0;
    this.unsyncedSince ??= now;
    if (!this.running) return;
    // A door that never pauses for 3 s still sends what it scanned.
    if (now - this.unsyncedSince >= SYNC_MAX_WAIT_MS) void this.sync();
    this.schedule(IDLE_SYNC_MS);
  }

  private schedule(ms: number): void {
    this.deps.clearTimeout(this.timer);
    this.timer = this.deps.setTimeout(() => void this.idleTick(), ms);
  }

  private async idleTick(): Promise<void> {
    if (!this.running) return;
    await this.sync();
    if (!this.running) return;
    this.idleStreak += 1;
    this.schedule(Math.min(IDLE_SYNC_MS * 2 ** this.idleStreak, IDLE_SYNC_MAX_MS));
  }

  /**
   * Fetches the list: everything without a cursor, else what changed since it. A whole list
   * may be a copy the server built up to half a minute ago (decision 088), so it is followed
   * at once by the changes since its cursor — one small request — and this device's own
   * check-ins are kept over it.
   */
  private async refresh(catchUp = true): Promise<void> {
    if (!this.deps.online()) {
      // Known to be offline: keep validating from the cache without a doomed request.
      this.set({ online: false });
      return;
    }
    let list: DoorOrder[] | DoorList | DoorChanges;
    try {
      list = await this.deps.fetchOrders(this.deps.eventId, this.cursor);
    } catch (error) {
      // An answer, not an outage: stop syncing and let the screen say so.
      if (this.refuseOn(error)) return;
      // Spec §8: order retrieval failures are only logged (the screen shows a quiet hint).
      this.deps.log.error(
        'Could not refresh the order list; validating from the saved list.',
        error,
      );
      this.set({ refreshFailed: true });
      return;
    }
    if (!Array.isArray(list) && 'changes' in list) {
      this.cursor = list.cursor;
      this.applyChanges(list);
      return;
    }
    const { orders: fetched, refused } = Array.isArray(list) ? { orders: list, refused: [] } : list;
    const orders = withKnownAttendance(fetched, this.state.index.byCode);
    this.cursor = Array.isArray(list) ? null : (list.cursor ?? null);
    this.set({
      index: indexOrders(orders, refused),
      validated: withAttended(orders, this.state.validated),
      hasList: true,
      refreshedAt: this.deps.now(),
      refreshFailed: false,
    });
    if (catchUp && this.cursor !== null && this.running) {
      // Saved now, as before the catch-up existed: a 10,000-order list's write is not left
      // to land while the steward starts typing a search.
      this.saveAll();
      await this.refresh(false);
    }
  }

  /**
   * A sync's changes onto the list this device holds. Nothing changed (an idle door's every
   * sync): the list and its index stay as they are — no work for 100,000 orders.
   */
  private applyChanges(changes: DoorChanges): void {
    const { index, validated } = this.state;
    const orders = withChanges(index.orders, changes.orders, changes.gone);
    const refused = changes.refused ?? index.refused;
    const same = orders === index.orders && refused === index.refused;
    this.set({
      ...(same ? {} : { index: indexOrders(orders, refused) }),
      validated: withAttended(changes.orders, validated),
      hasList: true,
      refreshedAt: this.deps.now(),
      refreshFailed: false,
    });
  }

  private async postPending(): Promise<void> {
    const codes = pendingCodes(this.state.index, this.state.validated);
    if (codes.length === 0 || !this.deps.online()) return;
    for (const part of chunks(codes, MARK_CHUNK)) {
      try {
        this.applyMarked(await this.deps.markAttended(this.deps.eventId, part, true));
      } catch (error) {
        if (this.refuseOn(error)) return;
        this.deps.log.error('Could not send validated tickets; they stay queued.', error);
        this.set({ postFailed: true });
        return;
      }
    }
    this.set({ postFailed: false });
  }

  /**
   * The server refused this door (the event is not the user's, or no longer: a steward
   * removed or given other events). Like a logout (decision 018), the event's attendee
   * list leaves the device and the validated set is cut down to the codes the server has
   * not been sent, kept as codes only; with no list to tell, the set is kept whole. The
   * door stops syncing. Returns false for any other failure (an outage: retry later).
   */
  private refuseOn(error: unknown): boolean {
    const forbidden = error instanceof DoorAccessRefused;
    if (!forbidden && !(error instanceof DoorEventNotFound)) return false;
    this.stop();
    if (this.state.refused || this.state.notFound) return true;
    const { hasList, index, validated } = this.state;
    const kept = hasList ? new Set(pendingCodes(index, validated)) : new Set(validated);
    const storage = this.deps.storage;
    try {
      if (kept.size) storage?.setItem(validatedKey(this.deps.eventId), JSON.stringify([...kept]));
      else storage?.removeItem?.(validatedKey(this.deps.eventId));
      storage?.removeItem?.(ticketsKey(this.deps.eventId));
      storage?.removeItem?.(refusedKey(this.deps.eventId));
    } catch (storageError) {
      this.deps.log.error('Could not remove the door list from this device.', storageError);
    }
    this.savedTickets = null;
    this.savedRefused = null;
    this.savedIndex = null;
    this.cursor = null;
    const refused = forbidden || hasList;
    this.set({
      index: indexOrders([]),
      validated: kept,
      hasList: false,
      notFound: !refused,
      refused: refused ? { hadList: hasList, message: forbidden ? error.message : null } : null,
    });
    return true;
  }

  private applyMarked(result: MarkAttendedResult): void {
    if (result.unknown.length) {
      this.deps.log.warn(
        'The server does not recognise these codes for this event:',
        result.unknown,
      );
    }
    const orders = withMarked(
      this.state.index.orders,
      result.marked,
      result.alreadyUsed,
      new Date(this.deps.now()).toISOString(),
    );
    if (orders !== this.state.index.orders) this.set({ index: indexOrders(orders) });
  }

  private set(patch: Partial<DoorState>): void {
    this.state = this.derive({ ...this.state, ...patch });
    for (const listener of this.listeners) listener();
  }

  private derive(state: DoorState): DoorState {
    const { index, validated } = state;
    return {
      ...state,
      pending: pendingCodes(index, validated).length,
      checkedIn: checkedInTickets(index, validated),
      totalTickets: index.totalTickets,
    };
  }

  private loadCache(): {
    orders: DoorOrder[];
    refused: RefusedCode[];
    validated: string[];
    hadList: boolean;
  } {
    const orders = this.readJson(ticketsKey(this.deps.eventId), doorOrderList);
    const validated = this.readJson(validatedKey(this.deps.eventId), codeList);
    const refused = orders ? this.readJson(refusedKey(this.deps.eventId), refusedCodeList) : [];
    return {
      orders: orders ?? [],
      refused: refused ?? [],
      validated: validated ?? [],
      hadList: orders !== undefined,
    };
  }

  private readJson<T>(
    key: string,
    schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  ): T | undefined {
    try {
      const text = this.deps.storage?.getItem(key);
      if (text == null) return undefined;
      const parsed = schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
      this.deps.log.warn(`Ignoring a malformed door cache under ${key}.`);
    } catch (error) {
      this.deps.log.warn(`Could not read the door cache under ${key}.`, error);
    }
    return undefined;
  }

  private write(key: string, value: string): boolean {
    try {
      this.deps.storage?.setItem(key, value);
      return true;
    } catch (error) {
      // Storage full or blocked: the lists stay in memory and are tried again next save.
      this.deps.log.error(`Could not save the door cache under ${key}.`, error);
      return false;
    }
  }

  private saveValidated(): void {
    if (this.state.refused || this.state.notFound) return;
    this.write(validatedKey(this.deps.eventId), JSON.stringify([...this.state.validated]));
  }

  private saveAll(): void {
    this.saveValidated();
    if (!this.state.hasList) return;
    // The same list as at the last save (an idle sync changed nothing): no 15 MB stringify.
    const index = this.state.index;
    if (index === this.savedIndex) return;
    const tickets = JSON.stringify(index.orders);
    // A large list is written only when it changed.
    if (tickets !== this.savedTickets && this.write(ticketsKey(this.deps.eventId), tickets))
      this.savedTickets = tickets;
    const refused = JSON.stringify(index.refused);
    if (refused !== this.savedRefused && this.write(refusedKey(this.deps.eventId), refused))
      this.savedRefused = refused;
    // Saved whole: not again until it changes (a failed write is tried at the next save).
    if (this.savedTickets === tickets && this.savedRefused === refused) this.savedIndex = index;
  }
}
