import { TRACKING_PARAMS, type TrackingSource } from '@gatepass/shared';
import { env } from '../config/env.ts';

/**
 * Where a visit came from (issue 26 §4, decision 071): the event page and checkout read
 * `?ref=` (a tracking link's code) and `?via=widget`, keep them for this tab only
 * (sessionStorage `gatepass.source`, per event id: no cookie, nothing kept after the tab
 * closes) and send them with the page's view beacon and with the order.
 */
export const SOURCE_KEY = 'gatepass.source';

interface Kept {
  ref?: string;
  via?: TrackingSource['via'];
  /** This tab already counted a view of the event: a reload does not count again. */
  viewed?: boolean;
}

function session(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readAll(): Record<string, Kept> {
  try {
    const parsed: unknown = JSON.parse(session()?.getItem(SOURCE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, Kept>) : {};
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, Kept>): void {
  try {
    session()?.setItem(SOURCE_KEY, JSON.stringify(all));
  } catch {
    // Storage blocked: the source is still taken from the URL on this page.
  }
}

const REF = /^[A-Za-z0-9_-]{1,32}$/;

/** The source in a query string, if it names one. */
export function sourceInSearch(search: string): TrackingSource {
  const params = new URLSearchParams(search);
  const ref = params.get(TRACKING_PARAMS.ref) ?? '';
  const via = params.get(TRACKING_PARAMS.via);
  return {
    ...(REF.test(ref) ? { ref } : {}),
    ...(via === 'widget' ? { via: 'widget' as const } : {}),
  };
}

/**
 * Keeps the URL's source for the event (a new ref or via replaces the kept one) and answers
 * the source to send: the URL's, else the one kept earlier in this tab.
 */
export function rememberSource(eventId: string, search: string): TrackingSource {
  const fromUrl = sourceInSearch(search);
  const all = readAll();
  const kept = all[eventId] ?? {};
  if (fromUrl.ref || fromUrl.via) {
    // The same source again keeps its "viewed" mark; a new one counts a view of its own.
    const same = fromUrl.ref === kept.ref && fromUrl.via === kept.via;
    all[eventId] = { ...fromUrl, ...(same && kept.viewed ? { viewed: true } : {}) };
    writeAll(all);
    return fromUrl;
  }
  return { ...(kept.ref ? { ref: kept.ref } : {}), ...(kept.via ? { via: kept.via } : {}) };
}

/**
 * Counts one view of the event's page, once per tab and source, after the page has
 * rendered: a beacon the browser sends on its own time (the page never waits for it).
 */
export function sendView(slug: string, eventId: string, source: TrackingSource): void {
  const all = readAll();
  if (all[eventId]?.viewed) return;
  all[eventId] = { ...source, viewed: true };
  writeAll(all);
  const url = `${env.apiUrl.replace(/\/$/, '')}/events/${encodeURIComponent(slug)}/view`;
  const body = JSON.stringify(source);
  const send = () => {
    try {
      // text/plain keeps it a simple request: no preflight, and sendBeacon accepts it.
      if (navigator.sendBeacon?.(url, new Blob([body], { type: 'text/plain' }))) return;
      void fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'Content-Type': 'text/plain' },
      }).catch(() => {});
    } catch {
      // A view not counted is no failure of the page.
    }
  };
  const idle = (window as { requestIdleCallback?: (cb: () => void, o?: object) => number })
    .requestIdleCallback;
  if (idle) idle(send, { timeout: 3000 });
  else setTimeout(send, 1000);
}
