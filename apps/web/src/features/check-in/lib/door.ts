import {
  deviceTimeZone,
  DOOR_REFUSAL_REASONS,
  formatDayClock,
  formatNaira,
  LIMITS,
  ORDER_LIMITS,
} from '@gatepass/shared';
import { z } from 'zod';

/** Spec §9: QR scan delay, duplicate suppression, idle interval before sync, code length. */
export const SCAN_DELAY_MS = 500;
export const DUPLICATE_QR_MS = 5000;
export const IDLE_SYNC_MS = 3000;
export const MANUAL_CODE_LENGTH = LIMITS.orderCodeLength;

/** The camera library counts scans per second; the spec counts the delay between them. */
export const MAX_SCANS_PER_SECOND = 1000 / SCAN_DELAY_MS;

/**
 * While the door stays idle, syncs repeat with a growing pause (3 s, 6 s, 12 s … at most
 * this), so a device learns of check-ins elsewhere without pulling a large list every 3 s.
 */
export const IDLE_SYNC_MAX_MS = 30_000;
/** A door that never pauses still sends its scans at least this often. */
export const SYNC_MAX_WAIT_MS = 30_000;
/**
 * How long a code the list does not know waits, online, for the server's latest changes
 * before it is judged against the list as it is (decision 109).
 */
export const UNKNOWN_CODE_WAIT_MS = 3000;
/** Search lists at most this many matches (with the total), so each keystroke stays cheap. */
export const SEARCH_LIMIT = 50;
/** The server takes at most this many codes per mark-attended call. */
export const MARK_CHUNK = ORDER_LIMITS.markAttendedMax;

/**
 * A ticket order as the door knows it (spec §3): from the server, the local cache or an
 * imported data.json. `quantity` is optional because an imported file may lack it (the
 * banner shows 'Qty: n' only if a quantity exists).
 */
export const doorOrderSchema = z.object({
  _id: z.string().optional(),
  orderCode: z.string().min(1),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  totalPrice: z.number(),
  quantity: z.number().nullable().optional(),
  attendedAt: z.string().nullable().optional(),
  /** The order's ticket types (Regular, VIP) and how many of each; older files lack them. */
  ticketTypes: z.array(z.object({ name: z.string(), quantity: z.number() })).optional(),
  /** Paid with the TEST provider (test mode): beyond the spec's fields, shown on the banner. */
  testPayment: z.boolean().optional(),
  /** Names given in answers at checkout (decision 078): searched like the buyer's name. */
  attendeeNames: z.string().optional(),
  /**
   * Names the buyer gave this order's tickets that were not sent on (decision 080): the
   * search finds the order by them too. Beyond the spec's fields; older files lack them.
   */
  holders: z.array(z.string()).optional(),
  /** People the order lets in where that is not its quantity: a table of 10 (decision 086). */
  admits: z.number().optional(),
});
export type DoorOrder = z.infer<typeof doorOrderSchema>;

export const doorOrderList = z.array(doorOrderSchema);

/**
 * A code the door refuses and why (issue 24 §1), from the server beside the order list and
 * kept on the device with it, so the reason shows offline too.
 */
export const refusedCodeSchema = z.object({
  code: z.string(),
  reason: z.enum(DOOR_REFUSAL_REASONS),
  at: z.string().optional(),
  to: z.string().optional(),
  event: z.string().optional(),
  /** other_list (decision 084): the ticket type, and a list that takes it. */
  type: z.string().optional(),
  list: z.string().optional(),
});
export type RefusedCode = z.infer<typeof refusedCodeSchema>;
export const refusedCodeList = z.array(refusedCodeSchema);

/** What a refresh of the door brings: the spec's orders, and the refused codes beside them. */
export interface DoorList {
  orders: DoorOrder[];
  refused: RefusedCode[];
  /** The server's sync cursor (decision 088): the next refresh asks only for what changed. */
  cursor?: string;
}

/**
 * A sync's answer (decision 088): the orders changed since the cursor (new, or changed: let
 * in elsewhere), the codes that left the list, the refused codes anew when anything changed,
 * and the next cursor. Nothing changed: no orders, no codes, no refused.
 */
export interface DoorChanges {
  changes: true;
  orders: DoorOrder[];
  gone: string[];
  refused?: RefusedCode[];
  cursor: string;
}

/**
 * The list after a sync: changed orders replace theirs where they stand, new ones join the
 * end, gone codes leave. Returns the same list when the sync brought nothing.
 */
export function withChanges(
  orders: readonly DoorOrder[],
  changed: readonly DoorOrder[],
  gone: readonly string[],
): readonly DoorOrder[] {
  if (changed.length === 0 && gone.length === 0) return orders;
  const byCode = new Map(changed.map((order) => [order.orderCode, order]));
  const leaving = new Set(gone);
  const next: DoorOrder[] = [];
  for (const order of orders) {
    if (leaving.has(order.orderCode)) continue;
    const update = byCode.get(order.orderCode);
    if (update) byCode.delete(order.orderCode);
    next.push(update ? keepAttended(order, update) : order);
  }
  for (const order of byCode.values()) if (!leaving.has(order.orderCode)) next.push(order);
  return next;
}

/** A device's own record of a check-in is kept when the server's copy has none yet. */
const keepAttended = (before: DoorOrder, after: DoorOrder): DoorOrder =>
  before.attendedAt && !after.attendedAt ? { ...after, attendedAt: before.attendedAt } : after;

/**
 * A whole list from the server, with this device's own check-ins kept where the server's
 * copy has none yet: the server may send a list it built a few seconds ago (decision 088),
 * and a check-in is never undone, so what the device knows is never lost to it.
 */
export function withKnownAttendance(
  orders: readonly DoorOrder[],
  known: ReadonlyMap<string, DoorOrder>,
): readonly DoorOrder[] {
  let changed = false;
  const next = orders.map((order) => {
    const before = known.get(order.orderCode);
    if (!before?.attendedAt || order.attendedAt) return order;
    changed = true;
    return keepAttended(before, order);
  });
  return changed ? next : orders;
}
export const codeList = z.array(z.string());

/** Orders by code plus a lowercase search index, built once per list (not per keystroke). */
export interface DoorIndex {
  orders: readonly DoorOrder[];
  byCode: ReadonlyMap<string, DoorOrder>;
  /**
   * 'first last', lowercased, at the same position as its order — with the names given to
   * its tickets after it, one a line (decision 080), so a search finds a named holder.
   */
  names: readonly string[];
  /** Email, lowercased, at the same position as its order. */
  emails: readonly string[];
  /** Sum of the orders' quantities (an order without one counts as one ticket). */
  totalTickets: number;
  /** Codes that are not on the list, with why the door refuses them. */
  refused: readonly RefusedCode[];
  refusedByCode: ReadonlyMap<string, RefusedCode>;
}

export const ticketsOf = (order: DoorOrder): number => order.quantity ?? 1;

export function indexOrders(
  orders: readonly DoorOrder[],
  refused: readonly RefusedCode[] = [],
): DoorIndex {
  const byCode = new Map<string, DoorOrder>();
  const names: string[] = [];
  const emails: string[] = [];
  let totalTickets = 0;
  for (const order of orders) {
    byCode.set(order.orderCode, order);
    names.push(
      [`${order.firstName} ${order.lastName}`, ...(order.holders ?? []), order.attendeeNames ?? '']
        .join('\n')
        .toLowerCase(),
    );
    emails.push(order.email.toLowerCase());
    totalTickets += ticketsOf(order);
  }
  const refusedByCode = new Map(refused.map((r) => [r.code, r]));
  return { orders, byCode, names, emails, totalTickets, refused, refusedByCode };
}

export type ScanOutcome =
  | { kind: 'valid'; code: string; order: DoorOrder }
  | { kind: 'used'; code: string; order: DoorOrder }
  | { kind: 'invalid'; code: string; refusal?: RefusedCode };

/**
 * Spec §4: an unknown code is invalid; a known code not yet validated is valid (and the
 * caller adds it to the validated set); a known code already validated is used. A code
 * the server says was let in (by another device) counts as validated.
 */
export function judge(index: DoorIndex, validated: ReadonlySet<string>, code: string): ScanOutcome {
  const order = index.byCode.get(code);
  if (!order) {
    const refusal = index.refusedByCode.get(code);
    return refusal ? { kind: 'invalid', code, refusal } : { kind: 'invalid', code };
  }
  if (validated.has(code) || order.attendedAt) return { kind: 'used', code, order };
  return { kind: 'valid', code, order };
}

/**
 * An order's ticket types as the banner shows them: 'VIP' for one type ('Qty: n' beside it
 * says how many), 'Regular × 2, VIP × 1' for several.
 */
export function ticketTypesText(order: DoorOrder): string | undefined {
  const types = order.ticketTypes;
  if (!types?.length) return undefined;
  if (types.length === 1) return types[0]!.name;
  return types.map((type) => `${type.name} × ${type.quantity}`).join(', ');
}

/**
 * "Admits 10" under the spec's 'Qty: 1' when one code lets in a table (decision 086);
 * "Admits no one" for an order of donations only. Nothing for ordinary orders.
 */
export function admitsText(order: DoorOrder): string | undefined {
  if (order.admits === undefined) return undefined;
  return order.admits === 0 ? 'Admits no one' : `Admits ${order.admits}`;
}

/** The banner's words (spec §2), to the letter. */
export function bannerText(outcome: ScanOutcome): { title: string; detail?: string } {
  const quantity =
    outcome.kind !== 'invalid' && outcome.order.quantity != null
      ? `Qty: ${outcome.order.quantity}`
      : undefined;
  switch (outcome.kind) {
    case 'valid': {
      const { firstName, lastName, totalPrice } = outcome.order;
      const title = `Valid: ${firstName} ${lastName}, ${formatNaira(totalPrice)}`;
      return quantity ? { title, detail: quantity } : { title };
    }
    case 'used':
      return quantity ? { title: 'Already used', detail: quantity } : { title: 'Already used' };
    case 'invalid':
      // The spec's word stays; why comes as a second line when the door knows it.
      return outcome.refusal
        ? { title: 'Invalid', detail: refusalText(outcome.refusal) }
        : { title: 'Invalid' };
  }
}

// On the door's own clock, as its other times.
const on = (at: string | undefined) => (at ? ` on ${formatDayClock(at, deviceTimeZone())}` : '');

/** Why a code is refused, in a steward's words (issue 24 §1). */
export function refusalText(refusal: RefusedCode): string {
  switch (refusal.reason) {
    case 'transferred':
      return `Transferred to ${refusal.to ?? 'someone else'}${on(refusal.at)}`;
    case 'refunded':
      return `Refunded${on(refusal.at)}`;
    case 'cancelled':
      return `Cancelled by the organiser${on(refusal.at)}`;
    case 'unpaid':
      return 'Not paid: this order was never completed';
    case 'other_event':
      return `For another event: ${refusal.event ?? 'not this one'}`;
    case 'other_list':
      return refusal.list
        ? `${refusal.type ?? 'This'} ticket — send to the ${refusal.list}`
        : `${refusal.type ?? 'This'} ticket — not on this list`;
  }
}

/** Spec §5: manual entry validates only when the input is exactly 8 digits. */
export const isManualCode = (value: string): boolean =>
  new RegExp(`^\\d{${MANUAL_CODE_LENGTH}}$`).test(value);

/**
 * The code a scanned QR text stands for. A ticket's QR holds its 8-digit order code; a QR
 * holding a link or label around exactly one such code (e.g. a ticket URL) counts as that
 * code. Anything else is looked up as written, and so comes out Invalid.
 */
export function codeFromQr(text: string): string {
  const trimmed = text.trim();
  if (isManualCode(trimmed)) return trimmed;
  const runs = trimmed.match(new RegExp(`(?<!\\d)\\d{${MANUAL_CODE_LENGTH}}(?!\\d)`, 'g'));
  return runs?.length === 1 && runs[0] ? runs[0] : trimmed;
}

/**
 * Spec §4: the same QR text is ignored for 5 s after a scan of it. Only accepted scans
 * start the window; ignored repeats do not extend it.
 */
export function createDuplicateFilter(windowMs = DUPLICATE_QR_MS) {
  const lastAccepted = new Map<string, number>();
  return (text: string, now: number): boolean => {
    const at = lastAccepted.get(text);
    if (at !== undefined && now - at < windowMs) return false;
    for (const [seen, when] of lastAccepted) if (now - when >= windowMs) lastAccepted.delete(seen);
    lastAccepted.set(text, now);
    return true;
  };
}

/**
 * Spec §5: case-insensitive match on 'first last' or on the email (and on the names answered
 * at checkout, decision 078). Scans the precomputed
 * lowercase index (about a millisecond for 10,000 orders) and stops collecting after
 * `limit` matches, while still counting them all.
 */
export function searchOrders(
  index: DoorIndex,
  query: string,
  limit = SEARCH_LIMIT,
): { matches: DoorOrder[]; total: number } {
  const needle = query.trim().toLowerCase();
  if (!needle) return { matches: [], total: 0 };
  const matches: DoorOrder[] = [];
  let total = 0;
  const { names, emails, orders } = index;
  for (let i = 0; i < orders.length; i++) {
    if (names[i]!.includes(needle) || emails[i]!.includes(needle)) {
      total++;
      if (matches.length < limit) matches.push(orders[i]!);
    }
  }
  return { matches, total };
}

/** Tickets let in so far: the quantities of the validated orders still on the list. */
export function checkedInTickets(index: DoorIndex, validated: ReadonlySet<string>): number {
  let sum = 0;
  for (const code of validated) {
    const order = index.byCode.get(code);
    if (order) sum += ticketsOf(order);
  }
  return sum;
}

/** Validated here, on the list, and not yet known to the server: what a sync must send. */
export function pendingCodes(index: DoorIndex, validated: ReadonlySet<string>): string[] {
  const pending: string[] = [];
  for (const code of validated) {
    const order = index.byCode.get(code);
    if (order && !order.attendedAt) pending.push(code);
  }
  return pending;
}

/**
 * Codes the server says were let in (on any device) join the validated set, so they
 * answer 'Already used' here too. Returns the same set when nothing is new.
 */
export function withAttended(
  orders: readonly DoorOrder[],
  validated: ReadonlySet<string>,
): ReadonlySet<string> {
  let next: Set<string> | undefined;
  for (const order of orders) {
    if (order.attendedAt && !validated.has(order.orderCode)) {
      next ??= new Set(validated);
      next.add(order.orderCode);
    }
  }
  return next ?? validated;
}

/** The list after a mark-attended answer: each accepted code carries its check-in time. */
export function withMarked(
  orders: readonly DoorOrder[],
  marked: readonly string[],
  alreadyUsed: readonly { orderCode: string; attendedAt: string }[],
  nowIso: string,
): readonly DoorOrder[] {
  const times = new Map<string, string>();
  for (const code of marked) times.set(code, nowIso);
  for (const used of alreadyUsed) times.set(used.orderCode, used.attendedAt);
  if (times.size === 0) return orders;
  let changed = false;
  const next = orders.map((order) => {
    const at = times.get(order.orderCode);
    if (!at || order.attendedAt) return order;
    changed = true;
    return { ...order, attendedAt: at };
  });
  return changed ? next : orders;
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a valid data.json brought to this device, e.g. 'Import added 2 check-ins and 5 orders.' */
export function importMessage({ orders, checkIns }: { orders: number; checkIns: number }): string {
  if (orders === 0 && checkIns === 0) {
    return 'Import added nothing new: this device already had every order and check-in.';
  }
  return `Import added ${count(checkIns, 'check-in', 'check-ins')} and ${count(orders, 'order', 'orders')}.`;
}

/** Spec §2 Export: data.json holds the tickets and the validated codes. */
export const BACKUP_FILE_NAME = 'data.json';

const backupSchema = z.object({
  eventId: z.string().optional(),
  tickets: doorOrderList,
  validated: codeList,
});

export function backupJson(
  eventId: string,
  tickets: readonly DoorOrder[],
  validated: ReadonlySet<string>,
  exportedAt: string,
): string {
  return JSON.stringify({ eventId, exportedAt, tickets, validated: [...validated] }, null, 2);
}

/**
 * Reads an imported data.json. Anything malformed — not JSON, wrong shapes, or a file
 * exported for another event — gives undefined, and the import is silently ignored.
 */
export function parseBackup(
  text: string,
  eventId: string,
): { tickets: DoorOrder[]; validated: string[] } | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = backupSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  if (parsed.data.eventId !== undefined && parsed.data.eventId !== eventId) return undefined;
  return { tickets: parsed.data.tickets, validated: parsed.data.validated };
}
