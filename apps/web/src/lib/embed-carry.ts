import { embedded } from '../config/embed.ts';

/**
 * The waiting room's visitor, place (decision 098) and admission pass inside the widget
 * (decision 074). A frame
 * on another site gets no cookies (SameSite, or third-party cookies blocked), so there the
 * server hands both over in answer headers and the API client sends them back in request
 * headers. Kept in memory and, where the frame may store, in sessionStorage for reloads.
 */
const VISITOR = 'x-waiting-room-visitor';
const PASS = 'x-waiting-room-pass';
const PLACE = 'x-waiting-room-place';
const CARRY = 'x-waiting-room-carry';
const KEY = 'gatepass:waiting-room';

let held: { visitor?: string; pass?: string; place?: string } = {};
if (embedded) {
  try {
    held = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as typeof held;
  } catch {
    held = {};
  }
}

export const embedCarry = {
  /** Headers for a request from the widget (none outside it). */
  headers(): Record<string, string> {
    if (!embedded) return {};
    return {
      [CARRY]: '1',
      ...(held.visitor ? { [VISITOR]: held.visitor } : {}),
      ...(held.pass ? { [PASS]: held.pass } : {}),
      ...(held.place ? { [PLACE]: held.place } : {}),
    };
  },
  /** Keeps what an answer handed over. */
  take(headers: Headers): void {
    if (!embedded) return;
    const visitor = headers.get(VISITOR);
    const pass = headers.get(PASS);
    const place = headers.get(PLACE);
    if (!visitor && !pass && !place) return;
    held = {
      ...held,
      ...(visitor ? { visitor } : {}),
      ...(pass ? { pass } : {}),
      ...(place ? { place } : {}),
    };
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(held));
    } catch {
      // Blocked storage: memory only, which lasts as long as the widget is open.
    }
  },
};
