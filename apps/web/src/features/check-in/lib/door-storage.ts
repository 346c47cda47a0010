import { chunks, codeList, doorOrderList, indexOrders, MARK_CHUNK, pendingCodes } from './door.ts';
import type { KeyValueStore } from './door-controller.ts';
import {
  doorListChoiceKey,
  doorListsKey,
  refusedKey,
  ticketsKey,
  titleKey,
  validatedKey,
} from './door-keys.ts';
import { parseDoorScope, scopeOfEvent } from './door-scope.ts';

/**
 * The door's caches once nobody is signed in (decision 018). The order lists
 * (`tickets_{eventId}`: names, emails, prices) leave the device at logout; the validated
 * set (`validated_{eventId}`) is cut down to the codes the server has not been sent yet,
 * which carry no personal data, and those are sent at the next login. A code the server
 * refuses (another organiser's login, the server down) stays for a later login.
 */

/** What the door needs of local storage here: reading, writing, removing, listing. */
export interface DeviceStore extends KeyValueStore {
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

const TICKETS_PREFIX = ticketsKey('');
const VALIDATED_PREFIX = validatedKey('');

/** Whether door order lists may be written: only while someone is signed in. */
let listsAllowed = true;

/** The event ids that have a door cache of the given kind on this device. */
function eventIdsUnder(storage: DeviceStore, prefix: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(prefix) && key.length > prefix.length) ids.push(key.slice(prefix.length));
  }
  return ids;
}

function readJson<T>(
  storage: DeviceStore,
  key: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
): T | undefined {
  try {
    const text = storage.getItem(key);
    if (text == null) return undefined;
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Logout (or a session that ended): removes every event's order list and keeps, per
 * event, only the validated codes the server lacks. Without a readable list nobody can
 * tell which codes were sent, so the validated set is kept whole (codes only). From now
 * until the next login the door writes no order list (see `doorStore`).
 */
export function forgetDoorLists(storage: DeviceStore | undefined): void {
  listsAllowed = false;
  if (!storage) return;
  try {
    for (const eventId of eventIdsUnder(storage, TICKETS_PREFIX)) forgetList(storage, eventId);
  } catch (error) {
    console.error('Could not clear the door lists from this device.', error);
  }
}

/** One event's order list leaves; its validated set keeps only the unsent codes. */
function forgetList(storage: DeviceStore, eventId: string): void {
  const orders = readJson(storage, ticketsKey(eventId), doorOrderList);
  const validated = readJson(storage, validatedKey(eventId), codeList);
  if (orders && validated) {
    const unsent = pendingCodes(indexOrders(orders), new Set(validated));
    if (unsent.length) storage.setItem(validatedKey(eventId), JSON.stringify(unsent));
    else storage.removeItem(validatedKey(eventId));
  }
  storage.removeItem(ticketsKey(eventId));
  // The refused codes name new holders: they go with the list (decision 057).
  storage.removeItem(refusedKey(eventId));
  storage.removeItem(titleKey(eventId));
  // The event's check-in lists and the choice among them go with it (decision 085).
  const event = parseDoorScope(eventId).eventId;
  storage.removeItem(doorListsKey(event));
  storage.removeItem(doorListChoiceKey(event));
}

/**
 * Removed from a team (issue 21 §6, decision 053): that organiser's events lose their
 * order lists (and remembered titles) as at logout; unsent check-ins stay as codes only and
 * are sent at a later login of someone the server takes them from. The session goes on.
 */
export function forgetEventLists(storage: DeviceStore | undefined, eventIds: readonly string[]) {
  if (!storage) return;
  // The whole event's door and each of its check-in lists' (decision 084).
  let scopes: string[] = [...eventIds];
  try {
    const cached = eventIdsUnder(storage, TICKETS_PREFIX);
    scopes = [...eventIds, ...cached.filter((s) => eventIds.some((id) => scopeOfEvent(s, id)))];
  } catch (error) {
    console.error('Could not read the door lists on this device.', error);
  }
  for (const eventId of new Set(scopes)) {
    try {
      forgetList(storage, eventId);
    } catch (error) {
      console.error('Could not clear a door list from this device.', error);
    }
  }
}

/**
 * Login: order lists may be saved again, and the codes left from a logout (a validated
 * set with no order list beside it) are posted quietly. Codes the server took are removed
 * (it answers marked, already used or unknown for each); the rest stay for later.
 */
export async function sendUnsentCheckIns(
  storage: DeviceStore | undefined,
  markAttended: (eventId: string, ticketCodes: string[]) => Promise<unknown>,
): Promise<void> {
  listsAllowed = true;
  if (!storage) return;
  let leftovers: { eventId: string; codes: string[] }[];
  try {
    leftovers = eventIdsUnder(storage, VALIDATED_PREFIX)
      .filter((eventId) => storage.getItem(ticketsKey(eventId)) === null)
      .map((eventId) => ({
        eventId,
        codes: readJson(storage, validatedKey(eventId), codeList) ?? [],
      }))
      .filter(({ codes }) => codes.length > 0);
  } catch (error) {
    console.error('Could not read the unsent check-ins on this device.', error);
    return;
  }
  for (const { eventId, codes } of leftovers) {
    const sent = new Set<string>();
    for (const part of chunks(codes, MARK_CHUNK)) {
      try {
        await markAttended(eventId, part);
        for (const code of part) sent.add(code);
      } catch (error) {
        // Not this organiser's event, or the server is away: they wait for another login.
        console.warn('Unsent check-ins were not accepted; they stay on this device.', error);
        break;
      }
    }
    if (sent.size === 0) continue;
    try {
      // Re-read: the door may have saved new scans meanwhile.
      const now = readJson(storage, validatedKey(eventId), codeList) ?? [];
      const rest = now.filter((code) => !sent.has(code));
      if (rest.length) storage.setItem(validatedKey(eventId), JSON.stringify(rest));
      else storage.removeItem(validatedKey(eventId));
    } catch (error) {
      console.error('Could not update the unsent check-ins on this device.', error);
    }
  }
}

/**
 * Local storage as the door controller sees it: while nobody is signed in (the moments
 * between a logout and the door screen closing), order lists are not written; validated
 * codes still are, so no scan is ever lost.
 */
export function doorStore(storage: KeyValueStore): KeyValueStore {
  return {
    getItem: (key) => storage.getItem(key),
    removeItem: (key) => storage.removeItem?.(key),
    setItem: (key, value) => {
      if (!listsAllowed && key.startsWith(TICKETS_PREFIX)) return;
      storage.setItem(key, value);
    },
  };
}
